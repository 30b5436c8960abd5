"""Garbage-collection screens: candidates and recently expired items, runs.

A curator pins a candidate to keep it, or recovers an expired item within
the grace period; curators and admins can ask for a dry run. Actions answer
htmx with the screen's partial and a plain post with a redirect (or the page
with the error and its status). Other tenants' items and runs are 404s.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from approvals.forms import ReasonForm
from memory_core.access import member_required
from memory_core.exceptions import DomainError, Forbidden, Invalid, NotFound
from memory_core.htmx import render_page
from memory_core.lifecycle.gc import selectors as gc_selectors
from memory_core.models import Tenant
from memory_core.permissions import Capability, can
from memory_core.policy import policy_for
from memory_core.services import curation
from memory_core.services import gc as gc_services

PAGE_SIZE = 50


def _overview_context(request: HttpRequest, tenant: Tenant, **extra: Any) -> dict:
    grace_days = policy_for(tenant).gc_grace_days
    now = timezone.now()
    expired = Paginator(gc_selectors.gc_recently_expired(tenant=tenant), PAGE_SIZE)
    expired_page = expired.get_page(request.GET.get("expired_page"))
    rows = []
    for item in expired_page.object_list:
        ends = gc_selectors.grace_ends_at(item, grace_days=grace_days)
        rows.append({"item": item, "grace_ends": ends, "recoverable": ends > now})
    candidates = Paginator(gc_selectors.gc_candidates(tenant=tenant), PAGE_SIZE)
    return {
        "candidates": candidates.get_page(request.GET.get("page")),
        "expired_page": expired_page,
        "expired_rows": rows,
        "grace_days": grace_days,
        "can_curate": can(request.membership, Capability.CURATE),
        **extra,
    }


def _screen(request: HttpRequest, tenant: Tenant, **extra: Any) -> HttpResponse:
    context = _overview_context(request, tenant, **extra)
    return render_page(request, "approvals/gc_overview.html", "screen", context)


@member_required
@require_GET
def gc_overview(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """List GC candidates and recently expired items, with grace left."""
    return _screen(request, tenant)


def _action(
    request: HttpRequest, tenant: Tenant, perform: Callable[[str], object], done: str
) -> HttpResponse:
    form = ReasonForm(request.POST)
    try:
        if not form.is_valid():
            raise Invalid(form.first_error(), code="invalid_form")
        perform(form.cleaned_data["reason"])
    except NotFound as error:
        raise Http404(error.message) from error
    except Forbidden as error:
        raise PermissionDenied(error.message) from error
    except DomainError as error:
        response = _screen(request, tenant, action_error=error.message)
        if not request.htmx:
            response.status_code = error.status
        return response
    if not request.htmx:
        messages.success(request, done)
        return redirect("gc_overview", slug=tenant.slug)
    return _screen(request, tenant, notice=done)


@member_required
@require_POST
def gc_recover(
    request: HttpRequest, tenant: Tenant, item_id: uuid.UUID
) -> HttpResponse:
    """Recover an expired memory within the grace period."""
    return _action(
        request,
        tenant,
        lambda reason: gc_services.memory_recover(
            tenant=tenant, item_id=item_id, user=request.user, reason=reason
        ),
        "Recovered: the memory is active again, as a new version.",
    )


@member_required
@require_POST
def gc_pin(request: HttpRequest, tenant: Tenant, item_id: uuid.UUID) -> HttpResponse:
    """Pin a candidate: garbage collection never collects it."""
    return _action(
        request,
        tenant,
        lambda reason: curation.memory_pin(
            tenant=tenant, item_id=item_id, user=request.user, reason=reason
        ),
        "Pinned: garbage collection keeps it.",
    )


@member_required
@require_GET
def gc_run_list(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """List GC runs, newest first."""
    page = Paginator(gc_selectors.gc_run_list(tenant=tenant), PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    return render_page(
        request,
        "approvals/gc_runs.html",
        "runs",
        {
            "page_obj": page,
            "can_request": can(request.membership, Capability.CURATE),
        },
    )


@member_required
@require_POST
def gc_dry_run(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """Queue a dry run now."""
    try:
        gc_services.gc_dry_run_request(tenant=tenant, user=request.user)
    except Forbidden as error:
        raise PermissionDenied(error.message) from error
    done = "Dry run queued: it appears in the list when the worker has run it."
    if not request.htmx:
        messages.success(request, done)
        return redirect("gc_run_list", slug=tenant.slug)
    page = Paginator(gc_selectors.gc_run_list(tenant=tenant), PAGE_SIZE).get_page(1)
    return render_page(
        request,
        "approvals/gc_runs.html",
        "runs",
        {"page_obj": page, "can_request": True, "notice": done},
    )


@member_required
@require_GET
def gc_run_detail(
    request: HttpRequest, tenant: Tenant, run_id: uuid.UUID
) -> HttpResponse:
    """Show one run: per-rule counts, duration, rows examined per second."""
    run = gc_selectors.gc_run_get(tenant=tenant, run_id=run_id)
    if run is None:
        raise Http404("No such run.")
    return render_page(
        request,
        "approvals/gc_run_detail.html",
        "report",
        {"run": run, "counts": sorted(run.counts.items())},
    )
