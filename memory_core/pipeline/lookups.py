"""The database behind `GateContext.lookups`: tenant-bound, read-only queries."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from django.conf import settings
from django.db import connection
from pgvector.django import CosineDistance

from memory_core.models import MemoryItem, MemoryVersion, Scope, VersionStatus
from memory_core.pipeline.types import ExistingVersion, ScopeRef


class DatabaseLookups:
    def __init__(self, tenant_id: uuid.UUID) -> None:
        self.tenant_id = tenant_id
        self._scopes: dict[str, ScopeRef | None] = {}

    def scope(self, path: str) -> ScopeRef | None:
        if path not in self._scopes:
            row = (Scope.objects.filter(tenant_id=self.tenant_id, path=path)
                   .values_list("id", "path").first())
            self._scopes[path] = ScopeRef(*row) if row else None
        return self._scopes[path]

    def item_head_by_key(self, scope_id: uuid.UUID, layer: str,
                         key: str) -> ExistingVersion | None:
        row = (
            MemoryItem.objects.filter(tenant_id=self.tenant_id, scope_id=scope_id,
                                      layer=layer, memory_key=key)
            .values_list("head_id", "id", "head__content_hash").first()
        )
        if row is None or row[0] is None:
            return None
        return ExistingVersion(version_id=row[0], item_id=row[1], content_hash=row[2])

    def version_by_hash(self, scope_id: uuid.UUID, layer: str,
                        content_hash: str) -> ExistingVersion | None:
        row = (
            MemoryVersion.objects.filter(
                tenant_id=self.tenant_id, scope_id=scope_id, layer=layer,
                content_hash=content_hash, status=VersionStatus.ACTIVE,
            ).values_list("id", "item_id", "content_hash").first()
        )
        return ExistingVersion(*row) if row else None

    def nearest(self, scope_id: uuid.UUID, layer: str, embedding: Sequence[float],
                k: int) -> list[ExistingVersion]:
        return nearest_active_versions(
            tenant_id=self.tenant_id, scope_ids=[scope_id], layer=layer,
            embedding=embedding, k=k,
        )


def nearest_active_versions(*, tenant_id: uuid.UUID, scope_ids: Sequence[uuid.UUID],
                            layer: str | None, embedding: Sequence[float],
                            k: int) -> list[ExistingVersion]:
    """Return the `k` active versions nearest to `embedding`, by the HNSW index.

    The tenant and scope filters apply inside the index scan: pgvector's
    iterative scan keeps walking the graph until `k` rows pass them, so a
    selective filter does not starve the result (pgvector ≥ 0.8).
    """
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL hnsw.ef_search = %s", [max(settings.MGC_HNSW_EF_SEARCH, k)])
        cursor.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
    rows = nearest_queryset(tenant_id=tenant_id, scope_ids=scope_ids, layer=layer,
                            embedding=embedding)[:k]
    # relaxed_order may return rows slightly out of order; sort them.
    return sorted(
        (ExistingVersion(vid, iid, h, 1.0 - dist) for vid, iid, h, dist in rows),
        key=lambda v: -v.similarity,
    )


def nearest_queryset(*, tenant_id: uuid.UUID, scope_ids: Sequence[uuid.UUID],
                     layer: str | None, embedding: Sequence[float]):
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
