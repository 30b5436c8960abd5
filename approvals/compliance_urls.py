"""URLs of the compliance report, mounted under /t/<slug>/compliance/."""

from django.urls import path

from approvals.views import compliance as views

urlpatterns = [
    path("", views.compliance_report_page, name="compliance_report"),
    path("print/", views.compliance_report_print, name="compliance_print"),
    path("export.csv", views.compliance_report_csv, name="compliance_csv"),
    path("export.json", views.compliance_report_json, name="compliance_json"),
    path(
        "verify-audit/", views.compliance_audit_verify, name="compliance_audit_verify"
    ),
]
