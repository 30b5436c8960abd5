"""A GC run over one tenant: claim, phases in committed batches, resume, report.

A real run holds the tenant's session-level advisory lock for its whole life
(`pg_try_advisory_lock`): a second run that cannot take it returns at once,
and a worker that dies drops its connection, and with it the lock. The
`GcRun` row says where the run is; a run that finds its tenant's row still
`running` (and now holds the lock) is the continuation of a dead one.

Each batch is one durable transaction: the rows it changes, their memory
log entries, the run's counts and cursor, and one audit event for the batch.
A killed worker therefore leaves whole batches or none; every rule re-checks
its predicate when it locks a row, so repeating a batch changes nothing.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from audit.actions import AuditAction
from audit.services import Actor, AuditEntry, audit_events_record
from memory_core.gc import contradictions, rules
from memory_core.lifecycle.deletion import items_hard_delete
from memory_core.metrics import instruments
from memory_core.models import GcRun, GcRunStatus, MemoryItem, Tenant
from memory_core.pipeline.judges import Judge, get_judge
from memory_core.policy import Policy, policy_for

LOCK_CLASS = 26467  # "gc": the first key of the tenant's advisory lock
SYSTEM = Actor.system("gc")
PHASES = ("expiry", "marks", "superseded", "contradiction_scan", "hard_delete")
# Called after each committed batch with (run, rule); tests stop a run there.
AfterBatch = Callable[[GcRun, str], None]


def gc_run_execute(
    *,
    tenant_id: uuid.UUID | str,
    dry_run: bool = False,
    triggered_by: str = "beat",
    actor: Actor = SYSTEM,
    judge: Judge | None = None,
    after_batch: AfterBatch | None = None,
) -> GcRun | None:
    """Run GC over the tenant; return the run, or None if another one holds it.

    A dry run computes every rule's count and changes nothing but its own
    `GcRun` row.
    """
    tenant = Tenant.objects.get(pk=tenant_id)
    policy = policy_for(tenant)
    if dry_run:
        return _dry_run(tenant, policy, triggered_by=triggered_by, actor=actor)
    if not _try_lock(tenant.id):
        return None
    try:
        run = _claim(tenant, triggered_by=triggered_by, actor=actor)
        try:
            _execute(run, policy, judge or get_judge(), actor, after_batch)
        except Exception as exc:
            _fail(run, exc, actor)
            raise
        return run
    finally:
        _unlock(tenant.id)


def _try_lock(tenant_id: uuid.UUID) -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_try_advisory_lock(%s, hashtext(%s))",
            [LOCK_CLASS, str(tenant_id)],
        )
        return bool(cursor.fetchone()[0])


def _unlock(tenant_id: uuid.UUID) -> None:
    # A dead connection has dropped the lock already.
    try:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_advisory_unlock(%s, hashtext(%s))",
                [LOCK_CLASS, str(tenant_id)],
            )
    except Exception:  # noqa: BLE001 - the lock goes with the connection anyway
        connection.close()


def _run_event(action: str, run: GcRun, **metadata: Any) -> AuditEntry:
    return AuditEntry(
        action=action,
        object_type="gc_run",
        object_id=str(run.id),
        metadata={"dry_run": run.dry_run, **metadata},
    )


def _claim(tenant: Tenant, *, triggered_by: str, actor: Actor) -> GcRun:
    """Resume the tenant's interrupted run, or start a new one (lock held)."""
    now = timezone.now()
    with transaction.atomic(durable=True):
        run = (
            GcRun.objects.select_for_update()
            .filter(tenant=tenant, status=GcRunStatus.RUNNING, dry_run=False)
            .first()
        )
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


def _execute(
    run: GcRun,
    policy: Policy,
    judge: Judge,
    actor: Actor,
    after_batch: AfterBatch | None,
) -> None:
    phases: dict[str, Callable[[rules.Context], None]] = {
        "expiry": lambda ctx: _expiry(run, ctx, actor, after_batch),
        "marks": lambda ctx: _marks(run, ctx, actor, after_batch),
        "superseded": lambda ctx: _superseded(run, ctx, actor, after_batch),
        "contradiction_scan": lambda ctx: _scan(run, ctx, judge, actor, after_batch),
        "hard_delete": lambda ctx: _hard_delete(run, ctx, actor, after_batch),
    }
    for phase in PHASES:
        if phase in run.progress.get("done", []):
            continue
        clock = time.monotonic()
        phases[phase](rules.Context(run.tenant_id, timezone.now(), policy))
        seconds = {**run.progress.get("seconds", {})}
        seconds[phase] = round(seconds.get(phase, 0) + time.monotonic() - clock, 3)
        run.progress = {
            **run.progress,
            "done": [*run.progress["done"], phase],
            "seconds": seconds,
        }
        run.progress.pop("cursor", None)
        with transaction.atomic(durable=True):
            run.heartbeat_at = timezone.now()
            run.save(update_fields=["progress", "heartbeat_at"])
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
    instruments.GC_SECONDS.labels(str(run.dry_run).lower(), run.status).observe(
        run.duration_seconds
    )


def _fail(run: GcRun, exc: Exception, actor: Actor) -> None:
    """Record a failed run; its batches stand, the next run redoes the rest."""
    if connection.needs_rollback:
        return
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
    instruments.GC_SECONDS.labels(str(run.dry_run).lower(), run.status).observe(
        run.duration_seconds
    )


def _batches(
    run: GcRun, rule: str, ids: Sequence[uuid.UUID], size: int
) -> list[list[uuid.UUID]]:
    """Split `ids` into batches, skipping those a resumed run already passed."""
    cursor = run.progress.get("cursor") or {}
    if cursor.get("rule") == rule:
        ids = [i for i in ids if str(i) > cursor["after"]]
    return [list(ids[n : n + size]) for n in range(0, len(ids), size)]


def _commit_batch(
    run: GcRun,
    rule: str,
    batch: list[uuid.UUID],
    actor: Actor,
    change: Callable[[], tuple[int, AuditEntry | None]],
    after_batch: AfterBatch | None,
) -> None:
    """Apply one batch, count it and move the cursor, in one transaction.

    Committed without waiting for the WAL flush: a batch lost to a crash
    is lost whole, with its cursor, and the next run repeats it (every rule
    re-checks), so GC need not pay a flush per batch.
    """
    with transaction.atomic(durable=True):
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit = off")
        changed, entry = change()
        run.counts = {**run.counts, rule: run.counts.get(rule, 0) + changed}
        run.progress = {
            **run.progress,
            "cursor": {"rule": rule, "after": str(max(batch, key=str))},
        }
        run.heartbeat_at = timezone.now()
        run.save(update_fields=["counts", "progress", "heartbeat_at"])
        if entry is not None:
            audit_events_record(tenant_id=run.tenant_id, actor=actor, entries=[entry])
    if after_batch is not None:
        after_batch(run, rule)
    if settings.MGC_GC_BATCH_PAUSE_SECONDS:
        time.sleep(settings.MGC_GC_BATCH_PAUSE_SECONDS)


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


def _expiry(
    run: GcRun, ctx: rules.Context, actor: Actor, after_batch: AfterBatch | None
) -> None:
    found = rules.expiry_classify(ctx)
    for rule in rules.EXPIRY_RULES:
        for batch in _batches(run, rule, found[rule], ctx.policy.gc_batch_size):

            def change(rule: str = rule, batch: list = batch):
                rows = rules.expire_batch(ctx, rule=rule, item_ids=batch, run_id=run.id)
                if not rows:
                    return 0, None
                return len(rows), _batch_event(
                    AuditAction.MEMORY_GC_EXPIRE,
                    run,
                    rule,
                    [item for item, _ in rows],
                    version_ids=[str(v) for _, v in rows],
                )

            _commit_batch(run, rule, batch, actor, change, after_batch)


def _marks(
    run: GcRun, ctx: rules.Context, actor: Actor, after_batch: AfterBatch | None
) -> None:
    found = rules.marks_classify(ctx)
    for rule in rules.MARK_RULES:
        for batch in _batches(run, rule, found[rule], ctx.policy.gc_batch_size):

            def change(rule: str = rule, batch: list = batch):
                ids = rules.mark_batch(ctx, rule=rule, item_ids=batch)
                if not ids:
                    return 0, None
                return len(ids), _batch_event(
                    AuditAction.MEMORY_GC_MARK, run, rule, ids
                )

            _commit_batch(run, rule, batch, actor, change, after_batch)


def _superseded(
    run: GcRun, ctx: rules.Context, actor: Actor, after_batch: AfterBatch | None
) -> None:
    rule = rules.SUPERSEDED
    found = rules.superseded_classify(ctx)
    for batch in _batches(run, rule, found, ctx.policy.gc_batch_size):

        def change(batch: list = batch):
            rows = rules.superseded_expire_batch(ctx, version_ids=batch, run_id=run.id)
            if not rows:
                return 0, None
            return len(rows), _batch_event(
                AuditAction.VERSION_GC_EXPIRE, run, rule, [v for v, _ in rows]
            )

        _commit_batch(run, rule, batch, actor, change, after_batch)


def _scan(
    run: GcRun,
    ctx: rules.Context,
    judge: Judge,
    actor: Actor,
    after_batch: AfterBatch | None,
) -> None:
    rule = rules.CONTRADICTION_SCAN
    item_ids = contradictions.items_to_scan(
        tenant_id=ctx.tenant_id, limit=ctx.policy.gc_contradiction_scan_limit
    )
    for batch in _batches(run, rule, sorted(item_ids, key=str), 50):
        findings, done = contradictions.scan_findings(
            tenant_id=ctx.tenant_id, item_ids=batch, policy=ctx.policy, judge=judge
        )

        def change(findings: list = findings, done: list = done):
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
            if entries:
                audit_events_record(
                    tenant_id=run.tenant_id, actor=actor, entries=entries
                )
            return len(opened), None

        _commit_batch(run, rule, batch, actor, change, after_batch)
        if len(done) < len(batch):
            return  # the judge is unreachable: the next run scans the rest


def _hard_delete(
    run: GcRun, ctx: rules.Context, actor: Actor, after_batch: AfterBatch | None
) -> None:
    rule = rules.HARD_DELETE
    found = rules.hard_delete_classify(ctx)
    for batch in _batches(run, rule, found, ctx.policy.gc_batch_size):

        def change(batch: list = batch):
            locked = rules.hard_delete_lock(ctx, item_ids=batch)
            if not locked:
                return 0, None
            deleted = items_hard_delete(tenant_id=ctx.tenant_id, item_ids=locked)
            return len(locked), _batch_event(
                AuditAction.MEMORY_GC_HARD_DELETE,
                run,
                rule,
                locked,
                rows_deleted=deleted,
            )

        _commit_batch(run, rule, batch, actor, change, after_batch)


def _dry_run(
    tenant: Tenant, policy: Policy, *, triggered_by: str, actor: Actor
) -> GcRun:
    """Count what a run would do now; record the counts as a completed dry run."""
    started, clock = timezone.now(), time.monotonic()
    ctx = rules.Context(tenant.id, started, policy)
    expiring = rules.expiry_classify(ctx)
    counts = {rule: len(ids) for rule, ids in expiring.items()}
    gone = {i for ids in expiring.values() for i in ids}
    for rule, ids in rules.marks_classify(ctx).items():
        counts[rule] = len([i for i in ids if i not in gone])
    counts[rules.SUPERSEDED] = len(rules.superseded_classify(ctx))
    counts["contradiction_pending"] = len(
        contradictions.items_to_scan(
            tenant_id=tenant.id, limit=policy.gc_contradiction_scan_limit
        )
    )
    counts[rules.HARD_DELETE] = len(rules.hard_delete_classify(ctx))
    rows_examined = rules.versions_in_scope(ctx)
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
            duration_seconds=time.monotonic() - clock,
            rows_examined=rows_examined,
            counts=counts,
            progress={"done": list(PHASES)},
        )
        run.full_clean()
        run.save(force_insert=True)
        audit_events_record(
            tenant_id=tenant.id,
            actor=actor,
            entries=[_run_event(AuditAction.GC_RUN_DRY_RUN, run, counts=counts)],
        )
    return run


def gc_tenants_due() -> list[uuid.UUID]:
    """Return the tenants a beat tick runs GC for: every tenant."""
    return list(Tenant.objects.order_by("created_at").values_list("id", flat=True))
