"""The metrics dashboard: rollups, the page, its health score, its query count."""

from __future__ import annotations

import importlib
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from approvals.models import ErasureRequest
from memory_core.metrics.health import health_for, status_for
from memory_core.metrics.models import Rollup, RollupKind
from memory_core.metrics.rollups import GATE_MS_BOUNDS, floor_day, rollup_tenant
from memory_core.metrics.selectors import dashboard_for, percentile
from memory_core.models import GcRun, ReadTally, Role, WriteRequest
from tests.conftest import RLS_QUERIES
from tests.factories import make_agent, make_member
from tests.metrics.synthetic import writes_insert


@pytest.fixture
def agents(tenant):
    return [make_agent(tenant, name=f"bot-{n}")[0] for n in range(3)]


@pytest.fixture
def curator_client(client, tenant):
    client.force_login(make_member(tenant, Role.CURATOR))
    return client


def dashboard_url(tenant, window="7d"):
    return reverse("metrics_dashboard", args=[tenant.slug]) + f"?window={window}"


def test_rollup_counts_writes_by_outcome_and_gate_latency(tenant, agents):
    now = timezone.now()
    writes_insert(tenant, agents, count=800, end=now, span=timedelta(hours=20))

    rollup_tenant(tenant, now=now)

    writes = Rollup.objects.filter(tenant=tenant, kind=RollupKind.WRITE)
    assert sum(r.count for r in writes) == 800
    assert sum(r.flagged for r in writes) == 100  # one in eight has PII redacted
    gates = {r.gate for r in Rollup.objects.filter(kind=RollupKind.GATE_MS)}
    assert gates == {"schema", "sensitivity", "dedup", "risk"}

    board = dashboard_for(tenant, "24h", now=now)
    assert board.writes == 800
    assert board.acceptance_rate == pytest.approx(0.5)
    assert board.dedup_rate == pytest.approx(1 / 8)
    assert board.secret_blocks == 100
    assert board.redacted == 100
    assert {(r["gate"], r["code"]) for r in board.rejections} == {
        ("sensitivity", "secret_detected"),
        ("schema", "invalid_layer"),
    }
    latency = {g["gate"]: g for g in board.gates}
    # dedup always takes 12.5 ms: its p50 falls in the 10–25 ms bin.
    assert 10 <= latency["dedup"]["p50"] <= 25
    assert latency["schema"]["p99"] <= 0.5
    assert sum(sum(b["counts"].values()) for b in board.series) == 800


def test_a_second_rollup_replaces_its_hours_instead_of_adding(tenant, agents):
    now = timezone.now()
    writes_insert(tenant, agents, count=80, end=now, span=timedelta(hours=1))
    rollup_tenant(tenant, now=now)
    rollup_tenant(tenant, now=now + timedelta(minutes=5))
    writes = Rollup.objects.filter(tenant=tenant, kind=RollupKind.WRITE)
    assert sum(r.count for r in writes) == 80


def test_an_old_write_decided_later_is_rolled_up_again(tenant, agents):
    now = timezone.now()
    three_days_ago = now - timedelta(days=3)
    writes_insert(
        tenant, agents, count=16, end=three_days_ago, span=timedelta(minutes=9)
    )
    rollup_tenant(tenant, now=now)

    pending = WriteRequest.objects.filter(tenant=tenant, status="pending_review")
    later = now + timedelta(minutes=10)
    pending.update(
        status="committed", decided_at=later, review_deadline=later - timedelta(hours=1)
    )

    rollup_tenant(tenant, now=later + timedelta(minutes=1))

    board = dashboard_for(tenant, "7d", now=later + timedelta(minutes=1))
    assert board.totals.get("pending_review", 0) == 0
    assert board.totals["committed"] == 10
    assert board.decisions == 2
    assert board.decision_breaches == 2  # decided after their deadline


def test_a_write_retried_hours_later_counts_with_its_final_outcome(tenant, agents):
    now = timezone.now()
    writes_insert(
        tenant,
        agents,
        count=16,
        end=now - timedelta(hours=5),
        span=timedelta(minutes=9),
    )
    # Deferred at first (the rate limit); the worker tries them again later.
    ids = list(
        WriteRequest.objects.filter(tenant=tenant, status="committed").values_list(
            "id", flat=True
        )
    )
    deferred = WriteRequest.objects.filter(pk__in=ids)
    deferred.update(status="deferred", gate="rate", code="rate_limited")
    rollup_tenant(tenant, now=now)
    assert dashboard_for(tenant, "24h", now=now).totals["deferred"] == 8

    later = now + timedelta(minutes=5)
    deferred.update(status="committed", gate="risk", code="", finished_at=later)
    rollup_tenant(tenant, now=later + timedelta(minutes=1))

    for window in ("24h", "7d", "30d"):
        board = dashboard_for(tenant, window, now=later + timedelta(minutes=1))
        assert board.totals.get("deferred", 0) == 0, window
        assert board.totals["committed"] == 8, window
        assert board.writes == 16, window


def test_a_late_finish_is_found_after_missed_runs(tenant, agents):
    """Beat stopped for hours: a write created just before the last run and
    finished just after it still has its hour rolled up again."""
    now = timezone.now().replace(minute=0, second=30, microsecond=0)
    writes_insert(tenant, agents, count=8, end=now, span=timedelta(seconds=40))
    WriteRequest.objects.filter(tenant=tenant).update(status="deferred")
    rollup_tenant(tenant, now=now)
    WriteRequest.objects.filter(tenant=tenant).update(
        status="rejected", finished_at=now + timedelta(seconds=5)
    )
    much_later = now + timedelta(hours=6)
    rollup_tenant(tenant, now=much_later)
    board = dashboard_for(tenant, "24h", now=much_later)
    assert board.totals == {"rejected": 8}


def test_day_rows_are_the_sums_of_their_hours(tenant, agents):
    now = timezone.now()
    writes_insert(tenant, agents, count=900, end=now, span=timedelta(days=9))
    WriteRequest.objects.filter(tenant=tenant, status="pending_review").update(
        status="committed",
        decided_at=now - timedelta(hours=1),
        review_deadline=now - timedelta(hours=2),
    )
    rollup_tenant(tenant, now=now)
    rollup_tenant(tenant, now=now + timedelta(minutes=5))

    for hourly, daily in (
        (RollupKind.WRITE, RollupKind.WRITE_DAY),
        (RollupKind.GATE_MS, RollupKind.GATE_MS_DAY),
        (RollupKind.DECISION, RollupKind.DECISION_DAY),
    ):
        hours = Rollup.objects.filter(tenant=tenant, kind=hourly)
        days = Rollup.objects.filter(tenant=tenant, kind=daily)
        assert sum(r.count for r in hours) == sum(r.count for r in days) > 0
        assert sum(r.flagged for r in hours) == sum(r.flagged for r in days)
        assert sum(sum(r.buckets) for r in hours) == sum(sum(r.buckets) for r in days)
        assert all(d.hour.hour == 0 and d.hour.minute == 0 for d in days)

    # Every window reads day rows for its whole days, hours for the rest:
    # the same figures as the writes themselves.
    for window in ("24h", "7d", "30d"):
        board = dashboard_for(tenant, window, now=now + timedelta(minutes=5))
        since = board.start
        expected = WriteRequest.objects.filter(tenant=tenant, created_at__gte=since)
        assert board.writes == expected.count(), window
        assert board.writes == sum(sum(b["counts"].values()) for b in board.series)
        assert sum(g["count"] for g in board.gates) == 4 * board.writes, window


def test_the_upgrade_backfills_day_rows_from_hourly_ones(tenant, agents):
    """Hourly rows rolled up before day rows existed get their day rows
    (migration 0003), equal to what a rollup makes."""
    from django.apps import apps

    backfill = importlib.import_module(
        "memory_core.metrics.migrations.0003_day_rows_backfill"
    ).backfill
    now = timezone.now()
    writes_insert(tenant, agents, count=500, end=now, span=timedelta(days=5))
    rollup_tenant(tenant, now=now)
    day_kinds = (RollupKind.WRITE_DAY, RollupKind.GATE_MS_DAY, RollupKind.DECISION_DAY)

    def day_rows():
        return sorted(
            Rollup.objects.filter(tenant=tenant, kind__in=day_kinds).values_list(
                "hour", "kind", "agent_id", "status", "gate", "code", "count", "buckets"
            ),
            key=str,
        )

    made = day_rows()
    today = floor_day(now)
    # Before the upgrade: hourly rows only; the first run made today's.
    Rollup.objects.filter(tenant=tenant, kind__in=day_kinds, hour__lt=today).delete()

    backfill(apps, None)

    assert day_rows() == made
    backfill(apps, None)  # days that have their rows are left alone
    assert day_rows() == made


def test_live_figures_queue_erasures_gc_and_reads(tenant, agents):
    """What the page reads live, in one statement: the review queue now,
    erasures against 72 h, GC runs and read tallies of the window."""
    now = timezone.now()
    writes_insert(tenant, agents, count=16, end=now, span=timedelta(hours=3))
    pending = WriteRequest.objects.filter(tenant=tenant, status="pending_review")
    assert pending.count() == 2
    late = pending.order_by("created_at").first()
    pending.filter(pk=late.pk).update(review_deadline=now - timedelta(minutes=1))

    def erasure(status, created_hours_ago, finished_hours_ago=None):
        created = now - timedelta(hours=created_hours_ago)
        ErasureRequest.objects.create(
            tenant=tenant,
            status=status,
            legal_basis="no_longer_necessary",
            subject_hash="x" * 64,
            created_at=created,
            due_at=created + timedelta(hours=72),
            finished_at=(
                now - timedelta(hours=finished_hours_ago)
                if finished_hours_ago is not None
                else None
            ),
        )

    erasure("completed", 10, 5)  # within 72 h, in the window
    erasure("completed", 100, 2)  # 98 h: late
    erasure("completed", 30 * 24, 20 * 24)  # finished before the 7-day window
    erasure("filed", 80)  # open, past its due time
    erasure("approved", 1)  # open, in time
    GcRun.objects.create(
        tenant=tenant,
        status="completed",
        triggered_by="beat",
        started_at=now - timedelta(hours=1),
        heartbeat_at=now - timedelta(hours=1),
        finished_at=now - timedelta(minutes=59),
        duration_seconds=60.0,
        rows_examined=1234,
    )
    GcRun.objects.create(
        tenant=tenant,
        status="completed",
        dry_run=True,
        triggered_by="curator",
        started_at=now,
        heartbeat_at=now,
        rows_examined=99,
    )
    ReadTally.objects.create(
        tenant=tenant, day=now.date(), endpoint="search", calls=10, answered=4
    )
    rollup_tenant(tenant, now=now)

    board = dashboard_for(tenant, "7d", now=now)

    assert board.rolled_up_at == now
    assert board.queue["size"] == 2 and board.queue["overdue"] == 1
    assert board.queue["oldest"] == late.created_at
    assert board.queue["age"] == now - late.created_at
    assert board.erasure["completed"] == 2 and board.erasure["on_time"] == 1
    assert board.erasure["longest"] == timedelta(hours=98)
    assert board.erasure["mean"] == timedelta(hours=51.5)
    assert board.erasure["open"] == 2 and board.erasure["overdue"] == 1
    assert board.gc["runs"] == 1 and board.gc["failed"] == 0
    assert board.gc["rows"] == 1234 and board.gc["seconds"] == 60.0
    assert board.gc["last"] == now - timedelta(minutes=59)
    assert board.reads["ratio"] == pytest.approx(0.4)


def test_the_staleness_snapshot_is_taken_once_an_hour(tenant, agents):
    hour = timezone.now().replace(minute=10, second=0, microsecond=0)
    snapshots = Rollup.objects.filter(tenant=tenant, kind=RollupKind.STALENESS)
    rollup_tenant(tenant, now=hour)
    rollup_tenant(tenant, now=hour + timedelta(minutes=5))
    assert snapshots.count() == 1
    rollup_tenant(tenant, now=hour + timedelta(hours=1))
    assert snapshots.count() == 2


def test_percentile_interpolates_within_a_bin():
    bins = [0] * (len(GATE_MS_BOUNDS) + 1)
    bins[6] = 100  # 5–10 ms
    assert percentile(bins, GATE_MS_BOUNDS, 0.5) == pytest.approx(7.5)
    assert percentile([0] * 3, (1, 2), 0.5) is None


def test_health_thresholds():
    assert status_for(0.8) == "HEALTHY"
    assert status_for(0.79) == "DEGRADED"
    assert status_for(0.6) == "DEGRADED"
    assert status_for(0.59) == "CRITICAL"
    assert status_for(None) == "NO DATA"


def test_health_scores_what_it_measures(tenant, agents):
    now = timezone.now()
    writes_insert(tenant, agents, count=80, end=now, span=timedelta(hours=2))
    rollup_tenant(tenant, now=now)
    health = health_for(dashboard_for(tenant, "24h", now=now))
    by_key = {i.key: i for i in health.inputs}
    assert by_key["acceptance"].score == 1.0  # 0.5 is inside 0.4–0.8
    assert by_key["dedup"].score == 1.0
    assert by_key["read_hits"].score is None  # no reads: left out
    assert sum(i.weight for i in health.inputs) == pytest.approx(1.0)
    assert health.score is not None and 0 <= health.score <= 1


def test_dashboard_page_shows_charts_and_tables(curator_client, tenant, agents):
    now = timezone.now()
    writes_insert(tenant, agents, count=400, end=now, span=timedelta(days=6))
    rollup_tenant(tenant, now=now)

    response = curator_client.get(dashboard_url(tenant))

    assert response.status_code == 200
    body = response.content.decode()
    assert body.count("<svg") >= 5
    assert "Memory health" in body
    assert 'style="' not in body and "<script>" not in body
    for agent in agents:
        assert agent.name in body
    assert "secret_detected" in body


def test_dashboard_query_count_does_not_grow_with_data(curator_client, tenant, agents):
    now = timezone.now()
    writes_insert(tenant, agents, count=50, end=now, span=timedelta(days=1))
    rollup_tenant(tenant, now=now)
    with CaptureQueriesContext(connection) as small:
        assert curator_client.get(dashboard_url(tenant, "30d")).status_code == 200

    writes_insert(tenant, agents, count=5000, end=now, span=timedelta(days=29))
    make_agent(tenant, name="bot-late")
    rollup_tenant(tenant, now=now + timedelta(minutes=1))
    with CaptureQueriesContext(connection) as large:
        assert curator_client.get(dashboard_url(tenant, "30d")).status_code == 200

    assert len(large) == len(small)
    # Session, user, tenant, membership; the live figures, the agents; the
    # four rollup aggregates (cached until the next rollup).
    assert len(small) <= 10 + RLS_QUERIES, [
        q["sql"][:80] for q in small.captured_queries
    ]


def test_dashboard_is_for_members_only(client, tenant, other_tenant):
    client.force_login(make_member(other_tenant))
    assert client.get(dashboard_url(tenant)).status_code == 404


def test_an_unknown_window_falls_back_to_seven_days(curator_client, tenant):
    response = curator_client.get(dashboard_url(tenant, "1y"))
    assert response.status_code == 200
    assert response.context["board"].window.key == "7d"


@pytest.mark.parametrize(
    ("role", "landing"),
    [
        (Role.CURATOR, "metrics_dashboard"),
        (Role.COMPLIANCE_OFFICER, "metrics_dashboard"),
        (Role.ADMIN, "metrics_dashboard"),
        (Role.VIEWER, "memory_list"),
    ],
)
def test_home_lands_curators_officers_and_admins_on_the_dashboard(
    client, tenant, role, landing
):
    client.force_login(make_member(tenant, role))
    response = client.get(reverse("home"))
    assert response.status_code == 302
    assert response["Location"] == reverse(landing, args=[tenant.slug])


def test_rollup_aggregates_are_reused_until_the_next_rollup(
    curator_client, tenant, agents
):
    now = timezone.now()
    writes_insert(tenant, agents, count=40, end=now, span=timedelta(hours=3))
    rollup_tenant(tenant, now=now)
    url = dashboard_url(tenant, "24h")
    with CaptureQueriesContext(connection) as cold:
        first = curator_client.get(url)
    with CaptureQueriesContext(connection) as warm:
        curator_client.get(url)
    assert len(warm) == len(cold) - 4
    assert first.context["board"].writes == 40

    writes_insert(tenant, agents, count=8, end=now, span=timedelta(minutes=30))
    rollup_tenant(tenant, now=now + timedelta(minutes=5))
    assert curator_client.get(url).context["board"].writes == 48
