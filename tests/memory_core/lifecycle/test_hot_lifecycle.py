"""A version leaving `active` is a HOT update (migration 0022_hot_lifecycle).

No index of the version table names `status` or `valid_to`, so GC's expiry,
a supersession or retention rewrites the row on its page without an entry in
any index. The two state-dependent lookups GC needs read generated columns
instead: `draft_of` (the item of a draft) and `superseded_at` (when a
superseded version ended).
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from memory_core.lifecycle.expiry import items_expire
from memory_core.lifecycle.gc import rules
from memory_core.models import MemoryVersion, VersionStatus
from tests.memory_core.lifecycle.test_gc import stored
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


def test_the_generated_columns_follow_the_status(tenant):
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

    MemoryVersion.objects.filter(id=head.id).update(status=VersionStatus.EXPIRED)
    head.refresh_from_db()
    assert head.draft_of is None and head.superseded_at is None
    assert head.valid_to == ended  # the range stays as it was


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
