"""The review queue and a review's page: decide the writes waiting for a person.

Each page renders whole, or only its partial for an htmx swap. Decisions go
through memory_core's services; an htmx decision answers with the row (or
the review's panel) as it now is, a plain form post redirects back with a
message, so every page also works without JavaScript.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied as Forbidden
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import trigger_client_event

from approvals.selectors import (
    SORTS,
    QueueFilters,
    notifications_unread,
    review_agent_choices,
    review_conflicts,
    review_get,
    review_queue,
    review_queue_state,
    review_row_get,
    review_rows_by_id,
    review_rows_ordered,
)
from approvals.services import (
    BulkOutcome,
    notifications_mark_read,
    reviews_bulk_decide,
)
from memory_core.access import member_required
from memory_core.exceptions import DomainError, NotFound, PermissionDenied
from memory_core.models import Layer, ReviewTier, Tenant, WriteRequest
from memory_core.policy import policy_for
from memory_core.selectors import parse_uuid, scope_list
from memory_core.services.review_edits import write_review_edit_and_approve
from memory_core.services.reviews import (
    DECIDERS,
    REJECT_REASONS,
    justification_needed,
    write_review_approve,
    write_review_reject,
)
from memory_core.views import render_page

PAGE_SIZE = 25
TIERS = [(ReviewTier.SYNC, "Sync (blocking)"), (ReviewTier.ASYNC, "Async")]
SORT_LABELS = {
    "urgency": "Sync first, by deadline",
    "risk": "Highest risk",
    "oldest": "Oldest",
    "newest": "Newest",
}
DETAIL_TARGET = "review-detail"


def queue_filters(params: QueryDict) -> QueueFilters:
    """Return the queue's filters from GET parameters; bad values mean "any"."""
    tier = params.get("tier", "")
    layer = params.get("layer", "")
    sort = params.get("sort", "")
    return QueueFilters(
        tier=tier if tier in (ReviewTier.SYNC, ReviewTier.ASYNC) else "",
        layer=layer if layer in Layer.values else "",
        scope=params.get("scope", "").strip(),
        agent=parse_uuid(params["agent"]) if params.get("agent") else None,
        min_risk=_risk(params.get("min_risk")),
        max_risk=_risk(params.get("max_risk")),
        sort=sort if sort in SORTS else "urgency",
    )


def _risk(value: str | None) -> float | None:
    try:
        risk = float(value) if value else None
    except ValueError:
        return None
    return risk if risk is not None and 0.0 <= risk <= 1.0 else None


def _can_decide(request: HttpRequest) -> bool:
    return request.membership.role in DECIDERS


def _back(request: HttpRequest, tenant: Tenant) -> str:
    """Return where a plain form post goes back to: `next` if it is ours."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}
    ):
        return target
    return reverse("review_queue", args=[tenant.slug])


# Pages


@member_required
@require_GET
def review_queue_page(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """List the writes waiting for a person: sync first, filtered, paginated."""
    filters = queue_filters(request.GET)
    ids = review_queue(tenant=tenant, filters=filters)
    page = Paginator(ids, PAGE_SIZE).get_page(request.GET.get("page"))
    page.object_list = review_rows_ordered(tenant=tenant, write_ids=list(page))
    # Only the whole page shows the live indicator; a swap does not count.
    state = SimpleLazyObject(lambda: review_queue_state(tenant=tenant))
    return render_page(
        request,
        "approvals/review_queue.html",
        "results",
        {
            "page_obj": page,
            "filters": filters,
            "state": state,
            **_queue_choices(request, tenant),
        },
    )


def _queue_choices(request: HttpRequest, tenant: Tenant) -> dict[str, Any]:
    """Return what the queue's forms offer; querysets stay lazy for partials."""
    return {
        "now": timezone.now(),
        "can_decide": _can_decide(request),
        "reject_reasons": REJECT_REASONS,
        "tiers": TIERS,
        "layers": Layer.choices,
        "sorts": SORT_LABELS.items(),
        "scopes": scope_list(tenant=tenant),
        "agents": review_agent_choices(tenant=tenant),
        "notifications": notifications_unread(tenant=tenant, user=request.user),
    }


@member_required
@require_GET
def review_queue_poll(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """Answer the queue's live indicator; say `queue-changed` when rows arrived."""
    state = review_queue_state(tenant=tenant)
    response = render(request, "approvals/review_queue.html#live", {"state": state})
    if request.GET.get("seen") != state.signature:
        trigger_client_event(response, "queue-changed")
    return response


@member_required
@require_GET
def review_detail(
    request: HttpRequest, tenant: Tenant, write_id: uuid.UUID
) -> HttpResponse:
    """Show one review: the full draft, evidence, provenance, risk and gate trace."""
    write = review_get(tenant=tenant, write_id=write_id)
    if write is None:
        raise Http404("No such review.")
    return render_page(
        request,
        "approvals/review_detail.html",
        "detail",
        _detail_context(request, tenant, write),
    )


def _detail_context(
    request: HttpRequest, tenant: Tenant, write: WriteRequest
) -> dict[str, Any]:
    weights = policy_for(tenant).risk_weights
    factors = [
        {
            "name": name,
            "value": value,
            "weight": weights.get(name),
            "share": value * weights[name] if name in weights else value,
        }
        for name, value in (write.risk_factors or {}).items()
    ]
    return {
        "write": write,
        "version": write.version,
        "conflicts": review_conflicts(tenant=tenant, write=write),
        "factors": factors,
        "findings": [d for d in write.gate_decisions if d.get("decision") != "accept"],
        "now": timezone.now(),
        "can_decide": _can_decide(request) and write.awaiting_human,
        "reject_reasons": REJECT_REASONS,
        "justify_why": justification_needed(write, write.version),
    }


# Decisions


@member_required
@require_POST
def review_approve(
    request: HttpRequest, tenant: Tenant, write_id: uuid.UUID
) -> HttpResponse:
    """Approve a write's draft, with an optional justification."""
    justification = request.POST.get("justification", "").strip()
    return _decide(
        request,
        tenant,
        write_id,
        lambda: write_review_approve(
            tenant=tenant,
            write_id=write_id,
            user=request.user,
            justification=justification,
        ),
        done="Approved: the memory is published.",
    )


@member_required
@require_POST
def review_reject(
    request: HttpRequest, tenant: Tenant, write_id: uuid.UUID
) -> HttpResponse:
    """Reject a write's draft with a structured reason and a note."""
    reason = request.POST.get("reason_code", "")
    note = request.POST.get("note", "").strip()
    if reason not in REJECT_REASONS:
        return _answer(request, tenant, write_id, "Choose a reason for the rejection.")
    return _decide(
        request,
        tenant,
        write_id,
        lambda: write_review_reject(
            tenant=tenant,
            write_id=write_id,
            user=request.user,
            reason_code=reason,
            note=note,
        ),
        done=f"Rejected ({reason}).",
    )


@member_required
@require_POST
def review_edit_approve(
    request: HttpRequest, tenant: Tenant, write_id: uuid.UUID
) -> HttpResponse:
    """Replace the draft's content with the curator's edit, then approve it."""
    content = request.POST.get("content", "")
    justification = request.POST.get("justification", "").strip()
    return _decide(
        request,
        tenant,
        write_id,
        lambda: write_review_edit_and_approve(
            tenant=tenant,
            write_id=write_id,
            user=request.user,
            content=content,
            justification=justification,
        ),
        done="Edited and approved: the memory is published.",
        edited_content=content,
    )


def _decide(
    request: HttpRequest,
    tenant: Tenant,
    write_id: uuid.UUID,
    decision: Callable[[], WriteRequest],
    *,
    done: str,
    edited_content: str | None = None,
) -> HttpResponse:
    """Run `decision`; answer with the row or panel as it is now, or redirect."""
    try:
        decision()
    except NotFound as error:
        raise Http404(error.message) from error
    except PermissionDenied as error:
        if not request.htmx:
            raise Forbidden(error.message) from error
        # The row or panel says why, with the status of a refusal (htmx-config
        # swaps a 403); the reason goes to the audit trail with it.
        request.access_refused_reason = error.message
        response = _answer(request, tenant, write_id, error.message)
        response.status_code = 403
        return response
    except DomainError as error:
        return _answer(
            request, tenant, write_id, error.message, edited_content=edited_content
        )
    return _answer(request, tenant, write_id, done, ok=True)


def _answer(
    request: HttpRequest,
    tenant: Tenant,
    write_id: uuid.UUID,
    message: str,
    *,
    ok: bool = False,
    edited_content: str | None = None,
) -> HttpResponse:
    """Re-render what the decision came from with `message`, or redirect with it."""
    if not request.htmx:
        (messages.success if ok else messages.error)(request, message)
        return redirect(_back(request, tenant))
    context = {"message": message, "message_ok": ok, "edited_content": edited_content}
    if request.htmx.target == DETAIL_TARGET:
        write = review_get(tenant=tenant, write_id=write_id)
        if write is None:
            raise Http404("No such review.")
        context |= _detail_context(request, tenant, write)
        return render(request, "approvals/review_detail.html#detail", context)
    write = review_row_get(tenant=tenant, write_id=write_id)
    if write is None:
        raise Http404("No such review.")
    context |= {"write": write, "now": timezone.now(), "next": _back(request, tenant)}
    context |= {"can_decide": _can_decide(request), "reject_reasons": REJECT_REASONS}
    return render(request, "approvals/_review_row.html", context)


@member_required
@require_POST
def review_bulk(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """Approve or reject the selected rows; list the rows that failed and why."""
    ids = [pk for pk in map(parse_uuid, request.POST.getlist("ids")) if pk]
    action = request.POST.get("action", "")
    try:
        outcomes = reviews_bulk_decide(
            tenant=tenant,
            write_ids=ids,
            user=request.user,
            action=action,
            reason_code=request.POST.get("reason_code", ""),
            note=request.POST.get("note", "").strip(),
            justification=request.POST.get("justification", "").strip(),
        )
    except PermissionDenied as error:
        raise Forbidden(error.message) from error
    except DomainError as error:
        messages.error(request, error.message)
    else:
        _bulk_report(request, tenant, action, outcomes)
    # htmx follows the redirect and swaps in the queue's results as they are now.
    return redirect(_back(request, tenant))


def _bulk_report(
    request: HttpRequest, tenant: Tenant, action: str, outcomes: list[BulkOutcome]
) -> None:
    done = sum(o.ok for o in outcomes)
    verb = "Approved" if action == "approve" else "Rejected"
    if done:
        messages.success(request, f"{verb} {done} request{'s' * (done != 1)}.")
    failed = [o for o in outcomes if not o.ok]
    rows = review_rows_by_id(tenant=tenant, write_ids=[o.write_id for o in failed])
    for outcome in failed:
        row = rows.get(outcome.write_id)
        what = f"“{row.version.content[:60]}”" if row and row.version else ""
        messages.error(
            request,
            f"Request {str(outcome.write_id)[:8]} {what} failed: {outcome.error}",
            extra_tags="bulk-failure",
        )


@member_required
@require_POST
def review_notifications_read(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """Mark the member's notifications read and go back to the queue."""
    notifications_mark_read(tenant=tenant, user=request.user)
    return redirect(_back(request, tenant))
