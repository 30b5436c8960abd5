"""Gate 3: schema conformance (003 §12.2.2).

Checks layer, the kind's registered schema (`pipeline/schemas.py`), sizes,
confidence, embedding dimension, and that the scope exists in the tenant and
lies inside what the agent may write. Every violation is listed.
"""

from memory_core.models import Layer, ancestor_paths
from memory_core.pipeline.schemas import check_kind
from memory_core.pipeline.types import Candidate, GateContext, GateResult

NAME = "schema"


def agent_may_write(scope_path: str, allowed_scopes: list[str]) -> bool:
    """Return whether `scope_path` is one of `allowed_scopes` or below one."""
    lineage = set(ancestor_paths(scope_path))
    return any(allowed in lineage for allowed in allowed_scopes)


def check(candidate: Candidate, ctx: GateContext) -> GateResult:
    violations: list[dict[str, str]] = []

    def violation(field: str, code: str, message: str) -> None:
        violations.append({"field": field, "code": code, "message": message})

    if candidate.layer not in Layer.values:
        violation(
            "layer",
            "unknown_layer",
            f"Unknown layer {candidate.layer!r}; use one of {', '.join(Layer.values)}.",
        )
    elif candidate.layer not in ctx.agent_allowed_layers:
        violation(
            "layer",
            "layer_forbidden",
            f"This agent may not write to the {candidate.layer} layer.",
        )

    if candidate.layer in Layer.values:
        violations.extend(
            check_kind(
                kind=candidate.kind,
                layer=candidate.layer,
                subject=candidate.subject,
                predicate=candidate.predicate,
                obj=candidate.object,
                fields=candidate.fields,
            )
        )

    if not candidate.content.strip():
        violation("content", "empty_content", "Content is empty.")
    size = len(candidate.content.encode())
    if size > ctx.max_content_bytes:
        violation(
            "content",
            "content_too_large",
            f"Content is {size} bytes; the limit is {ctx.max_content_bytes}.",
        )

    if (
        candidate.embedding is not None
        and len(candidate.embedding) != ctx.embedding_dim
    ):
        violation(
            "embedding",
            "embedding_dimension",
            f"Embedding has {len(candidate.embedding)} dimensions; "
            f"expected {ctx.embedding_dim}.",
        )

    if not 0.0 <= candidate.confidence <= 1.0:
        violation("confidence", "out_of_range", "Confidence must lie in [0, 1].")

    scope = ctx.lookups.scope(candidate.scope_path) if ctx.lookups else None
    if scope is None:
        violation(
            "scope", "unknown_scope", f"Scope {candidate.scope_path!r} does not exist."
        )
    elif not agent_may_write(candidate.scope_path, ctx.agent_allowed_scopes):
        violation(
            "scope",
            "scope_forbidden",
            f"This agent may not write to scope {candidate.scope_path!r}.",
        )
    else:
        candidate.scope_id, candidate.scope_kind = scope.id, scope.kind

    if violations:
        first = violations[0]
        reason = " ".join(v["message"] for v in violations)
        return GateResult.reject(NAME, first["code"], reason, violations=violations)
    return GateResult.accept(NAME)
