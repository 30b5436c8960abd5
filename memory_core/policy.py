"""Per-tenant policy: every threshold and weight of the write path.

Defaults are the seeds' values (DESIGN.md cites them); a tenant overrides any
of them in `Tenant.policy`, a JSON object with the same field names. Nested
mappings are merged key by key.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any


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
    contradiction_neighbours: int = 10
    auto_resolve_contradictions: bool = False
    auto_resolve_gap: float = 0.2

    # Dedup (003 §12.3).
    semantic_duplicate_threshold: float = 0.95

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
