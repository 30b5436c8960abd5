"""The GC rules as SQL: which items and versions each one selects, and what it does.

Every rule is a predicate over an active item `i` and its head version `h`
(or, for superseded versions, over a version `v`). A phase first *classifies*
the tenant's rows in one set-based scan (`expiry_classify`, `marks_classify`),
then applies each rule in batches of ids (`expire_batch`, `mark_batch`); the
batch statement re-checks the rule's predicate on rows it locks with
`FOR UPDATE SKIP LOCKED`, so a row pinned, read or rewritten since the scan
is left alone, and a row another transaction holds is left for the next run.

Formulas and seed citations: memory_core/lifecycle/gc/README.md.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.db import connection

from memory_core.lifecycle.expiry import items_expire
from memory_core.policy import Policy

# Expiring rules, in the order an item is attributed to the first that holds.
HARD_TTL = "hard_ttl"
CANDIDATE_UNREAD = "candidate_unread"
CONFIDENCE_DECAY = "confidence_decay"
RELEVANCE = "relevance"
EXPIRY_RULES = (HARD_TTL, CANDIDATE_UNREAD, CONFIDENCE_DECAY, RELEVANCE)
# Marking rules: they flag and down-weight, they do not expire.
SOFT_TTL = "soft_ttl"
LOW_CONFIDENCE = "low_confidence"
STALENESS_STALE = "staleness_stale"
STALENESS_CANDIDATE = "staleness_candidate"
MARK_RULES = (SOFT_TTL, LOW_CONFIDENCE, STALENESS_STALE, STALENESS_CANDIDATE)
SUPERSEDED = "superseded"
HARD_DELETE = "hard_delete"
CONTRADICTION_SCAN = "contradiction_scan"

# Floats: 0.6 - 6 * 0.05 is 0.29999999999999993, which is not below 0.3.
EPSILON = 1e-9
DAY = 86400.0

ITEMS = "memory_core_memoryitem"
VERSIONS = "memory_core_memoryversion"
CONFLICTS = "memory_core_conflict"

# An item GC may expire: active, not pinned, no write to it awaiting review
# (a draft) and no open contradiction case about its head.
COLLECTABLE = f"""
    i.tenant_id = %(tenant)s AND i.status = 'active' AND NOT i.pinned
    AND NOT EXISTS (SELECT 1 FROM {VERSIONS} d WHERE d.draft_of = i.id)
    AND NOT EXISTS (SELECT 1 FROM {CONFLICTS} c
                    WHERE c.existing_version_id = i.head_id AND c.status = 'open')
    AND NOT EXISTS (SELECT 1 FROM {CONFLICTS} c
                    WHERE c.new_version_id = i.head_id AND c.status = 'open')
"""
# An item GC may flag: marks change no content, so open reviews do not stop them.
MARKABLE = "i.tenant_id = %(tenant)s AND i.status = 'active' AND NOT i.pinned"

READ_AT = "coalesce(i.last_accessed_at, i.created_at)"
CONFIDENCE = "coalesce(h.adjusted_confidence, h.confidence)"
VERIFIED_AT = "coalesce(h.last_reinforced_at, h.created_at)"
AGE_DAYS = "(extract(epoch FROM %(now)s - i.created_at) / 86400.0)"
DECAY_PERIODS = (
    f"floor(extract(epoch FROM %(now)s - {VERIFIED_AT}) / %(decay_period_s)s)"
)
# ρ(m, t) = ρ0 · exp(−λ·age) · (1 + ln(1 + n_access(Δt))) · impact (003 §12.7.2).
# exp() of a large negative number raises an underflow error in PostgreSQL.
RELEVANCE_RHO = f"""(
    coalesce(h.validation_score, a.authority, 0.5)
    * exp(greatest(-700.0, -p.lam * {AGE_DAYS}))
    * (1 + ln(1 + CASE WHEN i.last_accessed_at >= %(window_start)s
                       THEN i.access_count ELSE 0 END))
    * %(impact)s
)"""
# Uncorrelated, so the planner reads the tenant's open cases once per
# statement (a hashed subplan) instead of probing per item and per use: the
# staleness score uses it in two predicates over every active item.
OPEN_CONFLICT_ON_HEAD = f"""(
    i.head_id IN (
        SELECT c.existing_version_id FROM {CONFLICTS} c
        WHERE c.tenant_id = %(tenant)s AND c.status = 'open'
          AND c.existing_version_id IS NOT NULL
        UNION ALL
        SELECT c.new_version_id FROM {CONFLICTS} c
        WHERE c.tenant_id = %(tenant)s AND c.status = 'open'
          AND c.new_version_id IS NOT NULL
    )
)"""
# staleness = w1·age_factor + w2·access_decay + w3·contradiction_flag (000 §6).
STALENESS_SCORE = f"""(
    %(w_age)s * least(1.0, greatest(0.0, {AGE_DAYS}) / CASE
        WHEN i.expires_at IS NOT NULL
        THEN greatest(1.0, extract(epoch FROM i.expires_at - i.created_at) / 86400.0)
        ELSE %(max_age_days)s END)
    + %(w_access)s * least(1.0, greatest(0.0,
        extract(epoch FROM %(now)s - {READ_AT}) / 86400.0) / %(access_days)s)
    + %(w_conflict)s * CASE WHEN {OPEN_CONFLICT_ON_HEAD} THEN 1.0 ELSE 0.0 END
)"""

PREDICATES = {
    # expired(m) = t_now > t_created + ttl (003 §12.7.4 mode 1).
    HARD_TTL: "i.expires_at < %(now)s",
    # Soft TTL passed and unread for 30 days since (000 §4).
    CANDIDATE_UNREAD: (
        "coalesce(i.gc_candidate_at, i.soft_expires_at) < %(unread_before)s "
        f"AND {READ_AT} < %(unread_before)s"
    ),
    # 001: confidence − rate per period; below the floor → expire.
    CONFIDENCE_DECAY: (
        f"h.source = 'agent_inferred' AND {DECAY_PERIODS} >= 1 "
        f"AND {CONFIDENCE} - %(decay_rate)s * {DECAY_PERIODS} "
        "< %(decay_floor)s - %(epsilon)s"
    ),
    # 003 §12.7.3: ρ < τ_gc(layer) and idle longer than T_idle(layer).
    RELEVANCE: (
        f"{RELEVANCE_RHO} < p.tau "
        f"AND %(now)s - {READ_AT} > p.idle_hours * interval '1 hour'"
    ),
    SOFT_TTL: "i.soft_expires_at < %(now)s AND i.gc_candidate_at IS NULL",
    # 000 §4: confidence < 0.3, unverified for 60 days → stale.
    LOW_CONFIDENCE: (
        f"{CONFIDENCE} < %(low_confidence)s - %(epsilon)s "
        f"AND {VERIFIED_AT} < %(low_confidence_before)s AND i.stale_at IS NULL"
    ),
    STALENESS_STALE: (
        f"{STALENESS_SCORE} > %(stale_at)s + %(epsilon)s AND i.stale_at IS NULL"
    ),
    STALENESS_CANDIDATE: (
        f"{STALENESS_SCORE} > %(evict_at)s + %(epsilon)s AND i.gc_candidate_at IS NULL"
    ),
}


@dataclass(frozen=True)
class Context:
    """What every rule's SQL is evaluated against: the tenant, now and the policy."""

    tenant_id: uuid.UUID
    now: datetime
    policy: Policy

    def params(self) -> dict[str, Any]:
        p = self.policy
        w_age, w_access, w_conflict = p.staleness_weights
        return {
            "tenant": self.tenant_id,
            "now": self.now,
            "epsilon": EPSILON,
            "unread_before": self.now - timedelta(days=p.gc_candidate_unread_days),
            "decay_period_s": p.gc_confidence_decay_period_days * DAY,
            "decay_rate": p.gc_confidence_decay_rate,
            "decay_floor": p.gc_confidence_floor,
            "window_start": self.now - timedelta(days=p.gc_access_window_days),
            "impact": p.gc_default_impact,
            "low_confidence": p.gc_low_confidence,
            "low_confidence_before": self.now
            - timedelta(days=p.gc_low_confidence_days),
            "w_age": w_age,
            "w_access": w_access,
            "w_conflict": w_conflict,
            "max_age_days": float(p.staleness_max_age_days),
            "access_days": float(p.staleness_access_days),
            "stale_at": p.staleness_stale_at,
            "evict_at": p.staleness_evict_at,
            "down_weight": p.gc_down_weight,
            "superseded_before": self.now - timedelta(days=p.gc_superseded_days),
            "grace_before": self.now - timedelta(days=p.gc_grace_days),
        }

    def joins(self) -> tuple[str, dict[str, Any]]:
        """Return the per-layer (λ, τ_gc, T_idle) and source-authority joins."""
        p = self.policy
        layers = sorted(p.gc_relevance_lambda_per_day)
        rows = ", ".join(
            f"(%(layer_{n})s, %(lam_{n})s::float8, %(tau_{n})s::float8, "
            f"%(idle_{n})s::float8)"
            for n in range(len(layers))
        )
        params: dict[str, Any] = {}
        for n, layer in enumerate(layers):
            params |= {
                f"layer_{n}": layer,
                f"lam_{n}": float(p.gc_relevance_lambda_per_day[layer]),
                f"tau_{n}": float(p.gc_relevance_threshold.get(layer, 0.0)),
                f"idle_{n}": float(p.gc_idle_hours.get(layer, 0)),
            }
        sources = sorted(p.source_authority)
        source_rows = ", ".join(
            f"(%(source_{n})s, %(authority_{n})s::float8)" for n in range(len(sources))
        )
        for n, source in enumerate(sources):
            params |= {
                f"source_{n}": source,
                f"authority_{n}": float(p.source_authority[source]),
            }
        # An active item's head is active (item and head change status
        # together), so the head's status is not asked: its columns come from
        # the covering index memory_version_gc_head_idx2, not the wide rows.
        sql = (
            f"JOIN {VERSIONS} h ON h.id = i.head_id "
            f"LEFT JOIN (VALUES {rows}) AS p(layer, lam, tau, idle_hours) "
            "ON p.layer = i.layer "
            f"LEFT JOIN (VALUES {source_rows}) AS a(source, authority) "
            "ON a.source = h.source"
        )
        return sql, params


def _fetch(sql: str, params: dict[str, Any]) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def expiry_classify(ctx: Context) -> dict[str, list[uuid.UUID]]:
    """Return the ids of collectable items each expiring rule would expire.

    An item that several rules select is attributed to the first of
    `EXPIRY_RULES`, so the counts add up to the items expired.
    """
    joins, params = ctx.joins()
    cases = " ".join(f"WHEN {PREDICATES[r]} THEN '{r}'" for r in EXPIRY_RULES)
    sql = f"""
        SELECT id, rule FROM (
            SELECT i.id, CASE {cases} END AS rule
            FROM {ITEMS} i {joins}
            WHERE {COLLECTABLE}
        ) classified
        WHERE rule IS NOT NULL
        ORDER BY id
    """
    found: dict[str, list[uuid.UUID]] = {rule: [] for rule in EXPIRY_RULES}
    for item_id, rule in _fetch(sql, ctx.params() | params):
        found[rule].append(item_id)
    return found


def marks_classify(ctx: Context) -> dict[str, list[uuid.UUID]]:
    """Return the ids of active items each marking rule would flag."""
    joins, params = ctx.joins()
    columns = ", ".join(f"({PREDICATES[r]}) AS {r}" for r in MARK_RULES)
    sql = f"""
        SELECT * FROM (
            SELECT i.id, {columns} FROM {ITEMS} i {joins} WHERE {MARKABLE}
        ) flagged
        WHERE {" OR ".join(MARK_RULES)}
        ORDER BY id
    """
    found: dict[str, list[uuid.UUID]] = {rule: [] for rule in MARK_RULES}
    for item_id, *flags in _fetch(sql, ctx.params() | params):
        for rule, flag in zip(MARK_RULES, flags, strict=True):
            if flag:
                found[rule].append(item_id)
    return found


def expire_batch(
    ctx: Context, *, rule: str, item_ids: Sequence[uuid.UUID], run_id: uuid.UUID
) -> list[tuple[uuid.UUID, uuid.UUID]]:
    """Expire the items of `item_ids` that `rule` still selects; log each one.

    Run inside the caller's transaction: the items the rule still selects
    are locked (`SKIP LOCKED`), then expired by `memory_core.lifecycle.expiry`.
    Return (item id, head id) of the items expired.
    """
    joins, params = ctx.joins()
    sql = f"""
        SELECT i.id FROM {ITEMS} i {joins}
        WHERE i.id = ANY(%(ids)s) AND {COLLECTABLE} AND ({PREDICATES[rule]})
        ORDER BY i.id
        FOR UPDATE OF i SKIP LOCKED
    """
    picked = [
        row[0] for row in _fetch(sql, ctx.params() | params | {"ids": list(item_ids)})
    ]
    expired, _ = items_expire(
        tenant_id=ctx.tenant_id,
        item_ids=picked,
        now=ctx.now,
        expired_by=rule,
        reason=f"garbage collection: {rule.replace('_', ' ')}",
        payload={"rule": rule, "gc_run": str(run_id)},
    )
    return expired


MARK_SETS = {
    SOFT_TTL: ("gc_candidate_at = i.soft_expires_at, gc_candidate_reason = 'soft_ttl'"),
    LOW_CONFIDENCE: "stale_at = %(now)s, stale_reason = 'low_confidence'",
    STALENESS_STALE: (
        "stale_at = %(now)s, stale_reason = 'staleness', staleness = picked.score"
    ),
    STALENESS_CANDIDATE: (
        "gc_candidate_at = %(now)s, gc_candidate_reason = 'staleness', "
        "staleness = picked.score"
    ),
}


def mark_batch(
    ctx: Context, *, rule: str, item_ids: Sequence[uuid.UUID]
) -> list[uuid.UUID]:
    """Flag the items of `item_ids` that `rule` still selects, and down-weight them.

    Marks change no content, so they write no memory log entry; the caller
    audits the batch. Return the ids flagged.
    """
    joins, params = ctx.joins()
    sql = f"""
        WITH picked AS (
            SELECT i.id, {STALENESS_SCORE} AS score FROM {ITEMS} i {joins}
            WHERE i.id = ANY(%(ids)s) AND {MARKABLE} AND ({PREDICATES[rule]})
            FOR UPDATE OF i SKIP LOCKED
        )
        UPDATE {ITEMS} i
        SET {MARK_SETS[rule]},
            retrieval_weight = least(i.retrieval_weight, %(down_weight)s)
        FROM picked WHERE i.id = picked.id
        RETURNING i.id
    """
    rows = _fetch(sql, ctx.params() | params | {"ids": list(item_ids)})
    return sorted(row[0] for row in rows)


# `superseded_at` outlives the supersession (it stays when GC expires the
# version, migration 0024), so the status is read from the row.
SUPERSEDED_WHERE = f"""
    v.tenant_id = %(tenant)s AND v.superseded_at < %(superseded_before)s
    AND v.status = 'superseded'
    AND NOT EXISTS (SELECT 1 FROM {ITEMS} i WHERE i.id = v.item_id AND i.pinned)
    AND NOT EXISTS (SELECT 1 FROM {CONFLICTS} c
                    WHERE c.existing_version_id = v.id AND c.status = 'open')
    AND NOT EXISTS (SELECT 1 FROM {CONFLICTS} c
                    WHERE c.new_version_id = v.id AND c.status = 'open')
"""


# Where a superseded phase with no earlier one to start from begins.
EARLIEST = datetime(1, 1, 1, tzinfo=UTC)
# The versions due, superseded at `superseded_since` or later.
SUPERSEDED_SINCE_WHERE = (
    f"{SUPERSEDED_WHERE} AND v.superseded_at >= %(superseded_since)s"
)


def superseded_classify(ctx: Context, *, since: datetime = EARLIEST) -> list[uuid.UUID]:
    """Return the ids of superseded versions older than the limit (000 §4).

    Only those superseded at `since` or later: the versions superseded
    before it were read by an earlier run (`superseded_resume_at`).
    """
    sql = f"SELECT v.id FROM {VERSIONS} v WHERE {SUPERSEDED_SINCE_WHERE} ORDER BY v.id"
    return [row[0] for row in _fetch(sql, ctx.params() | {"superseded_since": since})]


def superseded_resume_at(ctx: Context, *, since: datetime = EARLIEST) -> datetime:
    """Where the next run's superseded phase may start, after this one.

    The oldest version of [since, limit) still due (one a batch skipped
    because another transaction held it), else the limit: every version
    superseded before it is expired or held back (its item pinned, an open
    case about it). Held-back versions come back in the periodic sweep from
    the beginning (runs.SUPERSEDED_SWEEP).
    """
    sql = f"""
        SELECT coalesce(min(v.superseded_at), %(superseded_before)s) FROM {VERSIONS} v
        WHERE {SUPERSEDED_SINCE_WHERE}
    """
    return _fetch(sql, ctx.params() | {"superseded_since": since})[0][0]


def superseded_expire_batch(
    ctx: Context, *, version_ids: Sequence[uuid.UUID], run_id: uuid.UUID
) -> list[tuple[uuid.UUID, uuid.UUID]]:
    """Expire superseded versions; their range stays as it was. Log each one."""
    sql = f"""
        WITH picked AS (
            SELECT v.id FROM {VERSIONS} v
            WHERE v.id = ANY(%(ids)s) AND {SUPERSEDED_WHERE}
            FOR UPDATE OF v SKIP LOCKED
        ), versions AS (
            UPDATE {VERSIONS} v SET status = 'expired'
            FROM picked WHERE v.id = picked.id
            RETURNING v.id, v.item_id
        ), logged AS (
            INSERT INTO memory_core_memorylogentry
                (tenant_id, operation, item_id, version_id, reason, payload,
                 created_at)
            SELECT %(tenant)s, 'expire', versions.item_id, versions.id, %(reason)s,
                   %(payload)s::jsonb, %(now)s
            FROM versions
            RETURNING 1
        )
        SELECT versions.id, versions.item_id FROM versions ORDER BY versions.id
    """
    extra = {
        "ids": list(version_ids),
        "reason": "garbage collection: superseded",
        "payload": f'{{"rule": "{SUPERSEDED}", "gc_run": "{run_id}"}}',
    }
    return _fetch(sql, ctx.params() | extra)


# Phase 2: expired items past the grace period (003 §12.7.5). Items a curator
# or the retention job expired count from `updated_at` (their expiry).
EXPIRED_PAST_GRACE = f"""
    i.tenant_id = %(tenant)s AND i.status = 'expired' AND NOT i.pinned
    AND coalesce(i.expired_at, i.updated_at) < %(grace_before)s
    AND NOT EXISTS (SELECT 1 FROM {VERSIONS} d WHERE d.draft_of = i.id)
"""


def hard_delete_classify(ctx: Context) -> list[uuid.UUID]:
    sql = f"SELECT i.id FROM {ITEMS} i WHERE {EXPIRED_PAST_GRACE} ORDER BY i.id"
    return [row[0] for row in _fetch(sql, ctx.params())]


def hard_delete_lock(ctx: Context, *, item_ids: Sequence[uuid.UUID]) -> list[uuid.UUID]:
    """Lock the items of `item_ids` still past grace; return their ids."""
    sql = f"""
        SELECT i.id FROM {ITEMS} i
        WHERE i.id = ANY(%(ids)s) AND {EXPIRED_PAST_GRACE}
        ORDER BY i.id FOR UPDATE OF i SKIP LOCKED
    """
    return [row[0] for row in _fetch(sql, ctx.params() | {"ids": list(item_ids)})]


def versions_in_scope(ctx: Context) -> int:
    """Return how many stored (non-draft) versions a run examines."""
    sql = f"""
        SELECT count(*) FROM {VERSIONS} v
        WHERE v.tenant_id = %(tenant)s AND v.status <> 'draft'
    """
    return int(_fetch(sql, {"tenant": ctx.tenant_id})[0][0])
