"""The approvals app's pages, each under /t/<slug>/ (see memory_core.console_urls)."""

from django.urls import include, path

urlpatterns = [
    path("reviews/", include("approvals.reviews_urls")),
    path("curation/", include("approvals.curation_urls")),
    path("admin/", include("approvals.admin_urls")),
    path("compliance/", include("approvals.compliance_urls")),
    path("gc/", include("approvals.gc_urls")),
    path("erasure/", include("approvals.erasure_urls")),
]
