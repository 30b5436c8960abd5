"""Curation screens: contradiction cases, a memory's actions, the as-of view.

Pages render whole, or only their partial for an htmx swap. An action posts a
form: htmx gets the page's partial back with the outcome (200, so htmx swaps
it); a plain post is redirected after success and re-rendered with the error
and its status (403, 409, 422) after a refusal. Missing and other tenants'
objects are 404s.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from approvals.forms import (
    AnnotateForm,
    AsOfForm,
    ConflictResolveForm,
    PromoteForm,
    ReasonForm,
    ReclassifyForm,
    RollbackForm,
)
from memory_core.access import member_required
from memory_core.exceptions import DomainError, Forbidden, Invalid, NotFound
from memory_core.htmx import render_page
from memory_core.models import ConflictStatus, Layer, Scope, Tenant, ancestor_paths
from memory_core.pagination import CappedPaginator
from memory_core.permissions import Capability, can
from memory_core.selectors import parse_uuid, scope_list
from memory_core.services import conflicts, curation
from memory_core.views import choice, memory_page

PAGE_SIZE = 50


def _refused(
    error: DomainError, request: HttpRequest, page: Callable[..., HttpResponse]
) -> HttpResponse:
    """Answer a refused action: 404 or 403 as such, otherwise the page with why."""
    if isinstance(error, NotFound):
        raise Http404(error.message) from error
    if isinstance(error, Forbidden):
        raise PermissionDenied(error.message) from error
    response = page(action_error=error.message)
    if not request.htmx:
        response.status_code = error.status
    return response


def _invalid(form: ReasonForm) -> Invalid:
    return Invalid(form.first_error(), code="invalid_form")


# A memory's actions


def _memory_action(
    request: HttpRequest,
    tenant: Tenant,
    item_id: uuid.UUID,
    name: str,
    form: ReasonForm,
    perform: Callable[[dict[str, Any]], object],
    done: str,
) -> HttpResponse:
    """Run one curation action from its form; answer with the memory page."""

    def page(**extra: Any) -> HttpResponse:
        if "action_error" in extra:
            extra |= {"failed_action": name, "form": form}
        return memory_page(request, tenant=tenant, item_id=item_id, **extra)

    try:
        if not form.is_valid():
            raise _invalid(form)
        perform(form.cleaned_data)
    except DomainError as error:
        return _refused(error, request, page)
    if not request.htmx:
        messages.success(request, done)
        return redirect("memory_detail", slug=tenant.slug, item_id=item_id)
    return page(notice=done)


@member_required
@require_POST
def memory_pin(
    request: HttpRequest, tenant: Tenant, item_id: uuid.UUID
) -> HttpResponse:
    """Pin a memory: garbage collection never collects it."""
    return _memory_action(
        request,
        tenant,
        item_id,
        "pin",
        ReasonForm(request.POST),
        lambda data: curation.memory_pin(
            tenant=tenant, item_id=item_id, user=request.user, reason=data["reason"]
        ),
        "Pinned.",
    )


@member_required
@require_POST
def memory_unpin(
    request: HttpRequest, tenant: Tenant, item_id: uuid.UUID
) -> HttpResponse:
    """Unpin a memory."""
    return _memory_action(
        request,
        tenant,
        item_id,
        "unpin",
        ReasonForm(request.POST),
        lambda data: curation.memory_unpin(
            tenant=tenant, item_id=item_id, user=request.user, reason=data["reason"]
        ),
        "Unpinned.",
    )


@member_required
@require_POST
def memory_rollback(
    request: HttpRequest, tenant: Tenant, item_id: uuid.UUID
) -> HttpResponse:
    """Retract the head version the form names and restore the earlier one it names."""
    return _memory_action(
        request,
        tenant,
        item_id,
        "rollback",
        RollbackForm(request.POST),
        lambda data: curation.version_rollback(
            tenant=tenant,
            item_id=item_id,
            version_id=data["version"],
            user=request.user,
            reason=data["reason"],
            to_version_id=data["to_version"],
        ),
        "Rolled back: the earlier version is the current version again.",
    )


@member_required
@require_POST
def memory_expire(
    request: HttpRequest, tenant: Tenant, item_id: uuid.UUID
) -> HttpResponse:
    """Expire a memory now."""
    return _memory_action(
        request,
        tenant,
        item_id,
        "expire",
        ReasonForm(request.POST),
        lambda data: curation.memory_force_expire(
            tenant=tenant, item_id=item_id, user=request.user, reason=data["reason"]
        ),
        "Expired: reads no longer return this memory.",
    )


@member_required
@require_POST
def memory_reclassify(
    request: HttpRequest, tenant: Tenant, item_id: uuid.UUID
) -> HttpResponse:
    """Move a memory to another layer."""
    return _memory_action(
        request,
        tenant,
        item_id,
        "reclassify",
        ReclassifyForm(request.POST),
        lambda data: curation.memory_reclassify(
            tenant=tenant,
            item_id=item_id,
            user=request.user,
            layer=data["layer"],
            reason=data["reason"],
        ),
        "Reclassified.",
    )


@member_required
@require_POST
def memory_promote(
    request: HttpRequest, tenant: Tenant, item_id: uuid.UUID
) -> HttpResponse:
    """Move a memory up to an ancestor scope."""
    return _memory_action(
        request,
        tenant,
        item_id,
        "promote",
        PromoteForm(request.POST),
        lambda data: curation.memory_promote(
            tenant=tenant,
            item_id=item_id,
            user=request.user,
            scope_path=data["scope"],
            reason=data["reason"],
        ),
        "Promoted.",
    )


@member_required
@require_POST
def memory_annotate(
    request: HttpRequest, tenant: Tenant, item_id: uuid.UUID
) -> HttpResponse:
    """Add a curator's note to a memory."""
    return _memory_action(
        request,
        tenant,
        item_id,
        "annotate",
        AnnotateForm(request.POST),
        lambda data: curation.memory_annotate(
            tenant=tenant, item_id=item_id, user=request.user, text=data["text"]
        ),
        "Note added.",
    )


# Contradiction cases


@member_required
@require_GET
def conflict_list(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """List contradiction cases, open ones by default, newest first."""
    status = choice(request.GET.get("status", ConflictStatus.OPEN), ConflictStatus)
    cases = conflicts.conflict_list(tenant=tenant, status=status)
    page = Paginator(cases, PAGE_SIZE).get_page(request.GET.get("page"))
    return render_page(
        request,
        "approvals/conflict_list.html",
        "results",
        {"page_obj": page, "filters": {"status": status}, **_can_curate(request)},
    )


@member_required
@require_GET
def conflict_detail(
    request: HttpRequest, tenant: Tenant, conflict_id: uuid.UUID
) -> HttpResponse:
    """Show a case: the new and the existing version side by side."""
    return render_page(
        request,
        "approvals/conflict_detail.html",
        "case",
        _case_context(request, tenant, conflict_id),
    )


@member_required
@require_POST
def conflict_resolve(
    request: HttpRequest, tenant: Tenant, conflict_id: uuid.UUID
) -> HttpResponse:
    """Resolve a case: keep new, keep existing, keep both, or merge."""
    form = ConflictResolveForm(request.POST)

    def page(**extra: Any) -> HttpResponse:
        context = _case_context(request, tenant, conflict_id, form=form, **extra)
        return render_page(request, "approvals/conflict_detail.html", "case", context)

    try:
        if not form.is_valid():
            raise _invalid(form)
        conflicts.conflict_resolve(
            tenant=tenant,
            conflict_id=conflict_id,
            user=request.user,
            **form.cleaned_data,
        )
    except DomainError as error:
        return _refused(error, request, page)
    done = f"Resolved: {form.cleaned_data['resolution'].replace('_', ' ')}."
    if not request.htmx:
        messages.success(request, done)
        return redirect("conflict_detail", slug=tenant.slug, conflict_id=conflict_id)
    return page(notice=done)


def _case_context(
    request: HttpRequest, tenant: Tenant, conflict_id: uuid.UUID, **extra: Any
) -> dict[str, Any]:
    case = conflicts.conflict_get(tenant=tenant, conflict_id=conflict_id)
    if case is None:
        raise Http404("No such contradiction case.")
    return {
        "case": case,
        "siblings": conflicts.conflict_siblings(tenant=tenant, conflict=case),
        "sides": [("Existing", case.existing_version), ("New", case.new_version)],
        **_can_curate(request),
        **extra,
    }


def _can_curate(request: HttpRequest) -> dict[str, bool]:
    return {"can_curate": can(request.membership, Capability.CURATE)}


# As of


@member_required
@require_GET
def scope_as_of(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """Show a scope's memories as they were at a chosen moment (003 §12.5.5)."""
    form = AsOfForm(request.GET)
    data = form.cleaned_data if form.is_valid() else {}
    at = data.get("at") or timezone.now()
    scope = _as_of_scope(tenant, data, at)
    paths = None if scope is None else [scope.path]
    if scope is not None and data.get("inherit"):
        paths = ancestor_paths(scope.path)
    versions = curation.versions_as_of(
        tenant=tenant, at=at, scope_paths=paths, layer=data.get("layer", "")
    )
    page = CappedPaginator(versions, PAGE_SIZE).get_page(request.GET.get("page"))
    return render_page(
        request,
        "approvals/scope_as_of.html",
        "results",
        {
            "form": form,
            "page_obj": page,
            "at": at,
            "at_input": datetime_local(at),
            "scope": scope,
            "filters": data,
            "scopes": scope_list(tenant=tenant),
            "layers": Layer.choices,
        },
    )


def _as_of_scope(tenant: Tenant, data: dict[str, Any], at: datetime) -> Scope | None:
    """Return the scope asked for: by id or path, or the one a memory was in."""
    if data.get("memory"):
        scope = curation.scope_of_item_at(tenant=tenant, item_id=data["memory"], at=at)
        if scope is None:
            raise Http404("No such memory.")
        return scope
    value = data.get("scope", "").strip()
    if not value:
        return None
    scopes = scope_list(tenant=tenant)
    pk = parse_uuid(value)
    scope = (scopes.filter(pk=pk) if pk else scopes.filter(path=value)).first()
    if scope is None:
        raise Http404("No such scope.")
    return scope


def datetime_local(at: datetime) -> str:
    """Return `at` in UTC for `<input type="datetime-local">`, to the millisecond.

    Round up, so resubmitting the picker still includes what happened within
    the millisecond of `at` (an audit event is stamped just after its change).
    """
    at = at.astimezone(UTC)
    if at.microsecond % 1000:
        at += timedelta(microseconds=1000 - at.microsecond % 1000)
    return at.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3]
