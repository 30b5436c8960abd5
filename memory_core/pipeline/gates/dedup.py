"""Gate 7a: dedup by identity (003 §12.3): entity key, then exact content hash.

These tiers need no embedding, so exact duplicates are answered cheaply.
A key that names an existing item makes the write an update of that item
(a new version) unless its content is unchanged, which is a duplicate.
"""

from memory_core.pipeline.types import Candidate, Decision, GateContext, GateResult

NAME = "dedup"


def check(candidate: Candidate, ctx: GateContext) -> GateResult:
    assert ctx.lookups is not None and candidate.scope_id is not None
    if candidate.key:
        head = ctx.lookups.item_head_by_key(
            candidate.scope_id, candidate.layer, candidate.key
        )
        if head is not None:
            if head.content_hash == candidate.content_hash:
                return _duplicate(
                    head.version_id,
                    head.item_id,
                    "entity_key",
                    f"Item {candidate.key!r} already holds this content.",
                )
            candidate.update_item_id = head.item_id
            return GateResult.accept(
                NAME,
                f"Updates item {candidate.key!r} with a new version.",
                tier="entity_key",
                item_id=str(head.item_id),
            )
    same = ctx.lookups.version_by_hash(
        candidate.scope_id, candidate.layer, candidate.content_hash
    )
    if same is not None:
        return _duplicate(
            same.version_id,
            same.item_id,
            "exact_hash",
            "The same content is already stored in this scope and layer.",
        )
    return GateResult.accept(NAME)


def _duplicate(version_id, item_id, tier: str, reason: str) -> GateResult:
    return GateResult(
        NAME,
        Decision.DUPLICATE,
        "duplicate",
        reason,
        {"tier": tier, "version_id": str(version_id), "item_id": str(item_id)},
    )
