"""The compliance report: the page, its CSV and JSON exports, a printable month.

Compliance officers and admins see it; other members get a 403 page, and
anyone who is not a member of the tenant a 404. `?month=2026-11` picks the
month (the current one by default); a malformed month is a 400.
"""

from __future__ import annotations

import csv
import functools
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST

from approvals.compliance import (
    PAGE_ROWS,
    audit_chain_check,
    compliance_csv_rows,
    compliance_report,
    month_parse,
)
from memory_core import htmx
from memory_core.access import member_required
from memory_core.htmx import render_page
from memory_core.models import Tenant
from memory_core.permissions import RULES, Capability, can


def compliance_required(
    view: Callable[..., HttpResponse],
) -> Callable[..., HttpResponse]:
    """Guard a report view: members only (404), officers and admins only (403)."""

    @require_GET
    @member_required
    @functools.wraps(view)
    def wrapper(request: HttpRequest, tenant: Tenant, **kwargs: Any) -> HttpResponse:
        if not can(request.membership, Capability.COMPLIANCE_READ):
            request.access_refused_reason = RULES[Capability.COMPLIANCE_READ].refusal
            return _forbidden(request, tenant)
        try:
            month = month_parse(request.GET.get("month"))
        except ValueError as error:
            return HttpResponse(str(error), status=400, content_type="text/plain")
        return view(request, tenant=tenant, month=month, **kwargs)

    return wrapper


def _forbidden(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    return htmx.forbidden(
        request,
        f"The compliance report of {tenant.name} is for its compliance officers "
        "and admins.",
        title="Compliance officers only",
        show_role=True,
        whole=True,
    )


@compliance_required
def compliance_report_page(request: HttpRequest, tenant: Tenant, month) -> HttpResponse:
    report = compliance_report(tenant=tenant, month=month)
    return render_page(
        request,
        "approvals/compliance_report.html",
        "report",
        {"report": report, "page_rows": PAGE_ROWS},
    )


@compliance_required
def compliance_report_print(
    request: HttpRequest, tenant: Tenant, month
) -> HttpResponse:
    report = compliance_report(tenant=tenant, month=month)
    return render(request, "approvals/compliance_print.html", {"report": report})


@compliance_required
def compliance_report_csv(request: HttpRequest, tenant: Tenant, month) -> HttpResponse:
    report = compliance_report(tenant=tenant, month=month)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="compliance-{tenant.slug}-{month:%Y-%m}.csv"'
    )
    csv.writer(response).writerows(compliance_csv_rows(report))
    return response


@compliance_required
def compliance_report_json(request: HttpRequest, tenant: Tenant, month) -> HttpResponse:
    report = compliance_report(tenant=tenant, month=month)
    response = JsonResponse(report.as_dict(), json_dumps_params={"indent": 2})
    response["Content-Disposition"] = (
        f'attachment; filename="compliance-{tenant.slug}-{month:%Y-%m}.json"'
    )
    return response


@require_POST
@member_required
def compliance_audit_verify(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """Verify the tenant's audit chain now; show intact or broken, and where."""
    if not can(request.membership, Capability.COMPLIANCE_READ):
        request.access_refused_reason = (
            "Only compliance officers and admins verify the audit chain."
        )
        return _forbidden(request, tenant)
    check = audit_chain_check(tenant=tenant, user=request.user)
    return render(request, "approvals/compliance_verify.html", {"check": check})
