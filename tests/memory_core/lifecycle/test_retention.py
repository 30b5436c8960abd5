"""Retention by classification (003 §12.10.4), with time travel on `created_at`."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from audit.models import AuditEvent
from audit.services import audit_chain_verify
from memory_core.lifecycle.retention import (
    HARD_DELETE,
    KEEP,
    SOFT_DELETE,
    retention_action,
    retention_due,
    retention_enforce,
)
from memory_core.models import (
    LogOperation,
    MemoryItem,
    MemoryLogEntry,
    MemoryVersion,
    Tenant,
    VersionStatus,
    WriteRequest,
)
from memory_core.policy import DEFAULT_POLICY
from memory_core.services.curation import versions_as_of
from memory_core.tasks import retention_enforce_task
from tests.factories import make_agent
from tests.locks import row_locked_elsewhere
from tests.memory_core.services.test_curation import committed, keyed_contradiction

# The job's clock in these tests: an hour ahead, so a memory committed during
# a test was stored before it (its version's `valid_from` < NOW) and ages are
# exact, whatever the test's own duration.
NOW = timezone.now() + timedelta(hours=1)
MINUTE = timedelta(minutes=1)
OPEN_POLICY = {
    "rate_limits": dict.fromkeys(
        ["session", "episodic", "semantic", "procedural"], 1000
    ),
    "storm_writes_per_minute": 1000,
    "async_review_at": 0.99,
    "sync_block_at": 0.999,
}


@pytest.fixture
def agent(agent_and_token, tenant):
    tenant.policy = dict(OPEN_POLICY)
    tenant.save(update_fields=["policy"])
    return agent_and_token[0]


_n = iter(range(10**6))


def stored(
    agent,
    *,
    classification: str = "general",
    age: timedelta = timedelta(0),
    pinned: bool = False,
    **update,
) -> MemoryItem:
    """Commit a memory, then move its creation `age` into the past."""
    scope = (
        "/org/acme/user/42/" if agent.tenant.slug == "acme" else "/org/globex/user/7/"
    )
    item = committed(
        agent, f"Memory number {next(_n)} of the retention tests.", scope=scope
    )
    MemoryItem.objects.filter(pk=item.pk).update(
        classification=classification,
        created_at=NOW - age,
        pinned=pinned,
        **update,
    )
    item.refresh_from_db()
    return item


def days(n: float) -> timedelta:
    return timedelta(days=n)


def audit_actions(tenant) -> list[str]:
    return list(
        AuditEvent.objects.filter(tenant_id=tenant.id)
        .filter(action__startswith="retention.")
        .order_by("seq")
        .values_list("action", flat=True)
    )


# What happens to each classification


@pytest.mark.parametrize(
    ("classification", "action"),
    [
        ("pii", HARD_DELETE),
        ("business", SOFT_DELETE),
        ("general", SOFT_DELETE),
        ("public", KEEP),
    ],
)
def test_default_actions(classification, action):
    assert retention_action(classification, DEFAULT_POLICY) == action


@pytest.mark.parametrize(
    ("classification", "limit"),
    [("pii", 90), ("business", 365), ("general", 1825)],
)
def test_the_limit_is_exclusive_just_under_stays_just_over_goes(
    agent, tenant, classification, limit
):
    under = stored(agent, classification=classification, age=days(limit) - MINUTE)
    exact = stored(agent, classification=classification, age=days(limit))
    over = stored(agent, classification=classification, age=days(limit) + MINUTE)
    report = retention_enforce(tenant=tenant, now=NOW)
    assert report.outcomes[classification].items == 1
    survivors = MemoryItem.objects.filter(tenant=tenant)
    assert set(survivors.filter(status="active").values_list("pk", flat=True)) == {
        under.pk,
        exact.pk,
    }
    if classification == "pii":
        assert not survivors.filter(pk=over.pk).exists()
    else:
        assert survivors.get(pk=over.pk).status == VersionStatus.EXPIRED


def test_public_memories_are_kept_indefinitely(agent, tenant):
    item = stored(agent, classification="public", age=days(100 * 365))
    report = retention_enforce(tenant=tenant, now=NOW)
    assert "public" not in report.outcomes and report.items == 0
    item.refresh_from_db()
    assert item.status == VersionStatus.ACTIVE
    assert not retention_due(tenant=tenant, now=NOW).exists()


def test_retention_overrides_access_and_relevance(agent, tenant):
    item = stored(
        agent,
        classification="business",
        age=days(400),
        access_count=1_000_000,
        last_accessed_at=NOW - MINUTE,
    )
    retention_enforce(tenant=tenant, now=NOW)
    item.refresh_from_db()
    assert item.status == VersionStatus.EXPIRED


# Soft deletion


def test_soft_delete_expires_item_and_head_with_log_and_audit(agent, tenant):
    item = stored(agent, classification="general", age=days(2000))
    head_id = item.head_id
    retention_enforce(tenant=tenant, now=NOW)
    item.refresh_from_db()
    head = MemoryVersion.objects.get(pk=head_id)
    assert item.status == head.status == VersionStatus.EXPIRED
    assert head.valid_to == NOW and item.updated_at == NOW
    # GC's grace period (and its screen) count from here.
    assert (item.expired_at, item.expired_by) == (NOW, "retention")
    entry = MemoryLogEntry.objects.filter(item=item).order_by("-seq").first()
    assert entry.operation == LogOperation.EXPIRE and entry.reason == "retention"
    assert entry.version_id == head_id
    assert entry.payload["classification"] == "general"
    event = AuditEvent.objects.get(tenant_id=tenant.id, action="retention.expire")
    assert event.actor_type == "system" and event.reason == "retention"
    assert event.metadata["item_ids"] == [str(item.pk)]
    assert event.metadata["rows"] == {
        "memory_item": 1,
        "memory_version": 1,
        "memory_log": 1,
    }
    # Transaction time stays exact: it was visible just before, not after.
    assert versions_as_of(tenant=tenant, at=NOW - MINUTE).filter(pk=head_id).exists()
    assert not versions_as_of(tenant=tenant, at=NOW).filter(pk=head_id).exists()
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []


# Hard deletion


def test_pii_past_retention_is_hard_deleted_with_one_audit_event(agent, tenant):
    keep = stored(agent, classification="pii", age=days(10))
    gone = [stored(agent, classification="pii", age=days(91)) for _ in range(2)]
    gone_ids = {str(i.pk) for i in gone}
    version_ids = list(
        MemoryVersion.objects.filter(item__in=gone).values_list("pk", flat=True)
    )
    report = retention_enforce(tenant=tenant, now=NOW)
    assert report.outcomes["pii"].items == 2
    assert not MemoryItem.objects.filter(pk__in=[i.pk for i in gone]).exists()
    assert not MemoryVersion.objects.filter(pk__in=version_ids).exists()
    assert not MemoryLogEntry.objects.filter(item_id__in=[i.pk for i in gone]).exists()
    assert not WriteRequest.objects.filter(
        memory_item_id__in=[i.pk for i in gone]
    ).exists()
    assert MemoryItem.objects.filter(pk=keep.pk).exists()
    (event,) = AuditEvent.objects.filter(
        tenant_id=tenant.id, action="retention.hard_delete"
    )
    assert set(event.metadata["item_ids"]) == gone_ids
    assert event.metadata["rows"]["memory_core_memoryitem"] == 2
    assert event.metadata["rows"]["memory_core_memoryversion"] == 2
    # Ids and counts only: no content reaches the audit trail.
    assert "Memory number" not in str(event.metadata)
    assert report.outcomes["pii"].rows_deleted["memory_core_memoryitem"] == 2
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []


def test_pii_goes_whatever_its_status(agent, tenant):
    item = stored(
        agent, classification="pii", age=days(120), status=VersionStatus.EXPIRED
    )
    retention_enforce(tenant=tenant, now=NOW)
    assert not MemoryItem.objects.filter(pk=item.pk).exists()


# What retention holds back


def test_a_pin_holds_business_and_general_but_never_pii(agent, tenant):
    business = stored(agent, classification="business", age=days(400), pinned=True)
    pii = stored(agent, classification="pii", age=days(100), pinned=True)
    report = retention_enforce(tenant=tenant, now=NOW)
    assert report.outcomes["business"].held_pinned == 1
    assert report.outcomes["business"].items == 0
    business.refresh_from_db()
    assert business.status == VersionStatus.ACTIVE
    assert not MemoryItem.objects.filter(pk=pii.pk).exists()
    # The report still lists the held one, and says why.
    (due,) = retention_due(tenant=tenant, now=NOW)
    assert due.pk == business.pk


def test_a_tenant_can_let_retention_override_pins(agent, tenant):
    tenant.policy = {**OPEN_POLICY, "retention_pinned_exempt": []}
    tenant.save(update_fields=["policy"])
    item = stored(agent, classification="business", age=days(400), pinned=True)
    retention_enforce(tenant=tenant, now=NOW)
    item.refresh_from_db()
    assert item.status == VersionStatus.EXPIRED


def test_a_memory_awaiting_review_is_skipped_until_decided(agent, tenant):
    item, staged = keyed_contradiction(agent)
    MemoryItem.objects.filter(pk=item.pk).update(
        classification="pii", created_at=NOW - days(200)
    )
    draft = MemoryVersion.objects.get(item=item, status=VersionStatus.DRAFT)
    report = retention_enforce(tenant=tenant, now=NOW)
    assert report.outcomes["pii"].held_awaiting_review == 1
    assert report.outcomes["pii"].items == 0
    draft.refresh_from_db()
    assert draft.status == VersionStatus.DRAFT
    assert WriteRequest.objects.filter(pk=staged.pk).exists()
    # Once the draft is decided, the next run takes the item.
    MemoryVersion.objects.filter(pk=draft.pk).update(status=VersionStatus.RETRACTED)
    assert retention_enforce(tenant=tenant, now=NOW).outcomes["pii"].items == 1
    assert not MemoryItem.objects.filter(pk=item.pk).exists()


# Per tenant


def test_a_tenant_override_changes_only_that_tenant(agent, tenant, other_tenant):
    tenant.policy = {**OPEN_POLICY, "retention_days": {"general": 30}}
    tenant.save(update_fields=["policy"])
    mine = stored(agent, classification="general", age=days(31))
    other_agent, _ = make_agent(other_tenant)
    other_tenant.policy = dict(OPEN_POLICY)
    other_tenant.save(update_fields=["policy"])
    theirs = stored(other_agent, classification="general", age=days(31))
    retention_enforce(tenant=tenant, now=NOW)
    retention_enforce(tenant=other_tenant, now=NOW)
    mine.refresh_from_db()
    theirs.refresh_from_db()
    assert mine.status == VersionStatus.EXPIRED
    assert theirs.status == VersionStatus.ACTIVE


def test_a_tenant_can_keep_a_classification_indefinitely(agent, tenant):
    tenant.policy = {**OPEN_POLICY, "retention_days": {"business": 0}}
    tenant.save(update_fields=["policy"])
    item = stored(agent, classification="business", age=days(5000))
    assert "business" not in retention_enforce(tenant=tenant, now=NOW).outcomes
    item.refresh_from_db()
    assert item.status == VersionStatus.ACTIVE


def test_one_tenants_run_never_touches_another(agent, tenant, other_tenant):
    other_agent, _ = make_agent(other_tenant)
    other_tenant.policy = dict(OPEN_POLICY)
    other_tenant.save(update_fields=["policy"])
    theirs = stored(other_agent, classification="pii", age=days(365))
    retention_enforce(tenant=tenant, now=NOW)
    assert MemoryItem.objects.filter(pk=theirs.pk).exists()
    assert not AuditEvent.objects.filter(
        tenant_id=other_tenant.id, action__startswith="retention."
    ).exists()


# Dry run, idempotence, batches


def test_dry_run_counts_and_changes_nothing(agent, tenant):
    stored(agent, classification="pii", age=days(100))
    stored(agent, classification="general", age=days(2000))
    stored(agent, classification="general", age=days(2000), pinned=True)
    before = (
        MemoryItem.objects.filter(status="active").count(),
        MemoryLogEntry.objects.count(),
        AuditEvent.objects.count(),
    )
    report = retention_enforce(tenant=tenant, now=NOW, dry_run=True)
    assert report.dry_run and report.batches == 0
    assert report.outcomes["pii"].items == 1
    assert report.outcomes["general"].items == 1
    assert report.outcomes["general"].held_pinned == 1
    after = (
        MemoryItem.objects.filter(status="active").count(),
        MemoryLogEntry.objects.count(),
        AuditEvent.objects.count(),
    )
    assert after == before
    assert report.as_dict()["classifications"]["pii"]["action"] == HARD_DELETE


def test_rerunning_does_nothing_new(agent, tenant):
    stored(agent, classification="pii", age=days(100))
    stored(agent, classification="business", age=days(400))
    first = retention_enforce(tenant=tenant, now=NOW)
    assert first.items == 2
    log, events = MemoryLogEntry.objects.count(), AuditEvent.objects.count()
    again = retention_enforce(tenant=tenant, now=NOW + MINUTE)
    assert again.items == 0 and again.batches == 0
    assert (MemoryLogEntry.objects.count(), AuditEvent.objects.count()) == (
        log,
        events,
    )


def test_batches_of_a_given_size_each_audited(agent, tenant):
    for _ in range(5):
        stored(agent, classification="general", age=days(2000))
    report = retention_enforce(tenant=tenant, now=NOW, batch_size=2)
    assert report.batches == 3 and report.outcomes["general"].items == 5
    assert audit_actions(tenant) == ["retention.expire"] * 3
    assert not MemoryItem.objects.filter(status="active").exists()


# The beat job


def test_the_beat_task_runs_every_tenant(agent, tenant, other_tenant):
    other_agent, _ = make_agent(other_tenant)
    other_tenant.policy = dict(OPEN_POLICY)
    other_tenant.save(update_fields=["policy"])
    stored(agent, classification="pii", age=days(100))
    stored(other_agent, classification="business", age=days(400))
    schedule = settings.CELERY_BEAT_SCHEDULE["enforce-retention"]
    assert schedule["task"] == retention_enforce_task.name
    # Creation times are relative to NOW, a little earlier than the task's clock.
    assert retention_enforce_task(dry_run=True) == 2
    assert MemoryItem.objects.count() == 2
    assert retention_enforce_task() == 2
    assert retention_enforce_task() == 0
    assert MemoryItem.objects.filter(status="active").count() == 0


def test_a_failing_tenant_does_not_stop_the_others(agent, tenant, other_tenant):
    other_agent, _ = make_agent(other_tenant)
    other_tenant.policy = dict(OPEN_POLICY)
    other_tenant.save(update_fields=["policy"])
    stored(agent, classification="business", age=days(400))
    stored(other_agent, classification="business", age=days(400))
    # A policy the code no longer knows makes this tenant's run raise.
    Tenant.objects.filter(pk=tenant.pk).update(policy={"no_such_setting": 1})

    assert retention_enforce_task() == 1
    assert MemoryItem.objects.get(tenant=other_tenant).status == "expired"
    assert MemoryItem.objects.get(tenant=tenant).status == "active"


# Concurrency


@pytest.mark.django_db(transaction=True)
def test_an_item_locked_by_someone_else_is_skipped_then_taken(agent, tenant):
    locked = stored(agent, classification="general", age=days(2000))
    free = stored(agent, classification="general", age=days(2000))
    with row_locked_elsewhere(locked):
        report = retention_enforce(tenant=tenant, now=NOW)
    assert report.outcomes["general"].items == 1
    free.refresh_from_db()
    locked.refresh_from_db()
    assert free.status == VersionStatus.EXPIRED
    assert locked.status == VersionStatus.ACTIVE
    assert retention_enforce(tenant=tenant, now=NOW).outcomes["general"].items == 1
    locked.refresh_from_db()
    assert locked.status == VersionStatus.EXPIRED
