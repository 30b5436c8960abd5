"""Gate 8: provenance (003 §12.4, §12.2.5). Stamps the write; never rejects.

Computes the adjusted confidence c_adj (003 §12.4.4, not yet human-approved)
and the composite validation score (003 §12.2.5), builds the provenance
record and signs it with `ctx.provenance_key`. Scores the evidence gate did
not set count as 0: an unscored write is unverified. Without a key the
record stays unsigned, and `provenance_verify` reports it.
"""

from __future__ import annotations

from collections.abc import Sequence

from memory_core.pipeline.types import Candidate, GateContext, GateResult
from memory_core.provenance import (
    adjusted_confidence,
    provenance_record,
    provenance_sign,
)

NAME = "provenance"


def validation_score(
    *,
    v_fact: float,
    contradictions: int,
    topic_neighbours: int,
    weights: Sequence[float],
) -> float:
    """Return V = ws·1 + wf·V_fact + wc·(1 − |C| / max(1, candidates)).

    The schema term is 1: a write that reaches this gate passed the schema
    gate. The contradiction share is capped at 1, since contradictions found
    by key or subject need not be among the topic neighbours.
    """
    ws, wf, wc = weights
    share = min(1.0, contradictions / max(1, topic_neighbours))
    return ws * 1.0 + wf * v_fact + wc * (1.0 - share)


def check(candidate: Candidate, ctx: GateContext) -> GateResult:
    policy = ctx.policy
    v_fact = candidate.v_fact or 0.0
    authority = candidate.evidence_authority or 0.0
    candidate.adjusted_confidence = adjusted_confidence(
        agent_confidence=candidate.confidence,
        v_fact=v_fact,
        evidence_authority=authority,
        human_approved=False,
        betas=policy.confidence_betas,
    )
    candidate.validation_score = validation_score(
        v_fact=v_fact,
        contradictions=len(candidate.contradictions),
        topic_neighbours=candidate.topic_neighbours,
        weights=policy.validation_weights,
    )
    candidate.provenance = provenance_record(
        agent_id=candidate.agent_id,
        write_id=candidate.write_id,
        task_id=candidate.task_id,
        session_id=candidate.session_id,
        source=candidate.source,
        evidence=candidate.evidence,
        content_hash=candidate.content_hash,
        confidence=candidate.confidence,
        adjusted_confidence=candidate.adjusted_confidence,
        v_fact=v_fact,
        evidence_authority=authority,
        validation_score=candidate.validation_score,
        recorded_at=ctx.now,
    )
    candidate.signature = (
        provenance_sign(candidate.provenance, ctx.provenance_key)
        if ctx.provenance_key
        else ""
    )
    return GateResult.accept(
        NAME,
        adjusted_confidence=candidate.adjusted_confidence,
        validation_score=candidate.validation_score,
        signed=bool(candidate.signature),
    )
