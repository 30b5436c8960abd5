"""The worker's batch neighbour search: the exact paths (numpy, and SQL for a
pair asked a few times) answer what pgvector's exact scan answers (order,
similarity, scopes, layers, tenants)."""

import numpy as np
import pytest
from django.db import connection, transaction
from django.utils import timezone

from memory_core.hashing import sha256
from memory_core.models import MemoryItem, MemoryVersion, Scope, VersionStatus
from memory_core.pipeline.lookups import EXACT_IN_SQL_MAX_QUERIES, BatchLookups
from tests.factories import make_tenant

K = 10


def seed(tenant, scope, rows, rng, *, layer="episodic", status=VersionStatus.ACTIVE):
    now = timezone.now()
    items = MemoryItem.objects.bulk_create(
        [
            MemoryItem(
                tenant=tenant, scope=scope, layer=layer, created_at=now, updated_at=now
            )
            for _ in range(rows)
        ]
    )
    # Not unit vectors: the cosine must normalise both sides.
    raw = rng.normal(size=(rows, 384)).astype(np.float32) * rng.uniform(
        0.5, 3.0, size=(rows, 1)
    ).astype(np.float32)
    MemoryVersion.objects.bulk_create(
        [
            MemoryVersion(
                tenant=tenant,
                item=item,
                scope=scope,
                layer=layer,
                number=1,
                content=f"{layer} {status} {i}",
                embedding=raw[i],
                content_hash=sha256(f"{scope.id}{layer}{status}{i}"),
                confidence=0.5,
                source="recalled",
                status=status,
                valid_from=now,
                created_at=now,
            )
            for i, item in enumerate(items)
        ]
    )


def pgvector_exact(tenant_id, scope_ids, layer, query, k):
    """pgvector's own exact scan: (id, similarity) nearest first."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT id, 1 - (embedding <=> %s::vector) FROM memory_core_memoryversion "
            "WHERE tenant_id = %s AND scope_id = ANY(%s::uuid[]) "
            "AND (%s::text IS NULL OR layer = %s) AND status = 'active' "
            "ORDER BY (embedding <=> %s::vector) + 0 LIMIT %s",
            [
                str(list(map(float, query))),
                tenant_id,
                list(scope_ids),
                layer,
                layer,
                str(list(map(float, query))),
                k,
            ],
        )
        return cursor.fetchall()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "vectors_asked",
    [12, EXACT_IN_SQL_MAX_QUERIES],
    ids=["vectors read out", "scanned in SQL"],
)
def test_exact_batch_search_matches_pgvector(settings, vectors_asked):
    settings.MGC_EXACT_SEARCH_MAX_ROWS = 1000
    rng = np.random.default_rng(18)
    acme = make_tenant("acme", scopes=("/org/acme/user/1/", "/org/acme/user/2/"))
    globex = make_tenant("globex", scopes=("/org/globex/user/1/",))
    user1, user2 = (
        Scope.objects.get(tenant=acme, path=p)
        for p in ("/org/acme/user/1/", "/org/acme/user/2/")
    )
    org = Scope.objects.get(tenant=acme, path="/org/acme/")
    seed(acme, user1, 150, rng)
    seed(acme, user1, 40, rng, layer="semantic")
    seed(acme, user1, 40, rng, status=VersionStatus.SUPERSEDED)
    seed(acme, user2, 60, rng)
    seed(acme, org, 30, rng)
    seed(globex, Scope.objects.get(tenant=globex, path="/org/globex/user/1/"), 60, rng)

    queries = [
        ((user1.id,), "episodic"),
        ((user1.id, org.id), None),
        ((user2.id,), "semantic"),  # nothing stored: no neighbour
    ]
    lookups = BatchLookups(acme.id, [])
    vectors = rng.normal(size=(vectors_asked, 384)).astype(np.float32)
    asked = [(scopes, layer, v) for v in vectors for scopes, layer in queries]
    lookups.prime_neighbours(asked, k=K)
    # Each pair's vectors read out only when it is asked more than a few times.
    assert bool(lookups._vectors) == (vectors_asked > EXACT_IN_SQL_MAX_QUERIES)

    for scopes, layer, vector in asked:
        found = lookups._primed(scopes, layer, vector, K)
        expected = pgvector_exact(acme.id, scopes, layer, vector, K)
        assert [v.version_id for v in found] == [row[0] for row in expected]
        assert [v.similarity for v in found] == pytest.approx(
            [row[1] for row in expected], abs=1e-6
        )
        for version in found:
            assert version.scope_id in scopes
            assert layer is None or version.layer == layer
            assert version.content.split()[1] == VersionStatus.ACTIVE


@pytest.mark.django_db
def test_large_scopes_still_go_through_the_index(settings):
    settings.MGC_EXACT_SEARCH_MAX_ROWS = 5
    rng = np.random.default_rng(5)
    acme = make_tenant("acme", scopes=("/org/acme/user/1/",))
    user1 = Scope.objects.get(tenant=acme, path="/org/acme/user/1/")
    seed(acme, user1, 30, rng)
    lookups = BatchLookups(acme.id, [])
    vector = rng.normal(size=384).astype(np.float32)
    lookups.prime_neighbours([((user1.id,), "episodic", vector)], k=K)
    found = lookups._primed((user1.id,), "episodic", vector, K)
    assert not lookups._vectors  # the exact path was not taken
    assert len(found) == K
    assert all(v.scope_id == user1.id for v in found)


@pytest.mark.django_db
def test_the_index_search_leaves_the_transactions_planner_settings_as_they_were(
    settings,
):
    settings.MGC_EXACT_SEARCH_MAX_ROWS = 5
    rng = np.random.default_rng(7)
    acme = make_tenant("acme", scopes=("/org/acme/user/1/",))
    user1 = Scope.objects.get(tenant=acme, path="/org/acme/user/1/")
    seed(acme, user1, 30, rng)
    vectors = rng.normal(size=(3, 384)).astype(np.float32)
    lookups = BatchLookups(acme.id, [])
    with transaction.atomic():
        lookups.prime_neighbours([((user1.id,), None, v) for v in vectors], k=K)
        with connection.cursor() as cursor:
            cursor.execute("SHOW enable_sort")
            assert cursor.fetchone()[0] == "on"
    for vector in vectors:
        found = lookups._primed((user1.id,), None, vector, K)
        expected = pgvector_exact(acme.id, (user1.id,), None, vector, K)
        # 30 rows: the graph holds them all, the index finds the exact ones.
        assert [v.version_id for v in found] == [row[0] for row in expected]
