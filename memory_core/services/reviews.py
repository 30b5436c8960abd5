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

from audit.services import Actor, AuditEntry, audit_events_record
from memory_core.exceptions import Conflict as AlreadyDecided
from memory_core.exceptions import Invalid, NotFound, PermissionDenied
from memory_core.keys import provenance_keys
from memory_core.models import (
    Conflict,
    ConflictStatus,
    Membership,
    MemoryVersion,
    Role,
    Tenant,
    WriteRequest,
    WriteStatus,
)
from memory_core.policy import policy_for
from memory_core.provenance import provenance_resign_approved
from memory_core.services.agents import agent_reputation_refresh
from memory_core.services.memory import (
    version_approve,
    version_discard,
    versions_supersede,
)

DECIDERS = {Role.CURATOR, Role.ADMIN}
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
    role = (
        Membership.objects.filter(tenant=tenant, user=user)
        .values_list("role", flat=True)
        .first()
    )
    if role is None:
        raise NotFound("No such write.")
    if role not in DECIDERS:
        raise PermissionDenied("Only curators and admins decide reviews.")


def lock_pending_write(tenant: Tenant, write_id: uuid.UUID) -> WriteRequest:
    """Lock the tenant's write waiting for a person, or say who decided it."""
    write = (
        WriteRequest.objects.select_for_update(of=("self",))
        .filter(tenant=tenant, pk=write_id)
        .first()
    )
    if write is None:
        raise NotFound("No such write.")
    if not write.awaiting_human:
        who = f" by {write.decided_by}" if write.decided_by else ""
        raise AlreadyDecided(
            f"This write was already decided{who}: {write.status}.",
            code="already_decided",
            details={"status": write.status, "decided_by": write.decided_by},
        )
    return write


def open_conflicts(write: WriteRequest):
    """Lock the write's open contradiction cases, in primary-key order."""
    return (
        Conflict.objects.select_for_update(of=("self",))
        .filter(write_request=write, status=ConflictStatus.OPEN)
        .order_by("pk")
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
                action="conflict.resolve",
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


def write_review_approve(
    *, tenant: Tenant, write_id: uuid.UUID, user: User, justification: str = ""
) -> WriteRequest:
    """Publish the write's draft; supersede what it contradicted (keep new)."""
    require_decider(tenant, user)
    actor = Actor(type="user", id=str(user.pk), label=user.get_username())
    now = timezone.now()
    with transaction.atomic(durable=True):
        write = lock_pending_write(tenant, write_id)
        version = MemoryVersion.objects.select_for_update(of=("self",)).get(
            tenant=tenant, pk=write.version_id
        )
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
                action="write.approve",
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
    *, tenant: Tenant, write_id: uuid.UUID, user: User, reason_code: str, note: str = ""
) -> WriteRequest:
    """Discard the write's draft with a structured reason."""
    if reason_code not in REJECT_REASONS:
        raise Invalid(
            f"Unknown reason {reason_code!r}; use one of {', '.join(REJECT_REASONS)}.",
            code="invalid_reason",
        )
    require_decider(tenant, user)
    actor = Actor(type="user", id=str(user.pk), label=user.get_username())
    now = timezone.now()
    with transaction.atomic(durable=True):
        write = lock_pending_write(tenant, write_id)
        version = MemoryVersion.objects.select_for_update(of=("self",)).get(
            tenant=tenant, pk=write.version_id
        )
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
                action="write.reject",
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
        write = (
            WriteRequest.objects.select_for_update(of=("self",))
            .filter(
                pk=write.pk,
                status=WriteStatus.AWAITING_APPROVAL,
                review_deadline__lte=now,
            )
            .first()
        )
        if write is None:
            return False
        entries: list[AuditEntry] = []
        if write.version_id:
            version = MemoryVersion.objects.select_for_update(of=("self",)).get(
                pk=write.version_id
            )
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
        entries.append(
            AuditEntry(
                action="write.expire",
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
