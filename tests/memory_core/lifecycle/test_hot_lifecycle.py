"""A version leaving `active` is a HOT update (migration 0022_hot_lifecycle).

No index of the version table names `status` or `valid_to`, so GC's expiry,
a supersession or retention rewrites the row on its page without an entry in
any index. The two state-dependent lookups GC needs read other columns
instead: `draft_of` (generated: the item of a draft) and `superseded_at`
(kept by triggers, migration 0024: when the version was superseded, kept
after GC expires it, so that expiry is HOT too).
"""

from __future__ import annotations

import re
from datetime import timedelta
from uuid import uuid4

import pytest
from django.db import connection
from django.utils import timezone

from memory_core.lifecycle.expiry import items_expire
from memory_core.lifecycle.gc import rules
from memory_core.models import MemoryVersion, VersionStatus
from memory_core.policy import policy_for
from tests.memory_core.lifecycle.test_gc import stored, superseded_copy
from tests.memory_core.lifecycle.test_partial_indexes import gc_expire, plan

pytestmark = pytest.mark.django_db

LIFECYCLE = re.compile(r"\b(status|valid_to)\b")


def version_counters() -> tuple[int, int]:
    """Updates of version rows in this transaction, and how many were HOT."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_stat_get_xact_tuples_updated(oid),"
            " pg_stat_get_xact_tuples_hot_updated(oid)"
            " FROM pg_class WHERE relname = 'memory_core_memoryversion'"
        )
        return cursor.fetchone()


def test_no_index_of_the_version_table_reads_its_lifecycle_columns():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT indexname, indexdef FROM pg_indexes"
            " WHERE tablename = 'memory_core_memoryversion'"
        )
        indexes = dict(cursor.fetchall())
    assert "memory_version_embedding_hnsw" in indexes
    readers = {name: d for name, d in indexes.items() if LIFECYCLE.search(d)}
    assert readers == {}


def test_an_expiry_rewrites_the_version_in_place(tenant):
    # One rewrite a page fits (fillfactor 75); in one transaction the old
    # row cannot be pruned, so the test expires one item.
    now = timezone.now()
    item = stored(tenant, "the build cache lives on host cache-3")
    updated, hot = version_counters()
    expired, heads = items_expire(
        tenant_id=tenant.id,
        item_ids=[item.id],
        now=now,
        expired_by="hard_ttl",
        reason="test",
        payload={},
    )
    assert expired == [(item.id, item.head_id)] and heads == 1
    after_updated, after_hot = version_counters()
    assert (after_updated - updated, after_hot - hot) == (1, 1)
    head = MemoryVersion.objects.get(id=item.head_id)
    assert head.status == VersionStatus.EXPIRED and head.valid_to == now


def test_draft_of_and_superseded_at_follow_the_status(tenant):
    item = stored(tenant, "the on-call rota changes on Mondays")
    head = MemoryVersion.objects.get(id=item.head_id)
    assert head.draft_of is None and head.superseded_at is None

    MemoryVersion.objects.filter(id=head.id).update(status=VersionStatus.DRAFT)
    head.refresh_from_db()
    assert head.draft_of == item.id and head.superseded_at is None

    ended = timezone.now() - timedelta(days=400)
    MemoryVersion.objects.filter(id=head.id).update(
        status=VersionStatus.SUPERSEDED, valid_to=ended
    )
    head.refresh_from_db()
    assert head.draft_of is None and head.superseded_at == ended

    # Expired, it keeps when it was superseded (migration 0024), and nothing
    # the application writes changes that.
    MemoryVersion.objects.filter(id=head.id).update(status=VersionStatus.EXPIRED)
    head.refresh_from_db()
    assert head.draft_of is None and head.superseded_at == ended
    assert head.valid_to == ended  # the range stays as it was
    MemoryVersion.objects.filter(id=head.id).update(superseded_at=None)
    head.refresh_from_db()
    assert head.superseded_at == ended


def test_a_version_is_written_with_superseded_at_from_its_status(tenant):
    item = stored(tenant, "the VPN gateway is vpn-2")
    head = MemoryVersion.objects.get(id=item.head_id)
    ended = timezone.now() - timedelta(days=100)
    fields = {
        "tenant": tenant,
        "item": item,
        "scope": item.scope,
        "layer": head.layer,
        "embedding": head.embedding,
        "confidence": 0.9,
        "source": head.source,
        "valid_from": ended - timedelta(days=1),
        "created_at": ended - timedelta(days=1),
    }
    old = MemoryVersion.objects.create(
        **fields,
        number=2,
        content="the VPN gateway was vpn-1",
        content_hash="old",
        status=VersionStatus.SUPERSEDED,
        valid_to=ended,
    )
    claimed = MemoryVersion.objects.create(
        **fields,
        number=3,
        content="the VPN gateway will be vpn-3",
        content_hash="draft",
        status=VersionStatus.DRAFT,
        superseded_at=ended,
    )
    old.refresh_from_db()
    claimed.refresh_from_db()
    assert (old.superseded_at, claimed.superseded_at) == (ended, None)


def test_gc_expires_a_superseded_version_in_place(tenant):
    now = timezone.now()
    item = stored(tenant, "the artefact store is nexus-2")
    old = superseded_copy(item)
    updated, hot = version_counters()
    ctx = rules.Context(tenant.id, now, policy_for(tenant))
    expired = rules.superseded_expire_batch(ctx, version_ids=[old.id], run_id=uuid4())
    assert expired == [(old.id, item.id)]
    after_updated, after_hot = version_counters()
    assert (after_updated - updated, after_hot - hot) == (1, 1)
    old.refresh_from_db()
    assert old.status == VersionStatus.EXPIRED and old.superseded_at == old.valid_to


def test_gc_finds_drafts_and_old_superseded_versions_through_their_indexes(tenant):
    item = stored(tenant)
    found = plan(
        "SELECT 1 FROM memory_core_memoryversion d WHERE d.draft_of = %s",
        [item.id],
        bitmap_only=True,
    )
    assert "memory_version_draft_of_idx" in found, found
    # GC's superseded phase names the generated column (any index leading
    # with the tenant could answer its tenant condition on a table this small).
    assert "v.superseded_at < %(superseded_before)s" in rules.SUPERSEDED_WHERE
    found = plan(
        f"SELECT v.id FROM {rules.VERSIONS} v WHERE v.superseded_at < %s",
        [timezone.now()],
        bitmap_only=True,
    )
    assert "memory_version_retired_idx" in found, found


def test_an_item_with_a_draft_is_not_collected(tenant):
    past = timezone.now() - timedelta(seconds=1)
    waiting = stored(tenant, "the release train leaves on Thursdays", expires_at=past)
    plain = stored(tenant, "the staging cluster is in eu-west-1", expires_at=past)
    head = MemoryVersion.objects.get(id=waiting.head_id)
    MemoryVersion.objects.create(
        tenant=tenant,
        item=waiting,
        scope=waiting.scope,
        layer=head.layer,
        number=2,
        content="the release train leaves on Fridays",
        embedding=head.embedding,
        content_hash="draft",
        confidence=0.9,
        source=head.source,
        status=VersionStatus.DRAFT,
        valid_from=timezone.now(),
        created_at=timezone.now(),
    )
    gc_expire(tenant)
    waiting.refresh_from_db()
    plain.refresh_from_db()
    assert waiting.status == "active"
    assert plain.status == "expired"
