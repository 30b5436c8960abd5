"""URLs of the platform operator's pages, mounted at /platform/ (console_urls)."""

from django.urls import path

from approvals.views import platform as views

urlpatterns = [
    path("", views.platform_tenants, name="platform_tenants"),
    path("onboard/", views.platform_tenant_create, name="platform_tenant_create"),
    path(
        "tenants/<slug:slug>/",
        views.platform_tenant_detail,
        name="platform_tenant_detail",
    ),
    path(
        "tenants/<slug:slug>/suspend/",
        views.platform_tenant_suspend,
        name="platform_tenant_suspend",
    ),
    path(
        "tenants/<slug:slug>/unsuspend/",
        views.platform_tenant_unsuspend,
        name="platform_tenant_unsuspend",
    ),
]
