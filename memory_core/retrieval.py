"""Retrieval: hybrid search over the memories an agent may read (000 §5).

A search is two statements in one read-only transaction, while another
thread embeds the query (`embed_query`: a per-process LRU of query vectors):

1. the plan: no parallel workers for this transaction, `set_config` of the
   HNSW scan (ef_search sized to the candidates, iterative `relaxed_order`
   scan, pgvector ≥ 0.8), a capped count that picks an exact scan for a
   small scope set, and the query's lexemes, each with a capped count of its
   matches in the scope set; a common one (at least 10 × k matches) is left
   out of the OR, so the keyword search never ranks the ten thousand
   versions that share a common word (all common: their AND);
2. the candidates: the k nearest active versions by the HNSW index and the
   k best keyword matches (ts_rank_cd within the first 30 × k matches) by
   the `search_vector` GIN index, each with the tenant, scope, status and
   structured filters in the same SQL, so nothing the agent may not read is
   ever ranked; with each candidate, its occurrences of the query's lexemes
   and its length (lexeme positions), read from its `search_vector`, and
   what its hit shows (content, scope path, item fields); with keyword
   context on (`Policy.retrieval_neighbours`), the N versions written after
   each keyword candidate in its scope join the candidates, and each
   candidate carries the ids of the N written before it (creation order, the
   (scope, created_at, id) index).

The scope set is the agent's readable scopes (granted subtrees and their
ancestors) as a subquery of both statements (`readable_scopes_sql`), or the
ids of the scopes it names and their ancestors (one more query, which also
answers 404 for a scope it may not read).

Fusion (`Policy.retrieval_fusion`), every signal in 0..1:

- vector: cosine similarity (weighted) or (k + 1) / (k + rank) (rrf);
- keyword: BM25 (k1 1.2, b 0.75) with document frequencies and mean length
  taken over the candidate set, divided by the best candidate's (weighted),
  or the reciprocal rank by it (rrf); a vector candidate with the query's
  words scores too, one without scores 0; a rare word weighs more than the
  speaker's name in every memory of the pool (ts_rank_cd has no IDF);
- context (keyword context, query time): `retrieval_neighbour_weight` W ×
  the BM25 of each of the N versions written just before it in its scope
  that is a candidate, the k-th before at W × `retrieval_neighbour_decay`
  ^ (k - 1), added to its own BM25 before the division by the
  best (so keyword + context ≤ 1, both under the keyword weight). A
  sentence that follows the one naming the question's words is found
  through them, and nothing of a neighbour is stored in a memory: an erased
  or retracted memory is not read, so it lends nothing. Hybrid only;
- recency: 0.5 ** (age / half-life of its layer);
- importance: 1 when pinned, else the mean of read frequency
  (ln(1 + reads) / ln(101)) and evidence (extra supporting evidence, up to 4);
- provenance: source authority × (adjusted) confidence.

base = Σ wᵢ·sᵢ / Σ wᵢ; a pinned memory gains `retrieval_pinned_boost` of the
way to 1; the result is multiplied by the item's `retrieval_weight` (GC
down-weights stale items; a passed soft TTL counts as stale until GC runs).
The breakdown lists each term's contribution, the pin's, and the stale
penalty (negative), which sum to the score. `ranking="vector"` or
`"keyword"` scores by that one signal alone, for evaluation (keyword: BM25
over the keyword candidates). Equal scores go by cosine, then version id.

Access is recorded after the fact: one Celery task per search
(`memory_core.retrieval.record_access`), enqueued on commit, runs one UPDATE;
the read path itself writes nothing.
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
import threading
import time
import uuid
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from memory_core.embeddings import EmbeddingError, embed_query
from memory_core.exceptions import Invalid, NotFound
from memory_core.metrics import tracing
from memory_core.models import (
    Agent,
    MemoryItem,
    MemoryVersion,
    ReadEndpoint,
    ReadTally,
    Scope,
    Tenant,
    ancestor_paths,
)
from memory_core.policy import Policy, policy_for
from memory_core.selectors import agent_readable_scopes

logger = logging.getLogger(__name__)

RANKINGS = ("hybrid", "vector", "keyword")
FUSIONS = ("weighted", "rrf")
SIGNALS = ("vector", "keyword", "recency", "importance", "provenance")
# The breakdown's terms: the keyword signal split into the memory's own
# words and the `context` its scope's previous memories lent it.
BREAKDOWN_SIGNALS = (*SIGNALS[:2], "context", *SIGNALS[2:])
MAX_CANDIDATES = 1000
# A query with these is written for websearch_to_tsquery: quoted phrases,
# OR, or an excluded word; otherwise every lexeme is OR-ed.
WEBSEARCH_SYNTAX = re.compile(r'"|\bor\b|(?:^|\s)-\w', re.IGNORECASE)
FREQUENCY_SATURATION = math.log(101)
BM25_K1 = 1.2
# Keyword candidates: a lexeme matching at least this many × k versions of
# the scope set is common (left out of the tsquery); at most this many × k
# matches are ranked.
KEYWORD_COMMON_FACTOR = 10
KEYWORD_RANKED_FACTOR = 30
BM25_B = 0.75

VERSIONS = MemoryVersion._meta.db_table
ITEMS = MemoryItem._meta.db_table
TALLIES = ReadTally._meta.db_table
TENANTS = Tenant._meta.db_table
SCOPES = Scope._meta.db_table


@dataclass(frozen=True)
class SearchHit:
    memory_id: uuid.UUID
    version: int
    version_id: uuid.UUID
    content: str
    scope: str
    layer: str
    kind: str
    key: str | None
    subject: str
    predicate: str
    object: str
    confidence: float
    pinned: bool
    created_at: datetime  # when this version was written
    score: float
    breakdown: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class SearchResult:
    hits: list[SearchHit]
    took_ms: float


@dataclass
class _Candidate:
    version_id: uuid.UUID
    item_id: uuid.UUID
    layer: str
    source: str
    confidence: float
    created_at: datetime
    pinned: bool
    retrieval_weight: float
    soft_expired: bool
    stale: bool
    access_count: int
    evidence_count: int
    cosine: float | None
    keyword_rank: float | None
    vector_position: int | None
    keyword_position: int | None
    # BM25 inputs: the query lexemes' occurrences in this version, its length.
    term_counts: dict[str, int] | None = None
    length: int = 0
    # What a hit shows, read in the same query (no second round trip).
    number: int = 0
    content: str = ""
    scope_path: str = ""
    kind: str = ""
    key: str | None = None
    subject: str = ""
    predicate: str = ""
    object: str = ""
    # Keyword context: the versions written just before this one in its scope
    # (nearest first), and what their keyword scores lend it (bm25_score).
    before: list[uuid.UUID] | None = None
    context_rank: float = 0.0


# The columns after a candidate's signals: what its hit shows.
DISPLAY_COLUMNS = (
    "v.number, v.content, s.path, i.kind, i.memory_key, i.subject, i.predicate, "
    "i.object"
)


# Scopes


def search_scope_ids(
    *, tenant: Tenant, agent: Agent, paths: Sequence[str] | None = None
) -> list[uuid.UUID]:
    """Return the ids of the scopes a search reads.

    Without `paths`, every scope the agent may read. With them, those scopes
    and their ancestors (reads inherit downward). A scope the agent may not
    read is answered exactly as one the tenant does not have, 404
    `not_found` (another tenant's looks the same), so the answer tells
    nothing of what exists beyond the agent's grant.
    """
    readable = agent_readable_scopes(tenant=tenant, agent=agent)
    if paths is None:
        return list(readable.values_list("id", flat=True))
    wanted = list(dict.fromkeys(paths))
    lineage = {p for path in wanted for p in ancestor_paths(path)}
    scopes = dict(
        Scope.objects.filter(tenant=tenant, path__in=lineage).values_list("path", "id")
    )
    allowed = set(
        readable.filter(id__in=scopes.values()).values_list("path", flat=True)
    )
    hidden = [p for p in wanted if p not in allowed]
    if hidden:
        raise NotFound(
            f"No such scope: {', '.join(hidden)}.",
            details={"scopes": hidden},
        )
    return [scopes[p] for p in lineage if p in scopes and p in allowed]


def readable_scopes_sql(*, tenant: Tenant, agent: Agent) -> str:
    """Return SQL selecting the ids of every scope the agent may read.

    The same query as `agent_readable_scopes` (selectors), its values bound
    by the driver's own quoting (`compose_sql`) and its percent signs
    doubled for use inside another statement's parameterised SQL. A search
    over everything an agent may read (an org-wide agent: a thousand user
    scopes) reads the set in its own statements instead of binding a
    thousand ids: no round trip for them, and no array the planner weighs
    element by element.
    """
    query = agent_readable_scopes(tenant=tenant, agent=agent).values("id").query
    sql, params = query.sql_with_params()
    return connection.ops.compose_sql(sql, params).replace("%", "%%")


# Search


@tracing.memory_operation(tracing.SEARCH)
def memory_search(
    *,
    tenant: Tenant,
    agent: Agent,
    query: str,
    scopes: list[str] | None = None,
    layers: list[str] | None = None,
    kinds: list[str] | None = None,
    key: str | None = None,
    subject: str | None = None,
    predicate: str | None = None,
    as_of: datetime | None = None,
    limit: int = 10,
    min_score: float | None = None,
    ranking: str = "hybrid",
    record_access: bool = True,
) -> SearchResult:
    """Return the memories the agent may read that best answer `query`."""
    started = time.perf_counter()
    if ranking not in RANKINGS:
        raise Invalid(f"Unknown ranking {ranking!r}.", code="invalid_ranking")
    now = timezone.now()
    if as_of is not None and as_of > now:
        raise Invalid("as_of may not be in the future.", code="as_of_in_future")
    policy = policy_for(tenant)
    if min_score is None:
        min_score = policy.retrieval_min_score
    # The query is embedded in another thread while this one reads the scope
    # set and plans the keyword half. Keyword ranking embeds too: its ties
    # are broken by cosine.
    embedding = _embed_start(query)
    if scopes is None:
        scope_ids, every = [], readable_scopes_sql(tenant=tenant, agent=agent)
    else:
        scope_ids = search_scope_ids(tenant=tenant, agent=agent, paths=scopes)
        every = None
    k = min(MAX_CANDIDATES, max(limit * 10, policy.retrieval_candidates))
    filters = _Filters(
        tenant_id=tenant.id,
        scope_ids=scope_ids,
        readable_sql=every,
        layers=layers,
        kinds=kinds,
        key=key,
        subject=subject,
        predicate=predicate,
        as_of=as_of,
        now=now,
    )
    with transaction.atomic():
        candidates = (
            _candidates(
                filters=filters,
                embedding=embedding,
                text=query if ranking != "vector" else None,
                k=k,
                vector=ranking != "keyword",
                neighbours=(
                    policy.retrieval_neighbours
                    if ranking == "hybrid" and policy.retrieval_neighbour_weight > 0
                    else 0
                ),
                lend=policy.retrieval_neighbour_weight,
                decay=policy.retrieval_neighbour_decay,
            )
            if scope_ids or every
            else []
        )
        scored = _rank(candidates, policy=policy, ranking=ranking, now=as_of or now)
        scored = [(c, b) for c, b in scored if b["total"] >= min_score][:limit]
        hits = _hits(scored)
        if record_access:
            access_enqueue(
                tenant=tenant,
                item_ids=[h.memory_id for h in hits],
                at=now,
                endpoint=ReadEndpoint.SEARCH,
            )
    return SearchResult(hits=hits, took_ms=_elapsed_ms(started))


_embedder: tuple[int, ThreadPoolExecutor] | None = None
_embedder_lock = threading.Lock()


def _embed_start(query: str) -> Future:
    """Start embedding `query` in this process's embedding threads."""
    global _embedder
    with _embedder_lock:
        # One pool per process: a forked worker does not inherit the threads.
        if _embedder is None or _embedder[0] != os.getpid():
            pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="mgc-embed")
            _embedder = (os.getpid(), pool)
        return _embedder[1].submit(embed_query, query)


def _embedded(future: Future) -> list[float] | None:
    """Return the query's embedding, or None if it failed."""
    try:
        return future.result()
    except EmbeddingError:
        # Degrade to keyword search rather than fail the read.
        logger.exception("could not embed a search query; keyword signal only")
        return None


def _elapsed_ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 2)


@dataclass(frozen=True)
class _Filters:
    tenant_id: uuid.UUID
    scope_ids: list[uuid.UUID]
    now: datetime
    # Instead of scope_ids: SQL selecting them (every scope the agent may read).
    readable_sql: str | None = None
    # The structured filters; None: not filtered on.
    layers: list[str] | None = None
    kinds: list[str] | None = None
    key: str | None = None
    subject: str | None = None
    predicate: str | None = None
    as_of: datetime | None = None

    @property
    def on_items(self) -> bool:
        """Whether a structured filter on the item narrows the candidates."""
        return bool(self.kinds) or any(
            v is not None for v in (self.key, self.subject, self.predicate)
        )

    def sql(self, *, items: bool = True) -> tuple[str, dict]:
        """Return the WHERE clause over versions `v` (and items `i`), with params."""
        where, params = self.version_sql()
        if items:
            item_where, item_params = self.item_sql()
            where, params = f"{where} AND {item_where}", params | item_params
        return where, params

    def scope_sql(self) -> tuple[str, dict]:
        """Return the tenant and scope-set condition on versions `v`, with params."""
        if self.readable_sql is not None:
            return (
                f"v.tenant_id = %(tenant)s AND v.scope_id IN ({self.readable_sql})",
                {"tenant": self.tenant_id},
            )
        return (
            "v.tenant_id = %(tenant)s AND v.scope_id = ANY(%(scopes)s::uuid[])",
            {"tenant": self.tenant_id, "scopes": list(self.scope_ids)},
        )

    def version_sql(self) -> tuple[str, dict]:
        scope_where, params = self.scope_sql()
        state_where, state_params = self.state_sql("v")
        return f"{scope_where} AND {state_where}", params | state_params

    def state_sql(self, alias: str) -> tuple[str, dict]:
        """Return the status (or as_of) and layer conditions on versions `alias`."""
        params: dict = {}
        if self.as_of is None:
            where = [f"{alias}.status = 'active'"]
        else:
            # The versions valid then (selectors.memory_item_list's as_of).
            where = [
                f"{alias}.status <> 'draft'",
                f"{alias}.valid_from <= %(as_of)s",
                f"({alias}.valid_to IS NULL OR {alias}.valid_to > %(as_of)s)",
            ]
            params["as_of"] = self.as_of
        if self.layers:
            where.append(f"{alias}.layer = ANY(%(layers)s::text[])")
            params["layers"] = list(self.layers)
        return " AND ".join(where), params

    def item_sql(self) -> tuple[str, dict]:
        where = ["i.tenant_id = %(tenant)s"]
        params: dict = {"tenant": self.tenant_id}
        if self.as_of is None:
            where += [
                "i.status = 'active'",
                "(i.expires_at IS NULL OR i.expires_at > %(now)s)",
            ]
            params["now"] = self.now
        if self.kinds:
            where.append("i.kind = ANY(%(kinds)s::text[])")
            params["kinds"] = list(self.kinds)
        for name, column in (
            ("key", "memory_key"),
            ("subject", "subject"),
            ("predicate", "predicate"),
        ):
            value = getattr(self, name)
            if value is not None:
                where.append(f"i.{column} = %({name})s")
                params[name] = value
        return " AND ".join(where), params


def _vector_literal(embedding: Sequence[float]) -> str:
    return "[" + ",".join(repr(float(x)) for x in embedding) + "]"


@dataclass(frozen=True)
class _Plan:
    """What the candidate query needs to know first, read in one round trip."""

    exact: bool  # an exact vector scan, not the HNSW index
    tsquery: str  # the keyword candidates' tsquery, an SQL expression
    params: dict


# A lexeme quoted for tsquery input in SQL, as _tsquery_lexeme quotes it.
QUOTED_LEXEME = (
    "('''' || replace(replace(ql.l, '\\', '\\\\'), '''', '''''') || '''')::tsquery"
)


class _PlanCache:
    """What `_plan` counted, per scope set, for a minute (per process).

    Two facts that change slowly and cost most of the plan statement at
    scale: that a scope set holds more active versions than an exact scan
    should read (6 ms for a thousand-scope set: a probe of the scope set per
    row counted), and how many versions of the set have each lexeme (a
    capped count per lexeme). A search reuses them for `PLAN_CACHE_SECONDS`;
    a lexeme the cache does not have is counted, as before. A stale count
    only moves the line between rare and common words (which the keyword
    candidates use) or keeps the HNSW scan a little longer for a set that
    shrank below the exact-scan size; what a search may return is decided
    by the filters in the candidate query, never by this cache.
    """

    def __init__(self, seconds: float, size: int) -> None:
        self.seconds = seconds
        self.size = size
        self._large: dict[tuple, float] = {}
        # scope-set key -> lexeme -> (capped count, fresh until)
        self._counts: dict[tuple, dict[str, tuple[int, float]]] = {}
        self._entries = 0
        self._lock = threading.Lock()

    def large(self, key: tuple) -> bool:
        with self._lock:
            until = self._large.get(key)
            return until is not None and until > time.monotonic()

    def large_set(self, key: tuple) -> None:
        with self._lock:
            if len(self._large) >= self.size:
                self._large.clear()
            self._large[key] = time.monotonic() + self.seconds

    def counts(self, key: tuple, words: Sequence[str]) -> dict[str, int]:
        """Return the fresh counts of the lexemes that may stem from `words`.

        An English stem is nearly always a prefix of its word ("meet" of
        "meeting"); one that is not ("happi") is simply counted again.
        """
        now = time.monotonic()
        found: dict[str, int] = {}
        with self._lock:
            counts = self._counts.get(key)
            if not counts:
                return found
            for word in words:
                for cut in range(len(word), 0, -1):
                    entry = counts.get(word[:cut])
                    if entry is not None and entry[1] > now:
                        found[word[:cut]] = entry[0]
        return found

    def counts_set(self, key: tuple, counts: dict[str, int]) -> None:
        until = time.monotonic() + self.seconds
        with self._lock:
            if self._entries + len(counts) > self.size:
                self._counts.clear()
                self._entries = 0
            known = self._counts.setdefault(key, {})
            self._entries += len(counts.keys() - known.keys())
            for lexeme, count in counts.items():
                known[lexeme] = (count, until)


PLAN_CACHE_SECONDS = 60.0
_plan_cache = _PlanCache(PLAN_CACHE_SECONDS, size=100_000)
WORDS = re.compile(r"\w+")


def _plan_key(filters: _Filters) -> tuple:
    """The scope set and filters a count in `_plan` depends on."""
    scopes = (
        filters.readable_sql
        if filters.readable_sql is not None
        else tuple(sorted(map(str, filters.scope_ids)))
    )
    return (filters.tenant_id, scopes, tuple(sorted(filters.layers or ())))


def _plan(*, filters: _Filters, text: str | None, k: int, vector: bool) -> _Plan:
    """Read, in one statement, what decides the shape of the candidate query.

    - Vector: the HNSW scan's settings (ef_search sized to the candidates,
      iterative `relaxed_order` scan), and whether the scope set holds at
      most `MGC_EXACT_SEARCH_MAX_ROWS` active versions (a capped count): then
      the scan is exact (an index scan would walk far to fill k), as it is
      for `as_of` (the index holds active versions only).
    - Keyword: a query in websearch syntax is taken as written. Otherwise the
      OR of its lexemes, leaving out the common ones: a lexeme with at least
      `KEYWORD_COMMON_FACTOR × k` matches in the scope set (a capped count)
      would make the search rank thousands of rows for a word that tells
      them apart least; it still counts in BM25 over the candidates. When
      every lexeme is common, the candidates are the versions that have
      them all.

    A scope set known to be large and the lexeme counts of the last minute
    come from `_plan_cache` instead of being counted again.
    """
    exact = filters.as_of is not None
    key = _plan_key(filters)
    # A search reads a few hundred rows: starting a parallel worker for its
    # keyword half cost more than the whole scan (tens of ms under load).
    columns = ["set_config('max_parallel_workers_per_gather', '0', true)"]
    params: dict = {}
    count_size = False
    if vector and not exact:
        columns += [
            "set_config('hnsw.ef_search', %(ef_search)s, true)",
            "set_config('hnsw.iterative_scan', 'relaxed_order', true)",
        ]
        params["ef_search"] = str(max(settings.MGC_HNSW_EF_SEARCH, k))
        count_size = not _plan_cache.large(key)
        if count_size:
            scope_where, scope_params = filters.scope_sql()
            columns.append(
                f"""(SELECT count(*) FROM (
                    SELECT 1 FROM {VERSIONS} v
                    WHERE {scope_where} AND v.status = 'active'
                    LIMIT %(small_cap)s
                ) capped)"""
            )
            params |= scope_params | {
                "small_cap": settings.MGC_EXACT_SEARCH_MAX_ROWS + 1
            }
    count_lexemes = text is not None and not WEBSEARCH_SYNTAX.search(text)
    cap = int(KEYWORD_COMMON_FACTOR * k)
    if count_lexemes:
        where, version_params = filters.version_sql()
        known = _plan_cache.counts(key, WORDS.findall(text.lower()))
        params |= version_params | {
            "text": text,
            "common_cap": cap,
            "known": json.dumps(known),
        }
        columns += [
            "ARRAY(SELECT ql.l FROM ql ORDER BY ql.o)",
            f"""ARRAY(SELECT coalesce((%(known)s::jsonb ->> ql.l)::int,
                (SELECT count(*) FROM (
                    SELECT 1 FROM {VERSIONS} v
                    WHERE {where} AND v.search_vector @@ {QUOTED_LEXEME}
                    LIMIT %(common_cap)s
                ) m)) FROM ql ORDER BY ql.o)""",
        ]
    lexeme_cte = (
        "WITH ql AS (SELECT u.l, u.o FROM unnest(tsvector_to_array("
        "to_tsvector('english', %(text)s))) WITH ORDINALITY AS u(l, o)) "
        if count_lexemes
        else ""
    )
    with connection.cursor() as cursor:
        cursor.execute(f"{lexeme_cte}SELECT {', '.join(columns)}", params)
        row = cursor.fetchone()[1:]
    if vector and not exact:
        row = row[2:]
        if count_size:
            exact = row[0] <= settings.MGC_EXACT_SEARCH_MAX_ROWS
            if not exact:
                _plan_cache.large_set(key)
            row = row[1:]
    if text is None:
        return _Plan(exact=exact, tsquery="NULL::tsquery", params={})
    if not count_lexemes:
        return _Plan(
            exact=exact,
            tsquery="websearch_to_tsquery('english', %(text)s)",
            params={"text": text},
        )
    lexemes, counts = row
    if not lexemes:
        return _Plan(exact=exact, tsquery="''::tsquery", params={"text": text})
    _plan_cache.counts_set(key, dict(zip(lexemes, counts, strict=True)))
    quoted = [_tsquery_lexeme(lexeme) for lexeme in lexemes]
    rare = [q for q, count in zip(quoted, counts, strict=True) if count < cap]
    query = " | ".join(rare) if rare else " & ".join(quoted)
    return _Plan(
        exact=exact,
        tsquery="%(tsquery)s::tsquery",
        params={"tsquery": query, "text": text},
    )


def _tsquery_lexeme(lexeme: str) -> str:
    """Return `lexeme` quoted for tsquery input (no further normalisation)."""
    return "'" + lexeme.replace("\\", "\\\\").replace("'", "''") + "'"


def _candidates(
    *,
    filters: _Filters,
    embedding: Future,
    text: str | None,
    k: int,
    vector: bool = True,
    neighbours: int = 0,
    lend: float = 0.0,
    decay: float = 1.0,
) -> list[_Candidate]:
    """Return the vector and keyword candidates, with what ranking them needs.

    `neighbours` N > 0 (keyword context): the N versions written after each
    keyword candidate in its scope join the candidates, and each candidate
    carries the ids of the N written before it (`before`), so that
    `bm25_score` can lend it `lend` × their keyword scores (the k-th before
    at `lend` × `decay` ^ (k - 1)). Both are read at
    query time through the (scope, created_at, id) index, among the versions
    the search may read (same status or as_of, same layers): nothing of a
    neighbour is ever stored in a memory, and a memory erased or retracted
    lends nothing.
    """
    where, params = filters.sql()
    params = {**params, "k": k}
    plan = _plan(filters=filters, text=text, k=k, vector=vector)
    embedded = _embedded(embedding)
    ctes = []
    if embedded is not None:
        # 384 floats as text: formatted once for both uses below.
        params["emb"] = _vector_literal(embedded)
    if embedded is not None and vector:
        # "+ 0" hides the ORDER BY from the HNSW index: an exact scan.
        order = (
            "(v.embedding <=> %(emb)s::vector) + 0"
            if plan.exact
            else "v.embedding <=> %(emb)s::vector"
        )
        # Without a filter on items, the HNSW scan reads versions alone; the
        # items' state is checked on the few candidates it returns.
        if filters.on_items:
            vec_from = f"{VERSIONS} v JOIN {ITEMS} i ON i.id = v.item_id"
            vec_where = where
        else:
            vec_from = f"{VERSIONS} v"
            vec_where = filters.version_sql()[0]
        ctes.append(
            f"""vec AS (
                SELECT v.id, row_number() OVER () AS position
                FROM (
                    SELECT v.id FROM {vec_from}
                    WHERE {vec_where} ORDER BY {order} LIMIT %(k)s
                ) v
            )"""
        )
    else:
        ctes.append(
            "vec AS (SELECT NULL::uuid AS id, NULL::bigint AS position WHERE false)"
        )
    if text is not None:
        tsquery = plan.tsquery
        params |= plan.params | {"ranked": KEYWORD_RANKED_FACTOR * k}
        # Rank at most `ranked` matches: a bound on the work whatever the
        # words (the common ones are already left out of the tsquery).
        # As for the vector half: the items' state is checked on the
        # candidates unless a structured filter on items narrows the matches.
        kw_from, kw_where = (
            (f"{VERSIONS} v JOIN {ITEMS} i ON i.id = v.item_id", where)
            if filters.on_items
            else (f"{VERSIONS} v", filters.version_sql()[0])
        )
        ctes.append(
            f"""kw AS (
                SELECT id, rank, row_number() OVER (ORDER BY rank DESC, id)
                    AS position
                FROM (
                    SELECT m.id, ts_rank_cd(m.search_vector, q.tsq) AS rank
                    FROM (
                        SELECT v.id, v.search_vector
                        FROM {kw_from}, (SELECT {tsquery} AS tsq) q
                        WHERE {kw_where} AND v.search_vector @@ q.tsq
                        LIMIT %(ranked)s
                    ) m, (SELECT {tsquery} AS tsq) q
                    ORDER BY rank DESC, m.id LIMIT %(k)s
                ) m
            )"""
        )
    else:
        ctes.append(
            "kw AS (SELECT NULL::uuid AS id, NULL::real AS rank, "
            "NULL::bigint AS position WHERE false)"
        )
    cosine = "1 - (v.embedding <=> %(emb)s::vector)" if embedded is not None else "NULL"
    if text is not None:
        # The query's lexemes as the index has them; per candidate, how often
        # each occurs and the version's length in lexeme positions (BM25).
        ctes.append(
            "ql AS (SELECT tsvector_to_array(to_tsvector('english', %(text)s))"
            " AS lexemes)"
        )
        # One pass over each candidate's lexemes reads both.
        terms, length = "bm.terms", "bm.length"
        from_ql = """, ql, LATERAL (
            SELECT jsonb_object_agg(u.lexeme, coalesce(array_length(u.positions, 1), 1))
                       FILTER (WHERE u.lexeme = ANY(ql.lexemes)) AS terms,
                   coalesce(sum(coalesce(array_length(u.positions, 1), 1)), 0)::int
                       AS length
            FROM unnest(v.search_vector) u
        ) bm"""
    else:
        terms, length, from_ql = "NULL::jsonb", "0", ""
    union, before = "", "NULL::uuid[]"
    if text is not None and neighbours > 0:
        # A keyword candidate's successors in its scope, and every
        # candidate's predecessors: the scope's versions in creation order.
        state, state_params = filters.state_sql("w")
        params |= state_params | {"neighbours": neighbours}
        ctes.append(
            f"""nb AS (
                SELECT n.id FROM kw JOIN {VERSIONS} kv ON kv.id = kw.id,
                LATERAL (
                    SELECT w.id FROM {VERSIONS} w
                    WHERE w.tenant_id = %(tenant)s AND w.scope_id = kv.scope_id
                      AND {state}
                      AND (w.created_at, w.id) > (kv.created_at, kv.id)
                    ORDER BY w.created_at, w.id LIMIT %(neighbours)s
                ) n
            )"""
        )
        union = " UNION SELECT id FROM nb"
        before = f"""ARRAY(
                SELECT w.id FROM {VERSIONS} w
                WHERE w.tenant_id = %(tenant)s AND w.scope_id = v.scope_id
                  AND {state}
                  AND (w.created_at, w.id) < (v.created_at, v.id)
                ORDER BY w.created_at DESC, w.id DESC LIMIT %(neighbours)s
            )"""
    sql = f"""
        WITH {", ".join(ctes)},
        c AS (SELECT id FROM vec UNION SELECT id FROM kw{union})
        SELECT v.id, v.item_id, v.layer, v.source,
               coalesce(v.adjusted_confidence, v.confidence), v.created_at,
               i.pinned, i.retrieval_weight,
               coalesce(i.soft_expires_at < %(now_ts)s, false),
               i.stale_at IS NOT NULL, i.access_count, v.evidence_count,
               {cosine}, kw.rank, vec.position, kw.position, {terms}, {length},
               {DISPLAY_COLUMNS}, {before}
        FROM c
        JOIN {VERSIONS} v ON v.id = c.id
        JOIN {ITEMS} i ON i.id = v.item_id
        JOIN {SCOPES} s ON s.id = v.scope_id
        LEFT JOIN vec ON vec.id = c.id
        LEFT JOIN kw ON kw.id = c.id{from_ql}
        WHERE {filters.item_sql()[0]}
    """
    params["now_ts"] = filters.now
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    candidates = [_Candidate(*row) for row in rows]
    for candidate in candidates:
        # Django's connection hands jsonb back as text.
        if isinstance(candidate.term_counts, str):
            candidate.term_counts = json.loads(candidate.term_counts)
    if vector and embedded is not None:
        # relaxed_order may return neighbours slightly out of order.
        ordered = sorted(
            (c for c in candidates if c.vector_position is not None),
            key=lambda c: -(c.cosine or 0.0),
        )
        for position, candidate in enumerate(ordered, start=1):
            candidate.vector_position = position
    if text is not None:
        bm25_score(candidates, lend=lend if neighbours > 0 else 0.0, decay=decay)
    return candidates


def bm25_score(
    candidates: list[_Candidate], *, lend: float = 0.0, decay: float = 1.0
) -> None:
    """Set each candidate's keyword rank to its BM25 score over the candidates.

    Document frequencies and the mean length come from the candidate set
    itself: the speaker's name, in nearly every candidate, weighs next to
    nothing; a rare word weighs most. With `lend` W > 0, each candidate's
    context rank is W × the keyword ranks of the candidates written just
    before it in its scope (`before`, nearest first; the k-th lends W ×
    `decay` ^ (k - 1); one that is not a candidate lends nothing). Keyword
    positions follow keyword + context rank, ties broken by cosine; a
    candidate with neither has none.
    """
    n = len(candidates)
    if not n:
        return
    frequency: dict[str, int] = {}
    for candidate in candidates:
        for lexeme in candidate.term_counts or {}:
            frequency[lexeme] = frequency.get(lexeme, 0) + 1
    mean_length = sum(c.length for c in candidates) / n or 1.0
    idf = {
        lexeme: math.log(1 + (n - df + 0.5) / (df + 0.5))
        for lexeme, df in frequency.items()
    }
    for candidate in candidates:
        norm = BM25_K1 * (1 - BM25_B + BM25_B * candidate.length / mean_length)
        candidate.keyword_rank = sum(
            idf[lexeme] * tf * (BM25_K1 + 1) / (tf + norm)
            for lexeme, tf in (candidate.term_counts or {}).items()
        )
    if lend > 0:
        own = {c.version_id: c.keyword_rank or 0.0 for c in candidates}
        for candidate in candidates:
            candidate.context_rank = lend * sum(
                decay**distance * own.get(before, 0.0)
                for distance, before in enumerate(candidate.before or ())
            )
    matched = sorted(
        (c for c in candidates if c.keyword_rank or c.context_rank),
        key=lambda c: (
            -((c.keyword_rank or 0.0) + c.context_rank),
            -(c.cosine or 0.0),
            str(c.version_id),
        ),
    )
    for candidate in candidates:
        candidate.keyword_position = None
    for position, candidate in enumerate(matched, start=1):
        candidate.keyword_position = position


# Fusion


def _rank(
    candidates: list[_Candidate], *, policy: Policy, ranking: str, now: datetime
) -> list[tuple[_Candidate, dict[str, float]]]:
    """Return the candidates with their breakdowns, best first."""
    best_rank = max(
        ((c.keyword_rank or 0.0) + c.context_rank for c in candidates), default=0.0
    )
    scored = []
    for candidate in candidates:
        if ranking == "vector":
            breakdown = _single("vector", max(0.0, candidate.cosine or 0.0))
        elif ranking == "keyword":
            breakdown = _single(
                "keyword",
                (candidate.keyword_rank or 0.0) / best_rank if best_rank else 0.0,
            )
        else:
            breakdown = fuse(candidate, policy=policy, best_rank=best_rank, now=now)
        scored.append((candidate, breakdown))
    # Equal scores (keyword matches of the same words) go by meaning.
    scored.sort(
        key=lambda pair: (
            -pair[1]["total"],
            -(pair[0].cosine or 0.0),
            str(pair[0].version_id),
        )
    )
    return scored


def _single(signal: str, value: float) -> dict[str, float]:
    breakdown = {name: 0.0 for name in BREAKDOWN_SIGNALS}
    breakdown |= {"pinned": 0.0, "stale_penalty": 0.0}
    breakdown[signal] = round(value, 6)
    breakdown["total"] = breakdown[signal]
    return breakdown


def signals(
    candidate: _Candidate, *, policy: Policy, best_rank: float, now: datetime
) -> dict[str, float]:
    """Return the candidate's signals, each in 0..1.

    `context` is the share of the keyword signal its scope's previous
    memories lent it (keyword + context ≤ 1); its weight is the keyword one.
    """
    own, lent = candidate.keyword_rank or 0.0, candidate.context_rank
    if policy.retrieval_fusion == "rrf":
        k = policy.retrieval_rrf_k

        def reciprocal(position: int | None) -> float:
            return (k + 1) / (k + position) if position else 0.0

        vector = reciprocal(candidate.vector_position)
        words = reciprocal(candidate.keyword_position)
        keyword = words * own / (own + lent) if own + lent else words
        context = words - keyword
    else:
        vector = max(0.0, candidate.cosine or 0.0)
        keyword = own / best_rank if best_rank else 0.0
        context = lent / best_rank if best_rank else 0.0
    half_life = policy.retrieval_recency_half_life_days.get(candidate.layer, 30.0)
    age_days = max(0.0, (now - candidate.created_at).total_seconds() / 86400)
    recency = 0.5 ** (age_days / half_life) if half_life > 0 else 0.0
    if candidate.pinned:
        importance = 1.0
    else:
        frequency = min(1.0, math.log1p(candidate.access_count) / FREQUENCY_SATURATION)
        evidence = min(1.0, max(0, candidate.evidence_count - 1) / 4)
        importance = (frequency + evidence) / 2
    authority = policy.source_authority.get(candidate.source, 0.5)
    provenance = authority * max(0.0, min(1.0, candidate.confidence))
    return {
        "vector": min(1.0, vector),
        "keyword": min(1.0, keyword),
        "context": min(1.0 - min(1.0, keyword), context),
        "recency": recency,
        "importance": importance,
        "provenance": provenance,
    }


def fuse(
    candidate: _Candidate, *, policy: Policy, best_rank: float, now: datetime
) -> dict[str, float]:
    """Return the candidate's score breakdown; its parts sum to `total`."""
    values = signals(candidate, policy=policy, best_rank=best_rank, now=now)
    weights = {
        name: max(0.0, policy.retrieval_weights.get(name, 0.0)) for name in SIGNALS
    }
    total_weight = sum(weights.values()) or 1.0
    # The keyword side's weight covers what the neighbours lent (`context`).
    weights["context"] = weights["keyword"]
    breakdown = {
        name: round(weights[name] * values[name] / total_weight, 6)
        for name in BREAKDOWN_SIGNALS
    }
    base = sum(breakdown.values())
    pinned = (
        round(policy.retrieval_pinned_boost * (1 - base), 6)
        if candidate.pinned
        else 0.0
    )
    weight = max(0.0, min(1.0, candidate.retrieval_weight))
    if candidate.soft_expired or candidate.stale:
        weight = min(weight, policy.gc_down_weight)
    stale_penalty = round(-(1 - weight) * (base + pinned), 6)
    breakdown |= {"pinned": pinned, "stale_penalty": stale_penalty}
    breakdown["total"] = round(base + pinned + stale_penalty, 6)
    return breakdown


def _hits(scored: list[tuple[_Candidate, dict[str, float]]]) -> list[SearchHit]:
    return [
        SearchHit(
            memory_id=c.item_id,
            version=c.number,
            version_id=c.version_id,
            content=c.content,
            scope=c.scope_path,
            layer=c.layer,
            kind=c.kind,
            key=c.key,
            subject=c.subject,
            predicate=c.predicate,
            object=c.object,
            confidence=c.confidence,
            pinned=c.pinned,
            created_at=c.created_at,
            score=breakdown["total"],
            breakdown=breakdown,
        )
        for c, breakdown in scored
    ]


# Access


def access_enqueue(
    *,
    tenant: Tenant,
    item_ids: Sequence[uuid.UUID],
    at: datetime,
    endpoint: str = ReadEndpoint.SEARCH,
) -> None:
    """Record, once the transaction commits, that these items were read at `at`.

    Sent for every counted read, an empty one included: the read hit ratio
    needs the reads that found nothing.
    """
    ids = sorted({str(i) for i in item_ids})

    def send() -> None:
        from memory_core.tasks import access_record_task

        try:
            access_record_task.delay(str(tenant.id), ids, at.isoformat(), str(endpoint))
        except Exception:  # noqa: BLE001 - a lost read count never fails a read
            logger.exception("could not enqueue the access record of a read")

    transaction.on_commit(send)


def access_record(
    *,
    tenant_id: uuid.UUID | str,
    item_ids: Sequence[uuid.UUID | str],
    at: datetime,
    endpoint: str | None = None,
) -> int:
    """Count one read of each item at `at`, in one UPDATE; return the rows changed.

    Rows are locked in id order, so two concurrent records cannot deadlock.
    With an `endpoint`, the read also counts in the tenant's tally for the
    day (calls, calls that found something, results), in the same transaction.
    """
    with transaction.atomic(), connection.cursor() as cursor:
        changed = 0
        if item_ids:
            cursor.execute(
                f"""
                UPDATE {ITEMS} i
                SET access_count = i.access_count + 1,
                    last_accessed_at = greatest(i.last_accessed_at, %(at)s)
                FROM (SELECT id FROM {ITEMS}
                      WHERE tenant_id = %(tenant)s AND id = ANY(%(ids)s::uuid[])
                      ORDER BY id FOR UPDATE) locked
                WHERE i.id = locked.id
                """,
                {"tenant": tenant_id, "ids": [str(i) for i in item_ids], "at": at},
            )
            changed = cursor.rowcount
        if endpoint is not None:
            cursor.execute(
                f"""
                INSERT INTO {TALLIES} (tenant_id, day, endpoint, calls, answered,
                                       results)
                SELECT t.id, %(day)s, %(endpoint)s, 1, %(answered)s, %(results)s
                FROM {TENANTS} t WHERE t.id = %(tenant)s
                ON CONFLICT (tenant_id, day, endpoint) DO UPDATE
                SET calls = {TALLIES}.calls + 1,
                    answered = {TALLIES}.answered + excluded.answered,
                    results = {TALLIES}.results + excluded.results
                """,
                {
                    "tenant": tenant_id,
                    "day": at.astimezone(UTC).date(),
                    "endpoint": endpoint,
                    "answered": 1 if item_ids else 0,
                    "results": len(item_ids),
                },
            )
        return changed


# Context (push)

TOKEN_ESTIMATE = "chars/4 rounded up per item content"
PUSH_REASONS = ("pinned", "preference", "relevant")
# Pinned memories and preferences considered per context, at most.
PUSH_CANDIDATES = 200


@dataclass(frozen=True)
class ContextItem(SearchHit):
    reason: str = "relevant"


@dataclass(frozen=True)
class ContextResult:
    items: list[ContextItem]
    tokens_used: int
    truncated: bool
    took_ms: float


def token_estimate(text: str) -> int:
    """Return the estimated tokens of `text`: its characters / 4, rounded up."""
    return -(-len(text) // 4)


def memory_context(
    *,
    tenant: Tenant,
    agent: Agent,
    query: str | None = None,
    scopes: list[str] | None = None,
    max_items: int = 20,
    token_budget: int = 2000,
    threshold: float | None = None,
    record_access: bool = True,
) -> ContextResult:
    """Return what the agent should see at a task's start, within the budgets.

    Pinned memories first, then preferences (kind `preference`, or the
    procedural layer), then the memories most relevant to `query` scoring at
    least `threshold`. An item that does not fit the token budget is left
    out (`truncated`) and the next, smaller one may still fit.
    """
    started = time.perf_counter()
    policy = policy_for(tenant)
    if threshold is None:
        threshold = policy.retrieval_context_threshold
    now = timezone.now()
    scope_ids = search_scope_ids(tenant=tenant, agent=agent, paths=scopes)
    query = query.strip() if query else None
    embedding = _embedded(_embed_start(query)) if query else None
    filters = _Filters(tenant_id=tenant.id, scope_ids=scope_ids, now=now)
    with transaction.atomic():
        pushed = _push_candidates(filters=filters, embedding=embedding)
        scored = [(c, fuse(c, policy=policy, best_rank=0.0, now=now)) for c in pushed]
        hits = _hits(scored)
        ordered = [
            (hit, "pinned" if hit.pinned else "preference")
            for hit in sorted(hits, key=lambda h: (not h.pinned, -h.score))
        ]
    if query:
        seen = {hit.memory_id for hit, _ in ordered}
        relevant = memory_search(
            tenant=tenant,
            agent=agent,
            query=query,
            scopes=scopes,
            limit=min(100, max_items + len(seen)),
            min_score=threshold,
            record_access=False,
        )
        ordered += [(h, "relevant") for h in relevant.hits if h.memory_id not in seen]
    items: list[ContextItem] = []
    tokens = 0
    truncated = False
    for hit, reason in ordered:
        cost = token_estimate(hit.content)
        if len(items) >= max_items:
            truncated = True
            break
        if tokens + cost > token_budget:
            truncated = True
            continue
        items.append(ContextItem(**vars(hit), reason=reason))
        tokens += cost
    if record_access:
        access_enqueue(
            tenant=tenant,
            item_ids=[i.memory_id for i in items],
            at=now,
            endpoint=ReadEndpoint.CONTEXT,
        )
    return ContextResult(
        items=items,
        tokens_used=tokens,
        truncated=truncated,
        took_ms=_elapsed_ms(started),
    )


def _push_candidates(
    *, filters: _Filters, embedding: list[float] | None
) -> list[_Candidate]:
    """Return the active pinned memories and preferences in the scope set."""
    if not filters.scope_ids:
        return []
    where, params = filters.sql()
    cosine = "NULL"
    if embedding is not None:
        cosine = "1 - (v.embedding <=> %(emb)s::vector)"
        params["emb"] = _vector_literal(embedding)
    sql = f"""
        SELECT v.id, v.item_id, v.layer, v.source,
               coalesce(v.adjusted_confidence, v.confidence), v.created_at,
               i.pinned, i.retrieval_weight,
               coalesce(i.soft_expires_at < %(now)s, false),
               i.stale_at IS NOT NULL, i.access_count, v.evidence_count,
               {cosine}, NULL::real, NULL::bigint, NULL::bigint, NULL::jsonb, 0,
               {DISPLAY_COLUMNS}
        FROM {VERSIONS} v JOIN {ITEMS} i ON i.id = v.item_id
        JOIN {SCOPES} s ON s.id = v.scope_id
        WHERE {where}
          AND (i.pinned OR i.kind = 'preference' OR v.layer = 'procedural')
        ORDER BY i.pinned DESC, i.updated_at DESC, v.id
        LIMIT %(push_limit)s
    """
    with connection.cursor() as cursor:
        cursor.execute(sql, {**params, "push_limit": PUSH_CANDIDATES})
        return [_Candidate(*row) for row in cursor.fetchall()]
