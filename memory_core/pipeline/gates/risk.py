"""Gate 9: risk and approval tier (003 §12.6.2, §12.11.5).

R(w) = Σ ω_i · f_i over six factors:

- layer: the target layer's risk (session 0.1, episodic 0.3, semantic 0.8,
  procedural 1.0);
- contradiction: 1 when the contradiction gate found any;
- evidence: 1 − the evidence's mean authority (from the evidence gate, or the
  source's authority when it did not run);
- confidence: 1 − the adjusted confidence (provenance gate), else 1 − the
  agent's confidence;
- blast radius: how many readers the scope reaches (task 0.1, user 0.2,
  org 0.6, global 1.0);
- novelty: 1 when nothing stored is on the same topic (no neighbour above
  the topic similarity), else 0.

Content flagged as a memory-poisoning attempt adds `poisoning_risk_boost`.
R < 0.3 commits, 0.3 ≤ R < 0.7 goes to async review, R ≥ 0.7 blocks the
agent until a curator decides. Whatever R says, a write some gate sent to
review, or from an agent whose reputation fell below the threshold, is
reviewed at least asynchronously.
"""

from memory_core.models import ReviewTier, ScopeKind
from memory_core.pipeline.types import Candidate, GateContext, GateResult

NAME = "risk"


def scope_kind(path: str) -> str:
    """Return the kind of the scope at `path` (its last segment pair)."""
    if path == "/global/":
        return ScopeKind.GLOBAL
    parts = [p for p in path.strip("/").split("/") if p]
    return parts[-2] if len(parts) >= 2 else ScopeKind.ORG


def factors(candidate: Candidate, ctx: GateContext) -> dict[str, float]:
    policy = ctx.policy
    authority = candidate.evidence_authority
    if authority is None:
        authority = policy.source_authority.get(candidate.source, 0.5)
    confidence = candidate.adjusted_confidence
    if confidence is None:
        confidence = candidate.confidence
    nearest = candidate.nearest_similarity
    novel = nearest is None or nearest <= policy.topic_similarity
    kind = candidate.scope_kind or scope_kind(candidate.scope_path)
    return {
        "layer": policy.layer_risk.get(candidate.layer, 0.5),
        "contradiction": 1.0 if candidate.contradictions else 0.0,
        "evidence": round(1.0 - authority, 4),
        "confidence": round(1.0 - confidence, 4),
        "blast_radius": policy.blast_radius.get(kind, 0.5),
        "novelty": 1.0 if novel else 0.0,
    }


def check(candidate: Candidate, ctx: GateContext) -> GateResult:
    policy = ctx.policy
    values = factors(candidate, ctx)
    risk = sum(policy.risk_weights[name] * value for name, value in values.items())
    if "poisoning" in candidate.flags:
        risk += policy.poisoning_risk_boost
        values["poisoning_boost"] = policy.poisoning_risk_boost
    risk = round(min(1.0, risk), 4)

    if risk >= policy.sync_block_at:
        tier = ReviewTier.SYNC
    elif risk >= policy.async_review_at:
        tier = ReviewTier.ASYNC
    else:
        tier = ReviewTier.AUTO
    reasons = list(candidate.review_reasons)
    low_reputation = (
        ctx.agent_decisions >= policy.reputation_min_decisions
        and ctx.agent_reputation < policy.reputation_threshold
    )
    if low_reputation:
        reasons.append("low_reputation")
    if tier == ReviewTier.AUTO and reasons:
        tier = ReviewTier.ASYNC

    candidate.risk, candidate.risk_factors, candidate.tier = risk, values, tier
    candidate.review_reasons = reasons
    details = {"risk": risk, "factors": values, "tier": tier, "reasons": reasons}
    if tier == ReviewTier.AUTO:
        return GateResult.accept(NAME, f"Risk {risk:.2f} is below review.", **details)
    if tier == ReviewTier.SYNC:
        return GateResult.review(
            NAME,
            "approval_required",
            f"Risk {risk:.2f} ≥ {policy.sync_block_at}: a curator must approve before "
            "the deadline.",
            **details,
        )
    why = f" ({', '.join(reasons)})" if reasons else ""
    return GateResult.review(
        NAME,
        "review_required",
        f"Risk {risk:.2f}{why}: queued for curator review.",
        **details,
    )


__all__ = ["NAME", "check", "factors", "scope_kind"]
