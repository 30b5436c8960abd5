"""Write and verify the audit trail. The only code that creates audit events."""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import connection
from django.utils import timezone

from audit.models import ActorType, AuditChainHead, AuditEvent

GENESIS_HASH = "0" * 64


@dataclass(frozen=True)
class Actor:
    """Who did it: an agent, a person or the system (beat jobs, the pipeline)."""

    type: str
    id: str = ""
    label: str = ""

    @classmethod
    def system(cls, label: str = "system") -> Actor:
        return cls(type=ActorType.SYSTEM, id="", label=label)


@dataclass(frozen=True)
class AuditEntry:
    action: str
    object_type: str = ""
    object_id: str = ""
    reason: str = ""
    metadata: dict[str, Any] = field(default_factory=dict)


def event_hash(
    *,
    prev_hash: str,
    tenant_id: str,
    seq: int,
    created_at: str,
    actor_type: str,
    actor_id: str,
    action: str,
    object_type: str,
    object_id: str,
    reason: str,
    metadata: dict[str, Any],
) -> str:
    """Return the SHA-256 link over the previous hash and the event's fields."""
    body = json.dumps(
        {
            "tenant_id": str(tenant_id),
            "seq": seq,
            "created_at": created_at,
            "actor_type": actor_type,
            "actor_id": actor_id,
            "action": action,
            "object_type": object_type,
            "object_id": object_id,
            "reason": reason,
            "metadata": metadata,
        },
        sort_keys=True,
        separators=(",", ":"),
        default=str,
    )
    return hashlib.sha256((prev_hash + body).encode()).hexdigest()


def _lock_chain_head(tenant_id: uuid.UUID) -> AuditChainHead:
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO audit_auditchainhead (tenant_id, seq, hash) "
            "VALUES (%s, 0, %s) ON CONFLICT (tenant_id) DO NOTHING",
            [tenant_id, GENESIS_HASH],
        )
    return AuditChainHead.objects.select_for_update().get(tenant_id=tenant_id)


def audit_events_record(
    *, tenant_id: uuid.UUID, actor: Actor, entries: Sequence[AuditEntry]
) -> list[AuditEvent]:
    """Append `entries` to the tenant's chain inside the caller's transaction.

    Call it last in a transaction, after the rows it describes are written: it
    takes the tenant's chain lock, which is then held until commit.
    """
    if not connection.in_atomic_block:
        raise RuntimeError(
            "Audit events must be written inside the mutation's transaction."
        )
    if not entries:
        return []
    head = _lock_chain_head(tenant_id)
    now = timezone.now()
    events = []
    seq, prev = head.seq, head.hash
    for entry in entries:
        seq += 1
        metadata = json.loads(json.dumps(entry.metadata, default=str))
        digest = event_hash(
            prev_hash=prev,
            tenant_id=str(tenant_id),
            seq=seq,
            created_at=now.isoformat(),
            actor_type=actor.type,
            actor_id=actor.id,
            action=entry.action,
            object_type=entry.object_type,
            object_id=entry.object_id,
            reason=entry.reason,
            metadata=metadata,
        )
        events.append(
            AuditEvent(
                tenant_id=tenant_id,
                seq=seq,
                created_at=now,
                actor_type=actor.type,
                actor_id=actor.id,
                actor_label=actor.label,
                action=entry.action,
                object_type=entry.object_type,
                object_id=entry.object_id,
                reason=entry.reason,
                metadata=metadata,
                prev_hash=prev,
                hash=digest,
            )
        )
        prev = digest
    AuditEvent.objects.bulk_create(events)
    head.seq, head.hash = seq, prev
    head.save(update_fields=["seq", "hash"])
    return events


def audit_event_record(
    *,
    tenant_id: uuid.UUID,
    actor: Actor,
    action: str,
    object_type: str = "",
    object_id: str = "",
    reason: str = "",
    metadata: dict[str, Any] | None = None,
) -> AuditEvent:
    """Append one event; see `audit_events_record`."""
    entry = AuditEntry(
        action=action,
        object_type=object_type,
        object_id=str(object_id),
        reason=reason,
        metadata=metadata or {},
    )
    return audit_events_record(tenant_id=tenant_id, actor=actor, entries=[entry])[0]


@dataclass(frozen=True)
class ChainBreak:
    tenant_id: str
    seq: int
    problem: str


def audit_chain_verify(
    *, tenant_ids: Iterable[uuid.UUID] | None = None
) -> list[ChainBreak]:
    """Recompute every chain and return the first broken link of each tenant."""
    if tenant_ids is None:
        tenant_ids = (
            AuditEvent.objects.values_list("tenant_id", flat=True)
            .distinct()
            .order_by("tenant_id")
        )
    breaks = []
    for tenant_id in tenant_ids:
        problem = _verify_tenant(tenant_id)
        if problem:
            breaks.append(problem)
    return breaks


def _verify_tenant(tenant_id: uuid.UUID) -> ChainBreak | None:
    prev, expected_seq = GENESIS_HASH, 1
    events = AuditEvent.objects.filter(tenant_id=tenant_id).order_by("seq")
    for event in events.iterator(chunk_size=2000):
        if event.seq != expected_seq:
            return ChainBreak(
                str(tenant_id), expected_seq, f"event #{expected_seq} is missing"
            )
        if event.prev_hash != prev:
            return ChainBreak(
                str(tenant_id), event.seq, "prev_hash does not match the previous event"
            )
        digest = event_hash(
            prev_hash=prev,
            tenant_id=str(tenant_id),
            seq=event.seq,
            created_at=event.created_at.isoformat(),
            actor_type=event.actor_type,
            actor_id=event.actor_id,
            action=event.action,
            object_type=event.object_type,
            object_id=event.object_id,
            reason=event.reason,
            metadata=event.metadata,
        )
        if digest != event.hash:
            return ChainBreak(
                str(tenant_id), event.seq, "hash does not match the event's contents"
            )
        prev, expected_seq = event.hash, expected_seq + 1
    head = AuditChainHead.objects.filter(tenant_id=tenant_id).first()
    if head and (head.seq != expected_seq - 1 or head.hash != prev):
        return ChainBreak(
            str(tenant_id),
            expected_seq,
            "chain head does not match the last event (tail truncated)",
        )
    return None
