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
This module is the job (lock, classify, loop, resume); every write with its
audit event is `memory_core.services.gc`'s.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection
from django.utils import timezone

from audit.services import Actor
from memory_core.lifecycle.gc import contradictions, rules
from memory_core.metrics import instruments
from memory_core.models import GcRun, GcRunStatus, Tenant
from memory_core.pipeline.judges import Judge, get_judge
from memory_core.policy import Policy, policy_for
from memory_core.rls import tenant_context
from memory_core.services import gc as gc_services

LOCK_CLASS = 26467  # "gc": the first key of the tenant's advisory lock
SYSTEM = Actor.system("gc")
PHASES = ("expiry", "marks", "superseded", "contradiction_scan", "hard_delete")
# The superseded phase's window in a run's progress, and how often it reads
# from the beginning (`superseded_window`).
SUPERSEDED_WINDOW = "superseded_window"
SUPERSEDED_SWEEP = timedelta(days=7)
# Called after each committed batch with (run, rule); tests stop a run there.
# On two connections (`_parallel`) it runs on the worker thread that
# committed the batch.
AfterBatch = Callable[[GcRun, str], None]
# One batch's service call: (rule, batch ids, the hook before its commit).
Apply = Callable[[str, list[uuid.UUID], gc_services.BeforeCommit | None], None]


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
        run = gc_services.gc_run_claim(
            tenant=tenant, triggered_by=triggered_by, actor=actor
        )
        try:
            _execute(run, policy, judge or get_judge(), actor, after_batch)
        except Exception as exc:
            if gc_services.gc_run_fail(run, exc, actor=actor):
                _observe(run)
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


def _observe(run: GcRun) -> None:
    instruments.GC_SECONDS.labels(str(run.dry_run).lower(), run.status).observe(
        run.duration_seconds
    )


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
        gc_services.gc_run_phase_done(
            run, phase=phase, seconds=time.monotonic() - clock
        )
    gc_services.gc_run_complete(run, actor=actor)
    _observe(run)


def _batches(
    run: GcRun, rule: str, ids: Sequence[uuid.UUID], size: int
) -> list[list[uuid.UUID]]:
    """Split `ids` into batches, skipping those a resumed run already passed."""
    cursor = run.progress.get("cursor") or {}
    if cursor.get("rule") == rule:
        ids = [i for i in ids if str(i) > cursor["after"]]
    return [list(ids[n : n + size]) for n in range(0, len(ids), size)]


def _after(run: GcRun, rule: str, after_batch: AfterBatch | None) -> None:
    """Between two committed batches: the tests' hook, then the pause."""
    if after_batch is not None:
        after_batch(run, rule)
    if settings.MGC_GC_BATCH_PAUSE_SECONDS:
        time.sleep(settings.MGC_GC_BATCH_PAUSE_SECONDS)


def _each_batch(
    run: GcRun,
    ctx: rules.Context,
    found: dict[str, Sequence[uuid.UUID]],
    apply: Apply,
    after_batch: AfterBatch | None,
    *,
    parallel: bool = False,
) -> None:
    """Apply each rule's batches in turn (`apply(rule, batch, …)`, one service call).

    With `parallel`, a rule with a backlog of batches is applied on
    `MGC_GC_WORKERS` connections at once (`_parallel`).
    """
    workers = settings.MGC_GC_WORKERS
    for rule, ids in found.items():
        batches = _batches(run, rule, ids, ctx.policy.gc_batch_size)
        if (
            parallel
            and workers > 1
            and len(batches) >= settings.MGC_GC_PARALLEL_BATCHES
        ):
            _parallel(run, rule, batches, apply, after_batch, workers)
            continue
        for batch in batches:
            apply(rule, batch, None)
            _after(run, rule, after_batch)


class _Abandoned(Exception):
    """A batch rolled back because another connection's batch failed."""


class _Turnstile:
    """Batches commit in the order they were cut, whichever connection ran them.

    Each batch changes its rows concurrently with the others, then waits
    (`wait`, before writing the run's row) until the batch before it has
    committed. So the run's counts and cursor are written one batch at a time,
    in order, exactly as on one connection: a cursor never passes a batch
    that did not commit, and a resumed run skips only what is done.
    """

    def __init__(self) -> None:
        self._turn = threading.Condition()
        self._next = 0
        self.failed: BaseException | None = None

    def wait(self, index: int) -> None:
        with self._turn:
            while self._next != index and self.failed is None:
                self._turn.wait()
            if self.failed is not None:
                raise _Abandoned

    def done(self, index: int) -> None:
        with self._turn:
            self._next = index + 1
            self._turn.notify_all()

    def fail(self, exc: BaseException) -> None:
        with self._turn:
            if self.failed is None:
                self.failed = exc
            self._turn.notify_all()


def _parallel(
    run: GcRun,
    rule: str,
    batches: list[list[uuid.UUID]],
    apply: Apply,
    after_batch: AfterBatch | None,
    workers: int,
) -> None:
    """Apply `batches` on `workers` connections of their own (threads).

    A backlog run is row updates whose cost is mostly the server writing
    index entries and WAL; two connections keep two server processes busy
    (bench/PERF.md, "Seventh session: GC"). The batches hold disjoint ids and
    commit in order (`_Turnstile`). If one fails (or the tests' hook raises),
    the batches in flight on the other connections roll back, and the first
    error is raised here, as on one connection.
    """
    turnstile = _Turnstile()
    queue = iter(enumerate(batches))
    take = threading.Lock()

    def work() -> None:
        try:
            with tenant_context(run.tenant_id):
                while turnstile.failed is None:
                    with take:
                        index, batch = next(queue, (-1, []))
                    if index < 0:
                        return
                    apply(rule, batch, lambda index=index: turnstile.wait(index))
                    turnstile.done(index)
                    _after(run, rule, after_batch)
        except _Abandoned:
            pass
        except BaseException as exc:  # noqa: BLE001 - re-raised by the caller
            turnstile.fail(exc)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=work, name=f"gc-{rule}-{n}") for n in range(workers)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if turnstile.failed is not None:
        raise turnstile.failed


def _expiry(
    run: GcRun, ctx: rules.Context, actor: Actor, after_batch: AfterBatch | None
) -> None:
    found = rules.expiry_classify(ctx)
    _each_batch(
        run,
        ctx,
        {rule: found[rule] for rule in rules.EXPIRY_RULES},
        lambda rule, batch, before_commit: gc_services.gc_expire_batch(
            run, ctx, rule=rule, batch=batch, actor=actor, before_commit=before_commit
        ),
        after_batch,
        parallel=True,
    )


def _marks(
    run: GcRun, ctx: rules.Context, actor: Actor, after_batch: AfterBatch | None
) -> None:
    found = rules.marks_classify(ctx)
    _each_batch(
        run,
        ctx,
        {rule: found[rule] for rule in rules.MARK_RULES},
        lambda rule, batch, _: gc_services.gc_mark_batch(
            run, ctx, rule=rule, batch=batch, actor=actor
        ),
        after_batch,
    )


def _superseded(
    run: GcRun, ctx: rules.Context, actor: Actor, after_batch: AfterBatch | None
) -> None:
    since, swept_at = superseded_window(ctx)
    _each_batch(
        run,
        ctx,
        {rules.SUPERSEDED: rules.superseded_classify(ctx, since=since)},
        lambda _, batch, before_commit: gc_services.gc_superseded_batch(
            run, ctx, batch=batch, actor=actor, before_commit=before_commit
        ),
        after_batch,
        parallel=True,
    )
    # Saved with the phase (gc_run_phase_done); read once the run completes.
    run.progress[SUPERSEDED_WINDOW] = {
        "resume_at": rules.superseded_resume_at(ctx, since=since).isoformat(),
        "swept_at": swept_at.isoformat(),
    }


def superseded_window(ctx: rules.Context) -> tuple[datetime, datetime]:
    """Where the superseded phase starts, and when it last read from the beginning.

    An expired version keeps `superseded_at` (migration 0024), so the phase
    starts where the tenant's last completed run left off instead of reading
    every version it ever expired again; every `SUPERSEDED_SWEEP`, and with
    no run to start from, it reads from the beginning, which brings back the
    versions held back then (an item unpinned since, a case closed).
    """
    last = (
        GcRun.objects.filter(
            tenant_id=ctx.tenant_id, status=GcRunStatus.COMPLETED, dry_run=False
        )
        .order_by("-started_at")
        .values_list("progress", flat=True)
        .first()
    )
    window = (last or {}).get(SUPERSEDED_WINDOW) or {}
    if "resume_at" in window and "swept_at" in window:
        swept_at = datetime.fromisoformat(window["swept_at"])
        if ctx.now - swept_at < SUPERSEDED_SWEEP:
            return datetime.fromisoformat(window["resume_at"]), swept_at
    return rules.EARLIEST, ctx.now


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
        gc_services.gc_scan_batch(
            run, ctx, batch=batch, findings=findings, done=done, actor=actor
        )
        _after(run, rule, after_batch)
        if len(done) < len(batch):
            return  # the judge is unreachable: the next run scans the rest


def _hard_delete(
    run: GcRun, ctx: rules.Context, actor: Actor, after_batch: AfterBatch | None
) -> None:
    _each_batch(
        run,
        ctx,
        {rules.HARD_DELETE: rules.hard_delete_classify(ctx)},
        lambda _, batch, __: gc_services.gc_hard_delete_batch(
            run, ctx, batch=batch, actor=actor
        ),
        after_batch,
    )


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
    since, _ = superseded_window(ctx)
    counts[rules.SUPERSEDED] = len(rules.superseded_classify(ctx, since=since))
    counts["contradiction_pending"] = len(
        contradictions.items_to_scan(
            tenant_id=tenant.id, limit=policy.gc_contradiction_scan_limit
        )
    )
    counts[rules.HARD_DELETE] = len(rules.hard_delete_classify(ctx))
    rows_examined = rules.versions_in_scope(ctx)
    return gc_services.gc_run_dry_run_record(
        tenant=tenant,
        counts=counts,
        rows_examined=rows_examined,
        started=started,
        duration_seconds=time.monotonic() - clock,
        phases=PHASES,
        triggered_by=triggered_by,
        actor=actor,
    )
