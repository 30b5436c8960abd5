"""The indexes migrations 0021 to 0023 changed: what they still answer.

The write path's duplicate lookups (content hash, fingerprint) find active
versions only (0021 made their indexes partial on `active`; 0022 made them
whole again, so that a change of status is a HOT update, and the status is
read from the row); the foreign-key indexes of a version's `supersedes` and of log
entries' previous version and actors hold set values only. Each reader
must still find what it found, through an index where it had one: the plan
checks switch sequential scans off (a test table is small enough that the
planner would rightly prefer them) and ask whether an index can answer.
"""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from memory_core import retrieval
from memory_core.lifecycle.gc import contradictions
from memory_core.lifecycle.gc.runs import gc_run_execute
from memory_core.models import MemoryItem, MemoryVersion, VersionStatus
from memory_core.pipeline.gates.contradiction import UNCHECKED_FLAG
from memory_core.pipeline.lookups import DatabaseLookups
from memory_core.selectors import memory_item_list
from tests.memory_core.lifecycle.test_gc import DAY, SCOPE, NoJudge, stored
from tests.memory_core.test_retrieval import ids, remember, search

pytestmark = pytest.mark.django_db

SECOND = timedelta(seconds=1)


def plan(sql: str, params: list | dict, *, bitmap_only: bool = False) -> str:
    """EXPLAIN `sql` with sequential scans off (for this transaction).

    `bitmap_only` turns plain and index-only scans off too: on a table of a
    few rows the planner may walk any index and filter, while a bitmap scan
    needs an index whose condition the query states.
    """
    scans = ("seqscan", "indexscan", "indexonlyscan") if bitmap_only else ("seqscan",)
    with connection.cursor() as cursor:
        for scan in scans:
            cursor.execute(f"SET LOCAL enable_{scan} = off")
        cursor.execute("EXPLAIN " + sql, params)
        return "\n".join(row[0] for row in cursor.fetchall())


def gc_expire(tenant) -> None:
    run = gc_run_execute(tenant_id=tenant.id, judge=NoJudge())
    assert run is not None and run.status == "completed"


def test_duplicate_lookups_find_active_versions_only_through_their_indexes(
    tenant,
):
    now = timezone.now()
    kept = stored(tenant, "the staging database is on port 5433")
    gone = stored(tenant, "the old build server is ci-3", expires_at=now - SECOND)
    MemoryVersion.objects.filter(id=kept.head_id).update(fingerprint="fp-kept")
    MemoryVersion.objects.filter(id=gone.head_id).update(fingerprint="fp-gone")
    gc_expire(tenant)
    gone.refresh_from_db()
    assert gone.status == "expired" and gone.head.status == VersionStatus.EXPIRED

    lookups = DatabaseLookups(tenant.id)
    scope_id, layer = kept.scope_id, kept.layer
    found = lookups.version_by_hash(scope_id, layer, kept.head.content_hash)
    assert found is not None and found.item_id == kept.id
    assert lookups.version_by_hash(scope_id, layer, gone.head.content_hash) is None
    found = lookups.version_by_fingerprint(scope_id, layer, "fp-kept")
    assert found is not None and found.item_id == kept.id
    assert lookups.version_by_fingerprint(scope_id, layer, "fp-gone") is None

    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
    by_hash = lookups._active().filter(
        scope_id=scope_id, layer=layer, content_hash=kept.head.content_hash
    )
    by_fingerprint = lookups._active().filter(
        scope_id=scope_id, layer=layer, fingerprint="fp-kept"
    )
    # Each has an index to answer it (at scale its own; on a table this
    # small the planner may pick any index leading with the tenant, so only
    # the absence of a sequential scan is asserted).
    for query in (by_hash, by_fingerprint):
        found = query.explain()
        assert "Seq Scan" not in found, found


def test_readers_of_every_status_keep_an_index_plan(tenant):
    item = stored(tenant)
    scope_ids = [item.scope_id]
    # A scope's deletion (PROTECT) asks for its versions of any status.
    assert "Seq Scan" not in plan(
        "SELECT 1 FROM memory_core_memoryversion WHERE scope_id IN (%s) LIMIT 1",
        scope_ids,
    )
    # Search as of a moment: non-draft versions of the scopes, any status.
    now = timezone.now()
    filters = retrieval._Filters(
        tenant_id=tenant.id,
        scope_ids=scope_ids,
        readable_sql=None,
        layers=None,
        kinds=None,
        key=None,
        subject=None,
        predicate=None,
        as_of=now,
        now=now,
    )
    where, params = filters.version_sql()
    assert "Seq Scan" not in plan(
        f"SELECT v.id FROM memory_core_memoryversion v WHERE {where}", params
    )
    # An item's scope as of a moment (its history, any status): the unique
    # (item, number) index, now that the (item, valid_from) one is gone.
    at_moment = (
        MemoryVersion.objects.filter(
            tenant=tenant, item_id=item.id, valid_from__lte=now
        )
        .exclude(status=VersionStatus.DRAFT)
        .order_by("-valid_from")
        .values_list("scope_id", flat=True)[:1]
    )
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
    assert "Seq Scan" not in at_moment.explain()
    # The exact neighbour scan (active versions of a scope set) still has one.
    assert "Seq Scan" not in plan(
        "SELECT id FROM memory_core_memoryversion WHERE tenant_id = %s "
        "AND scope_id = ANY(%s) AND status = 'active'",
        [tenant.id, scope_ids],
    )


@pytest.mark.parametrize(
    ("table", "column", "index"),
    [
        ("memory_core_memoryversion", "supersedes_id", "memory_version_supersedes_idx"),
        (
            "memory_core_memorylogentry",
            "previous_version_id",
            "memory_log_prev_version_idx",
        ),
        ("memory_core_memorylogentry", "actor_agent_id", "memory_log_actor_agent_idx"),
        ("memory_core_memorylogentry", "actor_user_id", "memory_log_actor_user_idx"),
    ],
)
def test_a_deletion_finds_the_rows_pointing_at_it_through_the_partial_index(
    tenant, table, column, index
):
    # What ON DELETE SET NULL runs (Django's collector) when the row goes.
    target = stored(tenant).head_id if column != "actor_user_id" else 1
    found = plan(f"UPDATE {table} SET {column} = NULL WHERE {column} IN (%s)", [target])
    assert index in found, found


def test_erasure_finds_the_rewrites_of_an_erased_version_through_the_index(tenant):
    # memory_core/lifecycle/erasure.py asks for the versions superseding an
    # erased one, `supersedes_id = ANY(...)` (with the tenant, which on a
    # test table this small another index may answer): that condition alone
    # implies the partial index's `IS NOT NULL`, so the index can answer it.
    head = stored(tenant).head_id
    found = plan(
        "SELECT item_id, supersedes_id FROM memory_core_memoryversion "
        "WHERE supersedes_id = ANY(%s)",
        [[head]],
    )
    assert "memory_version_supersedes_idx" in found, found


def test_gc_expiry_keeps_as_of_exact_and_leaves_search_and_the_console(reader):
    tenant = reader.tenant
    write = remember(reader, "The release train leaves every second Tuesday.")
    item = MemoryItem.objects.get(id=write.memory_item_id)
    before = timezone.now()
    MemoryItem.objects.filter(id=item.id).update(expires_at=before)
    gc_expire(tenant)
    item.refresh_from_db()
    assert item.status == "expired"
    head = item.head
    assert head.status == VersionStatus.EXPIRED and head.valid_to > before

    query = "when does the release train leave"
    assert item.id not in ids(search(reader, query, limit=100))
    then = search(reader, query, as_of=before, limit=100)
    assert item.id in ids(then)
    listed = memory_item_list(tenant=tenant, scope_path=SCOPE, status="active")
    assert item.id not in {i.id for i in listed}
    as_of = memory_item_list(tenant=tenant, as_of=before)
    assert item.id in {i.id for i in as_of}
    assert item.id not in {
        i.id for i in memory_item_list(tenant=tenant, as_of=timezone.now())
    }


def test_superseded_version_expired_by_gc_stays_in_its_as_of_range(tenant):
    old = timezone.now() - timedelta(days=400)
    item = stored(tenant, "the wiki lives at wiki.internal", age=timedelta(days=400))
    first = item.head
    replaced_at = old + timedelta(days=10)
    MemoryVersion.objects.filter(id=first.id).update(
        status=VersionStatus.SUPERSEDED, valid_to=replaced_at
    )
    second = MemoryVersion.objects.create(
        tenant=tenant,
        item=item,
        scope=item.scope,
        layer=item.layer,
        number=2,
        content="the wiki lives at docs.internal",
        embedding=first.embedding,
        content_hash="h-docs",
        confidence=0.9,
        source="user_stated",
        status=VersionStatus.ACTIVE,
        supersedes=first,
        valid_from=replaced_at,
        created_at=replaced_at,
    )
    MemoryItem.objects.filter(id=item.id).update(head=second)
    gc_expire(tenant)
    first.refresh_from_db()
    assert first.status == VersionStatus.EXPIRED and first.valid_to == replaced_at
    during = memory_item_list(tenant=tenant, as_of=old + timedelta(days=5))
    assert item.id in {i.id for i in during}


def test_the_scan_takes_unjudged_heads_first_then_the_longest_unscanned(tenant):
    now = timezone.now()
    scanned_long_ago = stored(tenant, contradiction_scanned_at=now - 30 * DAY)
    never = stored(tenant)
    unjudged = stored(tenant, contradiction_scanned_at=now - DAY)
    MemoryVersion.objects.filter(pk=unjudged.head_id).update(
        flags=[UNCHECKED_FLAG, "pii"]
    )
    MemoryItem.objects.filter(pk=scanned_long_ago.pk).update(updated_at=now)
    MemoryItem.objects.filter(pk=unjudged.pk).update(updated_at=now)
    up_to_date = stored(tenant, contradiction_scanned_at=now + DAY)
    expired = stored(tenant, status=VersionStatus.EXPIRED)
    due = contradictions.items_to_scan(tenant_id=tenant.id, limit=10)
    assert due == [unjudged.pk, never.pk, scanned_long_ago.pk]
    assert up_to_date.pk not in due and expired.pk not in due
    assert contradictions.items_to_scan(tenant_id=tenant.id, limit=2) == due[:2]
    # Each half reads its own index, not every active item.
    params = {
        "tenant": tenant.id,
        "flag": json.dumps([UNCHECKED_FLAG]),
        "limit": 10,
    }
    ordered = plan(contradictions.ITEMS_TO_SCAN, params)
    assert "memory_item_scan_due_idx" in ordered, ordered
    # On a table of a few rows the planner may walk any index and filter; a
    # bitmap scan needs an index whose condition the query states.
    flagged = plan(contradictions.ITEMS_TO_SCAN, params, bitmap_only=True)
    assert "memory_version_unchecked_idx" in flagged, flagged
