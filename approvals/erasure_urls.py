"""URLs of the erasure screens, under /t/<slug>/erasure/ (approvals/urls.py)."""

from django.urls import path

from approvals.views import erasure

urlpatterns = [
    path("", erasure.erasure_list, name="erasure_list"),
    path("new/", erasure.erasure_new, name="erasure_new"),
    path("<uuid:request_id>/", erasure.erasure_detail, name="erasure_detail"),
    path("<uuid:request_id>/approve/", erasure.erasure_approve, name="erasure_approve"),
    path("<uuid:request_id>/execute/", erasure.erasure_execute, name="erasure_execute"),
    path("<uuid:request_id>/cancel/", erasure.erasure_cancel, name="erasure_cancel"),
    path(
        "<uuid:request_id>/certificate/",
        erasure.erasure_certificate,
        name="erasure_certificate",
    ),
    path(
        "<uuid:request_id>/certificate.json",
        erasure.erasure_certificate_json,
        name="erasure_certificate_json",
    ),
]
