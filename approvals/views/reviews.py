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
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
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
    reviews_bulk_decide_matching,
)
from memory_core.access import member_required
from memory_core.exceptions import DomainError, Forbidden, NotFound
from memory_core.htmx import render_page
from memory_core.models import Layer, MemoryVersion, ReviewTier, Tenant, WriteRequest
from memory_core.permissions import Capability, can
from memory_core.policy import policy_for
from memory_core.selectors import parse_uuid, scope_list
from memory_core.services.review_edits import write_review_edit_and_approve
from memory_core.services.reviews import (
    REJECT_REASONS,
    justification_needed,
    write_review_approve,
    write_review_reject,
)
from memory_core.views import content_diff

PAGE_SIZE = 25
TIERS = [(ReviewTier.SYNC, "Sync (blocking)"), (ReviewTier.ASYNC, "Async")]
SORT_LABELS = {
    "urgency": "Sync first, by deadline",
    "risk": "Highest risk",
    "oldest": "Oldest",
    "newest": "Newest",
}
DETAIL_TARGET = "review-detail"
# What each risk factor means, in words a curator reads at a glance.
FACTOR_WORDS = {
    "layer": "the layer it writes to",
    "contradiction": "it contradicts a stored memory",
    "evidence": "weak evidence",
    "confidence": "low confidence",
    "blast_radius": "how many readers its scope reaches",
    "novelty": "a topic nothing stored covers yet",
    "poisoning_boost": "it looks like memory poisoning",
}
# The filters' GET parameters, carried to the poll, the bulk form and focus mode.
FILTER_PARAMS = ("tier", "layer", "scope", "agent", "min_risk", "max_risk", "sort")


def risk_contributions(
    factors: dict[str, float] | None, weights: dict[str, float]
) -> list[dict[str, Any]]:
    """Return each factor's weighted share of R(w), largest first.

    The risk gate stores raw factor values (0-1) and the tenant's policy has
    the weights; what a curator needs is how much each one added to R(w).
    A factor without a weight (the poisoning boost) adds its value as is.
    """
    contributions = [
        {
            "name": name,
            "words": FACTOR_WORDS.get(name, name.replace("_", " ")),
            "value": value,
            "weight": weights.get(name),
            "adds": value * weights[name] if name in weights else value,
        }
        for name, value in (factors or {}).items()
    ]
    return sorted(contributions, key=lambda c: (-c["adds"], c["name"]))


def flagged_by(findings: list[dict[str, Any]]) -> dict[str, str] | None:
    """Return the gate that sent a write to review and its reason, in words.

    Another gate's finding says more than the risk gate's score, which only
    adds it up, so it comes first; the risk gate speaks when it is alone.
    """
    if not findings:
        return None
    others = [f for f in findings if f.get("gate") != "risk"]
    finding = (others or findings)[0]
    gate = str(finding.get("gate", "")).replace("_", " ")
    return {
        "gate": f"{gate.capitalize()} gate",
        "reason": finding.get("reason") or finding.get("code") or "",
        "more": len(findings) - 1,
    }


def filter_query(params: QueryDict) -> str:
    """Return the filters of `params` as a query string (no page, no focus)."""
    kept = QueryDict(mutable=True)
    for name in FILTER_PARAMS:
        if params.get(name):
            kept[name] = params[name]
    return kept.urlencode()


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
    return can(request.membership, Capability.REVIEW_DECIDE)


def _back(request: HttpRequest, tenant: Tenant, *, failed: bool = False) -> str:
    """Return where a plain form post goes back to: `next` if it is ours.

    A decision that failed goes to `here` when the form gives one (focus
    mode: stay on the item instead of advancing past it).
    """
    target = request.POST.get("next", "")
    if failed and request.POST.get("here"):
        target = request.POST["here"]
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
    # One count for the screen: the paginator's and the live indicator's
    # "waiting" are the same aggregate over the same filters.
    state = review_queue_state(tenant=tenant, filters=filters)
    paginator = Paginator(ids, PAGE_SIZE)
    paginator.count = state.waiting  # a cached_property: no COUNT query
    page = paginator.get_page(request.GET.get("page"))
    page.object_list = review_rows_ordered(tenant=tenant, write_ids=list(page))
    weights = policy_for(tenant).risk_weights
    for write in page.object_list:
        write.contributions = risk_contributions(write.risk_factors, weights)[:2]
        write.why = flagged_by(write.findings)
    query = filter_query(request.GET)
    return render_page(
        request,
        "approvals/review_queue.html",
        "results",
        {
            "page_obj": page,
            "filters": filters,
            "filter_query": query,
            "state": state,
            "focus_url": _focus_url(tenant, query),
            # A refresh because the queue changed leaves the messages (a bulk
            # decision's outcome) for the answer they belong to: reading them
            # here would consume them in a race with the bulk's redirect.
            "show_messages": not (
                request.htmx and request.htmx.trigger == "queue-refresh"
            ),
            **_queue_choices(request, tenant),
        },
    )


def _focus_url(tenant: Tenant, query: str, **params: int) -> str:
    """Return focus mode's URL: `done`, then `skip`, then the filters."""
    parts = [f"{name}={value}" for name, value in params.items() if value]
    if query:
        parts.append(query)
    url = reverse("review_focus", args=[tenant.slug])
    return f"{url}?{'&'.join(parts)}" if parts else url


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
    filters = queue_filters(request.GET)
    state = review_queue_state(tenant=tenant, filters=filters)
    response = render(
        request,
        "approvals/review_queue.html#live",
        {"state": state, "filter_query": filter_query(request.GET)},
    )
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


@member_required
@require_GET
def review_focus(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """Show the queue one item at a time, with "n of N" and the next one after.

    Stateless: `done` counts the decisions made in this run and `skip` the
    items passed over (j); the item shown is the `skip`-th still waiting under
    the filters. A decision posts plainly and its `next` is this page with
    `done` + 1, so the curator lands on the next item (auto-advance).
    """
    filters = queue_filters(request.GET)
    done, skip = _count_param(request, "done"), _count_param(request, "skip")
    query = filter_query(request.GET)
    state = review_queue_state(tenant=tenant, filters=filters)
    ids = list(review_queue(tenant=tenant, filters=filters)[skip : skip + 1])
    write = review_get(tenant=tenant, write_id=ids[0]) if ids else None
    focus = {
        "position": done + skip + 1,
        "total": done + state.waiting,
        "here": _focus_url(tenant, query, done=done, skip=skip),
        "next_url": _focus_url(tenant, query, done=done + 1, skip=skip),
        "skip_url": _focus_url(tenant, query, done=done, skip=skip + 1),
        "back_url": _focus_url(tenant, query, done=done, skip=skip - 1) if skip else "",
        "queue_url": reverse("review_queue", args=[tenant.slug])
        + (f"?{query}" if query else ""),
        "done": done,
    }
    if write is None:
        return render(
            request,
            "approvals/review_detail.html",
            {"focus": focus, "write": None, "now": timezone.now()},
        )
    context = _detail_context(request, tenant, write) | {"focus": focus}
    return render(request, "approvals/review_detail.html", context)


def _count_param(request: HttpRequest, name: str) -> int:
    try:
        return max(0, min(int(request.GET.get(name, 0)), 100_000))
    except ValueError:
        return 0


def _would_change(tenant: Tenant, write: WriteRequest, conflicts: Any) -> list:
    """Return the stored memories this draft would change, each as a word diff.

    An update of a keyed memory changes the item's head; a contradiction
    supersedes the version it contradicts. Each is shown against the draft.
    """
    version = write.version
    if version is None:
        return []
    olds = []
    head = (
        MemoryVersion.objects.defer("embedding", "search_vector")
        .filter(pk=version.item.head_id)
        .first()
        if version.item.head_id
        else None
    )
    if head is not None and head.pk != version.pk:
        olds.append(("Current version", head))
    for conflict in conflicts:
        old = conflict.existing_version
        if all(old.pk != seen.pk for _, seen in olds):
            olds.append(("Contradicted memory", old))
    return [
        {
            "label": label,
            "old": old,
            "segments": content_diff(old.content, version.content),
        }
        for label, old in olds
    ]


def _detail_context(
    request: HttpRequest, tenant: Tenant, write: WriteRequest
) -> dict[str, Any]:
    weights = policy_for(tenant).risk_weights
    factors = risk_contributions(write.risk_factors, weights)
    for factor in factors:
        factor["share"] = factor["adds"]  # the bar's length
    conflicts = list(review_conflicts(tenant=tenant, write=write))
    return {
        "write": write,
        "version": write.version,
        "conflicts": conflicts,
        "would_change": _would_change(tenant, write, conflicts),
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
    except Forbidden as error:
        if not request.htmx:
            raise PermissionDenied(error.message) from error
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
        return redirect(_back(request, tenant, failed=not ok))
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
    decision = {
        "tenant": tenant,
        "user": request.user,
        "action": action,
        "reason_code": request.POST.get("reason_code", ""),
        "note": request.POST.get("note", "").strip(),
        "justification": request.POST.get("justification", "").strip(),
    }
    try:
        if request.POST.get("select_all_matching"):
            # "All N matching this filter": the filters the page was showing,
            # evaluated now, so a row decided meanwhile is simply not there.
            filters = queue_filters(QueryDict(request.POST.get("filters", "")))
            outcomes = reviews_bulk_decide_matching(filters=filters, **decision)
        else:
            outcomes = reviews_bulk_decide(write_ids=ids, **decision)
    except Forbidden as error:
        raise PermissionDenied(error.message) from error
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
