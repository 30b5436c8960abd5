"""Gate 3: schema conformance (003 §12.2.2).

Checks layer, the kind's registered schema (`pipeline/schemas.py`), sizes,
confidence, embedding dimension, and that the scope exists in the tenant (or,
at the door, may be created by this write: policy `auto_create_scopes`), lies
inside what the agent may write and is not archived. Every violation is listed.
"""

from memory_core.models import Layer, ancestor_paths
from memory_core.pipeline.schemas import check_kind
from memory_core.pipeline.types import Candidate, GateContext, GateResult
from memory_core.scope_paths import AutoCreateRefusal, scope_auto_create_plan

NAME = "schema"


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
    elif not agent_may_write(path, ctx.agent_allowed_scopes):
        return [
            {
                "field": "scope",
                "code": "scope_forbidden",
                "message": f"This agent may not write to scope {path!r}.",
            }
        ]
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

    if not 0.0 <= candidate.confidence <= 1.0:
        violation("confidence", "out_of_range", "Confidence must lie in [0, 1].")

    violations.extend(scope_violations(candidate, ctx))

    if violations:
        first = violations[0]
        reason = " ".join(v["message"] for v in violations)
        return GateResult.reject(NAME, first["code"], reason, violations=violations)
    return GateResult.accept(NAME)
