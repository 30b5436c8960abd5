"""The database behind `GateContext.lookups`: tenant-bound, read-only queries."""

from __future__ import annotations

import json
import uuid
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

import numpy as np
from django.conf import settings
from django.db import connection
from django.db.models import Exists, F, OuterRef, Q
from django.utils import timezone
from pgvector.django import CosineDistance

from memory_core.models import (
    ConflictPairAllowance,
    MemoryItem,
    MemoryVersion,
    Scope,
    VersionStatus,
    WriteRequest,
    WriteTally,
    ancestor_paths,
)
from memory_core.pipeline.types import Candidate, ExistingVersion, ScopeRef, WriteCounts

# A small (scopes, layer) pair asked at most this many queries by a batch is
# searched exactly in SQL, one scan per query; asked more, its vectors are
# read once and searched here (`BatchLookups._exact_neighbours`). One scan of
# 1,050 versions costs ~10 ms; reading their vectors out ~60 ms.
EXACT_IN_SQL_MAX_QUERIES = 4

# Columns of a version that gates read, in ExistingVersion's order after
# (version_id, item_id, content_hash).
VERSION_COLUMNS = (
    "content",
    "confidence",
    "source",
    "item__subject",
    "item__predicate",
    "item__object",
    "item__memory_key",
    "layer",
    "scope_id",
    "evidence",
    "created_at",
    "structured",
)


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def _existing(
    version_id, item_id, content_hash, similarity=1.0, *rest
) -> ExistingVersion:
    (
        content,
        confidence,
        source,
        subject,
        predicate,
        obj,
        key,
        layer,
        scope_id,
        evidence,
        created_at,
        structured,
    ) = rest
    # Raw cursors hand jsonb back as text; the ORM has already decoded it.
    evidence, structured = _json(evidence), _json(structured)
    return ExistingVersion(
        version_id,
        item_id,
        content_hash,
        similarity,
        content,
        confidence,
        source,
        subject,
        predicate,
        obj,
        key,
        layer,
        scope_id,
        tuple(evidence or ()),
        created_at,
        (structured or {}).get("fields") or {},
    )


def scope_refs(tenant_id: uuid.UUID, paths: Iterable[str]) -> dict[str, ScopeRef]:
    """Return the tenant's scopes among `paths`, by path.

    Raw SQL: the door asks on every write, and the ORM's compilation of this
    query cost more CPU than the query.
    """
    paths = list(paths)
    if not paths:
        return {}
    marks = ", ".join(["%s"] * len(paths))
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT id, path, kind, archived_at "
            f"FROM {Scope._meta.db_table} "
            f"WHERE tenant_id = %s AND path IN ({marks})",
            [tenant_id, *paths],
        )
        rows = cursor.fetchall()
    return {
        path: ScopeRef(sid, path, kind, archived_at is not None)
        for sid, path, kind, archived_at in rows
    }


class DatabaseLookups:
    def __init__(self, tenant_id: uuid.UUID) -> None:
        self.tenant_id = tenant_id
        self._scopes: dict[str, ScopeRef | None] = {}

    def _active(self):
        return MemoryVersion.objects.filter(
            tenant_id=self.tenant_id, status=VersionStatus.ACTIVE
        )

    def scope(self, path: str) -> ScopeRef | None:
        if path not in self._scopes:
            # With its ancestors, in one query: the schema gate asks for them
            # (an archived ancestor refuses the write; a missing one may be
            # created with it).
            paths = {path, *ancestor_paths(path)}
            self._scopes.update(dict.fromkeys(paths))
            self._scopes.update(scope_refs(self.tenant_id, paths))
        return self._scopes[path]

    def item_head_by_key(self, scope_id, layer, key) -> ExistingVersion | None:
        row = (
            self._active()
            .filter(
                scope_id=scope_id,
                layer=layer,
                item__memory_key=key,
                item__head_id=F("id"),
            )
            .values_list("id", "item_id", "content_hash", *VERSION_COLUMNS)
            .first()
        )
        return _existing(*row[:3], 1.0, *row[3:]) if row else None

    def _keyed_items(self, scope_ids, keys):
        """Rows (scope, layer, key, item, draft pending) of the items with `keys`."""
        drafts = MemoryVersion.objects.filter(draft_of=OuterRef("pk"))
        return (
            MemoryItem.objects.filter(
                tenant_id=self.tenant_id, scope_id__in=scope_ids, memory_key__in=keys
            )
            .annotate(pending=Exists(drafts))
            .values_list("scope_id", "layer", "memory_key", "id", "pending")
        )

    def item_by_key(self, scope_id, layer, key) -> tuple[uuid.UUID, bool] | None:
        """Return the item holding `key` whatever its status, and whether a
        draft of it awaits review; None when no item holds the key."""
        for sid, item_layer, _, item_id, pending in self._keyed_items(
            [scope_id], [key]
        ):
            if sid == scope_id and item_layer == layer:
                return item_id, pending
        return None

    def heads_by_subject_predicate(self, scope_ids, subject, predicate):
        rows = (
            self._active()
            .filter(
                scope_id__in=scope_ids,
                item__subject=subject,
                item__predicate=predicate,
                item__head_id=F("id"),
            )
            .values_list("id", "item_id", "content_hash", *VERSION_COLUMNS)[:50]
        )
        return [_existing(*row[:3], 1.0, *row[3:]) for row in rows]

    def version_by_hash(self, scope_id, layer, content_hash) -> ExistingVersion | None:
        row = (
            self._active()
            .filter(scope_id=scope_id, layer=layer, content_hash=content_hash)
            .values_list("id", "item_id", "content_hash", *VERSION_COLUMNS)
            .first()
        )
        return _existing(*row[:3], 1.0, *row[3:]) if row else None

    def version_by_fingerprint(
        self, scope_id, layer, fingerprint
    ) -> ExistingVersion | None:
        if not fingerprint:
            return None
        row = (
            self._active()
            .filter(scope_id=scope_id, layer=layer, fingerprint=fingerprint)
            .values_list("id", "item_id", "content_hash", *VERSION_COLUMNS)
            .first()
        )
        return _existing(*row[:3], 1.0, *row[3:]) if row else None

    def nearest(self, scope_id, layer, embedding, k) -> list[ExistingVersion]:
        return nearest_active_versions(
            tenant_id=self.tenant_id,
            scope_ids=[scope_id],
            layer=layer,
            embedding=embedding,
            k=k,
        )

    def neighbours(self, scope_ids, embedding, k) -> list[ExistingVersion]:
        return nearest_active_versions(
            tenant_id=self.tenant_id,
            scope_ids=scope_ids,
            layer=None,
            embedding=embedding,
            k=k,
        )

    def cited_items(self, item_ids) -> dict[uuid.UUID, list[uuid.UUID]]:
        cited: dict[uuid.UUID, list[uuid.UUID]] = {}
        rows = (
            MemoryVersion.objects.filter(tenant_id=self.tenant_id, item_id__in=item_ids)
            .filter(item__head_id=F("id"))
            .values_list("item_id", "evidence")
        )
        for item_id, evidence in rows:
            cited[item_id] = [
                uuid.UUID(str(e["memory_id"]))
                for e in evidence or ()
                if e.get("memory_id")
            ]
        return cited

    def item_confidences(self, item_ids) -> dict[uuid.UUID, float]:
        """The confidence of each item's head (adjusted when known)."""
        rows = (
            MemoryVersion.objects.filter(tenant_id=self.tenant_id, item_id__in=item_ids)
            .filter(item__head_id=F("id"))
            .values_list("item_id", "adjusted_confidence", "confidence")
        )
        return {
            item: adjusted if adjusted is not None else raw
            for item, adjusted, raw in rows
        }

    def item_scope_paths(self, item_ids) -> dict[uuid.UUID, str]:
        """The scope path of each of the tenant's items (a missing one is absent)."""
        return dict(
            MemoryItem.objects.filter(
                tenant_id=self.tenant_id, pk__in=item_ids
            ).values_list("pk", "scope__path")
        )

    def allowed_pairs(self, version_ids) -> set[frozenset]:
        rows = ConflictPairAllowance.objects.filter(
            tenant_id=self.tenant_id,
            version_a_id__in=version_ids,
            version_b_id__in=version_ids,
        ).values_list("version_a_id", "version_b_id")
        return {frozenset(pair) for pair in rows}

    def write_counts(
        self, agent_id, layer, since: datetime, session_id: str
    ) -> WriteCounts:
        sql, params = write_counts_sql(agent_id, layer, since, session_id)
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return WriteCounts(*cursor.fetchone())


def _second_up(moment: datetime) -> datetime:
    """Return the first whole second at or after `moment`."""
    whole = moment.replace(microsecond=0)
    return whole if whole == moment else whole + timedelta(seconds=1)


def write_counts_sql(
    agent_id, layer: str, since: datetime, session_id: str
) -> tuple[str, list[Any]]:
    """Return the rate gate's counts as one statement: (in the layer's window,
    all in the last minute, in the session), one row.

    Every attempt counts, admitted or refused (at the door or by the worker):
    an agent whose writes keep being refused is throttled too. A window is
    the agent's tallies of its whole seconds (`WriteTally`, kept by the write
    table's triggers: a few rows a second, whatever the rate) and its write
    rows in the part of a second it starts inside: the same count as the
    rows themselves, without reading each of them. Those rows are read
    through the rate index (agent, layer, created_at), for every layer of the
    layers the agent's tallies hold for that second. The session's count
    reads its rows (the session index; a session's budget bounds them).

    The agent of those rows is a parameter of the plan (`(SELECT %s::uuid)`),
    as in `write_by_key_sql`: as a literal, the planner took a new agent for
    one with a row or two and chose to skip through another index, reading
    every write of the agent. Raw SQL: the ORM's compilation of this cost
    more CPU at the door than the query.
    """
    minute_ago = timezone.now() - timedelta(minutes=1)
    layer_up, minute_up = _second_up(since), _second_up(minute_ago)
    tallies, writes = WriteTally._meta.db_table, WriteRequest._meta.db_table
    in_second = "created_at >= %s AND created_at < %s"
    # The rows of the second each window starts inside, then the session's,
    # then the whole seconds' tallies of both windows in one scan.
    layer_rows = (
        f"(SELECT count(*) FROM {writes} WHERE agent_id = (SELECT %s::uuid) "
        f"AND layer = %s AND {in_second})"
    )
    all_rows = (
        f"(SELECT count(*) FROM (SELECT DISTINCT layer FROM {tallies} "
        "WHERE agent_id = %s AND second = %s::timestamptz - interval '1 second') "
        f"AS layers, LATERAL (SELECT 1 FROM {writes} w "
        "WHERE w.agent_id = (SELECT %s::uuid) AND w.layer = layers.layer "
        f"AND w.{in_second}) AS rows)"
    )
    params: list[Any] = [
        *(agent_id, layer, since, layer_up),
        *(agent_id, minute_up, agent_id, minute_ago, minute_up),
    ]
    if session_id:
        in_session = (
            f"(SELECT count(*) FROM {writes} "
            "WHERE agent_id = (SELECT %s::uuid) AND session_id = %s)"
        )
        params += [agent_id, session_id]
    else:
        in_session = "0"
    params += [layer, layer_up, minute_up, agent_id, layer_up, minute_up]
    sql = (
        f"SELECT whole.of_layer + {layer_rows}, whole.every_layer + {all_rows}, "
        f"{in_session} FROM (SELECT "
        "coalesce(sum(writes) FILTER (WHERE layer = %s AND second >= %s), 0) "
        "AS of_layer, "
        "coalesce(sum(writes) FILTER (WHERE second >= %s), 0) AS every_layer "
        f"FROM {tallies} WHERE agent_id = %s "
        "AND second >= least(%s::timestamptz, %s::timestamptz)) AS whole"
    )
    return sql, params


def write_by_key_sql(
    tenant_id: uuid.UUID, agent_id: uuid.UUID, keys: Sequence[str]
) -> tuple[str, list[Any]]:
    """SQL for the id of the agent's write stored under one of `keys` idempotency
    keys (the first by id), and its parameters.

    The tenant and agent as parameters of the plan (`(SELECT %s::uuid)`),
    not literals: the planner, which knows nothing of a new tenant's rows,
    took a literal tenant for a rare one, chose another index on the tenant
    and filtered every write of the tenant, nearly always to find none. As
    parameters they are as frequent as any, and the unique index, matched
    in full (one row), has no rival.
    """
    one = (
        f"SELECT id FROM {WriteRequest._meta.db_table} "
        "WHERE tenant_id = (SELECT %s::uuid) AND agent_id = (SELECT %s::uuid) "
        "AND idempotency_key = %s"
    )
    sql = " UNION ALL ".join([one] * len(keys))
    params = [p for key in keys for p in (tenant_id, agent_id, key)]
    return f"SELECT id FROM ({sql}) AS keyed ORDER BY id LIMIT 1", params


class DoorLookups(DatabaseLookups):
    """A submit's lookups at the door, three of them in one round trip.

    `prefetch` reads, in one statement, the agent's write stored under the
    submit's idempotency keys, the write's scope with its ancestors (what
    `scope` reads), and the rate gate's counts for the agent, layer, window
    start and session it will ask about. The gates' questions are answered
    from that; the counts once, and only for those arguments (any other
    question goes to the database as in `DatabaseLookups`).
    """

    def __init__(self, tenant_id: uuid.UUID) -> None:
        super().__init__(tenant_id)
        self._counts: tuple[tuple, WriteCounts] | None = None

    def prefetch(
        self,
        *,
        agent_id: uuid.UUID,
        keys: list[str],
        scope_path: str,
        layer: str,
        since: datetime,
        session_id: str,
    ) -> uuid.UUID | None:
        """Read ahead; return the id of the agent's write under one of `keys`."""
        paths = list(dict.fromkeys([scope_path, *ancestor_paths(scope_path)]))
        key_sql, key_params = write_by_key_sql(self.tenant_id, agent_id, keys)
        counts_sql, counts_params = write_counts_sql(agent_id, layer, since, session_id)
        path_marks = ", ".join(["%s"] * len(paths))
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT ({key_sql}), "
                "(SELECT coalesce(jsonb_agg(jsonb_build_array("
                "id, path, kind, archived_at IS NOT NULL)), '[]'::jsonb) "
                f"FROM {Scope._meta.db_table} "
                f"WHERE tenant_id = %s AND path IN ({path_marks})), counts.* "
                f"FROM ({counts_sql}) AS counts",
                [*key_params, self.tenant_id, *paths, *counts_params],
            )
            existing, scopes, *counts = cursor.fetchone()
        if isinstance(scopes, str):
            scopes = json.loads(scopes)
        self._scopes.update(dict.fromkeys(paths))
        self._scopes.update(
            {
                path: ScopeRef(uuid.UUID(sid), path, kind, archived)
                for sid, path, kind, archived in scopes
            }
        )
        self._counts = ((agent_id, layer, since, session_id), WriteCounts(*counts))
        return existing

    def write_counts(
        self, agent_id, layer, since: datetime, session_id: str
    ) -> WriteCounts:
        ahead, self._counts = self._counts, None
        if ahead is not None and ahead[0] == (agent_id, layer, since, session_id):
            return ahead[1]
        return super().write_counts(agent_id, layer, since, session_id)


class BatchDoorLookups(DatabaseLookups):
    """A batch of submits' lookups at the door (`writes_submit`).

    `prefetch` reads the agent's writes stored under any of the batch's keys
    and every scope the batch names, with their ancestors, in two queries.
    The rate gate's counts are read once per (agent, layer, window, session)
    and include the batch's own earlier writes (`counted`): each write of a
    batch is an attempt, as if it had been posted alone.
    """

    def __init__(self, tenant_id: uuid.UUID) -> None:
        super().__init__(tenant_id)
        self._base: dict[tuple, WriteCounts] = {}
        self._by_agent: Counter = Counter()
        self._by_layer: Counter = Counter()
        self._by_session: Counter = Counter()

    def prefetch(
        self, *, agent_id: uuid.UUID, keys: Sequence[str], scope_paths: Iterable[str]
    ) -> dict[str, uuid.UUID]:
        """Load the scopes; return the agent's writes under `keys`, id by key."""
        paths = set(scope_paths)
        paths |= {p for path in paths for p in ancestor_paths(path)}
        self._scopes.update(dict.fromkeys(paths))
        self._scopes.update(scope_refs(self.tenant_id, paths))
        if not keys:
            return {}
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT idempotency_key, id FROM {WriteRequest._meta.db_table} "
                "WHERE tenant_id = (SELECT %s::uuid) AND agent_id = (SELECT %s::uuid) "
                "AND idempotency_key = ANY(%s)",
                [self.tenant_id, agent_id, list(dict.fromkeys(keys))],
            )
            return dict(cursor.fetchall())

    def counted(self, candidate: Candidate) -> None:
        """Count the candidate, about to be stored, for the batch's next ones."""
        self._by_agent[candidate.agent_id] += 1
        self._by_layer[(candidate.agent_id, candidate.layer)] += 1
        if candidate.session_id:
            self._by_session[(candidate.agent_id, candidate.session_id)] += 1

    def write_counts(
        self, agent_id, layer, since: datetime, session_id: str
    ) -> WriteCounts:
        key = (agent_id, layer, since, session_id)
        base = self._base.get(key)
        if base is None:
            base = self._base[key] = super().write_counts(
                agent_id, layer, since, session_id
            )
        in_session = self._by_session[(agent_id, session_id)] if session_id else 0
        return WriteCounts(
            layer_in_window=base.layer_in_window + self._by_layer[(agent_id, layer)],
            all_in_last_minute=base.all_in_last_minute + self._by_agent[agent_id],
            in_session=base.in_session + in_session,
        )


class BatchLookups(DatabaseLookups):
    """Answer a whole batch from a few queries, and see the batch's own writes.

    Scopes, keyed heads, content hashes and fingerprints of every candidate
    are loaded in one query each; nearest neighbours of every candidate in a
    few (`prime_neighbours`: small scopes' vectors read once and searched
    here, large ones through the HNSW index in one LATERAL query). Writes
    the batch commits are
    `remember`ed, so the next candidate sees them as if they were stored.
    """

    def __init__(self, tenant_id: uuid.UUID, candidates: Sequence[Candidate]) -> None:
        super().__init__(tenant_id)
        # Ancestors too: contradiction checks read the whole readable lineage.
        paths = {p for c in candidates for p in ancestor_paths(c.scope_path)}
        paths |= {c.scope_path for c in candidates}
        self._scopes = dict.fromkeys(paths)
        self._scopes.update(scope_refs(tenant_id, paths))
        scope_ids = [s.id for s in self._scopes.values() if s]
        columns = (
            "scope_id",
            "layer",
            "id",
            "item_id",
            "content_hash",
            *VERSION_COLUMNS,
        )
        self._heads: dict[tuple, ExistingVersion] = {}
        keys = {c.key for c in candidates if c.key}
        if keys:
            rows = (
                self._active()
                .filter(
                    scope_id__in=scope_ids,
                    item__memory_key__in=keys,
                    item__head_id=F("id"),
                )
                .values_list(*columns)
            )
            for sid, layer, *row in rows:
                version = _existing(*row[:3], 1.0, *row[3:])
                self._heads[(sid, layer, version.key)] = version
        self._keyed: dict[tuple, tuple[uuid.UUID, bool]] = {}
        if keys:
            for sid, layer, key, item_id, pending in self._keyed_items(scope_ids, keys):
                self._keyed[(sid, layer, key)] = (item_id, pending)
        self._hashes: dict[tuple, ExistingVersion] = {}
        self._fingerprints: dict[tuple, ExistingVersion] = {}
        hashes = {c.content_hash for c in candidates}
        fingerprints = {c.fingerprint for c in candidates if c.fingerprint}
        rows = (
            self._active()
            .filter(scope_id__in=scope_ids)
            .filter(Q(content_hash__in=hashes) | Q(fingerprint__in=fingerprints))
            .values_list(*columns, "fingerprint")
        )
        for sid, layer, *row, fingerprint in rows:
            version = _existing(*row[:3], 1.0, *row[3:])
            if version.content_hash in hashes:
                self._hashes.setdefault((sid, layer, version.content_hash), version)
            if fingerprint in fingerprints:
                self._fingerprints.setdefault((sid, layer, fingerprint), version)
        self._neighbours: dict[tuple, list[ExistingVersion]] = {}
        self._vectors: dict[tuple, tuple[list[uuid.UUID], np.ndarray]] = {}
        self._pending_vectors: list[np.ndarray] = []
        self._pending_versions: list[ExistingVersion] = []

    def lineage_ids(self, scope_path: str) -> tuple[uuid.UUID, ...]:
        """Return the ids of the scope and its ancestors that exist, nearest first."""
        return tuple(s.id for p in ancestor_paths(scope_path) if (s := self.scope(p)))

    def known_hash(self, candidate: Candidate) -> bool:
        return self.stored_copy(
            candidate.scope_path, candidate.layer, candidate.content_hash
        )

    def stored_copy(self, scope_path: Any, layer: Any, digest: str) -> bool:
        """Return whether an active version with this content is loaded for
        that scope and layer (no query: only what these lookups hold)."""
        scope = self._scopes.get(scope_path)
        return bool(scope) and (scope.id, layer, digest) in self._hashes

    def scope(self, path: str) -> ScopeRef | None:
        if path not in self._scopes:
            return super().scope(path)
        return self._scopes[path]

    def item_head_by_key(self, scope_id, layer, key) -> ExistingVersion | None:
        return self._heads.get((scope_id, layer, key))

    def item_by_key(self, scope_id, layer, key) -> tuple[uuid.UUID, bool] | None:
        return self._keyed.get((scope_id, layer, key))

    def version_by_hash(self, scope_id, layer, content_hash) -> ExistingVersion | None:
        return self._hashes.get((scope_id, layer, content_hash))

    def version_by_fingerprint(
        self, scope_id, layer, fingerprint
    ) -> ExistingVersion | None:
        return self._fingerprints.get((scope_id, layer, fingerprint))

    def prime_neighbours(
        self, queries: Iterable[tuple[tuple, str | None, Sequence[float]]], k: int
    ) -> None:
        """Fetch the stored nearest neighbours of many vectors in a few round trips.

        Each query is (scope ids, layer or None for any, vector).
        """
        self.prime_neighbour_sets([(queries, k)])

    def prime_neighbour_sets(
        self,
        sets: Iterable[tuple[Iterable[tuple[tuple, str | None, Sequence[float]]], int]],
    ) -> None:
        """Fetch the neighbours of several sets of queries, each with its `k`.

        Small scopes are searched exactly: here (`_exact_neighbours`), or in
        SQL when a batch asks them only a few times; the others through the
        HNSW index. Every set shares the round trips: one count of the
        scopes' sizes, one LATERAL query per kind of search.
        """
        asked: list[tuple[tuple, int]] = []
        for queries, k in sets:
            for scope_ids, layer, vector in queries:
                q = (tuple(scope_ids), layer, vector)
                key = _vector_key(*q, k)
                if key not in self._neighbours:
                    self._neighbours[key] = []
                    asked.append((q, k))
        if not asked:
            return
        small = self._small({(q[0], q[1]) for q, _ in asked})
        times = Counter((q[0], q[1]) for q, _ in asked)
        # A small pair asked only a few times: each query scans it in SQL,
        # cheaper than reading all its vectors out (a batch of one write).
        few = {pair for pair in small if times[pair] <= EXACT_IN_SQL_MAX_QUERIES}
        for k in sorted({k for _, k in asked}):
            exact = [q for q, kk in asked if kk == k and (q[0], q[1]) in small - few]
            if exact:
                self._exact_neighbours(exact, k)
        scanned = [(q, k) for q, k in asked if (q[0], q[1]) in few]
        indexed = [(q, k) for q, k in asked if (q[0], q[1]) not in small]
        if scanned or indexed:
            with connection.cursor() as cursor:
                if scanned:
                    self._fetch_neighbours(cursor, scanned, exact=True)
                if indexed:
                    with _index_forced(cursor, max(k for _, k in indexed)):
                        self._fetch_neighbours(cursor, indexed)

    def _small(self, pairs: set[tuple]) -> set[tuple]:
        """Return the (scopes, layer) pairs small enough for an exact scan.

        On a few hundred rows an exact scan is cheaper than the HNSW graph,
        and it cannot miss; an iterative HNSW scan of a scope with few rows in
        a large table would walk far through the graph to fill its LIMIT.
        Every pair's capped count in one query.
        """
        limit = settings.MGC_EXACT_SEARCH_MAX_ROWS
        pairs = list(pairs)
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT p.i, (SELECT count(*) FROM (SELECT 1 "
                "FROM memory_core_memoryversion v WHERE v.tenant_id = %s "
                "AND v.scope_id = ANY(p.scope_ids::uuid[]) "
                "AND (p.layer IS NULL OR v.layer = p.layer) "
                "AND v.status = 'active' LIMIT %s) AS capped) "
                "FROM unnest(%s::text[], %s::text[]) WITH ORDINALITY "
                "AS p(scope_ids, layer, i)",
                [
                    self.tenant_id,
                    limit + 1,
                    [
                        "{" + ",".join(map(str, scope_ids)) + "}"
                        for scope_ids, _ in pairs
                    ],
                    [layer for _, layer in pairs],
                ],
            )
            return {pairs[i - 1] for i, count in cursor.fetchall() if count <= limit}

    def _exact_neighbours(self, queries: list, k: int) -> None:
        """Search small scopes exactly: their vectors once, the cosines in numpy.

        An exact scan in SQL reads (and de-TOASTs) every vector of the scope
        once per query, 64 times a batch; here each (scopes, layer) pair's
        vectors are read once per batch (`vector_send`, binary), every
        query's cosines are one matrix product, and the rows of the top `k`
        are read in one query. The same order and similarity as pgvector's
        `<=>` (float64 here, float32 sums there: they agree to ~1e-7).
        """
        chosen: dict[tuple, list[tuple[uuid.UUID, float]]] = {}
        for pair in {(q[0], q[1]) for q in queries}:
            ids, matrix = self._scope_vectors(*pair)
            group = [q for q in queries if (q[0], q[1]) == pair]
            if not ids:
                continue
            vectors = np.asarray([q[2] for q in group], dtype=np.float64)
            vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
            similarities = np.clip(vectors @ matrix.T, -1.0, 1.0)
            for q, row in zip(group, similarities, strict=True):
                top = np.argsort(-row, kind="stable")[:k]
                chosen[_vector_key(*q, k)] = [(ids[j], float(row[j])) for j in top]
        wanted = {vid for found in chosen.values() for vid, _ in found}
        if not wanted:
            return
        with connection.cursor() as cursor:
            cursor.execute(
                """
                SELECT v.id, v.item_id, v.content_hash,
                       v.content, v.confidence, v.source, it.subject, it.predicate,
                       it.object, it.memory_key, v.layer, v.scope_id, v.evidence,
                       v.created_at, v.structured
                FROM memory_core_memoryversion v
                JOIN memory_core_memoryitem it ON it.id = v.item_id
                WHERE v.tenant_id = %s AND v.id = ANY(%s::uuid[])
                """,
                [self.tenant_id, list(wanted)],
            )
            rows = {row[0]: row for row in cursor.fetchall()}
        for key, found in chosen.items():
            self._neighbours[key] = [
                _existing(*rows[vid][:3], similarity, *rows[vid][3:])
                for vid, similarity in found
                if vid in rows
            ]

    def _scope_vectors(
        self, scope_ids: tuple, layer: str | None
    ) -> tuple[list[uuid.UUID], np.ndarray]:
        """Return the ids and unit vectors of the active versions of a small pair."""
        key = (scope_ids, layer)
        if key not in self._vectors:
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT id, vector_send(embedding) FROM memory_core_memoryversion "
                    "WHERE tenant_id = %s AND scope_id = ANY(%s::uuid[]) "
                    "AND (%s::text IS NULL OR layer = %s) AND status = 'active' "
                    "ORDER BY id",
                    [self.tenant_id, list(scope_ids), layer, layer],
                )
                rows = cursor.fetchall()
            ids = [row[0] for row in rows]
            # vector_send: dimension and a reserved word (int16 each), then
            # the components as big-endian float4.
            matrix = np.frombuffer(
                b"".join(bytes(row[1])[4:] for row in rows), dtype=">f4"
            ).astype(np.float64)
            matrix = matrix.reshape(len(rows), -1) if rows else matrix
            if rows:
                matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
            self._vectors[key] = (ids, matrix)
        return self._vectors[key]

    def _fetch_neighbours(
        self, cursor, queries: list[tuple[tuple, int]], *, exact: bool = False
    ) -> None:
        """Fetch the neighbours of (query, k) pairs in one LATERAL query.

        Through the HNSW index, or `exact`: every row of the scopes compared
        (the ORDER BY cannot use the index), ties by id, as
        `_exact_neighbours` orders them.
        """
        order = (
            "(v.embedding <=> q.emb) + 0, v.id" if exact else "v.embedding <=> q.emb"
        )
        cursor.execute(
            f"""
            SELECT q.i, n.*
            FROM unnest(%s::text[], %s::text[], %s::text[]::vector[], %s::int[])
                 WITH ORDINALITY AS q(scope_ids, layer, emb, k, i)
            CROSS JOIN LATERAL (
                SELECT v.id, v.item_id, v.content_hash,
                       1 - (v.embedding <=> q.emb) AS similarity,
                       v.content, v.confidence, v.source, it.subject, it.predicate,
                       it.object, it.memory_key, v.layer, v.scope_id, v.evidence,
                       v.created_at, v.structured
                FROM memory_core_memoryversion v
                JOIN memory_core_memoryitem it ON it.id = v.item_id
                WHERE v.tenant_id = %s AND v.scope_id = ANY(q.scope_ids::uuid[])
                  AND (q.layer IS NULL OR v.layer = q.layer) AND v.status = 'active'
                ORDER BY {order}
                LIMIT q.k
            ) n
            """,
            [
                ["{" + ",".join(map(str, q[0])) + "}" for q, _ in queries],
                [q[1] for q, _ in queries],
                [_vector_literal(q[2]) for q, _ in queries],
                [k for _, k in queries],
                self.tenant_id,
            ],
        )
        for i, *row in cursor.fetchall():
            q, k = queries[i - 1]
            self._neighbours[_vector_key(*q, k)].append(_existing(*row))
        if not exact:
            # relaxed_order may return rows slightly out of order (as in
            # `nearest_active_versions`): nearest first, as the gates read them.
            for q, k in queries:
                self._neighbours[_vector_key(*q, k)].sort(key=lambda v: -v.similarity)

    def _primed(self, scope_ids, layer, embedding, k) -> list[ExistingVersion] | None:
        return self._neighbours.get(_vector_key(tuple(scope_ids), layer, embedding, k))

    def nearest(self, scope_id, layer, embedding, k) -> list[ExistingVersion]:
        stored = self._primed((scope_id,), layer, embedding, k)
        if stored is None:
            stored = super().nearest(scope_id, layer, embedding, k)
        return self._with_pending(
            stored, embedding, k, lambda v: v.scope_id == scope_id and v.layer == layer
        )

    def neighbours(self, scope_ids, embedding, k) -> list[ExistingVersion]:
        stored = self._primed(scope_ids, None, embedding, k)
        if stored is None:
            stored = super().neighbours(scope_ids, embedding, k)
        wanted = set(scope_ids)
        return self._with_pending(stored, embedding, k, lambda v: v.scope_id in wanted)

    def _with_pending(self, stored, embedding, k, keep) -> list[ExistingVersion]:
        """Merge the stored neighbours with this batch's own writes, top `k`."""
        found = list(stored)
        kept = [i for i, version in enumerate(self._pending_versions) if keep(version)]
        if kept:
            query = np.asarray(embedding, dtype=np.float32)
            query = query / (np.linalg.norm(query) or 1.0)
            similarities = np.vstack([self._pending_vectors[i] for i in kept]) @ query
            for j in np.argsort(-similarities)[:k]:
                found.append(
                    _replace_similarity(
                        self._pending_versions[kept[j]], float(similarities[j])
                    )
                )
        return sorted(found, key=lambda v: -v.similarity)[:k]

    def remember_draft(self, *, candidate: Candidate, item_id: uuid.UUID) -> None:
        """Make a keyed draft this batch stages visible to the next candidates."""
        if candidate.key:
            self._keyed[(candidate.scope_id, candidate.layer, candidate.key)] = (
                item_id,
                True,
            )

    def remember(self, *, candidate: Candidate, version: ExistingVersion) -> None:
        """Make a version this batch commits visible to the next candidates."""
        sid, layer = candidate.scope_id, candidate.layer
        if candidate.key:
            self._heads[(sid, layer, candidate.key)] = version
        self._hashes.setdefault((sid, layer, candidate.content_hash), version)
        if candidate.fingerprint:
            self._fingerprints.setdefault((sid, layer, candidate.fingerprint), version)
        if candidate.embedding is not None:
            vector = np.asarray(candidate.embedding, dtype=np.float32)
            self._pending_vectors.append(vector / (np.linalg.norm(vector) or 1.0))
            self._pending_versions.append(version)


def _replace_similarity(version: ExistingVersion, similarity: float) -> ExistingVersion:
    from dataclasses import replace

    return replace(version, similarity=similarity)


def _vector_key(scope_ids, layer, embedding, k) -> tuple:
    return (
        tuple(scope_ids),
        layer,
        k,
        np.asarray(embedding, dtype=np.float32).tobytes(),
    )


def _vector_literal(embedding: Sequence[float]) -> str:
    values = np.asarray(embedding, dtype=np.float32).tolist()
    return "[" + ",".join(map(repr, values)) + "]"


@contextmanager
def _index_forced(cursor, k: int) -> Iterator[None]:
    """Search through the HNSW index, whatever the planner would choose.

    On a table of a few thousand rows the planner prefers to read and sort
    every vector of the scopes (an exact scan: ~10 ms a query on 1,050
    versions, their vectors de-TOASTed), where the index answers in ~1 ms
    with the same neighbours (bench/PERF.md, issue 18's single write). A
    sort is costed out for this statement only: the setting goes back to
    what it was, so the rest of the transaction plans as before.
    """
    cursor.execute(
        "SELECT current_setting('enable_sort'), "
        "set_config('hnsw.ef_search', %s, true), "
        "set_config('hnsw.iterative_scan', 'relaxed_order', true), "
        "set_config('enable_sort', 'off', true)",
        [str(max(settings.MGC_HNSW_EF_SEARCH, k))],
    )
    (previous, *_) = cursor.fetchone()
    # Restored after success only: a failed statement aborts the transaction
    # (or its savepoint), and the rollback undoes the local setting itself;
    # a restore there would fail and hide the statement's own error.
    yield
    cursor.execute("SELECT set_config('enable_sort', %s, true)", [previous])


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
        (
            _existing(vid, iid, h, 1.0 - dist, *rest)
            for vid, iid, h, dist, *rest in rows
        ),
        key=lambda v: -v.similarity,
    )


def nearest_queryset(
    *,
    tenant_id: uuid.UUID,
    scope_ids: Sequence[uuid.UUID],
    layer: str | None,
    embedding: Sequence[float],
):
    """Active versions in the scopes, nearest first, with the columns gates read."""
    query = MemoryVersion.objects.filter(
        tenant_id=tenant_id, scope_id__in=scope_ids, status=VersionStatus.ACTIVE
    )
    if layer:
        query = query.filter(layer=layer)
    return (
        query.annotate(distance=CosineDistance("embedding", list(embedding)))
        .order_by("distance")
        .values_list("id", "item_id", "content_hash", "distance", *VERSION_COLUMNS)
    )
