"""Per-tenant policy: every threshold and weight of the write path.

Defaults are the seeds' values (DESIGN.md cites them); a tenant overrides any
of them in `Tenant.policy`, a JSON object with the same field names. Nested
mappings are merged key by key.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

# Storage regions a tenant may choose (residency, 003 §12.10.3).
REGIONS = ("eu-west", "eu-central", "us-east", "us-west", "ap-southeast")


def _default(value: Any):
    return field(default_factory=lambda: value.copy())


@dataclass(frozen=True)
class Policy:
    # Rate and budget (003 §12.1.8, §12.11.2, 000 §8).
    rate_window_seconds: int = 60
    rate_limits: dict[str, int] = _default(
        {"session": 40, "episodic": 30, "semantic": 10, "procedural": 5}
    )
    session_write_budget: int = 1000
    storm_writes_per_minute: int = 50
    rate_backoff_seconds: int = 5
    # Without an Idempotency-Key, the same content from the same agent and
    # layer is answered as a replay for this long, then it is a new write.
    content_key_ttl_hours: int = 24

    # Evidence (003 §12.2.3, §12.11.3-4, 001).
    fact_thresholds: dict[str, float] = _default(
        {"session": 0.0, "episodic": 0.6, "semantic": 0.8, "procedural": 0.9}
    )
    source_authority: dict[str, float] = _default(
        {
            "user_stated": 1.0,
            "tool_verified": 0.9,
            "agent_inferred": 0.6,
            "recalled": 0.5,
            "external": 0.3,
        }
    )
    freshness_half_life_days: float = 90.0
    external_evidence_types: tuple[str, ...] = (
        "DOCUMENT",
        "API_RESPONSE",
        "HUMAN_INPUT",
    )
    layers_needing_external_evidence: tuple[str, ...] = ("semantic", "procedural")

    # Sensitivity (000 §6, 001, 004).
    external_confidence_cap: float = 0.3
    poisoning_risk_boost: float = 0.4

    # Contradiction (003 §12.2.4, 000 §6).
    topic_similarity: float = 0.6
    # Neighbours at least this similar are put to the judge; the judge's
    # slot comparison, not the embedding, decides (a paraphrased frame with
    # another value often embeds below σ_topic: "lives in Lisbon" vs "home
    # city is Berlin" at 0.46). Calibrated on tests/data/pairs_dev.jsonl.
    contradiction_judge_similarity: float = 0.35
    contradiction_neighbours: int = 10
    auto_resolve_contradictions: bool = False
    auto_resolve_gap: float = 0.2

    # Dedup (003 §12.3).
    semantic_duplicate_threshold: float = 0.95
    # Below that, a neighbour at least this similar that states the same
    # values with no subject of its own is a paraphrase: a duplicate
    # (`pipeline/slots.py`). Calibrated on the pair sets and LoCoMo
    # (pipeline/QUALITY.md): 0.5 adds held-out paraphrases and loses none.
    paraphrase_similarity: float = 0.5

    # Provenance (003 §12.4.4, §12.2.5).
    confidence_betas: tuple[float, float, float, float] = (0.15, 0.30, 0.25, 0.30)
    validation_weights: tuple[float, float, float] = (0.2, 0.5, 0.3)

    # Risk and approval (003 §12.6.2, §12.11.5).
    risk_weights: dict[str, float] = _default(
        {
            "layer": 0.25,
            "contradiction": 0.20,
            "evidence": 0.15,
            "confidence": 0.15,
            "blast_radius": 0.15,
            "novelty": 0.10,
        }
    )
    layer_risk: dict[str, float] = _default(
        {"session": 0.1, "episodic": 0.3, "semantic": 0.8, "procedural": 1.0}
    )
    blast_radius: dict[str, float] = _default(
        {"task": 0.1, "user": 0.2, "org": 0.6, "global": 1.0}
    )
    async_review_at: float = 0.3
    sync_block_at: float = 0.7
    sync_deadline_seconds: int = 300
    review_sla_hours: int = 24
    reputation_threshold: float = 0.5
    reputation_min_decisions: int = 10

    # Scopes (DESIGN.md "Scope"): the kinds of scope an agent's write may
    # create when the scope it names does not exist yet, at or below what the
    # agent may write; an empty tuple turns it off (memory_core/scope_paths.py).
    auto_create_scopes: tuple[str, ...] = ("user", "task")

    # Erasure (003 §12.10.2, issue 14): with four eyes (the default) two
    # people sign off an erasure: whoever executes it is neither the person who
    # filed it nor the officer who approved it; a request an agent filed is
    # approved by one officer and executed by another.
    erasure_four_eyes: bool = True

    # Retention (003 §12.10.4): days an item may live after it was created,
    # by classification; 0 keeps it indefinitely. Past the limit, classes in
    # `retention_hard_delete` are deleted for good (PII: a legal duty), the
    # others are soft-deleted (expired, recoverable until GC's grace ends).
    # Pins hold only the classes in `retention_pinned_exempt`, never PII.
    retention_days: dict[str, int] = _default(
        {"pii": 90, "business": 365, "general": 1825, "public": 0}
    )
    retention_hard_delete: tuple[str, ...] = ("pii",)
    retention_pinned_exempt: tuple[str, ...] = ("business", "general")

    # Residency (003 §12.10.3): where this tenant's memory is stored, the
    # regions it may be stored in, and the regions each residency class
    # allows. A write whose class does not allow the storage region is refused.
    storage_region: str = "eu-west"
    allowed_regions: tuple[str, ...] = REGIONS
    residency_class_regions: dict[str, list[str]] = _default(
        {
            "eu": ["eu-west", "eu-central"],
            "us": ["us-east", "us-west"],
            "apac": ["ap-southeast"],
            "global": list(REGIONS),
        }
    )

    # Garbage collection and hygiene (000 §4 and §6, 003 §12.7, 001); see
    # memory_core/gc/README.md for each rule's formula.
    gc_batch_size: int = 2000
    gc_grace_days: int = 30
    gc_candidate_unread_days: int = 30
    gc_superseded_days: int = 90
    gc_low_confidence: float = 0.3
    gc_low_confidence_days: int = 60
    gc_confidence_decay_rate: float = 0.05
    gc_confidence_decay_period_days: int = 30
    gc_confidence_floor: float = 0.3
    gc_relevance_lambda_per_day: dict[str, float] = _default(
        {"session": 12.0, "episodic": 0.01, "semantic": 0.001, "procedural": 0.0005}
    )
    gc_relevance_threshold: dict[str, float] = _default(
        {"session": 0.1, "episodic": 0.2, "semantic": 0.1, "procedural": 0.1}
    )
    gc_idle_hours: dict[str, int] = _default(
        {"session": 1, "episodic": 720, "semantic": 4320, "procedural": 8760}
    )
    gc_access_window_days: int = 30
    gc_default_impact: float = 1.0
    staleness_weights: tuple[float, float, float] = (0.4, 0.3, 0.3)
    staleness_max_age_days: int = 365
    staleness_access_days: int = 30
    staleness_stale_at: float = 0.7
    staleness_evict_at: float = 0.9
    gc_down_weight: float = 0.5
    gc_contradiction_scan_limit: int = 200

    # Retrieval (000 §5, DESIGN.md "Retrieval"; memory_core/retrieval.py has
    # the formula). `weighted` sums the normalised signals; `rrf` replaces
    # the vector and keyword signals by their reciprocal ranks, k = rrf_k.
    # Weights are relative: the score divides by their sum, so it is in 0..1.
    retrieval_fusion: str = "weighted"
    retrieval_weights: dict[str, float] = _default(
        {
            "vector": 0.6,
            "keyword": 0.4,
            "recency": 0.05,
            "importance": 0.05,
            "provenance": 0.1,
        }
    )
    retrieval_recency_half_life_days: dict[str, float] = _default(
        {"session": 1.0, "episodic": 30.0, "semantic": 365.0, "procedural": 730.0}
    )
    # A pinned memory's score moves this share of the way towards 1.
    retrieval_pinned_boost: float = 0.2
    retrieval_rrf_k: int = 60
    # Candidates per signal: max(limit × 10, this), at most 1000.
    retrieval_candidates: int = 100
    retrieval_min_score: float = 0.0
    # POST /api/v1/context: the relevant memories' default threshold (push).
    retrieval_context_threshold: float = 0.35

    def merged(self, overrides: dict[str, Any] | None) -> Policy:
        """Return this policy with `overrides` applied; unknown names are refused."""
        if not overrides:
            return self
        names = {f.name for f in dataclasses.fields(self)}
        unknown = set(overrides) - names
        if unknown:
            raise ValueError(f"unknown policy settings: {', '.join(sorted(unknown))}")
        changes = {}
        for name, value in overrides.items():
            current = getattr(self, name)
            if isinstance(current, dict):
                value = {**current, **value}
            elif isinstance(current, tuple):
                value = tuple(value)
            changes[name] = value
        return dataclasses.replace(self, **changes)

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


DEFAULT_POLICY = Policy()


def policy_for(tenant) -> Policy:
    """Return the tenant's effective policy."""
    return DEFAULT_POLICY.merged(getattr(tenant, "policy", None) or {})
