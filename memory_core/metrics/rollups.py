"""Hourly rollups of the write path, kept by beat for the dashboard.

Each run recomputes, per tenant, the hours that may have changed since the
last one: the last TRAILING_HOURS, the hours in which writes were created
that a person (or a deadline) decided since, and the hours of writes the
worker finished since, long after they came in (a deferred write retried
hours later): a write counts with its final outcome. An hour is replaced
whole (delete then insert, in one transaction), so a run is idempotent and a
missed run is made up by the next. The first run of a tenant covers
FIRST_RUN_DAYS. The days of the hours recomputed get their daily rows
(`*_day` kinds: the sums of their hourly rows) again.

Rollups are derived data, not a change anybody made: no audit event.
"""

from __future__ import annotations

import logging
import time
from collections import defaultdict
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

from django.db import connection, transaction
from django.db.models import Count, Q
from django.db.models.functions import TruncHour
from django.utils import timezone

from memory_core.lifecycle.gc.rules import ITEMS, STALENESS_SCORE, Context
from memory_core.lock_objects import rows_lock
from memory_core.metrics.models import Rollup, RollupCursor, RollupKind
from memory_core.models import Tenant, WriteRequest
from memory_core.policy import policy_for
from memory_core.rls import tenant_context

logger = logging.getLogger(__name__)

# Histogram bounds (upper edges); a value above the last falls in one more bin.
GATE_MS_BOUNDS = (0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000, 5000)
DECISION_S_BOUNDS = (
    60,
    300,
    900,
    1800,
    3600,
    2 * 3600,
    4 * 3600,
    8 * 3600,
    24 * 3600,
    48 * 3600,
    72 * 3600,
    7 * 24 * 3600,
)
STALENESS_BINS = 10
TRAILING_HOURS = 2
FIRST_RUN_DAYS = 31
HOUR = timedelta(hours=1)
DAY = timedelta(days=1)
# Day rows are aligned on UTC midnights, like the dashboard's day bins.
EPOCH = datetime(2000, 1, 1, tzinfo=UTC)
# Hourly kinds summed into day rows.
DAY_KINDS = {
    RollupKind.WRITE: RollupKind.WRITE_DAY,
    RollupKind.GATE_MS: RollupKind.GATE_MS_DAY,
    RollupKind.DECISION: RollupKind.DECISION_DAY,
}
# A write the worker finished more than this after it came in is looked up
# by the partial index metrics_write_late_idx (migration 0002); the hours of
# quicker ones are all inside the run's own range (rollup_tenant). The same
# interval is written out in CHANGED_HOURS_SQL and the index's predicate.
LATE_FINISH = timedelta(hours=1)


def floor_hour(moment: datetime) -> datetime:
    return moment.replace(minute=0, second=0, microsecond=0)


def floor_day(moment: datetime) -> datetime:
    return EPOCH + ((moment - EPOCH) // DAY) * DAY


def hour_runs(
    hours: Iterable[datetime], step: timedelta = HOUR
) -> list[tuple[datetime, datetime]]:
    """Group hours (or days, step=DAY) into contiguous [start, end) ranges."""
    runs: list[tuple[datetime, datetime]] = []
    for hour in sorted(set(hours)):
        if runs and runs[-1][1] == hour:
            runs[-1] = (runs[-1][0], hour + step)
        else:
            runs.append((hour, hour + step))
    return runs


def _histogram(pairs: Iterable[tuple[int, int]], size: int) -> list[int]:
    """Dense bin counts from (width_bucket, count) pairs."""
    bins = [0] * size
    for index, count in pairs:
        bins[min(max(int(index), 0), size - 1)] += int(count)
    return bins


def _write_rows(tenant: Tenant, start: datetime, end: datetime) -> list[Rollup]:
    grouped = (
        WriteRequest.objects.filter(
            tenant=tenant, created_at__gte=start, created_at__lt=end
        )
        .annotate(h=TruncHour("created_at"))
        .values("h", "agent_id", "status", "gate", "code")
        .annotate(n=Count("id"), pii=Count("id", filter=Q(flags__contains=["pii"])))
        .order_by()
    )
    return [
        Rollup(
            tenant=tenant,
            hour=row["h"],
            kind=RollupKind.WRITE,
            agent_id=row["agent_id"],
            status=row["status"],
            gate=row["gate"],
            code=row["code"],
            count=row["n"],
            flagged=row["pii"],
        )
        for row in grouped
    ]


GATE_SQL = """
    SELECT date_trunc('hour', w.created_at), d->>'gate',
           width_bucket((d->>'ms')::float8, %(bounds)s::float8[]),
           count(*), sum((d->>'ms')::float8)
    FROM memory_core_writerequest w
    CROSS JOIN LATERAL jsonb_array_elements(
        CASE WHEN jsonb_typeof(w.gate_decisions) = 'array'
             THEN w.gate_decisions ELSE '[]'::jsonb END) d
    WHERE w.tenant_id = %(tenant)s AND w.created_at >= %(start)s
      AND w.created_at < %(end)s AND d ? 'ms' AND d ? 'gate'
    GROUP BY 1, 2, 3
"""


def _gate_rows(tenant: Tenant, start: datetime, end: datetime) -> list[Rollup]:
    """Per gate and hour, a histogram of the gate's latency in milliseconds."""
    with connection.cursor() as cursor:
        cursor.execute(
            GATE_SQL,
            {
                "bounds": list(map(float, GATE_MS_BOUNDS)),
                "tenant": tenant.id,
                "start": start,
                "end": end,
            },
        )
        found = cursor.fetchall()
    merged: dict[tuple, dict] = defaultdict(lambda: {"bins": [], "n": 0, "sum": 0.0})
    for hour, gate, index, count, total in found:
        entry = merged[(hour, gate)]
        entry["bins"].append((index, count))
        entry["n"] += count
        entry["sum"] += total or 0.0
    return [
        Rollup(
            tenant=tenant,
            hour=hour,
            kind=RollupKind.GATE_MS,
            gate=gate,
            count=entry["n"],
            value_sum=entry["sum"],
            buckets=_histogram(entry["bins"], len(GATE_MS_BOUNDS) + 1),
        )
        for (hour, gate), entry in merged.items()
    ]


DECISION_SQL = """
    SELECT date_trunc('hour', decided_at), tier, status,
           width_bucket(extract(epoch FROM decided_at - created_at)::float8,
                        %(bounds)s::float8[]),
           count(*), sum(extract(epoch FROM decided_at - created_at)::float8),
           count(*) FILTER (WHERE status = 'expired'
                            OR (review_deadline IS NOT NULL
                                AND decided_at > review_deadline))
    FROM memory_core_writerequest
    WHERE tenant_id = %(tenant)s AND decided_at IS NOT NULL
      AND decided_at >= %(start)s
    GROUP BY 1, 2, 3, 4
"""


def _decision_rows(tenant: Tenant, start: datetime) -> list[Rollup]:
    """Per hour of decision, tier and outcome: time to decision and SLA breaches."""
    with connection.cursor() as cursor:
        cursor.execute(
            DECISION_SQL,
            {
                "bounds": list(map(float, DECISION_S_BOUNDS)),
                "tenant": tenant.id,
                "start": start,
            },
        )
        found = cursor.fetchall()
    merged: dict[tuple, dict] = defaultdict(
        lambda: {"bins": [], "n": 0, "sum": 0.0, "late": 0}
    )
    for hour, tier, status, index, count, total, late in found:
        entry = merged[(hour, tier or "", status)]
        entry["bins"].append((index, count))
        entry["n"] += count
        entry["sum"] += total or 0.0
        entry["late"] += late
    return [
        Rollup(
            tenant=tenant,
            hour=hour,
            kind=RollupKind.DECISION,
            gate=tier,
            status=status,
            count=entry["n"],
            value_sum=entry["sum"],
            flagged=entry["late"],
            buckets=_histogram(entry["bins"], len(DECISION_S_BOUNDS) + 1),
        )
        for (hour, tier, status), entry in merged.items()
    ]


CONFLICT_SQL = """
    SELECT date_trunc('hour', created_at), count(*)
    FROM memory_core_conflict
    WHERE tenant_id = %(tenant)s AND created_at >= %(start)s
    GROUP BY 1
"""


def _conflict_rows(tenant: Tenant, start: datetime) -> list[Rollup]:
    with connection.cursor() as cursor:
        cursor.execute(CONFLICT_SQL, {"tenant": tenant.id, "start": start})
        found = cursor.fetchall()
    return [
        Rollup(tenant=tenant, hour=hour, kind=RollupKind.CONFLICT, count=count)
        for hour, count in found
    ]


RETENTION_SQL = """
    SELECT date_trunc('hour', created_at), action,
           sum(coalesce((metadata->>'items')::bigint, 0))
    FROM audit_auditevent
    WHERE tenant_id = %(tenant)s AND created_at >= %(start)s
      AND action IN ('retention.expire', 'retention.hard_delete')
    GROUP BY 1, 2
"""


def _retention_rows(tenant: Tenant, start: datetime) -> list[Rollup]:
    """Memories retention took per hour (from its audit events, 003 §12.10.4)."""
    with connection.cursor() as cursor:
        cursor.execute(RETENTION_SQL, {"tenant": tenant.id, "start": start})
        found = cursor.fetchall()
    return [
        Rollup(
            tenant=tenant,
            hour=hour,
            kind=RollupKind.RETENTION,
            status=action.removeprefix("retention."),
            count=items,
        )
        for hour, action, items in found
    ]


# The same score GC marks by (000 §6, memory_core/lifecycle/gc/rules.py), over every
# active memory, in ten bins of 0.1.
STALENESS_SQL = f"""
    SELECT width_bucket(least(greatest({STALENESS_SCORE}, 0.0), 0.999999),
                        0.0, 1.0, {STALENESS_BINS}) AS bin, count(*)
    FROM {ITEMS} i
    WHERE i.tenant_id = %(tenant)s AND i.status = 'active'
    GROUP BY 1
"""


def _staleness_row(tenant: Tenant, now: datetime) -> Rollup:
    params = Context(tenant_id=tenant.id, now=now, policy=policy_for(tenant)).params()
    with connection.cursor() as cursor:
        cursor.execute(STALENESS_SQL, params)
        found = cursor.fetchall()
    bins = _histogram(((index - 1, count) for index, count in found), STALENESS_BINS)
    return Rollup(
        tenant=tenant,
        hour=floor_hour(now),
        kind=RollupKind.STALENESS,
        count=sum(bins),
        buckets=bins,
    )


CHANGED_HOURS_SQL = """
    SELECT DISTINCT date_trunc('hour', created_at)
    FROM memory_core_writerequest
    WHERE tenant_id = %(tenant)s AND decided_at IS NOT NULL
      AND decided_at >= %(since)s
    UNION
    SELECT DISTINCT date_trunc('hour', created_at)
    FROM memory_core_writerequest
    WHERE tenant_id = %(tenant)s AND finished_at >= %(since)s
      AND finished_at - created_at > interval '1 hour'
"""


def changed_hours(tenant: Tenant, since: datetime) -> set[datetime]:
    """Hours of older writes whose outcome changed since `since`.

    A person (or a review deadline) decided them (`decided_at`,
    metrics_write_decided_idx), or the worker finished them long after they
    came in: a deferred write retried hours later, a stalled one requeued
    (`finished_at`, metrics_write_late_idx; its predicate is the query's).
    """
    with connection.cursor() as cursor:
        cursor.execute(CHANGED_HOURS_SQL, {"tenant": tenant.id, "since": since})
        return {row[0] for row in cursor.fetchall()}


def _day_rows(tenant: Tenant, days: set[datetime]) -> list[Rollup]:
    """Replace the day rows of `days` with the sums of their hourly rows."""
    if not days:
        return []
    Rollup.objects.filter(
        tenant=tenant, kind__in=DAY_KINDS.values(), hour__in=days
    ).delete()
    merged: dict[tuple, dict] = {}
    for run_start, run_end in hour_runs(days, DAY):
        found = Rollup.objects.filter(
            tenant=tenant,
            kind__in=DAY_KINDS.keys(),
            hour__gte=run_start,
            hour__lt=run_end,
        ).values_list(
            "hour",
            "kind",
            "agent_id",
            "status",
            "gate",
            "code",
            "count",
            "flagged",
            "value_sum",
            "buckets",
        )
        for hour, kind, agent, status, gate, code, n, flagged, total, bins in found:
            key = (floor_day(hour), kind, agent, status, gate, code)
            entry = merged.get(key)
            if entry is None:
                merged[key] = {
                    "n": n,
                    "flagged": flagged,
                    "sum": total,
                    "bins": list(bins or ()),
                }
                continue
            entry["n"] += n
            entry["flagged"] += flagged
            entry["sum"] += total
            mine = entry["bins"]
            if len(mine) < len(bins or ()):
                mine.extend([0] * (len(bins) - len(mine)))
            for index, value in enumerate(bins or ()):
                mine[index] += value
    rows = [
        Rollup(
            tenant=tenant,
            hour=day,
            kind=DAY_KINDS[kind],
            agent_id=agent,
            status=status,
            gate=gate,
            code=code,
            count=entry["n"],
            flagged=entry["flagged"],
            value_sum=entry["sum"],
            buckets=entry["bins"],
        )
        for (day, kind, agent, status, gate, code), entry in merged.items()
    ]
    Rollup.objects.bulk_create(rows, batch_size=1000)
    return rows


def rollup_tenant(tenant: Tenant, *, now: datetime | None = None) -> int:
    """Recompute the tenant's changed hours; return the number of rows written."""
    now = now or timezone.now()
    started = time.perf_counter()
    with transaction.atomic():
        cursor = rows_lock(RollupCursor.objects.filter(tenant=tenant)).first()
        since = cursor.rolled_up_at if cursor else now - timedelta(days=FIRST_RUN_DAYS)
        # At least LATE_FINISH before the last run: a write created before
        # `start` and finished since then took longer than LATE_FINISH.
        start = floor_hour(
            min(since - LATE_FINISH, now - timedelta(hours=TRAILING_HOURS))
        )
        hours = {start + HOUR * n for n in range(int((now - start) / HOUR) + 1)}
        hours.update(changed_hours(tenant, since))
        rows: list[Rollup] = []
        for run_start, run_end in hour_runs(hours):
            Rollup.objects.filter(
                tenant=tenant,
                kind__in=(RollupKind.WRITE, RollupKind.GATE_MS),
                hour__gte=run_start,
                hour__lt=run_end,
            ).delete()
            rows += _write_rows(tenant, run_start, run_end)
            rows += _gate_rows(tenant, run_start, run_end)
        Rollup.objects.filter(
            tenant=tenant,
            kind__in=(RollupKind.DECISION, RollupKind.CONFLICT, RollupKind.RETENTION),
            hour__gte=start,
        ).delete()
        rows += _decision_rows(tenant, start)
        rows += _conflict_rows(tenant, start)
        rows += _retention_rows(tenant, start)
        # Staleness moves by the day and its snapshot reads every active
        # memory (≈ 95 % of a run at 1M memories): one snapshot an hour.
        if not Rollup.objects.filter(
            tenant=tenant, kind=RollupKind.STALENESS, hour=floor_hour(now)
        ).exists():
            rows.append(_staleness_row(tenant, now))
        Rollup.objects.bulk_create(rows, batch_size=1000)
        # The days of every hour recomputed (decisions: from `start` on).
        days = {floor_day(hour) for hour in hours}
        day = floor_day(start)
        while day <= now:
            days.add(day)
            day += DAY
        rows += _day_rows(tenant, days)
        RollupCursor.objects.update_or_create(
            tenant=tenant,
            defaults={
                "rolled_up_at": now,
                "duration_ms": (time.perf_counter() - started) * 1000,
            },
        )
    return len(rows)


def rollup_all(*, now: datetime | None = None) -> int:
    """Roll up every tenant, each in its own transaction; return rows written."""
    written = 0
    for tenant in Tenant.objects.order_by("slug"):
        try:
            # In the tenant's own context (memory_core/rls.py).
            with tenant_context(tenant.pk):
                written += rollup_tenant(tenant, now=now)
        except Exception:
            # One tenant's failure must not stop the others' rollups.
            logger.exception("metrics rollup failed for tenant %s", tenant.slug)
    return written
