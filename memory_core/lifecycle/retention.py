"""Retention by classification (003 §12.10.4), enforced by a beat job.

retention_expired(m) = now − created_at(m) > T_max(m.classification)

T_max is the tenant's `retention_days` for the item's classification (0
keeps it indefinitely). Retention overrides relevance and access: a memory
read a thousand times yesterday still goes. What happens past the limit:

- classifications in `retention_hard_delete` (PII by default) are deleted
  for good through `memory_core.lifecycle.deletion.items_hard_delete`: items, versions
  (and so their embeddings), log entries, write requests. The memory log
  cannot keep an entry for an item that no longer exists, so the audit trail
  holds the record: one event per batch with the item ids and row counts,
  never content.
- the others (business, general) are soft-deleted: the item and its head
  version become `expired` (the head's `valid_to` is set, as a curator's
  force-expire does), a memory log entry `expire` with reason "retention" is
  appended per item, and one audit event per batch lists the ids. Garbage
  collection's grace period decides when expired rows are finally removed;
  until then a curator can restore the memory by rollback. That is the
  "archive" of 003's table: recoverable, invisible to every read.

Both writes, with their audit events, are `memory_core.services.retention`'s;
this module decides what is due, claims it and reports.

Held back, and shown on the compliance report as held:

- an item with a version awaiting review (`draft`): deleting it would pull
  a write out from under its reviewer; it goes on the first run after the
  decision.
- a pinned item of a classification in `retention_pinned_exempt` (business
  and general by default): a pin is a curator's deliberate decision to keep
  it. A pin never holds PII: erasing it past its limit is a legal duty, so
  the classification cannot even be chosen there.

The job is set-based: per classification, batches of `batch_size` items are
claimed with `FOR UPDATE SKIP LOCKED` (a curator's concurrent action is not
waited for; the item is taken next run), each batch in its own transaction.
Re-running finds nothing new: hard-deleted rows are gone and soft-deleted
items are expired. `dry_run` counts what would happen and changes nothing.
"""

from __future__ import annotations

import logging
import uuid
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from memory_core.models import (
    Classification,
    MemoryItem,
    MemoryVersion,
    Tenant,
    VersionStatus,
)
from memory_core.policy import Policy, policy_for
from memory_core.rls import tenant_context
from memory_core.services.retention import (
    retention_items_expire,
    retention_items_hard_delete,
)

HARD_DELETE = "hard_delete"
SOFT_DELETE = "soft_delete"
KEEP = "keep"
BATCH_SIZE = 1000

logger = logging.getLogger(__name__)


def retention_action(classification: str, policy: Policy) -> str:
    """Return what happens to a `classification` item past its retention."""
    if not policy.retention_days.get(classification):
        return KEEP
    if classification in policy.retention_hard_delete:
        return HARD_DELETE
    return SOFT_DELETE


def retention_cutoff(
    classification: str, policy: Policy, now: datetime
) -> datetime | None:
    """Return the creation time before which an item is past retention, if any."""
    days = policy.retention_days.get(classification)
    return now - timedelta(days=days) if days else None


def _past_retention(policy: Policy, now: datetime, classification: str) -> Q | None:
    """Return the items of `classification` past retention not yet dealt with."""
    cutoff = retention_cutoff(classification, policy, now)
    if cutoff is None:
        return None
    due = Q(classification=classification, created_at__lt=cutoff)
    if retention_action(classification, policy) == SOFT_DELETE:
        # Soft deletion applies to what is still readable; an expired or
        # retracted item is already out of every read.
        due &= Q(status=VersionStatus.ACTIVE)
    return due


def _awaiting_review() -> Exists:
    return Exists(MemoryVersion.objects.filter(draft_of=OuterRef("pk")))


def retention_due(
    *, tenant: Tenant, now: datetime | None = None, policy: Policy | None = None
) -> QuerySet[MemoryItem]:
    """Return the tenant's items past retention, held ones included.

    Each row is annotated with `awaiting_review` (it has a draft version);
    `retention_hold` tells whether and why the job leaves it.
    """
    now = now or timezone.now()
    policy = policy or policy_for(tenant)
    due = Q(pk__in=[])
    for classification in Classification.values:
        past = _past_retention(policy, now, classification)
        if past is not None:
            due |= past
    return (
        MemoryItem.objects.filter(tenant=tenant)
        .filter(due)
        .annotate(awaiting_review=_awaiting_review())
    )


def retention_hold(item: MemoryItem, policy: Policy) -> str:
    """Return why the job keeps `item` past its retention, or "" if it does not."""
    if getattr(item, "awaiting_review", False):
        return "awaiting_review"
    if item.pinned and item.classification in policy.retention_pinned_exempt:
        return "pinned"
    return ""


@dataclass
class ClassificationOutcome:
    """What retention did (or, in a dry run, would do) to one classification."""

    classification: str
    action: str
    retention_days: int
    items: int = 0
    held_pinned: int = 0
    held_awaiting_review: int = 0
    rows_deleted: Counter = field(default_factory=Counter)


@dataclass
class RetentionReport:
    tenant_id: uuid.UUID
    dry_run: bool
    now: datetime
    outcomes: dict[str, ClassificationOutcome] = field(default_factory=dict)
    batches: int = 0

    @property
    def items(self) -> int:
        return sum(o.items for o in self.outcomes.values())

    def as_dict(self) -> dict:
        return {
            "tenant_id": str(self.tenant_id),
            "dry_run": self.dry_run,
            "now": self.now.isoformat(),
            "batches": self.batches,
            "items": self.items,
            "classifications": {
                name: {
                    "action": o.action,
                    "retention_days": o.retention_days,
                    "items": o.items,
                    "held_pinned": o.held_pinned,
                    "held_awaiting_review": o.held_awaiting_review,
                    "rows_deleted": dict(o.rows_deleted),
                }
                for name, o in self.outcomes.items()
            },
        }


def retention_enforce(
    *,
    tenant: Tenant,
    now: datetime | None = None,
    dry_run: bool = False,
    batch_size: int = BATCH_SIZE,
) -> RetentionReport:
    """Expire or delete the tenant's items past retention; return what was done."""
    now = now or timezone.now()
    policy = policy_for(tenant)
    report = RetentionReport(tenant_id=tenant.id, dry_run=dry_run, now=now)
    for classification in Classification.values:
        action = retention_action(classification, policy)
        past = _past_retention(policy, now, classification)
        if past is None:
            continue
        outcome = ClassificationOutcome(
            classification, action, policy.retention_days[classification]
        )
        report.outcomes[classification] = outcome
        items = MemoryItem.objects.filter(tenant=tenant).filter(past)
        held = Q(_awaiting_review())
        outcome.held_awaiting_review = items.filter(held).count()
        if classification in policy.retention_pinned_exempt:
            pinned = Q(pinned=True) & ~held
            outcome.held_pinned = items.filter(pinned).count()
            held |= Q(pinned=True)
        todo = items.exclude(held)
        if dry_run:
            outcome.items = todo.count()
            continue
        while True:
            with transaction.atomic(durable=True):
                done = _batch(
                    tenant, todo, outcome, action=action, now=now, size=batch_size
                )
            if not done:
                break
            report.batches += 1
    return report


def _batch(
    tenant: Tenant,
    todo: QuerySet[MemoryItem],
    outcome: ClassificationOutcome,
    *,
    action: str,
    now: datetime,
    size: int,
) -> int:
    """Claim up to `size` items and deal with them; return how many."""
    ids = _batch_claim(todo, size)
    if not ids:
        return 0
    if action == HARD_DELETE:
        counts = retention_items_hard_delete(
            tenant=tenant,
            item_ids=ids,
            classification=outcome.classification,
            retention_days=outcome.retention_days,
        )
        outcome.rows_deleted.update(counts)
    else:
        retention_items_expire(
            tenant=tenant,
            item_ids=ids,
            classification=outcome.classification,
            retention_days=outcome.retention_days,
            now=now,
        )
    outcome.items += len(ids)
    return len(ids)


def _batch_claim(todo: QuerySet[MemoryItem], size: int) -> list[uuid.UUID]:
    """Lock up to `size` of the items `todo`, skipping those locked elsewhere."""
    return list(
        todo.select_for_update(skip_locked=True, of=("self",))
        .order_by("pk")
        .values_list("pk", flat=True)[:size]
    )


def retention_enforce_all(*, dry_run: bool = False) -> list[RetentionReport]:
    """Run retention for every tenant, one after another.

    A tenant whose run fails is logged and skipped: its batches so far are
    committed, the next tick retries it, and the tenants after it still run.
    """
    reports = []
    for tenant in Tenant.objects.order_by("pk"):
        try:
            with tenant_context(tenant.pk):
                reports.append(retention_enforce(tenant=tenant, dry_run=dry_run))
        except Exception:
            logger.exception("retention failed for tenant %s", tenant.slug)
    return reports
