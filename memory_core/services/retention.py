"""Retention's audited writes: one batch of items past their limit.

The job (`memory_core.lifecycle.retention`) decides which items are due and
claims them; these functions delete or expire one claimed batch and write its
audit event in the caller's transaction: one event per batch with the item
ids and row counts, never content.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from audit.actions import AuditAction
from audit.services import Actor, audit_event_record
from memory_core.lifecycle.deletion import items_hard_delete
from memory_core.lifecycle.expiry import items_expire
from memory_core.models import Tenant

REASON = "retention"
ACTOR = Actor.system("retention")


def retention_items_hard_delete(
    *,
    tenant: Tenant,
    item_ids: list[uuid.UUID],
    classification: str,
    retention_days: int,
) -> dict[str, int]:
    """Delete the items `item_ids` for good; audit the batch; return row counts."""
    counts = items_hard_delete(tenant_id=tenant.id, item_ids=item_ids)
    _batch_audit(
        tenant,
        AuditAction.RETENTION_HARD_DELETE,
        item_ids,
        classification=classification,
        retention_days=retention_days,
        counts=counts,
    )
    return counts


def retention_items_expire(
    *,
    tenant: Tenant,
    item_ids: list[uuid.UUID],
    classification: str,
    retention_days: int,
    now: datetime,
) -> dict[str, int]:
    """Expire the items `item_ids` and their active heads from `now`, with log
    entries; audit the batch; return row counts."""
    expired, heads = items_expire(
        tenant_id=tenant.id,
        item_ids=item_ids,
        now=now,
        expired_by=REASON,
        reason=REASON,
        payload={
            "retention": True,
            "classification": classification,
            "retention_days": retention_days,
        },
    )
    counts = {
        "memory_item": len(expired),
        "memory_version": heads,
        "memory_log": len(expired),
    }
    _batch_audit(
        tenant,
        AuditAction.RETENTION_EXPIRE,
        item_ids,
        classification=classification,
        retention_days=retention_days,
        counts=counts,
    )
    return counts


def _batch_audit(
    tenant: Tenant,
    action: AuditAction,
    item_ids: list[uuid.UUID],
    *,
    classification: str,
    retention_days: int,
    counts: dict[str, int],
) -> None:
    audit_event_record(
        tenant_id=tenant.id,
        actor=ACTOR,
        action=action,
        object_type="memory_item_batch",
        object_id=str(uuid.uuid4()),
        reason=REASON,
        metadata={
            "classification": classification,
            "retention_days": retention_days,
            "items": len(item_ids),
            "item_ids": [str(i) for i in item_ids],
            "rows": counts,
        },
    )
