"""Garbage collection's audited writes: a run's row and batches, recovery, requests.

A run (`memory_core.lifecycle.gc.runs`, the job) classifies and loops; each of its
writes is one function here, in its own durable transaction with its audit
event: the claim (start or resume), each batch (the rows it changes, the
run's counts and cursor, one event for the batch), completion, failure, and
a dry run's record. The reads are `memory_core.lifecycle.gc.selectors`.

Recovery, like a rollback (memory_core/services/curation.py), appends a
version: an active copy of the expired head from now, so the expired range
stays as it was for "as of" reads. It also lifts what made GC take the item,
or the next run would take it again: a passed hard or soft TTL is cleared,
candidate and stale marks go, the retrieval weight is reset, the copy counts
as verified now (`last_reinforced_at`, which restarts confidence decay) and
the recovery as a use (`last_accessed_at`, which restarts the idle clocks).
Recovery is possible only while the item is within the grace period.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import connection, transaction
from django.utils import timezone

from audit.actions import AuditAction
from audit.services import Actor, AuditEntry, audit_events_record
from memory_core.exceptions import Invalid, NotFound, StateConflict
from memory_core.lifecycle.deletion import items_hard_delete
from memory_core.lifecycle.gc import contradictions, rules
from memory_core.lifecycle.gc.selectors import grace_ends_at
from memory_core.lock_objects import memory_item_lock, memory_version_lock, rows_lock
from memory_core.models import (
    GcRun,
    GcRunStatus,
    LogOperation,
    MemoryItem,
    MemoryVersion,
    Tenant,
    VersionStatus,
)
from memory_core.policy import policy_for
from memory_core.services.curation import (
    head_copy_commit,
    item_key_refuse_taken,
    require_curator,
    required_reason,
)
from memory_core.services.tenancy import user_actor


def gc_actor(user_id: int) -> Actor:
    """Return the actor of a user's id, for tasks that carry only the id."""
    user = User.objects.get(pk=user_id)
    return user_actor(user)


def memory_recover(
    *, tenant: Tenant, item_id: uuid.UUID | str, user: User, reason: str
) -> MemoryVersion:
    """Bring back an item GC (or a curator) expired, within the grace period."""
    require_curator(tenant, user)
    reason = required_reason(reason)
    grace_days = policy_for(tenant).gc_grace_days
    now = timezone.now()
    with transaction.atomic(durable=True):
        item = memory_item_lock(tenant_id=tenant.id, item_id=item_id)
        if item is None:
            raise NotFound("No such memory.")
        if item.status != VersionStatus.EXPIRED:
            raise StateConflict(
                f"Only an expired memory can be recovered; this one is {item.status}.",
                code="not_expired",
            )
        ends = grace_ends_at(item, grace_days=grace_days)
        if ends is not None and ends <= now:
            raise StateConflict(
                f"The grace period ended on {ends:%Y-%m-%d %H:%M} UTC; the memory "
                "is due for deletion and can no longer be recovered.",
                code="grace_over",
            )
        head = memory_version_lock(tenant_id=tenant.id, version_id=item.head_id)
        if head is None:
            raise Invalid("This memory has no version to recover.", code="no_head")
        item_key_refuse_taken(item)
        rule = item.expired_by
        copy = head_copy_commit(
            head,
            item=item,
            user=user,
            reason=reason,
            now=now,
            operation=LogOperation.UPDATE,
            action=AuditAction.MEMORY_RECOVER,
            scope_id=head.scope_id,
            layer=head.layer,
            supersedes=head,
            reinforced_at=now,
            log_payload={"recovered_from": str(head.id), "expired_by": rule},
            audit_metadata={"recovered_from": str(head.id), "expired_by": rule},
        )
        item.expired_at, item.expired_by = None, ""
        item.gc_candidate_at, item.gc_candidate_reason = None, ""
        item.stale_at, item.stale_reason, item.staleness = None, "", None
        item.retrieval_weight, item.last_accessed_at = 1.0, now
        if item.expires_at is not None and item.expires_at <= now:
            item.expires_at = None
        if item.soft_expires_at is not None and item.soft_expires_at <= now:
            item.soft_expires_at = None
        item.save(
            update_fields=[
                "expired_at",
                "expired_by",
                "gc_candidate_at",
                "gc_candidate_reason",
                "stale_at",
                "stale_reason",
                "staleness",
                "retrieval_weight",
                "last_accessed_at",
                "expires_at",
                "soft_expires_at",
            ]
        )
    return copy


def gc_dry_run_request(*, tenant: Tenant, user: User) -> None:
    """Queue a dry run for the tenant, on behalf of a curator or an admin."""
    require_curator(tenant, user, missing="No such tenant.")
    from memory_core.tasks import gc_run_task

    with transaction.atomic(durable=True):
        audit_events_record(
            tenant_id=tenant.id,
            actor=user_actor(user),
            entries=[
                AuditEntry(
                    action=AuditAction.GC_RUN_REQUEST,
                    object_type="tenant",
                    object_id=str(tenant.id),
                    metadata={"dry_run": True},
                )
            ],
        )
        transaction.on_commit(
            lambda: gc_run_task.delay(str(tenant.id), dry_run=True, user_id=user.pk)
        )


# A run's writes (memory_core.lifecycle.gc.runs calls them; the lock is the run's).


def _run_event(action: str, run: GcRun, **metadata: Any) -> AuditEntry:
    return AuditEntry(
        action=action,
        object_type="gc_run",
        object_id=str(run.id),
        metadata={"dry_run": run.dry_run, **metadata},
    )


def gc_run_claim(*, tenant: Tenant, triggered_by: str, actor: Actor) -> GcRun:
    """Resume the tenant's interrupted run, or start a new one (lock held)."""
    now = timezone.now()
    with transaction.atomic(durable=True):
        run = rows_lock(
            GcRun.objects.filter(
                tenant=tenant, status=GcRunStatus.RUNNING, dry_run=False
            )
        ).first()
        if run is not None:
            run.resumes += 1
            run.heartbeat_at = now
            run.save(update_fields=["resumes", "heartbeat_at"])
            event = _run_event(
                AuditAction.GC_RUN_RESUME,
                run,
                resumes=run.resumes,
                progress=run.progress,
            )
        else:
            run = GcRun(
                tenant=tenant,
                triggered_by=triggered_by,
                started_at=now,
                heartbeat_at=now,
                progress={"done": []},
            )
            run.rows_examined = rules.versions_in_scope(
                rules.Context(tenant.id, now, policy_for(tenant))
            )
            run.full_clean()
            run.save(force_insert=True)
            event = _run_event(AuditAction.GC_RUN_START, run, triggered_by=triggered_by)
        audit_events_record(tenant_id=tenant.id, actor=actor, entries=[event])
    return run


def gc_run_phase_done(run: GcRun, *, phase: str, seconds: float) -> None:
    """Record a finished phase and its time; drop the phase's cursor."""
    spent = {**run.progress.get("seconds", {})}
    spent[phase] = round(spent.get(phase, 0) + seconds, 3)
    run.progress = {
        **run.progress,
        "done": [*run.progress["done"], phase],
        "seconds": spent,
    }
    run.progress.pop("cursor", None)
    with transaction.atomic(durable=True):
        run.heartbeat_at = timezone.now()
        run.save(update_fields=["progress", "heartbeat_at"])


def gc_run_complete(run: GcRun, *, actor: Actor) -> None:
    """Mark the run completed, with its counts in the audit event."""
    now = timezone.now()
    with transaction.atomic(durable=True):
        run.status, run.finished_at = GcRunStatus.COMPLETED, now
        run.duration_seconds = (now - run.started_at).total_seconds()
        run.heartbeat_at = now
        run.save(
            update_fields=["status", "finished_at", "duration_seconds", "heartbeat_at"]
        )
        audit_events_record(
            tenant_id=run.tenant_id,
            actor=actor,
            entries=[
                _run_event(
                    AuditAction.GC_RUN_COMPLETE,
                    run,
                    counts=run.counts,
                    rows_examined=run.rows_examined,
                    duration_seconds=round(run.duration_seconds, 3),
                )
            ],
        )


def gc_run_fail(run: GcRun, exc: Exception, *, actor: Actor) -> bool:
    """Record a failed run; its batches stand, the next run redoes the rest.

    Return False (recording nothing) if the connection is in a broken
    transaction.
    """
    if connection.needs_rollback:
        return False
    now = timezone.now()
    with transaction.atomic(durable=True):
        run.status, run.finished_at = GcRunStatus.FAILED, now
        run.duration_seconds = (now - run.started_at).total_seconds()
        run.error = f"{type(exc).__name__}: {exc}"[:2000]
        run.save(update_fields=["status", "finished_at", "duration_seconds", "error"])
        audit_events_record(
            tenant_id=run.tenant_id,
            actor=actor,
            entries=[
                _run_event(AuditAction.GC_RUN_FAIL, run, error=type(exc).__name__)
            ],
        )
    return True


def gc_run_dry_run_record(
    *,
    tenant: Tenant,
    counts: dict[str, int],
    rows_examined: int,
    started: datetime,
    duration_seconds: float,
    phases: Sequence[str],
    triggered_by: str,
    actor: Actor,
) -> GcRun:
    """Record a dry run's counts as a completed run, with its audit event."""
    finished = timezone.now()
    with transaction.atomic(durable=True):
        run = GcRun(
            tenant=tenant,
            dry_run=True,
            status=GcRunStatus.COMPLETED,
            triggered_by=triggered_by,
            started_at=started,
            heartbeat_at=finished,
            finished_at=finished,
            duration_seconds=duration_seconds,
            rows_examined=rows_examined,
            counts=counts,
            progress={"done": list(phases)},
        )
        run.full_clean()
        run.save(force_insert=True)
        audit_events_record(
            tenant_id=tenant.id,
            actor=actor,
            entries=[_run_event(AuditAction.GC_RUN_DRY_RUN, run, counts=counts)],
        )
    return run


# Called between a batch's changes and the write of the run's row; a run
# expiring batches on several connections waits there for its turn
# (memory_core.lifecycle.gc.runs), so batches commit in order.
BeforeCommit = Callable[[], None]


def _batch_commit(
    run: GcRun,
    rule: str,
    batch: list[uuid.UUID],
    actor: Actor,
    change: Callable[[], tuple[int, list[AuditEntry]]],
    before_commit: BeforeCommit | None = None,
) -> None:
    """Apply one batch, count it and move the cursor, in one transaction.

    Committed without waiting for the WAL flush: a batch lost to a crash
    is lost whole, with its cursor, and the next run repeats it (every rule
    re-checks), so GC need not pay a flush per batch.
    """
    with transaction.atomic(durable=True):
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit = off")
        changed, entries = change()
        if before_commit is not None:
            before_commit()
        run.counts = {**run.counts, rule: run.counts.get(rule, 0) + changed}
        run.progress = {
            **run.progress,
            "cursor": {"rule": rule, "after": str(max(batch, key=str))},
        }
        run.heartbeat_at = timezone.now()
        run.save(update_fields=["counts", "progress", "heartbeat_at"])
        if entries:
            audit_events_record(tenant_id=run.tenant_id, actor=actor, entries=entries)


def _batch_event(
    action: str, run: GcRun, rule: str, ids: Sequence[Any], **metadata: Any
) -> AuditEntry:
    return AuditEntry(
        action=action,
        object_type="gc_run",
        object_id=str(run.id),
        reason=f"garbage collection: {rule.replace('_', ' ')}",
        metadata={"rule": rule, "count": len(ids), "ids": [str(i) for i in ids]}
        | metadata,
    )


def gc_expire_batch(
    run: GcRun,
    ctx: rules.Context,
    *,
    rule: str,
    batch: list[uuid.UUID],
    actor: Actor,
    before_commit: BeforeCommit | None = None,
) -> None:
    """Expire the batch's items still due under `rule`; one event for the batch."""

    def change() -> tuple[int, list[AuditEntry]]:
        rows = rules.expire_batch(ctx, rule=rule, item_ids=batch, run_id=run.id)
        if not rows:
            return 0, []
        return len(rows), [
            _batch_event(
                AuditAction.MEMORY_GC_EXPIRE,
                run,
                rule,
                [item for item, _ in rows],
                version_ids=[str(v) for _, v in rows],
            )
        ]

    _batch_commit(run, rule, batch, actor, change, before_commit)


def gc_mark_batch(
    run: GcRun, ctx: rules.Context, *, rule: str, batch: list[uuid.UUID], actor: Actor
) -> None:
    """Mark the batch's items still matching `rule`; one event for the batch."""

    def change() -> tuple[int, list[AuditEntry]]:
        ids = rules.mark_batch(ctx, rule=rule, item_ids=batch)
        if not ids:
            return 0, []
        return len(ids), [_batch_event(AuditAction.MEMORY_GC_MARK, run, rule, ids)]

    _batch_commit(run, rule, batch, actor, change)


def gc_superseded_batch(
    run: GcRun,
    ctx: rules.Context,
    *,
    batch: list[uuid.UUID],
    actor: Actor,
    before_commit: BeforeCommit | None = None,
) -> None:
    """Expire the batch's superseded versions still due; one event for the batch."""
    rule = rules.SUPERSEDED

    def change() -> tuple[int, list[AuditEntry]]:
        rows = rules.superseded_expire_batch(ctx, version_ids=batch, run_id=run.id)
        if not rows:
            return 0, []
        return len(rows), [
            _batch_event(AuditAction.VERSION_GC_EXPIRE, run, rule, [v for v, _ in rows])
        ]

    _batch_commit(run, rule, batch, actor, change, before_commit)


def gc_scan_batch(
    run: GcRun,
    ctx: rules.Context,
    *,
    batch: list[uuid.UUID],
    findings: list[contradictions.Finding],
    done: list[uuid.UUID],
    actor: Actor,
) -> None:
    """Open the batch's contradiction findings and stamp the items scanned."""

    def change() -> tuple[int, list[AuditEntry]]:
        opened, entries = contradictions.findings_record(
            tenant_id=ctx.tenant_id, findings=findings, run_id=run.id
        )
        MemoryItem.objects.filter(tenant_id=ctx.tenant_id, pk__in=done).update(
            contradiction_scanned_at=ctx.now
        )
        run.counts = {
            **run.counts,
            "contradiction_scanned": run.counts.get("contradiction_scanned", 0)
            + len(done),
        }
        return len(opened), entries

    _batch_commit(run, rules.CONTRADICTION_SCAN, batch, actor, change)


def gc_hard_delete_batch(
    run: GcRun, ctx: rules.Context, *, batch: list[uuid.UUID], actor: Actor
) -> None:
    """Delete for good the batch's items still past grace; one event for the batch."""
    rule = rules.HARD_DELETE

    def change() -> tuple[int, list[AuditEntry]]:
        locked = rules.hard_delete_lock(ctx, item_ids=batch)
        if not locked:
            return 0, []
        deleted = items_hard_delete(tenant_id=ctx.tenant_id, item_ids=locked)
        return len(locked), [
            _batch_event(
                AuditAction.MEMORY_GC_HARD_DELETE,
                run,
                rule,
                locked,
                rows_deleted=deleted,
            )
        ]

    _batch_commit(run, rule, batch, actor, change)
