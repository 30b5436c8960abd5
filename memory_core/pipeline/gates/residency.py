"""Gate 3b: data residency (003 §12.10.3).

residency_valid(m) = storage_region ∈ allowed_regions(m.residency_class),
where a class's regions are those the tenant's policy maps it to, narrowed
to the tenant's own allowed regions. A write without a residency class
carries no constraint of its own, but nothing is stored while the tenant's
storage region lies outside its allowed regions. Stateless: it reads the
policy only, so it runs at the door and again in the worker (the policy may
have changed in between).

`residency_problem` is the same rule for a stored item; the compliance
report lists the items it finds fault with under the current policy.
"""

from __future__ import annotations

from dataclasses import dataclass

from memory_core.pipeline.types import Candidate, GateContext, GateResult
from memory_core.policy import Policy

NAME = "residency"


@dataclass(frozen=True)
class ResidencyProblem:
    code: str
    reason: str


def permitted_regions(residency: str, policy: Policy) -> list[str] | None:
    """Return the regions `residency` may be stored in, or None for an unknown class."""
    regions = policy.residency_class_regions.get(residency)
    if regions is None:
        return None
    return [r for r in regions if r in policy.allowed_regions]


def residency_problem(residency: str, policy: Policy) -> ResidencyProblem | None:
    """Return why a memory of class `residency` may not be stored here, if so."""
    storage = policy.storage_region
    if storage not in policy.allowed_regions:
        return ResidencyProblem(
            "storage_region_not_allowed",
            f"This tenant stores memory in {storage}, which is not one of its "
            f"allowed regions ({', '.join(policy.allowed_regions) or 'none'}); "
            "an admin must fix the residency policy before anything is stored.",
        )
    if not residency:
        return None
    regions = permitted_regions(residency, policy)
    if regions is None:
        known = ", ".join(sorted(policy.residency_class_regions))
        return ResidencyProblem(
            "unknown_residency_class",
            f"Unknown residency class {residency!r}; use one of {known}.",
        )
    if storage not in regions:
        return ResidencyProblem(
            "residency_region_not_allowed",
            f"Residency class {residency!r} must stay in "
            f"{', '.join(regions) or 'no region this tenant allows'}; this "
            f"tenant stores memory in {storage}.",
        )
    return None


def check(candidate: Candidate, ctx: GateContext) -> GateResult:
    problem = residency_problem(candidate.residency, ctx.policy)
    if problem is None:
        return GateResult.accept(NAME)
    return GateResult.reject(
        NAME,
        problem.code,
        problem.reason,
        residency=candidate.residency,
        storage_region=ctx.policy.storage_region,
    )
