"""The console's pages: sign-in, each tenant's under /t/<slug>/, the operator's."""

from __future__ import annotations

from importlib import import_module

from django.contrib.auth import views as auth_views
from django.urls import include, path

from memory_core import account_views, views
from memory_core.access import member_required


def include_for_members(module: str) -> tuple[list, None, None]:
    """Include `module`'s URL patterns with each view behind `member_required`.

    Apps that memory_core depends on (audit) cannot import the guard; this
    mounts their pages as tenant pages without that import.
    """
    patterns = [
        path(str(p.pattern), member_required(p.callback), p.default_args, name=p.name)
        for p in import_module(module).urlpatterns
    ]
    return include(patterns)


urlpatterns = [
    path("", views.home, name="home"),
    path(
        "login/",
        auth_views.LoginView.as_view(redirect_authenticated_user=True),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", account_views.password_change, name="password_change"),
    # The platform operator's pages (superusers), beside the tenants' ones.
    path("platform/", include("approvals.platform_urls")),
    path("t/<slug:slug>/memories/", views.memory_list, name="memory_list"),
    path("t/<slug:slug>/memories/search/", views.memory_search, name="memory_search"),
    path(
        "t/<slug:slug>/memories/<uuid:item_id>/",
        views.memory_detail,
        name="memory_detail",
    ),
    path("t/<slug:slug>/writes/", views.write_list, name="write_list"),
    path(
        "t/<slug:slug>/writes/<uuid:write_id>/", views.write_detail, name="write_detail"
    ),
    path("t/<slug:slug>/audit/", include_for_members("audit.urls")),
    # The metrics dashboard, each tenant's landing page (memory_core/metrics/).
    path("", include("memory_core.metrics.urls")),
    # approvals → memory_core is the allowed direction, so its views use
    # `member_required` themselves; included here so every page shares /t/<slug>/.
    path("t/<slug:slug>/", include("approvals.urls")),
]
