"""Gate 7a: dedup by identity (003 §12.3.2–12.3.4, 000 §4): no embedding needed.

Tiers, cheapest first, within the write's scope and layer:

1. Entity key: the keyed item already holds this content → DUPLICATE. Other
   content makes the write a new version of that item; whether that is an
   update or a contradiction the contradiction gate has decided before this
   one (it sets `update_item_id`), so a write with `update_item_id` passes.
2. Exact content hash → DUPLICATE.
3. Structural fingerprint (subject ‖ predicate ‖ normalised object): the
   information delta (`pipeline.delta`) against the stored version decides:
   nothing new, or a rewording of the same triple with no conflicting
   field → DUPLICATE;
   strictly more → MERGE (ACCEPT with `candidate.merge_with`, 003 §12.3.4);
   a conflicting field → REVIEW (`structural_conflict`).

A DUPLICATE carries {"tier", "version_id", "item_id"}: the commit reinforces
that version and answers the write with it.
"""

from __future__ import annotations

from memory_core.pipeline.delta import information_delta
from memory_core.pipeline.types import (
    Candidate,
    Decision,
    ExistingVersion,
    GateContext,
    GateResult,
)

NAME = "dedup"


def check(candidate: Candidate, ctx: GateContext) -> GateResult:
    assert ctx.lookups is not None and candidate.scope_id is not None
    lookups = ctx.lookups
    if candidate.key:
        head = lookups.item_head_by_key(
            candidate.scope_id, candidate.layer, candidate.key
        )
        if head is not None and head.content_hash == candidate.content_hash:
            return duplicate(
                head,
                "entity_key",
                f"Item {candidate.key!r} already holds this content.",
            )
        if head is not None:
            # A key is unique in its scope and layer: the write versions it.
            candidate.update_item_id = candidate.update_item_id or head.item_id
    if candidate.update_item_id is not None:
        return GateResult.accept(
            NAME,
            "A new version of an existing item.",
            tier="entity_key",
            item_id=str(candidate.update_item_id),
        )
    same = lookups.version_by_hash(
        candidate.scope_id, candidate.layer, candidate.content_hash
    )
    if same is not None:
        return duplicate(same, "exact_hash", EXACT_REASON)
    if candidate.fingerprint:
        match = lookups.version_by_fingerprint(
            candidate.scope_id, candidate.layer, candidate.fingerprint
        )
        if match is not None and not contradicted(candidate, match):
            return near_duplicate(candidate, match, NAME, "fingerprint")
    return GateResult.accept(NAME)


EXACT_REASON = "The same content is already stored in this scope and layer."


def exact_copy(candidate: Candidate, ctx: GateContext) -> GateResult | None:
    """Answer a write that can only be an exact duplicate, or None.

    A write with no key and no whole triple gives the contradiction gate no
    attribute to weigh: when an active version in its scope and layer holds
    its content, the contradiction gate passes it and tier 2 above answers
    it DUPLICATE, whatever the gates between say but a refusal. It stores
    nothing new (the version is reinforced), so the worker asks this before
    the gates that read the content (`pipeline.run_gates`): the schema gate
    has placed it in its scope by then. None for any other write.
    """
    full_triple = candidate.subject and candidate.predicate and candidate.object
    if (
        candidate.key
        or full_triple
        or candidate.update_item_id is not None
        or candidate.scope_id is None
        or ctx.lookups is None
    ):
        return None
    same = ctx.lookups.version_by_hash(
        candidate.scope_id, candidate.layer, candidate.content_hash
    )
    if same is None:
        return None
    return duplicate(same, "exact_hash", EXACT_REASON)


def near_duplicate(
    candidate: Candidate,
    existing: ExistingVersion,
    gate: str,
    tier: str,
    *,
    review_rewording: bool = False,
    **extra,
) -> GateResult:
    """Decide a near-duplicate by its information delta (003 §12.3.3).

    A rewording ("different": each side has words the other lacks) is a
    duplicate, or with `review_rewording` a case for review.
    """
    delta = information_delta(candidate, existing)
    ids = {"version_id": str(existing.version_id), "item_id": str(existing.item_id)}
    if delta == "superset":
        candidate.merge_with = existing.version_id
        return GateResult.accept(
            gate,
            "Says strictly more than a stored version; merged into a new version.",
            tier=tier,
            merge_with=str(existing.version_id),
            item_id=ids["item_id"],
            delta=delta,
            **extra,
        )
    if delta == "conflict" or (delta == "different" and review_rewording):
        code = f"{'structural' if tier == 'fingerprint' else tier}_conflict"
        if code not in candidate.review_reasons:
            candidate.review_reasons.append(code)
        return GateResult.review(
            gate,
            code,
            "Matches a stored version but a field disagrees; a curator decides."
            if delta == "conflict"
            else "Reads almost like a stored version but says something else; "
            "a curator decides.",
            tier=tier,
            delta=delta,
            **ids,
            **extra,
        )
    reason = (
        "Adds nothing to a stored version."
        if delta == "same"
        else "Rewords a stored version without adding or changing a field."
    )
    return duplicate(existing, tier, reason, gate=gate, delta=delta, **extra)


def contradicted(candidate: Candidate, existing: ExistingVersion) -> bool:
    """Return whether the contradiction gate found `existing` contradicting."""
    return str(existing.version_id) in {
        c["version_id"] for c in candidate.contradictions
    }


def duplicate(
    existing: ExistingVersion, tier: str, reason: str, *, gate: str = NAME, **extra
) -> GateResult:
    return GateResult(
        gate,
        Decision.DUPLICATE,
        "duplicate",
        reason,
        {
            "tier": tier,
            "version_id": str(existing.version_id),
            "item_id": str(existing.item_id),
            **extra,
        },
    )
