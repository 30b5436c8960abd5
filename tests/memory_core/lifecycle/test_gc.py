"""Garbage collection: every rule at its boundary, exemptions, phases, runs.

Rows are stored directly (`stored`) with timestamps set in the past: time
travel by data, so each rule is tested one second on each side of its limit.
"""

from __future__ import annotations

import hashlib
import threading
import uuid
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from audit.models import AuditEvent
from audit.services import audit_chain_verify
from memory_core.exceptions import StateConflict
from memory_core.lifecycle.gc import rules
from memory_core.lifecycle.gc.runs import gc_run_execute
from memory_core.models import (
    Conflict,
    ConflictPairAllowance,
    ConflictStatus,
    GcRun,
    GcRunStatus,
    LogOperation,
    MemoryItem,
    MemoryLogEntry,
    MemoryVersion,
    Role,
    Scope,
    VersionStatus,
)
from memory_core.pipeline.judges import Judgement
from memory_core.services.curation import memory_pin
from memory_core.services.gc import memory_recover
from tests.factories import make_member
from tests.memory_core.services.test_curation import unit_vector

SCOPE = "/org/acme/user/42/"
DAY = timedelta(days=1)
SECOND = timedelta(seconds=1)


def stored(
    tenant,
    content: str = "",
    *,
    age: timedelta = timedelta(0),
    layer: str = "semantic",
    source: str = "user_stated",
    confidence: float = 0.9,
    validation_score: float | None = 0.9,
    embedding: list | None = None,
    scope: str = SCOPE,
    **item_fields,
) -> MemoryItem:
    """Store an item with an active head written `age` ago, bypassing the pipeline."""
    now = timezone.now()
    created = now - age
    content = content or f"note {uuid.uuid4()}"
    scope_row = Scope.objects.get(tenant=tenant, path=scope)
    item = MemoryItem.objects.create(
        tenant=tenant,
        scope=scope_row,
        layer=layer,
        created_at=created,
        updated_at=created,
        last_accessed_at=now,
        **item_fields,
    )
    head = MemoryVersion.objects.create(
        tenant=tenant,
        item=item,
        scope=scope_row,
        layer=layer,
        number=1,
        content=content,
        embedding=embedding or unit_vector(),
        content_hash=hashlib.sha256(content.encode()).hexdigest(),
        confidence=confidence,
        source=source,
        validation_score=validation_score,
        status=VersionStatus.ACTIVE,
        valid_from=created,
        created_at=created,
    )
    item.head = head
    item.save(update_fields=["head"])
    return item


def status(item: MemoryItem) -> str:
    item.refresh_from_db()
    return item.status


def run(tenant, **kwargs) -> GcRun:
    result = gc_run_execute(tenant_id=tenant.id, judge=NoJudge(), **kwargs)
    assert result is not None
    return result


class NoJudge:
    def judge(self, premise: str, hypothesis: str) -> Judgement:
        return Judgement(False, "none")


pytestmark = pytest.mark.django_db


# Expiring rules, one second on each side of the limit.


def test_hard_ttl_expires_after_the_limit_not_before(tenant):
    now = timezone.now()
    passed = stored(tenant, expires_at=now - SECOND)
    not_yet = stored(tenant, expires_at=now + timedelta(minutes=5))
    result = run(tenant)
    assert (status(passed), status(not_yet)) == ("expired", "active")
    passed.refresh_from_db()
    assert passed.expired_by == rules.HARD_TTL and passed.expired_at is not None
    head = MemoryVersion.objects.get(pk=passed.head_id)
    assert head.status == VersionStatus.EXPIRED and head.valid_to is not None
    log = MemoryLogEntry.objects.get(item=passed, operation=LogOperation.EXPIRE)
    assert log.payload == {"rule": "hard_ttl", "gc_run": str(result.id)}
    assert result.counts[rules.HARD_TTL] == 1
    assert result.status == GcRunStatus.COMPLETED


def test_soft_ttl_marks_a_candidate_and_expires_it_when_unread_30_days(tenant):
    now = timezone.now()
    fresh = stored(tenant, soft_expires_at=now - SECOND, age=100 * DAY)
    unread = stored(tenant, soft_expires_at=now - 30 * DAY - SECOND, age=100 * DAY)
    unread.last_accessed_at = now - 30 * DAY - SECOND
    unread.save(update_fields=["last_accessed_at"])
    read = stored(tenant, soft_expires_at=now - 40 * DAY, age=100 * DAY)
    read.last_accessed_at = now - 30 * DAY + timedelta(minutes=5)
    read.save(update_fields=["last_accessed_at"])
    result = run(tenant)
    assert status(unread) == "expired"
    assert (status(fresh), status(read)) == ("active", "active")
    for item in (fresh, read):
        assert item.gc_candidate_reason == "soft_ttl"
        assert item.retrieval_weight == 0.5
    assert result.counts[rules.CANDIDATE_UNREAD] == 1
    assert result.counts[rules.SOFT_TTL] == 2


def test_superseded_versions_expire_after_90_days(tenant):
    now = timezone.now()
    item = stored(tenant, age=200 * DAY)
    old, recent = (
        MemoryVersion.objects.create(
            tenant=tenant,
            item=item,
            scope=item.scope,
            layer=item.layer,
            number=n,
            content=f"old {n}",
            embedding=unit_vector(),
            content_hash=f"h{n}",
            confidence=0.9,
            source="user_stated",
            status=VersionStatus.SUPERSEDED,
            valid_from=now - 200 * DAY,
            valid_to=valid_to,
            created_at=now - 200 * DAY,
        )
        for n, valid_to in ((2, now - 90 * DAY - SECOND), (3, now - 89 * DAY))
    )
    result = run(tenant)
    old.refresh_from_db()
    recent.refresh_from_db()
    assert (old.status, recent.status) == ("expired", "superseded")
    assert old.valid_to == now - 90 * DAY - SECOND  # the range stays closed as it was
    assert status(item) == "active"
    assert result.counts[rules.SUPERSEDED] == 1


def test_low_confidence_unverified_60_days_is_marked_stale_not_expired(tenant):
    stale = stored(tenant, confidence=0.29, age=60 * DAY + SECOND)
    young = stored(tenant, confidence=0.29, age=59 * DAY)
    confident = stored(tenant, confidence=0.3, age=100 * DAY)
    result = run(tenant)
    for item in (stale, young, confident):
        assert status(item) == "active"
    assert stale.stale_reason == "low_confidence" and stale.retrieval_weight == 0.5
    assert young.stale_at is None and confident.stale_at is None
    assert result.counts[rules.LOW_CONFIDENCE] == 1


def test_confidence_decay_expires_agent_inferences_below_the_floor(tenant):
    # 0.6 − 0.05·6 = 0.30: not below 0.3 after six 30-day periods; 7 periods is.
    kept = stored(
        tenant, source="agent_inferred", confidence=0.6, age=7 * 30 * DAY - DAY
    )
    decayed = stored(
        tenant, source="agent_inferred", confidence=0.6, age=7 * 30 * DAY + SECOND
    )
    stated = stored(tenant, source="user_stated", confidence=0.6, age=400 * DAY)
    # Reinforcement is verification: the periods count from it.
    reinforced = stored(
        tenant, source="agent_inferred", confidence=0.6, age=7 * 30 * DAY + DAY
    )
    MemoryVersion.objects.filter(pk=reinforced.head_id).update(
        last_reinforced_at=timezone.now() - 10 * DAY
    )
    result = run(tenant)
    assert status(decayed) == "expired"
    assert decayed.expired_by == rules.CONFIDENCE_DECAY
    for item in (kept, stated, reinforced):
        assert status(item) == "active"
    assert result.counts[rules.CONFIDENCE_DECAY] == 1


def test_relevance_below_tau_and_idle_past_t_idle_expires(tenant):
    # Episodic: λ = 0.01/day, τ = 0.2, T_idle = 30 days; ρ0 = 0.8, no accesses:
    # ρ = 0.8·exp(−0.01·age) < 0.2 when age > 100·ln 4 ≈ 138.6 days.
    now = timezone.now()
    old = stored(tenant, layer="episodic", validation_score=0.8, age=140 * DAY)
    young = stored(tenant, layer="episodic", validation_score=0.8, age=137 * DAY)
    for item in (old, young):
        item.last_accessed_at = now - 31 * DAY
        item.save(update_fields=["last_accessed_at"])
    recently_read = stored(
        tenant, layer="episodic", validation_score=0.8, age=400 * DAY
    )
    recently_read.last_accessed_at = now - 29 * DAY
    recently_read.save(update_fields=["last_accessed_at"])
    # Accesses in the window reinforce: (1 + ln(1 + 20)) ≈ 4.04.
    popular = stored(
        tenant,
        layer="episodic",
        validation_score=0.8,
        age=200 * DAY,
        access_count=20,
    )
    popular.last_accessed_at = now - 29 * DAY
    popular.save(update_fields=["last_accessed_at"])
    result = run(tenant)
    assert status(old) == "expired" and old.expired_by == rules.RELEVANCE
    for item in (young, recently_read, popular):
        assert status(item) == "active"
    assert result.counts[rules.RELEVANCE] == 1


def test_relevance_uses_per_layer_parameters(tenant):
    # Semantic: λ = 0.001/day, τ = 0.1, T_idle = 180 days; ρ = 0.8·e^−0.2 ≈ 0.65.
    item = stored(tenant, layer="semantic", validation_score=0.8, age=200 * DAY)
    item.last_accessed_at = timezone.now() - 181 * DAY
    item.save(update_fields=["last_accessed_at"])
    assert run(tenant, dry_run=True).counts[rules.RELEVANCE] == 0
    # A tenant's faster decay, 0.02/day: ρ = 0.8·e^−4 ≈ 0.015 < 0.1.
    tenant.policy = {"gc_relevance_lambda_per_day": {"semantic": 0.02}}
    tenant.save(update_fields=["policy"])
    item.last_accessed_at = timezone.now() - 179 * DAY
    item.save(update_fields=["last_accessed_at"])
    assert run(tenant, dry_run=True).counts[rules.RELEVANCE] == 0  # not idle enough
    item.last_accessed_at = timezone.now() - 181 * DAY
    item.save(update_fields=["last_accessed_at"])
    run(tenant)
    assert status(item) == "expired"


def test_staleness_marks_stale_and_eviction_candidates(tenant):
    # age 1.0·0.4 + access 1.0·0.3 + open contradiction 0.3 = 1.0 > 0.9.
    now = timezone.now()
    a = stored(tenant, age=400 * DAY)
    b = stored(tenant, age=400 * DAY)
    for item in (a, b):
        item.last_accessed_at = now - 40 * DAY
        item.save(update_fields=["last_accessed_at"])
    Conflict.objects.create(
        tenant=tenant,
        existing_version_id=a.head_id,
        new_version_id=b.head_id,
        detector="test",
    )
    # Without a contradiction the score is at most 0.7: not stale.
    quiet = stored(tenant, age=400 * DAY)
    quiet.last_accessed_at = now - 40 * DAY
    quiet.save(update_fields=["last_accessed_at"])
    result = run(tenant)
    for item in (a, b):
        assert status(item) == "active"  # an open case stops collection
        assert item.stale_reason == "staleness"
        assert item.gc_candidate_reason == "staleness"
        assert item.staleness == pytest.approx(1.0)
    assert status(quiet) == "active" and quiet.stale_at is None
    assert result.counts[rules.STALENESS_STALE] == 2
    assert result.counts[rules.STALENESS_CANDIDATE] == 2


# Exemptions


def test_pinned_items_are_never_collected(tenant):
    now = timezone.now()
    pinned = stored(
        tenant,
        pinned=True,
        expires_at=now - DAY,
        soft_expires_at=now - 90 * DAY,
        confidence=0.1,
        age=900 * DAY,
        source="agent_inferred",
    )
    result = run(tenant)
    pinned.refresh_from_db()
    assert pinned.status == "active"
    assert pinned.gc_candidate_at is None and pinned.stale_at is None
    assert sum(result.counts.get(r, 0) for r in rules.EXPIRY_RULES) == 0


def test_items_with_a_draft_or_an_open_case_are_not_expired(tenant):
    now = timezone.now()
    drafted = stored(tenant, expires_at=now - DAY)
    MemoryVersion.objects.create(
        tenant=tenant,
        item=drafted,
        scope=drafted.scope,
        layer=drafted.layer,
        number=2,
        content="awaiting review",
        embedding=unit_vector(),
        content_hash="draft",
        confidence=0.9,
        source="user_stated",
        status=VersionStatus.DRAFT,
        valid_from=now,
        created_at=now,
    )
    contested = stored(tenant, expires_at=now - DAY)
    other = stored(tenant)
    Conflict.objects.create(
        tenant=tenant,
        existing_version_id=other.head_id,
        new_version_id=contested.head_id,
        detector="test",
    )
    run(tenant)
    assert (status(drafted), status(contested)) == ("active", "active")
    draft = MemoryVersion.objects.get(item=drafted, status=VersionStatus.DRAFT)
    assert draft.valid_to is None


# Dry run


def test_dry_run_counts_what_a_run_does_and_changes_nothing(tenant):
    now = timezone.now()
    stored(tenant, expires_at=now - DAY)
    stored(tenant, soft_expires_at=now - DAY, age=10 * DAY)
    stored(tenant, source="agent_inferred", confidence=0.4, age=100 * DAY)
    before = list(MemoryItem.objects.order_by("id").values())
    events = AuditEvent.objects.count()
    dry = run(tenant, dry_run=True)
    assert list(MemoryItem.objects.order_by("id").values()) == before
    assert AuditEvent.objects.count() == events + 1  # the dry run's own record
    assert dry.dry_run and dry.status == GcRunStatus.COMPLETED
    real = run(tenant)
    for rule in (rules.HARD_TTL, rules.SOFT_TTL, rules.CONFIDENCE_DECAY):
        assert dry.counts[rule] == real.counts[rule] == 1


# Two phases and recovery


def test_hard_delete_after_grace_and_recovery_refused_then(tenant):
    curator = make_member(tenant, Role.CURATOR)
    item = stored(tenant, expires_at=timezone.now() - DAY)
    keep = stored(tenant, expires_at=timezone.now() - DAY)
    run(tenant)
    MemoryItem.objects.filter(pk=item.pk).update(
        expired_at=timezone.now() - 30 * DAY - SECOND
    )
    MemoryItem.objects.filter(pk=keep.pk).update(expired_at=timezone.now() - 29 * DAY)
    with pytest.raises(StateConflict) as refused:
        memory_recover(tenant=tenant, item_id=item.id, user=curator, reason="late")
    assert refused.value.code == "grace_over"
    result = run(tenant)
    assert not MemoryItem.objects.filter(pk=item.pk).exists()
    assert not MemoryVersion.objects.filter(item_id=item.pk).exists()
    assert MemoryItem.objects.filter(pk=keep.pk).exists()
    assert result.counts[rules.HARD_DELETE] == 1
    event = AuditEvent.objects.get(action="memory.gc_hard_delete")
    assert event.metadata["ids"] == [str(item.id)]
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []


def test_pin_keeps_a_candidate(tenant):
    curator = make_member(tenant, Role.CURATOR)
    now = timezone.now()
    item = stored(tenant, soft_expires_at=now - 40 * DAY, age=100 * DAY)
    item.last_accessed_at = now - 40 * DAY
    item.save(update_fields=["last_accessed_at"])
    assert run(tenant, dry_run=True).counts[rules.CANDIDATE_UNREAD] == 1
    memory_pin(tenant=tenant, item_id=item.id, user=curator, reason="keep")
    run(tenant)
    assert status(item) == "active"


# Contradiction scan


class MondayTuesday:
    def judge(self, premise: str, hypothesis: str) -> Judgement:
        days = {"Monday", "Tuesday"}
        found = {d for d in days if d in premise} | {d for d in days if d in hypothesis}
        return Judgement(found == days, "weekday", "different weekday")


def test_contradiction_scan_opens_a_case_once_and_skips_kept_pairs(tenant):
    vector = unit_vector()
    old = stored(tenant, "Standup is on Monday.", embedding=vector, age=2 * DAY)
    new = stored(
        tenant, "Standup is on Tuesday.", embedding=unit_vector(vector, similarity=0.9)
    )
    result = gc_run_execute(tenant_id=tenant.id, judge=MondayTuesday())
    case = Conflict.objects.get(tenant=tenant)
    assert (case.existing_version_id, case.new_version_id) == (old.head_id, new.head_id)
    assert case.write_request_id is None and case.status == ConflictStatus.OPEN
    assert result.counts[rules.CONTRADICTION_SCAN] == 1
    assert AuditEvent.objects.filter(action="conflict.open").count() == 1
    # Scanned items are not scanned again until they change.
    MemoryItem.objects.filter(pk=new.pk).update(contradiction_scanned_at=None)
    gc_run_execute(tenant_id=tenant.id, judge=MondayTuesday())
    assert Conflict.objects.filter(tenant=tenant).count() == 1
    # A pair a curator kept both of is not reopened.
    case.status = ConflictStatus.RESOLVED
    case.save(update_fields=["status"])
    a, b = sorted([old.head_id, new.head_id], key=str)
    ConflictPairAllowance.objects.create(
        tenant=tenant, version_a_id=a, version_b_id=b, created_at=timezone.now()
    )
    MemoryItem.objects.filter(pk__in=[old.pk, new.pk]).update(
        contradiction_scanned_at=None
    )
    gc_run_execute(tenant_id=tenant.id, judge=MondayTuesday())
    assert Conflict.objects.filter(tenant=tenant).count() == 1


def test_the_scan_judges_a_head_against_the_scopes_above_not_its_siblings(tenant):
    vector = unit_vector()
    org = Scope.objects.get(tenant=tenant, path="/org/acme/")
    above = stored(
        tenant, "Standup is on Monday.", embedding=vector, age=DAY, scope=org.path
    )
    stored(
        tenant,
        "Standup is on Monday.",
        embedding=unit_vector(vector, similarity=0.95),
        age=DAY,
        scope="/org/acme/user/43/",
    )
    head = stored(
        tenant, "Standup is on Tuesday.", embedding=unit_vector(vector, similarity=0.9)
    )
    gc_run_execute(tenant_id=tenant.id, judge=MondayTuesday())
    pairs = {
        frozenset((c.existing_version_id, c.new_version_id))
        for c in Conflict.objects.filter(tenant=tenant)
    }
    # The sibling's Monday contradicts the Tuesday too, but 43 is not 42's.
    assert pairs == {frozenset((above.head_id, head.head_id))}


# Runs: resume and concurrency


class Crash(BaseException):
    """Stands for a worker killed between two batches."""


def test_a_killed_run_leaves_whole_batches_and_the_next_run_resumes(tenant):
    tenant.policy = {"gc_batch_size": 2}
    tenant.save(update_fields=["policy"])
    items = [stored(tenant, expires_at=timezone.now() - DAY) for _ in range(5)]

    def crash(run, rule):
        raise Crash

    with pytest.raises(Crash):
        gc_run_execute(tenant_id=tenant.id, judge=NoJudge(), after_batch=crash)
    interrupted = GcRun.objects.get(tenant=tenant)
    assert interrupted.status == GcRunStatus.RUNNING
    assert interrupted.counts == {rules.HARD_TTL: 2}
    assert sorted(status(i) for i in items) == ["active"] * 3 + ["expired"] * 2
    # Every expired item is whole: item, head and log entry together.
    for item in items:
        head = MemoryVersion.objects.get(pk=item.head_id)
        logged = MemoryLogEntry.objects.filter(item=item, operation="expire").count()
        assert head.status == item.status and logged == int(item.status == "expired")
    resumed = run(tenant)
    assert resumed.pk == interrupted.pk and resumed.resumes == 1
    assert resumed.status == GcRunStatus.COMPLETED
    assert resumed.counts[rules.HARD_TTL] == 5
    assert [status(i) for i in items] == ["expired"] * 5
    assert MemoryLogEntry.objects.filter(operation="expire").count() == 5
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []


def test_a_failed_run_is_recorded_and_the_next_starts_afresh(tenant):
    stored(tenant, expires_at=timezone.now() - DAY)

    def fail(run, rule):
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        gc_run_execute(tenant_id=tenant.id, judge=NoJudge(), after_batch=fail)
    failed = GcRun.objects.get(tenant=tenant)
    assert failed.status == GcRunStatus.FAILED and "disk full" in failed.error
    again = run(tenant)
    assert again.pk != failed.pk and again.status == GcRunStatus.COMPLETED


@pytest.mark.django_db(transaction=True)
def test_two_runs_of_one_tenant_never_overlap(tenant):
    for _ in range(3):
        stored(tenant, expires_at=timezone.now() - DAY)
    tenant.policy = {"gc_batch_size": 1}
    tenant.save(update_fields=["policy"])
    inside, release = threading.Event(), threading.Event()
    outcome: dict[str, object] = {}

    def hold(run, rule):
        inside.set()
        release.wait(10)

    def first():
        try:
            outcome["first"] = gc_run_execute(
                tenant_id=tenant.id, judge=NoJudge(), after_batch=hold
            )
        finally:
            connection.close()

    thread = threading.Thread(target=first)
    thread.start()
    try:
        assert inside.wait(10)
        # Another connection: the tenant's lock is held, the tick is a no-op.
        assert gc_run_execute(tenant_id=tenant.id, judge=NoJudge()) is None
    finally:
        release.set()
        thread.join(20)
    first_run = outcome["first"]
    assert isinstance(first_run, GcRun)
    assert first_run.status == GcRunStatus.COMPLETED
    assert GcRun.objects.filter(tenant=tenant, dry_run=False).count() == 1
    assert MemoryItem.objects.filter(status="expired").count() == 3
    # Once released, the next tick runs.
    assert gc_run_execute(tenant_id=tenant.id, judge=NoJudge()) is not None


def superseded_copy(item: MemoryItem, *, days_ago: int = 200) -> MemoryVersion:
    """Add an old superseded version to `item`, past the 90-day limit."""
    now = timezone.now()
    return MemoryVersion.objects.create(
        tenant=item.tenant,
        item=item,
        scope=item.scope,
        layer=item.layer,
        number=item.versions.count() + 1,
        content=f"old {uuid.uuid4()}",
        embedding=unit_vector(),
        content_hash=uuid.uuid4().hex,
        confidence=0.9,
        source="user_stated",
        status=VersionStatus.SUPERSEDED,
        valid_from=now - days_ago * DAY,
        valid_to=now - (days_ago - 1) * DAY,
        created_at=now - days_ago * DAY,
    )


def whole(items: list[MemoryItem]) -> int:
    """Return how many items are expired, each wholly (head, log) or not at all."""
    expired = 0
    for item in MemoryItem.objects.filter(pk__in=[i.pk for i in items]):
        head = MemoryVersion.objects.get(pk=item.head_id)
        logged = MemoryLogEntry.objects.filter(
            item=item, version=head, operation="expire"
        ).count()
        assert head.status == item.status
        assert logged == int(item.status == "expired")
        assert (head.valid_to is not None) == (item.status == "expired")
        expired += item.status == "expired"
    return expired


@pytest.fixture
def two_connections(settings):
    """Apply any backlog of two or more batches on two connections."""
    settings.MGC_GC_WORKERS = 2
    settings.MGC_GC_PARALLEL_BATCHES = 2


@pytest.mark.django_db(transaction=True)
def test_a_backlog_on_two_connections_commits_batches_in_order(tenant, two_connections):
    tenant.policy = {"gc_batch_size": 1}
    tenant.save(update_fields=["policy"])
    items = [stored(tenant, expires_at=timezone.now() - DAY) for _ in range(8)]
    old = [superseded_copy(items[0]) for _ in range(4)]
    pids: dict[str, set[int]] = {}

    def note_connection(run, rule):
        # A worker's own connection; the pause lets the other take a batch.
        pids.setdefault(rule, set()).add(connection.connection.info.backend_pid)
        threading.Event().wait(0.05)

    result = run(tenant, after_batch=note_connection)
    assert {rule: len(used) for rule, used in pids.items()} == {
        rules.HARD_TTL: 2,
        rules.SUPERSEDED: 2,
    }
    assert result.status == GcRunStatus.COMPLETED
    assert result.counts[rules.HARD_TTL] == 8 and result.counts[rules.SUPERSEDED] == 4
    assert whole(items) == 8
    assert all(MemoryVersion.objects.get(pk=v.pk).status == "expired" for v in old)
    # One event per batch, committed in the order the batches were cut.
    batches = [
        event.metadata["ids"][0]
        for event in AuditEvent.objects.filter(
            tenant_id=tenant.id, action="memory.gc_expire"
        ).order_by("id")
    ]
    assert batches == sorted(str(i.pk) for i in items)
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []


@pytest.mark.django_db(transaction=True)
def test_a_run_killed_on_two_connections_leaves_whole_batches_and_resumes(
    tenant, two_connections
):
    tenant.policy = {"gc_batch_size": 1}
    tenant.save(update_fields=["policy"])
    items = [stored(tenant, expires_at=timezone.now() - DAY) for _ in range(8)]
    calls = []

    def crash_on_third(run, rule):
        calls.append(rule)
        if len(calls) == 3:
            raise Crash

    with pytest.raises(Crash):
        gc_run_execute(tenant_id=tenant.id, judge=NoJudge(), after_batch=crash_on_third)
    interrupted = GcRun.objects.get(tenant=tenant)
    assert interrupted.status == GcRunStatus.RUNNING
    expired = whole(items)
    # The run's count is what committed, and its cursor passes only committed
    # batches: every item up to the cursor is expired.
    assert interrupted.counts[rules.HARD_TTL] == expired
    cursor = interrupted.progress["cursor"]["after"]
    assert all(status(i) == "expired" for i in items if str(i.pk) <= cursor)
    resumed = run(tenant)
    assert resumed.pk == interrupted.pk and resumed.status == GcRunStatus.COMPLETED
    assert resumed.counts[rules.HARD_TTL] == 8
    assert whole(items) == 8
    assert MemoryLogEntry.objects.filter(operation="expire").count() == 8
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []


def test_runs_are_audited_per_batch_without_content(tenant):
    stored(tenant, "secret plans", expires_at=timezone.now() - DAY)
    result = run(tenant)
    actions = list(
        AuditEvent.objects.filter(tenant_id=tenant.id)
        .filter(action__startswith="gc.")
        .values_list("action", flat=True)
    )
    assert actions == ["gc.run.start", "gc.run.complete"]
    batch = AuditEvent.objects.get(action="memory.gc_expire")
    assert batch.object_id == str(result.id) and batch.metadata["count"] == 1
    assert "secret" not in str(batch.metadata)
