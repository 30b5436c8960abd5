"""Read queries of the approvals screens. Each takes the tenant first.

The review queue is a view over memory_core's write requests that wait for a
person (`pending_review` async, `awaiting_approval` sync) and their staged
draft versions; nothing is copied into this app.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import (
    Count,
    Func,
    IntegerField,
    JSONField,
    Max,
    Q,
    QuerySet,
    Value,
)
from django.db.models.functions import Coalesce

from approvals.models import Notification
from memory_core.models import (
    Agent,
    Conflict,
    ReviewTier,
    Tenant,
    WriteRequest,
    WriteStatus,
)
from memory_core.selectors import parse_uuid

AWAITING_HUMAN = (WriteStatus.AWAITING_APPROVAL, WriteStatus.PENDING_REVIEW)

# Sort keys of the queue. "awaiting_approval" sorts before "pending_review",
# so ordering by status puts sync requests first.
SORTS: dict[str, tuple[str, ...]] = {
    "urgency": ("status", "review_deadline", "created_at", "id"),
    "risk": ("-risk_score", "review_deadline", "id"),
    "oldest": ("created_at", "id"),
    "newest": ("-created_at", "-id"),
}


class FindingsOf(Func):
    """The gate decisions that did not accept, without the accepting ones."""

    function = "jsonb_path_query_array"
    template = "%(function)s(%(expressions)s, '$[*] ? (@.decision != \"accept\")')"
    output_field = JSONField()


class JsonArrayLength(Func):
    function = "jsonb_array_length"
    output_field = IntegerField()


@dataclass(frozen=True)
class QueueFilters:
    """What the queue is narrowed to; blank means any."""

    tier: str = ""
    layer: str = ""
    scope: str = ""
    agent: uuid.UUID | None = None
    min_risk: float | None = None
    max_risk: float | None = None
    sort: str = "urgency"


def _review_rows(tenant: Tenant) -> QuerySet[WriteRequest]:
    """Return the tenant's writes shaped for a queue row: one query, no vectors."""
    return (
        WriteRequest.objects.filter(tenant=tenant)
        .select_related("agent", "version", "escalation")
        .only(
            "id",
            "tenant_id",
            "status",
            "tier",
            "layer",
            "scope_path",
            "risk_score",
            "risk_factors",
            "flags",
            "review_deadline",
            "created_at",
            "decided_by",
            "decided_at",
            "code",
            "reason",
            "agent__id",
            "agent__name",
            "version__id",
            "version__item_id",
            "version__number",
            "version__content",
            "escalation__escalated_at",
        )
        .annotate(
            findings=FindingsOf("gate_decisions"),
            evidence_refs=Coalesce(JsonArrayLength("version__evidence"), Value(0)),
        )
    )


def review_queue(*, tenant: Tenant, filters: QueueFilters) -> QuerySet[WriteRequest]:
    """Return the ids of the writes waiting for a person, filtered and sorted.

    Only ids: a page counts and slices this narrow query over one table, then
    loads its rows with `review_rows_ordered`, so the joins and the JSON work
    run for the page's rows alone, however deep the page.
    """
    order = SORTS.get(filters.sort, SORTS["urgency"])
    rows = _waiting(tenant=tenant, filters=filters)
    return rows.order_by(*order).values_list("id", flat=True)


def _waiting(*, tenant: Tenant, filters: QueueFilters) -> QuerySet[WriteRequest]:
    """Return the writes waiting for a person under `filters`, unordered.

    The one definition of "waiting": the queue's rows, its count and the live
    indicator all come from it, so the numbers on a screen agree.
    """
    rows = WriteRequest.objects.filter(tenant=tenant, status__in=AWAITING_HUMAN)
    if filters.tier:
        rows = rows.filter(tier=filters.tier)
    if filters.layer:
        rows = rows.filter(layer=filters.layer)
    if filters.scope:
        # A scope includes its subtree: /org/acme/ covers every user below it.
        rows = rows.filter(scope_path__startswith=filters.scope)
    if filters.agent:
        rows = rows.filter(agent_id=filters.agent)
    if filters.min_risk is not None:
        rows = rows.filter(risk_score__gte=filters.min_risk)
    if filters.max_risk is not None:
        rows = rows.filter(risk_score__lte=filters.max_risk)
    return rows


def review_rows_ordered(
    *, tenant: Tenant, write_ids: list[uuid.UUID]
) -> list[WriteRequest]:
    """Return the tenant's writes among `write_ids` shaped as rows, in that order."""
    rows = review_rows_by_id(tenant=tenant, write_ids=write_ids)
    return [rows[pk] for pk in write_ids if pk in rows]


def review_row_get(*, tenant: Tenant, write_id: uuid.UUID | str) -> WriteRequest | None:
    """Return one write shaped as a queue row, whatever its status, or None."""
    pk = parse_uuid(write_id)
    return _review_rows(tenant).filter(pk=pk).first() if pk else None


def review_rows_by_id(
    *, tenant: Tenant, write_ids: list[uuid.UUID]
) -> dict[uuid.UUID, WriteRequest]:
    """Return the tenant's writes among `write_ids` shaped as rows, by id."""
    return {w.id: w for w in _review_rows(tenant).filter(pk__in=write_ids)}


def review_get(*, tenant: Tenant, write_id: uuid.UUID | str) -> WriteRequest | None:
    """Return one write with everything its review page shows, or None."""
    pk = parse_uuid(write_id)
    if pk is None:
        return None
    return (
        WriteRequest.objects.filter(tenant=tenant, pk=pk)
        .select_related("agent", "version", "version__item", "escalation")
        .defer("version__embedding", "version__search_vector")
        .first()
    )


def review_conflicts(*, tenant: Tenant, write: WriteRequest) -> QuerySet[Conflict]:
    """Return the contradictions the pipeline found for `write`, with both sides."""
    return (
        Conflict.objects.filter(tenant=tenant, write_request=write)
        .select_related("existing_version", "existing_version__agent")
        .defer("existing_version__embedding", "existing_version__search_vector")
        .order_by("-similarity", "created_at")
    )


@dataclass(frozen=True)
class QueueState:
    """How many writes wait (how many of them sync), and the latest arrival."""

    waiting: int
    newest: datetime | None
    sync: int = 0
    newest_sync: datetime | None = None

    @property
    def sync_mark(self) -> str:
        """Return when the latest sync request arrived (the tab title's cue)."""
        return str(self.newest_sync.timestamp()) if self.newest_sync else "0"

    @property
    def signature(self) -> str:
        """Return what changes when a request arrives or one is decided.

        Issue 14: the heading said "26 requests" beside "24 waiting" because
        decisions by others did not refresh the rows. Now any change refreshes
        them; the console's JavaScript keeps hiding rows whose decision is
        still in its undo window, so nothing reappears under the cursor.
        """
        newest = str(self.newest.timestamp()) if self.newest else "0"
        return f"{newest}-{self.waiting}"


def review_queue_state(
    *, tenant: Tenant, filters: QueueFilters | None = None
) -> QueueState:
    """Return the queue's size under `filters` and its latest arrival, one query."""
    state = _waiting(tenant=tenant, filters=filters or QueueFilters()).aggregate(
        waiting=Count("id"),
        newest=Max("finished_at"),
        sync=Count("id", filter=Q(tier=ReviewTier.SYNC)),
        newest_sync=Max("finished_at", filter=Q(tier=ReviewTier.SYNC)),
    )
    return QueueState(**state)


def review_agent_choices(*, tenant: Tenant) -> QuerySet[Agent]:
    """Return the tenant's agents for the queue's agent filter, by name."""
    return Agent.objects.filter(tenant=tenant).only("id", "name").order_by("name")


def notifications_unread(
    *, tenant: Tenant, user: AbstractBaseUser
) -> QuerySet[Notification]:
    """Return the user's unread notifications in the tenant, newest first."""
    return Notification.objects.filter(
        tenant=tenant, user=user, read_at__isnull=True
    ).order_by("-created_at", "-id")


__all__ = [
    "AWAITING_HUMAN",
    "SORTS",
    "QueueFilters",
    "QueueState",
    "notifications_unread",
    "review_agent_choices",
    "review_conflicts",
    "review_get",
    "review_queue",
    "review_queue_state",
    "review_row_get",
    "review_rows_ordered",
    "review_rows_by_id",
]


def reviews_overdue(now: datetime) -> QuerySet[WriteRequest]:
    """Return every tenant's async reviews past their SLA, not escalated yet."""
    return WriteRequest.objects.filter(
        status=WriteStatus.PENDING_REVIEW,
        tier=ReviewTier.ASYNC,
        review_deadline__lte=now,
        escalation__isnull=True,
    )
