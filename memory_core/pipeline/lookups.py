"""The database behind `GateContext.lookups`: tenant-bound, read-only queries."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence

import numpy as np
from django.conf import settings
from django.db import connection
from pgvector.django import CosineDistance

from memory_core.models import MemoryItem, MemoryVersion, Scope, VersionStatus
from memory_core.pipeline.types import Candidate, ExistingVersion, ScopeRef


class DatabaseLookups:
    def __init__(self, tenant_id: uuid.UUID) -> None:
        self.tenant_id = tenant_id
        self._scopes: dict[str, ScopeRef | None] = {}

    def scope(self, path: str) -> ScopeRef | None:
        if path not in self._scopes:
            row = (
                Scope.objects.filter(tenant_id=self.tenant_id, path=path)
                .values_list("id", "path")
                .first()
            )
            self._scopes[path] = ScopeRef(*row) if row else None
        return self._scopes[path]

    def item_head_by_key(
        self, scope_id: uuid.UUID, layer: str, key: str
    ) -> ExistingVersion | None:
        row = (
            MemoryItem.objects.filter(
                tenant_id=self.tenant_id, scope_id=scope_id, layer=layer, memory_key=key
            )
            .values_list("head_id", "id", "head__content_hash")
            .first()
        )
        if row is None or row[0] is None:
            return None
        return ExistingVersion(version_id=row[0], item_id=row[1], content_hash=row[2])

    def version_by_hash(
        self, scope_id: uuid.UUID, layer: str, content_hash: str
    ) -> ExistingVersion | None:
        row = (
            MemoryVersion.objects.filter(
                tenant_id=self.tenant_id,
                scope_id=scope_id,
                layer=layer,
                content_hash=content_hash,
                status=VersionStatus.ACTIVE,
            )
            .values_list("id", "item_id", "content_hash")
            .first()
        )
        return ExistingVersion(*row) if row else None

    def nearest(
        self, scope_id: uuid.UUID, layer: str, embedding: Sequence[float], k: int
    ) -> list[ExistingVersion]:
        return nearest_active_versions(
            tenant_id=self.tenant_id,
            scope_ids=[scope_id],
            layer=layer,
            embedding=embedding,
            k=k,
        )


class BatchLookups(DatabaseLookups):
    """Answer a whole batch from a few queries, and see the batch's own writes.

    Scopes, keyed heads and content hashes of every candidate are loaded in
    one query each; nearest neighbours of every candidate in one LATERAL query
    over the HNSW index (`prime_neighbours`). Writes the batch commits are
    `remember`ed, so the next candidate sees them as if they were stored.
    """

    def __init__(self, tenant_id: uuid.UUID, candidates: Sequence[Candidate]) -> None:
        super().__init__(tenant_id)
        paths = {c.scope_path for c in candidates}
        self._scopes = dict.fromkeys(paths)
        for sid, path in Scope.objects.filter(
            tenant_id=tenant_id, path__in=paths
        ).values_list("id", "path"):
            self._scopes[path] = ScopeRef(sid, path)
        scope_ids = [s.id for s in self._scopes.values() if s]
        self._heads: dict[tuple, ExistingVersion] = {}
        keys = {c.key for c in candidates if c.key}
        if keys:
            rows = MemoryItem.objects.filter(
                tenant_id=tenant_id,
                scope_id__in=scope_ids,
                memory_key__in=keys,
                head__isnull=False,
            ).values_list(
                "scope_id", "layer", "memory_key", "head_id", "id", "head__content_hash"
            )
            for sid, layer, key, head_id, item_id, digest in rows:
                self._heads[(sid, layer, key)] = ExistingVersion(
                    head_id, item_id, digest
                )
        self._hashes: dict[tuple, ExistingVersion] = {}
        rows = MemoryVersion.objects.filter(
            tenant_id=tenant_id,
            scope_id__in=scope_ids,
            status=VersionStatus.ACTIVE,
            content_hash__in={c.content_hash for c in candidates},
        ).values_list("scope_id", "layer", "content_hash", "id", "item_id")
        for sid, layer, digest, vid, item_id in rows:
            self._hashes.setdefault(
                (sid, layer, digest), ExistingVersion(vid, item_id, digest)
            )
        self._neighbours: dict[tuple, list[ExistingVersion]] = {}
        self._pending: list[tuple[uuid.UUID, str, np.ndarray, ExistingVersion]] = []

    def known_hash(self, candidate: Candidate) -> bool:
        scope = self._scopes.get(candidate.scope_path)
        return (
            bool(scope)
            and (scope.id, candidate.layer, candidate.content_hash) in self._hashes
        )

    def scope(self, path: str) -> ScopeRef | None:
        if path not in self._scopes:
            return super().scope(path)
        return self._scopes[path]

    def item_head_by_key(self, scope_id, layer, key) -> ExistingVersion | None:
        return self._heads.get((scope_id, layer, key))

    def version_by_hash(self, scope_id, layer, content_hash) -> ExistingVersion | None:
        return self._hashes.get((scope_id, layer, content_hash))

    def prime_neighbours(
        self, queries: Iterable[tuple[uuid.UUID, str, Sequence[float]]], k: int = 1
    ) -> None:
        """Fetch the stored nearest neighbours of many vectors in one round trip."""
        queries = [q for q in queries if _vector_key(*q) not in self._neighbours]
        if not queries:
            return
        for q in queries:
            self._neighbours[_vector_key(*q)] = []
        small = self._small_scopes({(q[0], q[1]) for q in queries})
        with connection.cursor() as cursor:
            _tune_hnsw(cursor, k)
            for exact in (True, False):
                group = [q for q in queries if ((q[0], q[1]) in small) == exact]
                if group:
                    self._fetch_neighbours(cursor, group, k, exact=exact)

    def _small_scopes(self, pairs: set[tuple[uuid.UUID, str]]) -> set[tuple]:
        """Return the (scope, layer) pairs small enough for an exact scan.

        On a few hundred rows an exact scan is cheaper than the HNSW graph,
        and it cannot miss; an iterative HNSW scan of a scope with few rows in
        a large table would walk far through the graph to fill its LIMIT.
        """
        limit = settings.MGC_EXACT_SEARCH_MAX_ROWS
        small = set()
        with connection.cursor() as cursor:
            for scope_id, layer in pairs:
                cursor.execute(
                    "SELECT count(*) FROM (SELECT 1 FROM memory_core_memoryversion "
                    "WHERE tenant_id = %s AND scope_id = %s AND layer = %s "
                    "AND status = 'active' LIMIT %s) AS capped",
                    [self.tenant_id, scope_id, layer, limit + 1],
                )
                if cursor.fetchone()[0] <= limit:
                    small.add((scope_id, layer))
        return small

    def _fetch_neighbours(self, cursor, queries: list, k: int, *, exact: bool) -> None:
        # "+ 0" hides the ORDER BY from the HNSW index, making the scan exact.
        order = "(v.embedding <=> q.emb) + 0" if exact else "v.embedding <=> q.emb"
        cursor.execute(
            f"""
            SELECT q.i, n.id, n.item_id, n.content_hash, n.distance
            FROM unnest(%s::uuid[], %s::text[], %s::text[]::vector[]) WITH ORDINALITY
                 AS q(scope_id, layer, emb, i)
            CROSS JOIN LATERAL (
                SELECT v.id, v.item_id, v.content_hash,
                       v.embedding <=> q.emb AS distance
                FROM memory_core_memoryversion v
                WHERE v.tenant_id = %s AND v.scope_id = q.scope_id
                  AND v.layer = q.layer AND v.status = 'active'
                ORDER BY {order}
                LIMIT %s
            ) n
            """,
            [
                [q[0] for q in queries],
                [q[1] for q in queries],
                [_vector_literal(q[2]) for q in queries],
                self.tenant_id,
                k,
            ],
        )
        for i, vid, item_id, digest, distance in cursor.fetchall():
            key = _vector_key(*queries[i - 1])
            self._neighbours[key].append(
                ExistingVersion(vid, item_id, digest, 1.0 - distance)
            )

    def nearest(self, scope_id, layer, embedding, k) -> list[ExistingVersion]:
        key = _vector_key(scope_id, layer, embedding)
        if key not in self._neighbours:
            self._neighbours[key] = super().nearest(scope_id, layer, embedding, k)
        found = list(self._neighbours[key])
        query = np.asarray(embedding, dtype=np.float32)
        query = query / (np.linalg.norm(query) or 1.0)
        for sid, lay, vector, version in self._pending:
            if sid == scope_id and lay == layer:
                similarity = float(vector @ query)
                found.append(
                    ExistingVersion(
                        version.version_id,
                        version.item_id,
                        version.content_hash,
                        similarity,
                    )
                )
        return sorted(found, key=lambda v: -v.similarity)[:k]

    def remember(self, *, candidate: Candidate, version: ExistingVersion) -> None:
        """Make a version this batch commits visible to the next candidates."""
        sid, layer = candidate.scope_id, candidate.layer
        if candidate.key:
            self._heads[(sid, layer, candidate.key)] = version
        self._hashes.setdefault((sid, layer, candidate.content_hash), version)
        if candidate.embedding is not None:
            vector = np.asarray(candidate.embedding, dtype=np.float32)
            self._pending.append(
                (sid, layer, vector / (np.linalg.norm(vector) or 1.0), version)
            )


def _vector_key(scope_id, layer, embedding) -> tuple:
    return (scope_id, layer, np.asarray(embedding, dtype=np.float32).tobytes())


def _vector_literal(embedding: Sequence[float]) -> str:
    return (
        "["
        + ",".join(map(repr, np.asarray(embedding, dtype=np.float32).tolist()))
        + "]"
    )


def _tune_hnsw(cursor, k: int) -> None:
    cursor.execute(
        "SET LOCAL hnsw.ef_search = %s", [max(settings.MGC_HNSW_EF_SEARCH, k)]
    )
    cursor.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")


def nearest_active_versions(
    *,
    tenant_id: uuid.UUID,
    scope_ids: Sequence[uuid.UUID],
    layer: str | None,
    embedding: Sequence[float],
    k: int,
) -> list[ExistingVersion]:
    """Return the `k` active versions nearest to `embedding`, by the HNSW index.

    The tenant and scope filters apply inside the index scan: pgvector's
    iterative scan keeps walking the graph until `k` rows pass them, so a
    selective filter does not starve the result (pgvector ≥ 0.8).
    """
    with connection.cursor() as cursor:
        _tune_hnsw(cursor, k)
    rows = nearest_queryset(
        tenant_id=tenant_id, scope_ids=scope_ids, layer=layer, embedding=embedding
    )[:k]
    # relaxed_order may return rows slightly out of order; sort them.
    return sorted(
        (ExistingVersion(vid, iid, h, 1.0 - dist) for vid, iid, h, dist in rows),
        key=lambda v: -v.similarity,
    )


def nearest_queryset(
    *,
    tenant_id: uuid.UUID,
    scope_ids: Sequence[uuid.UUID],
    layer: str | None,
    embedding: Sequence[float],
):
    """Active versions in the scopes, nearest first, as (id, item, hash, distance)."""
    query = MemoryVersion.objects.filter(
        tenant_id=tenant_id, scope_id__in=scope_ids, status=VersionStatus.ACTIVE
    )
    if layer:
        query = query.filter(layer=layer)
    return (
        query.annotate(distance=CosineDistance("embedding", list(embedding)))
        .order_by("distance")
        .values_list("id", "item_id", "content_hash", "distance")
    )
