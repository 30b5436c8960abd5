"""Erasure screens: list, file, detail with preview, decisions, certificate.

Each view parses, calls one function of `approvals.erasure` and renders.
Missing and other tenants' requests are 404s; members whose role may not do
an action get a 403 and nothing changes; a refused decision re-renders the
detail page with why (409 or 422).
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from approvals.erasure import certificate, requests, selectors
from approvals.forms import ErasureExecuteForm
from approvals.models import ErasureRequest, ErasureStatus, LegalBasis
from memory_core.access import member_required
from memory_core.exceptions import DomainError, Forbidden, NotFound
from memory_core.htmx import render_page
from memory_core.lifecycle.erasure import Kind
from memory_core.models import Tenant
from memory_core.permissions import Capability, can
from memory_core.policy import policy_for

PAGE_SIZE = 50
PREVIEWED = (ErasureStatus.FILED, ErasureStatus.APPROVED, ErasureStatus.FAILED)
VIEW_REFUSED = "Only compliance officers, curators and admins see erasures."
# Form field → identifier kind; each field takes one identifier per line.
IDENTIFIER_FIELDS = {
    "emails": Kind.EMAIL,
    "phones": Kind.PHONE,
    "addresses": Kind.ADDRESS,
    "birth_dates": Kind.DOB,
    "names": Kind.NAME,
    "user_ids": Kind.USER_ID,
    "scopes": Kind.SCOPE,
}


class ErasureFileForm(forms.Form):
    emails = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))
    phones = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))
    addresses = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 2})
    )
    birth_dates = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 2})
    )
    names = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))
    user_ids = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))
    scopes = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))
    memory = forms.UUIDField(required=False, widget=forms.HiddenInput)
    legal_basis = forms.ChoiceField(choices=LegalBasis.choices)
    within = forms.CharField(required=False, max_length=500)

    def identifiers(self) -> list[tuple[str, str]]:
        found = [
            (kind, line.strip())
            for name, kind in IDENTIFIER_FIELDS.items()
            for line in self.cleaned_data[name].splitlines()
            if line.strip()
        ]
        if self.cleaned_data.get("memory"):
            found.append((Kind.MEMORY, str(self.cleaned_data["memory"])))
        return found


def _refuse(error: DomainError) -> None:
    if isinstance(error, NotFound):
        raise Http404(error.message) from error
    if isinstance(error, Forbidden):
        raise PermissionDenied(error.message) from error


def _check_viewer(request: HttpRequest, tenant: Tenant) -> None:
    try:
        selectors.erasure_role_check(
            tenant=tenant,
            user=request.user,
            capability=Capability.ERASURE_VIEW,
            message=VIEW_REFUSED,
        )
    except DomainError as error:
        _refuse(error)


def _rows(requests: list[ErasureRequest]) -> list[dict[str, Any]]:
    now = timezone.now()
    rows = []
    for item in requests:
        sla, overdue = item.sla(now)
        rows.append({"request": item, "sla": sla, "overdue": overdue})
    return rows


@member_required
@require_GET
def erasure_list(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """List erasure requests: open ones by due date, with their SLA."""
    _check_viewer(request, tenant)
    q = request.GET.get("q", "").strip()[:64]
    # An id names one request: a search by id looks at every status.
    status = "" if q else request.GET.get("status", "open")
    if status not in ("open", "", *ErasureStatus.values):
        status = "open"
    page = Paginator(
        selectors.erasure_list(tenant=tenant, status=status, q=q), PAGE_SIZE
    ).get_page(request.GET.get("page"))
    return render_page(
        request,
        "approvals/erasure_list.html",
        "results",
        {
            "page_obj": page,
            "rows": _rows(list(page.object_list)),
            "filters": {"status": status, "q": q},
            "q_invalid": bool(q) and not selectors.erasure_id_query(q),
            "statuses": ErasureStatus.choices,
            "can_file": can(request.membership, Capability.ERASURE_FILE),
            "overdue": selectors.erasures_overdue_count(tenant),
        },
    )


@member_required
def erasure_new(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """Show the filing form (from a memory, prefilled with it) or file the request."""
    if request.method == "POST":
        form = ErasureFileForm(request.POST)
        error = ""
        if form.is_valid():
            try:
                filed = requests.erasure_file(
                    tenant=tenant,
                    identifiers=form.identifiers(),
                    legal_basis=form.cleaned_data["legal_basis"],
                    user=request.user,
                    within=form.cleaned_data["within"],
                    source="memory" if form.cleaned_data.get("memory") else "console",
                )
            except DomainError as exc:
                _refuse(exc)
                error = exc.message
            else:
                messages.success(request, "Filed. Review the preview before executing.")
                return redirect("erasure_detail", slug=tenant.slug, request_id=filed.pk)
        else:
            error = "Check the form: " + "; ".join(
                f"{name}: {' '.join(errs)}" for name, errs in form.errors.items()
            )
        response = render(
            request, "approvals/erasure_form.html", {"form": form, "error": error}
        )
        response.status_code = 422
        return response
    if not can(request.membership, Capability.ERASURE_FILE):
        raise PermissionDenied(
            "Only compliance officers, curators and admins file erasures."
        )
    memory = request.GET.get("memory", "")
    form = ErasureFileForm(initial={"memory": memory} if memory else None)
    return render(request, "approvals/erasure_form.html", {"form": form})


def _detail_context(
    request: HttpRequest, tenant: Tenant, request_id: uuid.UUID, **extra: Any
) -> dict[str, Any]:
    try:
        item = selectors.erasure_get(tenant=tenant, request_id=request_id)
        preview = None
        # Only before the job: once it runs, what the preview listed is
        # going (and its links would lead to deleted memories).
        if item.status in PREVIEWED:
            preview = selectors.erasure_preview(
                tenant=tenant, request_id=request_id, user=request.user
            )
    except DomainError as error:
        _refuse(error)
        raise
    sla, overdue = item.sla(timezone.now())
    four_eyes = policy_for(tenant).erasure_four_eyes
    counts = item.counts or {}
    return {
        "erasure": item,
        "preview": preview,
        "sla": sla,
        "overdue": overdue,
        "can_decide": can(request.membership, Capability.ERASURE_DECIDE),
        "four_eyes": four_eyes,
        "execute_refusal": (
            requests.four_eyes_refusal(item, request.user) if four_eyes else ""
        ),
        "short_id": str(item.pk)[:8],
        "erased": certificate.erased_categories(counts.get("tables", {})),
        "execute_form": extra.pop("execute_form", None)
        or ErasureExecuteForm(request_id=str(item.pk)),
        "legal_basis_label": LegalBasis(item.legal_basis).label,
        **extra,
    }


@member_required
@require_GET
def erasure_detail(
    request: HttpRequest, tenant: Tenant, request_id: uuid.UUID
) -> HttpResponse:
    """Show a request, its SLA, its preview (what would go and why) and actions."""
    _check_viewer(request, tenant)
    return render_page(
        request,
        "approvals/erasure_detail.html",
        "status",
        _detail_context(request, tenant, request_id),
    )


def _decide(
    request: HttpRequest, tenant: Tenant, request_id: uuid.UUID, action, done: str
) -> HttpResponse:
    try:
        action(tenant=tenant, request_id=request_id, user=request.user)
    except DomainError as error:
        _refuse(error)
        context = _detail_context(
            request, tenant, request_id, action_error=error.message
        )
        response = render(request, "approvals/erasure_detail.html", context)
        response.status_code = error.status
        return response
    messages.success(request, done)
    return redirect("erasure_detail", slug=tenant.slug, request_id=request_id)


@member_required
@require_POST
def erasure_approve(
    request: HttpRequest, tenant: Tenant, request_id: uuid.UUID
) -> HttpResponse:
    """Approve a filed request (four eyes: another officer executes it)."""
    return _decide(request, tenant, request_id, requests.erasure_approve, "Approved.")


@member_required
@require_POST
def erasure_execute(
    request: HttpRequest, tenant: Tenant, request_id: uuid.UUID
) -> HttpResponse:
    """Start the erasure job once the request id is typed back.

    A wrong or missing confirmation re-renders the page with why, next to
    the field (422), and nothing runs; four eyes refuse the filer and the
    approver with a 403 (recorded as `access.refused`).
    """
    _check_viewer(request, tenant)
    try:
        item = selectors.erasure_get(tenant=tenant, request_id=request_id)
    except DomainError as error:
        _refuse(error)
        raise
    if not can(request.membership, Capability.ERASURE_DECIDE):
        raise PermissionDenied("Only compliance officers execute erasures.")
    four_eyes = item.is_open and policy_for(tenant).erasure_four_eyes
    if four_eyes and (refusal := requests.four_eyes_refusal(item, request.user)):
        raise PermissionDenied(refusal)
    form = ErasureExecuteForm(request.POST, request_id=str(request_id))
    if not form.is_valid():
        context = _detail_context(request, tenant, request_id, execute_form=form)
        response = render(request, "approvals/erasure_detail.html", context)
        response.status_code = 422
        return response
    return _decide(
        request,
        tenant,
        request_id,
        requests.erasure_execute,
        "Erasure started; this page follows its progress.",
    )


@member_required
@require_POST
def erasure_cancel(
    request: HttpRequest, tenant: Tenant, request_id: uuid.UUID
) -> HttpResponse:
    """Cancel a request; its identifiers are destroyed."""
    return _decide(request, tenant, request_id, requests.erasure_cancel, "Cancelled.")


def _certificate(request: HttpRequest, tenant: Tenant, request_id: uuid.UUID) -> dict:
    try:
        return certificate.erasure_certificate(
            tenant=tenant, request_id=request_id, user=request.user
        )
    except DomainError as error:
        _refuse(error)
        raise


@member_required
@require_GET
def erasure_certificate(
    request: HttpRequest, tenant: Tenant, request_id: uuid.UUID
) -> HttpResponse:
    """Show the certificate as a printable page."""
    certificate = _certificate(request, tenant, request_id)
    return render(
        request,
        "approvals/erasure_certificate.html",
        {"certificate": certificate, "request_id": request_id},
    )


@member_required
@require_GET
def erasure_certificate_json(
    request: HttpRequest, tenant: Tenant, request_id: uuid.UUID
) -> HttpResponse:
    """Download the certificate as JSON."""
    certificate = _certificate(request, tenant, request_id)
    response = HttpResponse(
        json.dumps(certificate, indent=2, sort_keys=True),
        content_type="application/json",
    )
    response["Content-Disposition"] = (
        f'attachment; filename="erasure-certificate-{request_id}.json"'
    )
    return response
