"""The write pipeline: typed gates run in a fixed order (see README.md)."""

from __future__ import annotations

import time

from memory_core.metrics.instruments import observe_gate
from memory_core.pipeline.gates import (
    contradiction,
    dedup,
    evidence,
    idempotency,
    provenance,
    rate,
    residency,
    risk,
    schema,
    semantic_dedup,
    sensitivity,
)
from memory_core.pipeline.types import Candidate, Decision, GateContext, GateResult

# The worker's order (DESIGN.md, "The write path"): cheap checks first; the
# gates that need an embedding after the ones that can refuse without one;
# provenance and risk last, because they score what the others found.
GATES = (
    idempotency,
    schema,
    residency,
    evidence,
    sensitivity,
    contradiction,
    dedup,
    semantic_dedup,
    provenance,
    risk,
)

# What the API runs before it stores a write: a refused payload (a secret,
# say) never reaches the database, and rate limits answer 429 at once. The
# rate gate runs only here: counted at the door, a write is admitted once.
SUBMIT_GATES = (idempotency, rate, schema, residency, sensitivity)

# Decisions that end the run; ACCEPT and REVIEW let the later gates run, so a
# write sent to review still has its provenance and risk recorded.
FINAL = (Decision.REJECT, Decision.DEFER, Decision.DUPLICATE)

# In the worker, an exact copy of an active memory (`dedup.exact_copy`) is
# answered by the dedup gate before this gate and the ones after it: it
# stores nothing new, so the detectors need not read it again (the door ran
# them on the same text before storing the write). Its trace ends at dedup.
EXACT_COPY_BEFORE = sensitivity


def run_gates(
    candidate: Candidate, ctx: GateContext, gates=GATES
) -> tuple[GateResult, list[dict]]:
    """Run `gates` in order; return the deciding result and every gate's trace.

    The deciding result is the first REJECT, DEFER or DUPLICATE; otherwise the
    last gate's (the risk gate's ACCEPT or REVIEW in the worker), or a REVIEW
    an earlier gate asked for when the last gate accepted.
    """
    trace: list[dict] = []
    result = review = None
    phase = "submit" if gates is SUBMIT_GATES else "worker"
    for gate in gates:
        started = time.perf_counter()
        if phase == "worker" and gate is EXACT_COPY_BEFORE:
            copy = dedup.exact_copy(candidate, ctx)
            if copy is not None:
                _record(trace, copy, phase, started)
                return copy, trace
        result = gate.check(candidate, ctx)
        _record(trace, result, phase, started)
        if result.decision in FINAL:
            return result, trace
        if result.decision == Decision.REVIEW:
            review = result
    if result is None:
        return GateResult.accept("pipeline"), trace
    if result.decision == Decision.ACCEPT and review is not None:
        return review, trace
    return result, trace


def _record(trace: list[dict], result: GateResult, phase: str, started: float) -> None:
    seconds = time.perf_counter() - started
    observe_gate(result.gate, phase, result.decision.value, seconds)
    trace.append(
        {
            "gate": result.gate,
            "decision": result.decision.value,
            "code": result.code,
            "reason": result.reason,
            "details": result.details,
            "ms": round(seconds * 1000, 3),
        }
    )


__all__ = [
    "GATES",
    "SUBMIT_GATES",
    "Candidate",
    "Decision",
    "GateContext",
    "GateResult",
    "run_gates",
]
