"""Gate 2: rate and budget (003 §12.1.8, §12.11.2, §12.11.5; 000 §8).

Every limit counts the agent's write attempts *including this one*: a write
is refused when it would take a count over its limit. `write_counts` counts
every stored write, admitted or refused (at the door, or later by the
worker): an agent whose writes keep being refused is throttled and, in a
storm, suspended, like any other. A candidate built from a stored write
(`created_at` set, the worker side) is among them and is taken out first, a
candidate not yet stored (the submit side) is not. So the rule reads the same
wherever the gate runs: with a limit of 120, the 120th write passes and the
121st does not.

In order:

1. A suspended agent writes nothing until an admin lifts the suspension.
2. Write storm: more than `storm_writes_per_minute` writes in the last minute,
   over all layers, rejects the write and asks the service to suspend the
   agent (`details["suspend"]`); the service audits the suspension.
3. Session budget: more than `session_write_budget` writes in the write's
   session rejects it (003 §12.11.2, |writes(a, session)| ≤ B_write).
4. Layer limit: more than `rate_limits[layer]` writes in the sliding window of
   `rate_window_seconds` defers the write (the API answers 429 with
   `Retry-After`). The backoff grows exponentially with the overshoot, the
   number of writes already in the window beyond the limit (0 when the window
   is exactly full): retry after `rate_backoff_seconds × 2^overshoot`, capped
   at the window, since by then every counted write has left it.
"""

from __future__ import annotations

from datetime import timedelta

from memory_core.pipeline.types import Candidate, GateContext, GateResult

NAME = "rate"

STORM_WINDOW = timedelta(minutes=1)

# 2^30 × any sane base exceeds any window; stop the power from growing.
MAX_BACKOFF_EXPONENT = 30


def earlier_writes(count: int, candidate: Candidate) -> int:
    """Return how many of `count` stored writes are not the candidate itself."""
    own = 1 if candidate.created_at is not None else 0
    return max(0, count - own)


def backoff_seconds(*, overshoot: int, base: int, cap: int) -> int:
    """Return `base × 2^overshoot` seconds, at least 1 and at most `cap`."""
    exponent = min(max(0, overshoot), MAX_BACKOFF_EXPONENT)
    return max(1, min(cap, base * 2**exponent))


def check(candidate: Candidate, ctx: GateContext) -> GateResult:
    if ctx.agent_suspended:
        return GateResult.reject(
            NAME,
            "agent_suspended",
            "This agent's writes are suspended; an admin must lift the suspension.",
        )
    if ctx.lookups is None:
        return GateResult.accept(NAME)

    policy = ctx.policy
    window = policy.rate_window_seconds
    counts = ctx.lookups.write_counts(
        candidate.agent_id,
        candidate.layer,
        since=ctx.now - timedelta(seconds=window),
        session_id=candidate.session_id,
    )

    in_minute = earlier_writes(counts.all_in_last_minute, candidate) + 1
    if in_minute > policy.storm_writes_per_minute:
        return GateResult.reject(
            NAME,
            "write_storm",
            f"Write storm: {in_minute} writes in the last minute, over the limit "
            f"of {policy.storm_writes_per_minute}; this agent's writes are "
            "suspended until an admin lifts the suspension.",
            suspend=True,
            writes_in_last_minute=in_minute,
            limit=policy.storm_writes_per_minute,
        )

    if candidate.session_id:
        in_session = earlier_writes(counts.in_session, candidate) + 1
        if in_session > policy.session_write_budget:
            return GateResult.reject(
                NAME,
                "session_budget_exhausted",
                f"Session {candidate.session_id!r} has used its budget of "
                f"{policy.session_write_budget} writes.",
                writes_in_session=in_session,
                budget=policy.session_write_budget,
            )

    limit = policy.rate_limits.get(candidate.layer)
    if limit is not None:
        in_window = earlier_writes(counts.layer_in_window, candidate) + 1
        if in_window > limit:
            overshoot = in_window - limit - 1
            retry_after = backoff_seconds(
                overshoot=overshoot, base=policy.rate_backoff_seconds, cap=window
            )
            return GateResult.defer(
                NAME,
                "rate_limited",
                f"Over the {candidate.layer} limit of {limit} writes per {window} s; "
                f"retry after {retry_after} s.",
                retry_after_seconds=retry_after,
                writes_in_window=in_window,
                limit=limit,
                window_seconds=window,
            )
    return GateResult.accept(NAME)
