"""Gate 1: idempotency and deadline (003 §12.1.7).

Replays never reach the pipeline: the API answers them from the stored write
(one row per tenant, agent and key, so concurrent duplicates execute once).
What is left to decide here is whether the write is still wanted.
"""

from memory_core.pipeline.types import Candidate, GateContext, GateResult

NAME = "idempotency"


def check(candidate: Candidate, ctx: GateContext) -> GateResult:
    if candidate.deadline is not None and candidate.deadline <= ctx.now:
        return GateResult.reject(
            NAME,
            "deadline_exceeded",
            f"The write's deadline {candidate.deadline.isoformat()} passed before "
            "it could be processed.",
        )
    return GateResult.accept(NAME)
