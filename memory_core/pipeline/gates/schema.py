"""Gate 3: schema conformance (003 §12.2.2).

Checks layer, the kind's registered schema (`pipeline/schemas.py`), sizes,
confidence, TTLs (1 s to a century: the worker adds them to now, and past
year 9999 that overflows), a supplied embedding (its dimension, finite
components and a norm in [1e-6, 1e6]: a zero vector has no direction, so
its cosine distance is NaN, and pgvector stores float32, which overflows
near 3.4e38), and that the scope exists in the tenant (or,
at the door, may be created by this write: policy `auto_create_scopes`), lies
inside what the agent may write and is not archived. Every violation is listed.
"""

import math

from memory_core.models import Layer, ancestor_paths
from memory_core.pipeline.schemas import check_kind
from memory_core.pipeline.types import Candidate, GateContext, GateResult
from memory_core.scope_paths import AutoCreateRefusal, scope_auto_create_plan

NAME = "schema"

# A century: the worker adds a TTL to now, and past year 9999 that overflows.
MAX_TTL_SECONDS = 100 * 365 * 24 * 3600
# A supplied embedding's norm: not zero (no direction, a NaN distance), and
# far below where float32 sums of squares overflow.
MIN_EMBEDDING_NORM, MAX_EMBEDDING_NORM = 1e-6, 1e6


def embedding_problem(embedding: list) -> str:
    """Return why an embedding cannot be stored and compared, or ""."""
    try:
        values = [float(x) for x in embedding]
    except (TypeError, ValueError, OverflowError):
        return "Embedding components must be numbers."
    if not all(math.isfinite(x) for x in values):
        return "Embedding components must be finite (no NaN or infinity)."
    # hypot, not a sum of squares: huge finite components overflow the sum.
    norm = math.hypot(*values)
    if not MIN_EMBEDDING_NORM <= norm <= MAX_EMBEDDING_NORM:
        return (
            f"Embedding norm is {norm:.3g}; it must lie in "
            f"[{MIN_EMBEDDING_NORM:g}, {MAX_EMBEDDING_NORM:g}] (a zero vector "
            "has no direction)."
        )
    return ""


def agent_may_write(scope_path: str, allowed_scopes: list[str]) -> bool:
    """Return whether `scope_path` is one of `allowed_scopes` or below one."""
    lineage = set(ancestor_paths(scope_path))
    return any(allowed in lineage for allowed in allowed_scopes)


def unknown_scope(refusal: AutoCreateRefusal) -> dict[str, str]:
    return {
        "field": "scope",
        "code": "unknown_scope",
        "message": refusal.message,
        "cause": refusal.cause,
    }


def scope_forbidden(path: str) -> dict[str, str]:
    """The one answer for a scope outside the agent's grant, existing or not."""
    return {
        "field": "scope",
        "code": "scope_forbidden",
        "message": f"This agent may not write to scope {path!r}.",
    }


def scope_violations(candidate: Candidate, ctx: GateContext) -> list[dict[str, str]]:
    """Return why the agent may not write to the candidate's scope, if it may not.

    A missing scope passes at the door when the tenant's policy lets this
    agent's write create it (`scope_auto_create_plan`); otherwise the
    violation says why it was not created (`cause`). A scope that is
    archived, or lies below an archived one, takes no writes.
    """
    path, lookups = candidate.scope_path, ctx.lookups
    if lookups is None:
        return [unknown_scope(AutoCreateRefusal("missing", "No scope is known."))]
    # Outside the grant, the same answer whether the scope exists or not: an
    # agent may not learn which scopes exist beyond what it may write. A
    # malformed path is told so (no scope may have it), without a lookup.
    if not agent_may_write(path, ctx.agent_allowed_scopes):
        _, refusal = scope_auto_create_plan(
            path, kinds=(), allowed_scopes=(), exists=lambda p: False
        )
        if refusal is not None and refusal.cause == "invalid_path":
            return [unknown_scope(refusal)]
        return [scope_forbidden(path)]
    scope = lookups.scope(path)
    if scope is None:
        _, refusal = scope_auto_create_plan(
            path,
            kinds=ctx.policy.auto_create_scopes,
            allowed_scopes=ctx.agent_allowed_scopes,
            exists=lambda p: lookups.scope(p) is not None,
        )
        if refusal is None and not ctx.scope_auto_create:
            refusal = AutoCreateRefusal("missing", f"Scope {path!r} does not exist.")
        if refusal is not None:
            return [unknown_scope(refusal)]
    archived = next(
        (
            ref
            for p in ancestor_paths(path)
            if (ref := lookups.scope(p)) and ref.archived
        ),
        None,
    )
    if archived is not None:
        below = "" if archived.path == path else ", nor does anything below it"
        return [
            {
                "field": "scope",
                "code": "scope_archived",
                "message": (
                    f"Scope {archived.path!r} is archived and takes no writes"
                    f"{below}; an admin can unarchive it (Admin → Scopes)."
                ),
                "scope": archived.path,
            }
        ]
    if scope is not None:
        candidate.scope_id, candidate.scope_kind = scope.id, scope.kind
    return []


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

    elif candidate.embedding is not None and (
        problem := embedding_problem(candidate.embedding)
    ):
        violation("embedding", "embedding_invalid", problem)

    if not (
        isinstance(candidate.confidence, int | float)
        and 0.0 <= candidate.confidence <= 1.0
    ):
        violation("confidence", "out_of_range", "Confidence must lie in [0, 1].")

    for name in ("ttl_seconds", "soft_ttl_seconds"):
        ttl = getattr(candidate, name)
        if ttl is not None and not (
            isinstance(ttl, int | float) and 1 <= ttl <= MAX_TTL_SECONDS
        ):
            violation(
                name,
                "out_of_range",
                f"{name} must lie in [1, {MAX_TTL_SECONDS}] (a century).",
            )

    violations.extend(scope_violations(candidate, ctx))

    if violations:
        first = violations[0]
        reason = " ".join(v["message"] for v in violations)
        return GateResult.reject(NAME, first["code"], reason, violations=violations)
    return GateResult.accept(NAME)
