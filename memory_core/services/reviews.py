"""Decide writes waiting for a person: approve, reject, or expire at the deadline.

The approvals app's screens call these; the agent long-polling a sync write
sees the outcome. Exactly one decision wins: the write row is locked and its
status checked, so a second curator is told who decided first.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from audit.actions import AuditAction
from audit.services import Actor, AuditEntry, audit_events_record
from memory_core.exceptions import AlreadyDecided, Invalid, NotFound
from memory_core.keys import provenance_keys
from memory_core.lock_objects import row_lock, rows_lock
from memory_core.metrics import instruments
from memory_core.models import (
    Conflict,
    ConflictStatus,
    MemoryVersion,
    ReviewTier,
    Tenant,
    WriteRequest,
    WriteStatus,
)
from memory_core.permissions import Capability, require
from memory_core.policy import policy_for
from memory_core.provenance import provenance_resign_approved
from memory_core.services.agents import agent_reputation_refresh
from memory_core.services.memory import (
    version_approve,
    version_discard,
    versions_supersede,
)
from memory_core.write_signals import writes_decided_notify

# Flags whose approval needs a written justification.
JUSTIFY_FLAGS = {"poisoning"}
MIN_JUSTIFICATION_CHARS = 10
REJECT_REASONS = (
    "FACTUAL_ERROR",
    "POLICY_VIOLATION",
    "PII",
    "DUPLICATE",
    "CONTRADICTION",
    "OTHER",
)


def require_decider(tenant: Tenant, user: User) -> None:
    """Refuse anyone but the tenant's curators and admins (outsiders: not found)."""
    require(
        tenant=tenant,
        user=user,
        capability=Capability.REVIEW_DECIDE,
        missing="No such write.",
    )


def lock_pending_write(
    tenant: Tenant, write_id: uuid.UUID, *, now: datetime | None = None
) -> WriteRequest:
    """Lock the tenant's write waiting for a person, or say who decided it.

    A sync write past its deadline cannot be decided any more (fail-closed):
    `deadline_enforce` expires it first, and this refuses it should the
    deadline fall between the two.
    """
    write = rows_lock(WriteRequest.objects.filter(tenant=tenant, pk=write_id)).first()
    if write is None:
        raise NotFound("No such write.")
    if not write.awaiting_human:
        who = f" by {write.decided_by}" if write.decided_by else ""
        if write.status == WriteStatus.EXPIRED:
            raise _deadline_passed(write)
        raise AlreadyDecided(
            f"This write was already decided{who}: {write.status}.",
            code="already_decided",
            details={"status": write.status, "decided_by": write.decided_by},
        )
    if _overdue(write, now or timezone.now()):
        raise _deadline_passed(write)
    return write


def _overdue(write: WriteRequest, now: datetime) -> bool:
    return (
        write.status == WriteStatus.AWAITING_APPROVAL
        and write.review_deadline is not None
        and write.review_deadline <= now
    )


def _deadline_passed(write: WriteRequest) -> AlreadyDecided:
    deadline = write.review_deadline
    at = f" at {deadline:%Y-%m-%d %H:%M:%S} UTC" if deadline else ""
    return AlreadyDecided(
        f"The approval deadline passed{at}: the write was refused (fail-closed) "
        "and the agent told so. It cannot be decided any more.",
        code="deadline_passed",
        details={
            "status": WriteStatus.EXPIRED,
            "deadline": deadline.isoformat() if deadline else None,
        },
    )


def deadline_enforce(tenant: Tenant, write_id: uuid.UUID, *, now: datetime) -> None:
    """Expire the sync write if its deadline passed, and refuse the decision.

    The expiry commits on its own (the beat sweep would have done the same);
    only then is the decision refused, so a late click can never approve.
    """
    write = WriteRequest.objects.filter(tenant=tenant, pk=write_id).first()
    if write is not None and _overdue(write, now):
        write_expire(write=write, now=now)
        write.refresh_from_db()
        raise _deadline_passed(write)


def refuse_open_contradiction(write: WriteRequest) -> None:
    """Refuse a decision that would settle the write's open contradiction case.

    Bulk decisions call this: settling a case decides about the stored
    memory too, which a curator does one case at a time.
    """
    if open_conflicts(write).exists():
        raise AlreadyDecided(
            "It contradicts a stored memory: open it to choose which stays "
            "(a bulk decision never resolves a contradiction).",
            code="contradiction_needs_decision",
        )


def justification_needed(write: WriteRequest, version: MemoryVersion | None) -> str:
    """Return why approving this write needs a written justification, or ""."""
    if write.tier == ReviewTier.SYNC:
        return "it blocks its agent (sync)"
    if version is not None and JUSTIFY_FLAGS & set(version.flags or []):
        return "the sensitivity gate flagged it as possible memory poisoning"
    return ""


def require_justification(
    write: WriteRequest, version: MemoryVersion | None, justification: str
) -> None:
    """Refuse an approval without a written justification where one is needed."""
    why = justification_needed(write, version)
    if why and len(justification.strip()) < MIN_JUSTIFICATION_CHARS:
        raise Invalid(
            f"Approving this write needs a written justification, because {why}.",
            code="justification_required",
            details={"why": why},
        )


def open_conflicts(write: WriteRequest):
    """Lock the write's open contradiction cases, in primary-key order."""
    return rows_lock(
        Conflict.objects.filter(write_request=write, status=ConflictStatus.OPEN)
    )


def resolve_conflict_rows(
    conflicts, *, resolution: str, by: str, now: datetime
) -> list[AuditEntry]:
    """Close contradiction cases with `resolution`; return their audit entries."""
    entries = []
    for conflict in conflicts:
        conflict.status, conflict.resolution = ConflictStatus.RESOLVED, resolution
        conflict.resolved_by, conflict.resolved_at = by, now
        conflict.save(
            update_fields=["status", "resolution", "resolved_by", "resolved_at"]
        )
        entries.append(
            AuditEntry(
                action=AuditAction.CONFLICT_RESOLVE,
                object_type="conflict",
                object_id=str(conflict.id),
                reason=resolution,
            )
        )
    return entries


def record_decision(
    write: WriteRequest,
    *,
    status: str,
    by: str,
    now: datetime,
    code: str = "",
    reason: str = "",
) -> None:
    """Store a person's (or the deadline's) decision on the locked write."""
    write.status, write.decided_by, write.decided_at = status, by, now
    if code:
        write.gate, write.code, write.reason = "review", code, reason
    write.save(
        update_fields=["status", "decided_by", "decided_at", "gate", "code", "reason"]
    )
    writes_decided_notify(tenant_id=write.tenant_id, write_ids=[write.id])
    transaction.on_commit(lambda: instruments.observe_writes("review", [write]))


def write_review_approve(
    *,
    tenant: Tenant,
    write_id: uuid.UUID,
    user: User,
    justification: str = "",
    resolve_contradictions: bool = True,
) -> WriteRequest:
    """Publish the write's draft; supersede what it contradicted (keep new).

    With `resolve_contradictions` false (bulk decisions), a write with an
    open contradiction case is refused instead: settling a case is a
    decision about the stored memory too, made one by one.
    """
    require_decider(tenant, user)
    actor = Actor(type="user", id=str(user.pk), label=user.get_username())
    now = timezone.now()
    deadline_enforce(tenant, write_id, now=now)
    with transaction.atomic(durable=True):
        write = lock_pending_write(tenant, write_id, now=now)
        version = row_lock(MemoryVersion, tenant=tenant, pk=write.version_id)
        require_justification(write, version, justification)
        if not resolve_contradictions:
            refuse_open_contradiction(write)
        resign_approved(version, approved_by=actor.label, now=now)
        entries = version_approve(
            version=version,
            approved_by=actor.label,
            justification=justification,
            now=now,
            actor_user_id=user.pk,
        )
        conflicts = list(open_conflicts(write))
        contradicted = [
            c.existing_version_id for c in conflicts if c.proposed_action == "supersede"
        ]
        if contradicted:
            entries += versions_supersede(
                version_ids=contradicted,
                by=version,
                now=now,
                reason="contradiction resolved: keep new",
                actor_user_id=user.pk,
            )
        entries += resolve_conflict_rows(
            conflicts, resolution="keep_new", by=actor.label, now=now
        )
        record_decision(write, status=WriteStatus.COMMITTED, by=actor.label, now=now)
        entries.append(
            AuditEntry(
                action=AuditAction.WRITE_APPROVE,
                object_type="write_request",
                object_id=str(write.id),
                reason=justification,
                metadata={"tier": write.tier},
            )
        )
        audit_events_record(tenant_id=tenant.id, actor=actor, entries=entries)
        transaction.on_commit(lambda: agent_reputation_refresh(agent_id=write.agent_id))
    return write


def write_review_reject(
    *,
    tenant: Tenant,
    write_id: uuid.UUID,
    user: User,
    reason_code: str,
    note: str = "",
    resolve_contradictions: bool = True,
) -> WriteRequest:
    """Discard the write's draft with a structured reason.

    Rejecting settles its contradiction cases as "keep existing"; with
    `resolve_contradictions` false (bulk decisions) such a write is refused.
    """
    if reason_code not in REJECT_REASONS:
        raise Invalid(
            f"Unknown reason {reason_code!r}; use one of {', '.join(REJECT_REASONS)}.",
            code="invalid_reason",
        )
    require_decider(tenant, user)
    actor = Actor(type="user", id=str(user.pk), label=user.get_username())
    now = timezone.now()
    deadline_enforce(tenant, write_id, now=now)
    with transaction.atomic(durable=True):
        write = lock_pending_write(tenant, write_id, now=now)
        if not resolve_contradictions:
            refuse_open_contradiction(write)
        version = row_lock(MemoryVersion, tenant=tenant, pk=write.version_id)
        entries = version_discard(
            version=version,
            reason=f"{reason_code}: {note}",
            now=now,
            actor_user_id=user.pk,
        )
        entries += resolve_conflict_rows(
            open_conflicts(write), resolution="keep_existing", by=actor.label, now=now
        )
        record_decision(
            write,
            status=WriteStatus.REJECTED,
            by=actor.label,
            now=now,
            code=reason_code.lower(),
            reason=note or reason_code,
        )
        entries.append(
            AuditEntry(
                action=AuditAction.WRITE_REJECT,
                object_type="write_request",
                object_id=str(write.id),
                reason=reason_code,
                metadata={"tier": write.tier},
            )
        )
        audit_events_record(tenant_id=tenant.id, actor=actor, entries=entries)
        transaction.on_commit(lambda: agent_reputation_refresh(agent_id=write.agent_id))
    return write


def resign_approved(version: MemoryVersion, *, approved_by: str, now: datetime) -> None:
    """Re-sign the provenance record now that a person approved it (β4 counts)."""
    if not version.provenance:
        return
    # A draft signed before a key rotation verifies under the previous key.
    key, *previous = provenance_keys()
    record, signature = provenance_resign_approved(
        version.provenance,
        approved_by=approved_by,
        key=key,
        betas=policy_for(version.tenant).confidence_betas,
        approved_at=now,
        signature=version.signature,
        previous_keys=previous,
    )
    version.provenance, version.signature = record, signature
    version.adjusted_confidence = record.get(
        "adjusted_confidence", version.adjusted_confidence
    )


def write_expire(*, write: WriteRequest, now: datetime | None = None) -> bool:
    """Fail a sync write closed once its deadline passed; return whether it did."""
    now = now or timezone.now()
    with transaction.atomic():
        write = rows_lock(
            WriteRequest.objects.filter(
                pk=write.pk,
                status=WriteStatus.AWAITING_APPROVAL,
                review_deadline__lte=now,
            )
        ).first()
        if write is None:
            return False
        entries: list[AuditEntry] = []
        if write.version_id:
            version = row_lock(MemoryVersion, pk=write.version_id)
            entries += version_discard(
                version=version,
                now=now,
                reason="approval deadline passed (fail-closed)",
            )
        entries += resolve_conflict_rows(
            open_conflicts(write), resolution="expired", by="deadline", now=now
        )
        write.status, write.decided_at = WriteStatus.EXPIRED, now
        write.gate, write.code = "review", "approval_deadline_passed"
        write.reason = "No curator approved the write before its deadline."
        write.save(update_fields=["status", "decided_at", "gate", "code", "reason"])
        writes_decided_notify(tenant_id=write.tenant_id, write_ids=[write.id])
        transaction.on_commit(
            lambda write=write: instruments.observe_writes("review", [write])
        )
        entries.append(
            AuditEntry(
                action=AuditAction.WRITE_EXPIRE,
                object_type="write_request",
                object_id=str(write.id),
                reason="approval_deadline_passed",
            )
        )
        audit_events_record(
            tenant_id=write.tenant_id, actor=Actor.system("deadline"), entries=entries
        )
    return True


def writes_expire_overdue(*, now: datetime | None = None, limit: int = 500) -> int:
    """Beat: reject every sync write whose approval deadline passed."""
    now = now or timezone.now()
    overdue = list(
        WriteRequest.objects.filter(
            status=WriteStatus.AWAITING_APPROVAL, review_deadline__lte=now
        ).order_by("review_deadline")[:limit]
    )
    return sum(write_expire(write=w, now=now) for w in overdue)
