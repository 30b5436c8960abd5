"""Gate 7b: semantic dedup (003 §12.3): cosine above 0.95 within the scope.

Nearest neighbours come from the HNSW index, filtered by tenant, scope and
layer (see `lookups.DatabaseLookups.nearest`). Updates of a keyed item skip
this tier: the item is already identified.
"""

from memory_core.pipeline.types import Candidate, Decision, GateContext, GateResult

NAME = "semantic_dedup"
NEEDS_EMBEDDING = True


def check(candidate: Candidate, ctx: GateContext) -> GateResult:
    assert ctx.lookups is not None and ctx.embed is not None
    assert candidate.scope_id is not None
    embedding = ctx.embed(candidate)
    if candidate.update_item_id is not None:
        return GateResult.accept(NAME, "Keyed update; semantic tier not applied.")
    neighbours = ctx.lookups.nearest(candidate.scope_id, candidate.layer, embedding, 1)
    if neighbours and neighbours[0].similarity > ctx.semantic_duplicate_threshold:
        best = neighbours[0]
        return GateResult(
            NAME,
            Decision.DUPLICATE,
            "duplicate",
            f"A memory in this scope says nearly the same "
            f"(cosine {best.similarity:.3f} > {ctx.semantic_duplicate_threshold}).",
            {
                "tier": "semantic",
                "version_id": str(best.version_id),
                "item_id": str(best.item_id),
                "similarity": round(best.similarity, 4),
            },
        )
    return GateResult.accept(
        NAME,
        nearest_similarity=round(neighbours[0].similarity, 4) if neighbours else None,
    )
