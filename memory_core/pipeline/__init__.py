"""The write pipeline: typed gates run in a fixed order (see README.md)."""

from __future__ import annotations

import time

from memory_core.pipeline.gates import (
    dedup,
    idempotency,
    schema,
    semantic_dedup,
    sensitivity,
)
from memory_core.pipeline.types import Candidate, Decision, GateContext, GateResult

# The order matters: cheap, stateless gates first; anything that needs an
# embedding last, so exact duplicates and rejections never pay for one.
GATES = (idempotency, schema, sensitivity, dedup, semantic_dedup)

# Gates that need no stored state; the API runs them before storing a write,
# so a rejected payload (a secret, say) never reaches the database.
SUBMIT_GATES = (idempotency, schema, sensitivity)


def run_gates(
    candidate: Candidate, ctx: GateContext, gates=GATES
) -> tuple[GateResult, list[dict]]:
    """Run `gates` in order; return the deciding result and every gate's trace.

    The deciding result is the first that is not ACCEPT, or an ACCEPT from
    the last gate when all pass.
    """
    trace: list[dict] = []
    result = GateResult.accept("pipeline")
    for gate in gates:
        started = time.perf_counter()
        result = gate.check(candidate, ctx)
        trace.append(
            {
                "gate": result.gate,
                "decision": result.decision.value,
                "code": result.code,
                "reason": result.reason,
                "details": result.details,
                "ms": round((time.perf_counter() - started) * 1000, 3),
            }
        )
        if result.decision != Decision.ACCEPT:
            break
    return result, trace


__all__ = [
    "GATES",
    "SUBMIT_GATES",
    "Candidate",
    "Decision",
    "GateContext",
    "GateResult",
    "run_gates",
]
