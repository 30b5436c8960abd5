"""What the dashboard shows, for one tenant and one window.

A fixed number of queries whatever the volume: the write path's history
comes from the hourly rollups (rollups.py); the live figures (the review
queue, open erasures) from indexed aggregates over small row sets.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection

from approvals.models import OPEN_ERASURE_STATUSES, ErasureStatus
from memory_core.metrics.models import RollupKind
from memory_core.metrics.rollups import (
    DAY,
    DECISION_S_BOUNDS,
    EPOCH,
    GATE_MS_BOUNDS,
    STALENESS_BINS,
    floor_day,
)
from memory_core.models import (
    Agent,
    GcRunStatus,
    Tenant,
    WriteStatus,
)


@dataclass(frozen=True)
class Window:
    key: str
    label: str
    span: timedelta
    step: timedelta
    step_label: str


WINDOWS = {
    "24h": Window("24h", "24 hours", timedelta(hours=24), timedelta(hours=1), "hour"),
    "7d": Window("7d", "7 days", timedelta(days=7), timedelta(hours=6), "6 hours"),
    "30d": Window("30d", "30 days", timedelta(days=30), timedelta(days=1), "day"),
}
DEFAULT_WINDOW = "7d"
# Writes an agent made that ended here count as accepted (003 §12.12.3 WAR
# counts COMMITTED; a duplicate is admitted, answered with the existing item).
ACCEPTED = (WriteStatus.COMMITTED,)
AWAITING = (WriteStatus.PENDING_REVIEW, WriteStatus.AWAITING_APPROVAL)
# Statuses the time series stacks, in this order.
SERIES_STATUSES = (
    WriteStatus.COMMITTED,
    WriteStatus.DUPLICATE,
    WriteStatus.PENDING_REVIEW,
    WriteStatus.AWAITING_APPROVAL,
    WriteStatus.REJECTED,
    WriteStatus.EXPIRED,
    WriteStatus.DEFERRED,
    WriteStatus.QUEUED,
)
SECRET_CODES = ("secret_detected",)
# Longer than beat's rollup period (5 min): a key outlives no rollup.
ROLLUP_CACHE_SECONDS = 900


def percentile(bins: list[int], bounds: tuple[float, ...], p: float) -> float | None:
    """Estimate the p-th quantile from histogram bins (linear within a bin).

    Bin i holds values up to bounds[i]; the last bin, values above bounds[-1],
    answers bounds[-1] (a floor: "at least").
    """
    total = sum(bins)
    if not total:
        return None
    target = p * total
    seen = 0
    for index, count in enumerate(bins):
        if count and seen + count >= target:
            if index >= len(bounds):
                return float(bounds[-1])
            lower = float(bounds[index - 1]) if index else 0.0
            upper = float(bounds[index])
            return lower + (upper - lower) * (target - seen) / count
        seen += count
    return float(bounds[-1])


def ratio(part: float, whole: float) -> float | None:
    return part / whole if whole else None


@dataclass
class Dashboard:
    tenant: Tenant
    window: Window
    now: datetime
    start: datetime
    rolled_up_at: datetime | None = None
    cache_key: str = ""
    series: list[dict[str, Any]] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    writes: int = 0
    accepted: int = 0
    duplicates: int = 0
    rejected: int = 0
    redacted: int = 0
    secret_blocks: int = 0
    conflicts: int = 0
    rejections: list[dict[str, Any]] = field(default_factory=list)
    gates: list[dict[str, Any]] = field(default_factory=list)
    decisions: int = 0
    decision_breaches: int = 0
    decision_p50: float | None = None
    decision_p95: float | None = None
    queue: dict[str, Any] = field(default_factory=dict)
    staleness: list[dict[str, Any]] = field(default_factory=list)
    staleness_p50: float | None = None
    staleness_p95: float | None = None
    reads: dict[str, Any] = field(default_factory=dict)
    erasure: dict[str, Any] = field(default_factory=dict)
    gc: dict[str, Any] = field(default_factory=dict)
    retention: dict[str, int] = field(default_factory=dict)
    agents: list[dict[str, Any]] = field(default_factory=list)

    @property
    def acceptance_rate(self) -> float | None:
        return ratio(self.accepted, self.writes)

    @property
    def dedup_rate(self) -> float | None:
        return ratio(self.duplicates, self.writes)

    @property
    def contradiction_rate(self) -> float | None:
        return ratio(self.conflicts, self.writes)

    @property
    def conflicts_per_day(self) -> float:
        return self.conflicts / (self.window.span / timedelta(days=1))

    @property
    def sla_on_time(self) -> float | None:
        if not self.decisions:
            return None
        return 1 - self.decision_breaches / self.decisions


# Whole days (from `day_start`) come from the day rows, the hours before the
# first midnight of the window from the hourly rows (rollups.DAY_KINDS): a
# 30-day window reads 30 rows per key instead of 720.
SERIES_SQL = """
    SELECT date_bin(%(step)s, hour, %(origin)s) AS bin, kind, status, sum(count)::bigint
    FROM metrics_rollup
    WHERE tenant_id = %(tenant)s AND kind IN (%(series_kind)s, 'conflict')
      AND hour >= %(start)s
    GROUP BY 1, 2, 3
"""
BREAKDOWN_SQL = """
    SELECT agent_id, status, gate, code, sum(count)::bigint, sum(flagged)::bigint
    FROM metrics_rollup
    WHERE tenant_id = %(tenant)s
      AND ((kind = 'write_day' AND hour >= %(day_start)s)
           OR (kind = 'write' AND hour >= %(start)s AND hour < %(day_start)s))
    GROUP BY 1, 2, 3, 4
"""
# Histograms summed bin by bin, in the database.
BINS_SQL = """
    SELECT CASE WHEN r.kind LIKE 'gate_ms%%' THEN 'gate_ms' ELSE 'decision' END,
           r.gate, u.i, sum(u.v)::bigint, sum(r.count)::bigint,
           sum(r.flagged)::bigint
    FROM metrics_rollup r
    CROSS JOIN LATERAL unnest(r.buckets) WITH ORDINALITY AS u(v, i)
    WHERE r.tenant_id = %(tenant)s
      AND ((r.kind IN ('gate_ms_day', 'decision_day') AND r.hour >= %(day_start)s)
           OR (r.kind IN ('gate_ms', 'decision')
               AND r.hour >= %(start)s AND r.hour < %(day_start)s))
    GROUP BY 1, 2, 3
"""
OTHER_SQL = """
    (SELECT 'retention' AS kind, status, sum(count)::bigint, NULL::timestamptz
     FROM metrics_rollup
     WHERE tenant_id = %(tenant)s AND kind = 'retention' AND hour >= %(start)s
     GROUP BY 2)
    UNION ALL
    (SELECT 'staleness', array_to_string(buckets, ','), count, hour
     FROM metrics_rollup
     WHERE tenant_id = %(tenant)s AND kind = 'staleness'
     ORDER BY hour DESC LIMIT 1)
"""


def _fetch(sql: str, params: dict[str, Any]) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def dashboard_for(tenant: Tenant, window_key: str, *, now: datetime) -> Dashboard:
    window = WINDOWS.get(window_key) or WINDOWS[DEFAULT_WINDOW]
    step = window.step
    # Bins aligned on the step, the last one holding the current hour.
    origin = EPOCH
    current = now.replace(minute=0, second=0, microsecond=0)
    last_bin = origin + ((current - origin) // step) * step
    count = int(window.span / step)
    first_bin = last_bin - step * (count - 1)
    board = Dashboard(tenant=tenant, window=window, now=now, start=first_bin)
    # The first midnight at or after the window's start.
    day_start = floor_day(first_bin)
    if day_start < first_bin:
        day_start += DAY
    params = {
        "tenant": tenant.id,
        "start": first_bin,
        "day_start": day_start,
        "step": step,
        "origin": origin,
        # Day bins stack the day rows; smaller bins the hourly rows.
        "series_kind": RollupKind.WRITE_DAY if step >= DAY else RollupKind.WRITE,
    }

    _live(board)
    # The rollup rows change only when beat rolls up again: their aggregates
    # are kept per process under the rollup's time (an exact key, no TTL
    # guesswork); a new rollup or a new bin is a new key.
    key = (
        f"metrics:{tenant.id}:{window.key}:{first_bin.isoformat()}:"
        f"{board.rolled_up_at.isoformat() if board.rolled_up_at else '-'}"
    )
    board.cache_key = key
    rows = cache.get(key)
    if rows is None:
        rows = [
            _fetch(sql, params)
            for sql in (SERIES_SQL, BREAKDOWN_SQL, BINS_SQL, OTHER_SQL)
        ]
        cache.set(key, rows, ROLLUP_CACHE_SECONDS)
    series_rows, breakdown_rows, bins_rows, other_rows = rows
    _series(board, series_rows, first_bin, count)
    _breakdown(board, breakdown_rows)
    _bins(board, bins_rows)
    _other(board, other_rows)
    return board


def _series(board: Dashboard, rows: list[tuple], first: datetime, count: int) -> None:
    step = board.window.step
    bins = [
        {"start": first + step * n, "counts": defaultdict(int), "conflicts": 0}
        for n in range(count)
    ]
    index = {b["start"]: b for b in bins}
    for start, kind, status, total in rows:
        b = index.get(start)
        if b is None:
            continue
        if kind == "conflict":
            b["conflicts"] += total
            board.conflicts += total
        else:
            b["counts"][status] += total
    board.series = bins


def _breakdown(board: Dashboard, rows: list[tuple]) -> None:
    totals: dict[str, int] = defaultdict(int)
    rejections: dict[tuple[str, str], int] = defaultdict(int)
    per_agent: dict[Any, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for agent_id, status, gate, code, total, pii in rows:
        totals[status] += total
        board.redacted += pii
        per_agent[agent_id]["writes"] += total
        per_agent[agent_id][status] += total
        if status == WriteStatus.REJECTED:
            rejections[(gate or "—", code or "—")] += total
            if code in SECRET_CODES:
                board.secret_blocks += total
    board.totals = dict(totals)
    board.writes = sum(totals.values())
    board.accepted = sum(totals.get(s, 0) for s in ACCEPTED)
    board.duplicates = totals.get(WriteStatus.DUPLICATE, 0)
    board.rejected = totals.get(WriteStatus.REJECTED, 0)
    board.rejections = [
        {"gate": gate, "code": code, "count": n}
        for (gate, code), n in sorted(rejections.items(), key=lambda kv: -kv[1])
    ]
    agents = Agent.objects.filter(tenant=board.tenant).only(
        "id", "name", "reputation", "is_active", "writes_suspended_at"
    )
    table = []
    for agent in agents.order_by("name"):
        counts = per_agent.get(agent.id, {})
        writes = counts.get("writes", 0)
        table.append(
            {
                "agent": agent,
                "writes": writes,
                "committed": counts.get(WriteStatus.COMMITTED, 0),
                "rejected": counts.get(WriteStatus.REJECTED, 0),
                "review": counts.get(WriteStatus.PENDING_REVIEW, 0)
                + counts.get(WriteStatus.AWAITING_APPROVAL, 0),
                "acceptance": ratio(counts.get(WriteStatus.COMMITTED, 0), writes),
                "rejection_rate": ratio(counts.get(WriteStatus.REJECTED, 0), writes),
                "suspended": agent.writes_suspended_at is not None
                or not agent.is_active,
            }
        )
    # The agent most worth a look first: highest rejection rate, then volume.
    table.sort(key=lambda r: (-(r["rejection_rate"] or 0), -r["writes"]))
    board.agents = table


def _bins(board: Dashboard, rows: list[tuple]) -> None:
    gates: dict[str, list[int]] = defaultdict(lambda: [0] * (len(GATE_MS_BOUNDS) + 1))
    decision = [0] * (len(DECISION_S_BOUNDS) + 1)
    for kind, gate, position, total, _count, _flagged in rows:
        if kind == RollupKind.GATE_MS:
            gates[gate][int(position) - 1] += total
        else:
            decision[int(position) - 1] += total
    board.gates = [
        {
            "gate": gate,
            "count": sum(bins),
            "p50": percentile(bins, GATE_MS_BOUNDS, 0.50),
            "p95": percentile(bins, GATE_MS_BOUNDS, 0.95),
            "p99": percentile(bins, GATE_MS_BOUNDS, 0.99),
        }
        for gate, bins in sorted(gates.items())
    ]
    board.decision_p50 = percentile(decision, DECISION_S_BOUNDS, 0.50)
    board.decision_p95 = percentile(decision, DECISION_S_BOUNDS, 0.95)
    # Counts and breaches per row repeat on every bin: take them from bin 1.
    board.decisions = sum(
        r[4] for r in rows if r[0] == RollupKind.DECISION and int(r[2]) == 1
    )
    board.decision_breaches = sum(
        r[5] for r in rows if r[0] == RollupKind.DECISION and int(r[2]) == 1
    )


def _other(board: Dashboard, rows: list[tuple]) -> None:
    for kind, label, total, _hour in rows:
        if kind == "retention":
            board.retention[label] = int(total or 0)
            continue
        bins = [int(v) for v in label.split(",")] if label else []
        if len(bins) != STALENESS_BINS:
            continue
        total_items = sum(bins) or 1
        board.staleness = [
            {
                "label": f"{n / STALENESS_BINS:.1f}–{(n + 1) / STALENESS_BINS:.1f}",
                "count": v,
                "share": v / total_items,
            }
            for n, v in enumerate(bins)
        ]
        bounds = tuple((n + 1) / STALENESS_BINS for n in range(STALENESS_BINS))
        board.staleness_p50 = percentile(bins, bounds, 0.5)
        board.staleness_p95 = percentile(bins, bounds, 0.95)


# The live figures, in one statement (one round trip instead of five): when
# the rollups were last computed, the review queue now (an index-only scan of
# review_queue_urgency_idx), read tallies, erasures against 72 h, GC runs.
LIVE_SQL = """
    SELECT
        (SELECT rolled_up_at FROM metrics_rollupcursor WHERE tenant_id = %(tenant)s),
        q.size, q.oldest, q.overdue,
        r.calls, r.answered,
        e.completed, e.on_time, e.mean, e.longest, e.open, e.overdue,
        g.runs, g.failed, g.rows, g.seconds, g.last
    FROM
        (SELECT count(*) AS size, min(created_at) AS oldest,
                count(*) FILTER (WHERE review_deadline < %(now)s) AS overdue
         FROM memory_core_writerequest
         WHERE tenant_id = %(tenant)s AND status = ANY(%(awaiting)s)) q,
        (SELECT sum(calls) AS calls, sum(answered) AS answered
         FROM memory_core_readtally
         WHERE tenant_id = %(tenant)s AND day >= %(start_day)s) r,
        (SELECT count(*) FILTER (WHERE done) AS completed,
                count(*) FILTER (WHERE done AND finished_at <= due_at) AS on_time,
                avg(finished_at - created_at) FILTER (WHERE done) AS mean,
                max(finished_at - created_at) FILTER (WHERE done) AS longest,
                count(*) FILTER (WHERE status = ANY(%(open)s)) AS open,
                count(*) FILTER (WHERE status = ANY(%(open)s)
                                 AND due_at < %(now)s) AS overdue
         FROM (SELECT status, created_at, finished_at, due_at,
                      status = %(completed)s AND finished_at >= %(start)s AS done
               FROM approvals_erasurerequest
               WHERE tenant_id = %(tenant)s) er) e,
        (SELECT count(*) AS runs,
                count(*) FILTER (WHERE status = %(failed)s) AS failed,
                sum(rows_examined) AS rows, sum(duration_seconds) AS seconds,
                max(finished_at) FILTER (WHERE status = %(gc_completed)s) AS last
         FROM memory_core_gcrun
         WHERE tenant_id = %(tenant)s AND NOT dry_run
           AND started_at >= %(start)s) g
"""


def _live(board: Dashboard) -> None:
    """The figures read live on every page (small, indexed row sets)."""
    (row,) = _fetch(
        LIVE_SQL,
        {
            "tenant": board.tenant.id,
            "now": board.now,
            "start": board.start,
            "start_day": board.start.date(),
            "awaiting": list(AWAITING),
            "open": list(OPEN_ERASURE_STATUSES),
            "completed": ErasureStatus.COMPLETED,
            "failed": GcRunStatus.FAILED,
            "gc_completed": GcRunStatus.COMPLETED,
        },
    )
    (
        board.rolled_up_at,
        size,
        oldest,
        queue_overdue,
        calls,
        answered,
        completed,
        on_time,
        mean,
        longest,
        erasures_open,
        erasures_overdue,
        runs,
        failed,
        examined,
        seconds,
        last,
    ) = row
    # The review queue now: size, oldest, overdue.
    board.queue = {
        "size": size,
        "oldest": oldest,
        "overdue": queue_overdue,
        "age": (board.now - oldest) if oldest else None,
    }
    board.reads = {
        "calls": calls,
        "answered": answered,
        "ratio": ratio(answered or 0, calls or 0),
    }
    # Erasures finished in the window against the 72 h SLA, and the open ones.
    board.erasure = {
        "completed": completed,
        "on_time": on_time,
        "mean": mean,
        "longest": longest,
        "open": erasures_open,
        "overdue": erasures_overdue,
        "sla": timedelta(hours=settings.MGC_ERASURE_SLA_HOURS),
    }
    # GC runs in the window: how many, rows examined, time, the last one.
    board.gc = {
        "runs": runs,
        "failed": failed,
        "rows": examined,
        "seconds": seconds,
        "last": last,
    }
