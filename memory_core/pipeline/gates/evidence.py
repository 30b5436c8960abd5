"""Gate 4: evidence (003 §12.2.3, §12.11.3-4; 001).

V_fact = mean over the evidence refs of support × authority × freshness
(uniform α), against the layer's threshold in `policy.fact_thresholds`.

- support: the ref's `support`, 1.0 when absent.
- authority: the ref's `authority`; when absent, `SOURCE_TYPE_AUTHORITY` of
  its `source_type`. A MEMORY_ITEM ref without one takes the cited memory's
  confidence when the lookups can tell it (an optional
  `item_confidences(ids) -> {id: confidence}`), else
  `MEMORY_ITEM_AUTHORITY`.
- freshness: exp(−λ·age in days), λ = ln 2 / `freshness_half_life_days`, the
  age from the ref's `accessed_at`; a ref without one, or accessed in the
  future, is fresh (1.0).

A write without refs is scored as one implicit ref whose authority is that
of its declared source (`policy.source_authority`, 001), so a user-stated
episodic memory passes and an agent's guess does not become semantic
knowledge. The implicit ref is not external evidence: layers in
`policy.layers_needing_external_evidence` need an explicit ref of a type in
`policy.external_evidence_types`, and refs that are all AGENT_REASONING are
self-referential (003 §12.11.3).

Refs with a `memory_id` cite memory items. Each must exist in the tenant, in
a scope the writing agent may read (its scopes, below them and their
ancestors): a memory it may not read is refused exactly like one that does
not exist (`unknown_evidence`, the same sentence), so citing is no way to
learn which ids exist elsewhere. And when the write updates an existing
item, that item must not be reachable from the cited items through what they
cite in turn, or the update would close a cycle of circular reinforcement
(003 §12.11.4).

Malformed refs are rejected first (`invalid_evidence`, every bad ref listed);
every other problem is listed in `details["violations"]`, the first one
naming the result. The gate fills each ref's effective `authority` in
`candidate.evidence`, so the stored refs and the provenance record show what
was credited, and sets `candidate.v_fact` and `candidate.evidence_authority`
(the mean authority).
"""

from __future__ import annotations

import math
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from django.utils.dateparse import parse_datetime

from memory_core.models import ancestor_paths
from memory_core.pipeline.types import Candidate, GateContext, GateResult, Lookups
from memory_core.policy import Policy
from memory_core.scope_paths import scope_within

NAME = "evidence"

MEMORY_ITEM = "MEMORY_ITEM"
AGENT_REASONING = "AGENT_REASONING"

# Authority of a ref that does not state one, by its type (003 §12.4.3 types
# plus MEMORY_ITEM for refs citing stored memories, 003 §12.11.4). What a
# person said or a document and an API answer say weigh most; tool and code
# output can be misread; an agent's own reasoning is LLM-generated (0.3 in
# 003 §12.2.3).
SOURCE_TYPE_AUTHORITY: dict[str, float] = {
    "HUMAN_INPUT": 1.0,
    "DOCUMENT": 0.9,
    "API_RESPONSE": 0.9,
    "TOOL_OUTPUT": 0.8,
    "CODE_EXECUTION": 0.8,
    AGENT_REASONING: 0.3,
    MEMORY_ITEM: 0.5,
}
MEMORY_ITEM_AUTHORITY = SOURCE_TYPE_AUTHORITY[MEMORY_ITEM]

# A layer without a configured threshold demands full support (fail closed).
UNKNOWN_LAYER_THRESHOLD = 1.0

# Sums of products may land a hair under a threshold they meet exactly.
SCORE_TOLERANCE = 1e-9

SECONDS_PER_DAY = 86_400.0


def _unit_number(value: Any) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and 0.0 <= value <= 1.0
    )


def parse_timestamp(value: Any) -> datetime | None:
    """Return `value` as an aware datetime (naive ones are UTC), or None."""
    if value in (None, ""):
        return None
    if isinstance(value, datetime):
        parsed = value
    else:
        try:
            parsed = parse_datetime(str(value))
        except ValueError:
            return None
    if parsed is not None and parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed


def parse_memory_id(value: Any) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


def ref_problems(ref: Any) -> list[str]:
    """Return what is malformed in one evidence ref; [] when it is well formed."""
    if not isinstance(ref, dict):
        return ["not an object"]
    problems = []
    source_type = ref.get("source_type")
    if source_type not in SOURCE_TYPE_AUTHORITY:
        problems.append(
            f"unknown source_type {source_type!r}; use one of "
            f"{', '.join(SOURCE_TYPE_AUTHORITY)}"
        )
    for name in ("authority", "support"):
        if ref.get(name) is not None and not _unit_number(ref[name]):
            problems.append(f"{name} must be a number in [0, 1]")
    if ref.get("accessed_at") and parse_timestamp(ref["accessed_at"]) is None:
        problems.append("accessed_at is not a timestamp")
    memory_id = ref.get("memory_id")
    if memory_id and parse_memory_id(memory_id) is None:
        problems.append("memory_id is not a UUID")
    if source_type == MEMORY_ITEM and not memory_id:
        problems.append("a MEMORY_ITEM ref needs a memory_id")
    return problems


def freshness(
    accessed_at: datetime | None, *, now: datetime, half_life: float
) -> float:
    """Return exp(−λ·age_days) with λ = ln 2 / half_life; 1.0 when undated."""
    if accessed_at is None or half_life <= 0:
        return 1.0
    age_days = max(0.0, (now - accessed_at).total_seconds() / SECONDS_PER_DAY)
    return math.exp(-math.log(2) / half_life * age_days)


def ref_authority(ref: dict[str, Any], confidences: dict[uuid.UUID, float]) -> float:
    """Return the authority credited to a well-formed ref."""
    if ref.get("authority") is not None:
        return float(ref["authority"])
    if ref["source_type"] == MEMORY_ITEM:
        memory_id = parse_memory_id(ref["memory_id"])
        return float(confidences.get(memory_id, MEMORY_ITEM_AUTHORITY))
    return SOURCE_TYPE_AUTHORITY[ref["source_type"]]


def fact_score(
    refs: Sequence[dict[str, Any]],
    authorities: Sequence[float],
    *,
    now: datetime,
    half_life: float,
) -> float:
    """Return V_fact: the mean of support × authority × freshness over the refs."""
    terms = [
        float(ref.get("support") if ref.get("support") is not None else 1.0)
        * authority
        * freshness(
            parse_timestamp(ref.get("accessed_at")), now=now, half_life=half_life
        )
        for ref, authority in zip(refs, authorities, strict=True)
    ]
    return sum(terms) / len(terms)


def cited_memory_ids(refs: Sequence[dict[str, Any]]) -> list[uuid.UUID]:
    """Return the memory ids the refs cite, each once, in order."""
    ids = (parse_memory_id(r["memory_id"]) for r in refs if r.get("memory_id"))
    return list(dict.fromkeys(ids))


def provenance_cycle(
    lookups: Lookups,
    *,
    target: uuid.UUID,
    cited: dict[uuid.UUID, list[uuid.UUID]],
) -> list[uuid.UUID] | None:
    """Return a chain target → … → target of citations, or None when there is none.

    `cited` maps the items the write cites to the items they cite. The search
    goes breadth first, one `cited_items` call per level, and visits each
    item once, so it ends on any graph, cycles elsewhere included.
    """
    if target in cited:
        return [target, target]
    parent: dict[uuid.UUID, uuid.UUID] = dict.fromkeys(cited, target)
    level = cited
    while level:
        frontier: list[uuid.UUID] = []
        for item, cites in level.items():
            for next_item in cites:
                if next_item == target:
                    chain = [item]
                    while chain[-1] != target:
                        chain.append(parent[chain[-1]])
                    return [*reversed(chain), target]
                if next_item not in parent:
                    parent[next_item] = item
                    frontier.append(next_item)
        level = lookups.cited_items(frontier) if frontier else {}
    return None


def agent_may_read(path: str | None, allowed_scopes: Sequence[str]) -> bool:
    """Return whether an agent granted `allowed_scopes` may read scope `path`.

    As `selectors.agent_readable_scopes`: its scopes, what lies below them,
    and their ancestors.
    """
    if not path:
        return False
    if scope_within(path, allowed_scopes):
        return True
    return any(path in ancestor_paths(root) for root in allowed_scopes)


def readable_cited(
    lookups: Lookups, memory_ids: list[uuid.UUID], allowed_scopes: Sequence[str]
) -> dict[uuid.UUID, list[uuid.UUID]]:
    """Return what each cited memory cites, for the ones the agent may read."""
    paths = lookups.item_scope_paths(memory_ids)
    readable = [i for i in memory_ids if agent_may_read(paths.get(i), allowed_scopes)]
    return lookups.cited_items(readable) if readable else {}


def updated_item(candidate: Candidate, ctx: GateContext) -> uuid.UUID | None:
    """Return the item this write would update, if it updates one."""
    if candidate.update_item_id is not None:
        return candidate.update_item_id
    if candidate.key and candidate.scope_id is not None and ctx.lookups is not None:
        head = ctx.lookups.item_head_by_key(
            candidate.scope_id, candidate.layer, candidate.key
        )
        return head.item_id if head else None
    return None


def _invalid(refs: Sequence[Any]) -> GateResult | None:
    bad = [
        {"index": i, "problems": problems}
        for i, ref in enumerate(refs)
        if (problems := ref_problems(ref))
    ]
    if not bad:
        return None
    reason = " ".join(
        f"Evidence ref {b['index']}: {'; '.join(b['problems'])}." for b in bad
    )
    return GateResult.reject(NAME, "invalid_evidence", reason, refs=bad)


def _external_rule(
    layer: str, refs: Sequence[dict[str, Any]], policy: Policy
) -> dict[str, str] | None:
    """Return the violated rule of a durable layer's evidence, if any (§12.11.3-4)."""
    if layer not in policy.layers_needing_external_evidence:
        return None
    if refs and all(r["source_type"] == AGENT_REASONING for r in refs):
        return {
            "code": "self_referential_evidence",
            "message": "All evidence is the agent's own reasoning.",
        }
    if not any(r["source_type"] in policy.external_evidence_types for r in refs):
        return {
            "code": "external_evidence_required",
            "message": "This layer needs at least one external evidence ref ("
            f"{', '.join(policy.external_evidence_types)}).",
        }
    return None


def check(candidate: Candidate, ctx: GateContext) -> GateResult:
    policy = ctx.policy
    refs = candidate.evidence
    if invalid := _invalid(refs):
        return invalid

    violations: list[dict[str, Any]] = []
    memory_ids = cited_memory_ids(refs)
    cited: dict[uuid.UUID, list[uuid.UUID]] = {}
    confidences: dict[uuid.UUID, float] = {}
    if memory_ids and ctx.lookups is not None:
        cited = readable_cited(ctx.lookups, memory_ids, ctx.agent_allowed_scopes)
        item_confidences = getattr(ctx.lookups, "item_confidences", None)
        if item_confidences is not None and cited:
            confidences = item_confidences(list(cited))
    unknown = [i for i in memory_ids if i not in cited]
    if unknown:
        # One sentence for a memory that does not exist and one the agent
        # may not read: the answer does not tell them apart.
        violations.append(
            {
                "code": "unknown_evidence",
                "message": "Evidence cites memories that do not exist or that "
                f"this agent may not read: {', '.join(map(str, unknown))}.",
                "memory_ids": [str(i) for i in unknown],
            }
        )
    target = updated_item(candidate, ctx) if cited else None
    if target is not None:
        cycle = provenance_cycle(ctx.lookups, target=target, cited=cited)
        if cycle:
            violations.append(
                {
                    "code": "evidence_cycle",
                    "message": "The update would make its memory evidence for "
                    f"itself: {' → '.join(map(str, cycle))}.",
                    "cycle": [str(i) for i in cycle],
                }
            )

    if rule := _external_rule(candidate.layer, refs, policy):
        violations.append(rule)

    if refs:
        scored = [{**ref, "authority": ref_authority(ref, confidences)} for ref in refs]
        candidate.evidence = scored
    else:
        scored = [{"authority": policy.source_authority.get(candidate.source, 0.0)}]
    authorities = [ref["authority"] for ref in scored]
    v_fact = fact_score(
        scored, authorities, now=ctx.now, half_life=policy.freshness_half_life_days
    )
    candidate.v_fact = v_fact
    candidate.evidence_authority = sum(authorities) / len(authorities)
    threshold = policy.fact_thresholds.get(candidate.layer, UNKNOWN_LAYER_THRESHOLD)
    if v_fact < threshold - SCORE_TOLERANCE:
        violations.append(
            {
                "code": "insufficient_evidence",
                "message": f"V_fact {v_fact:.3f} is below the {candidate.layer} "
                f"threshold {threshold:.2f}.",
            }
        )

    scores = {
        "v_fact": v_fact,
        "threshold": threshold,
        "evidence_authority": candidate.evidence_authority,
    }
    if violations:
        reason = " ".join(v["message"] for v in violations)
        return GateResult.reject(
            NAME, violations[0]["code"], reason, violations=violations, **scores
        )
    return GateResult.accept(NAME, **scores)
