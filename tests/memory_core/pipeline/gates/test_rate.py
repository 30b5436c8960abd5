import dataclasses
import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from memory_core.pipeline.gates import rate
from memory_core.pipeline.types import Candidate, Decision, GateContext, WriteCounts
from memory_core.policy import DEFAULT_POLICY

NOW = timezone.now()

# Small limits, so the table reads at a glance.
POLICY = DEFAULT_POLICY.merged(
    {
        "rate_window_seconds": 60,
        "rate_limits": {"episodic": 10, "semantic": 3},
        "session_write_budget": 20,
        "storm_writes_per_minute": 15,
        "rate_backoff_seconds": 5,
    }
)


class CountsLookups:
    """The agent's admitted writes, as plain numbers; records what was asked."""

    def __init__(self, layer=0, minute=0, session=0):
        self.counts = WriteCounts(layer, minute, session)
        self.asked = None

    def write_counts(self, agent_id, layer, since, session_id):
        self.asked = (agent_id, layer, since, session_id)
        return self.counts


def ctx(lookups=None, suspended=False, policy=POLICY):
    return GateContext(
        tenant_id=uuid.uuid4(),
        agent_allowed_scopes=["/org/acme/"],
        agent_allowed_layers=["episodic", "semantic"],
        now=NOW,
        lookups=lookups if lookups is not None else CountsLookups(),
        policy=policy,
        agent_suspended=suspended,
    )


def candidate(stored=False, **overrides):
    values = {
        "write_id": uuid.uuid4(),
        "agent_id": uuid.uuid4(),
        "scope_path": "/org/acme/",
        "layer": "episodic",
        "content": "The user prefers dark mode.",
        "session_id": "sess-1",
        "created_at": NOW - timedelta(seconds=1) if stored else None,
    }
    values.update(overrides)
    return Candidate(**values)


@pytest.mark.parametrize(
    ("counts", "overrides", "decision", "code", "retry_after"),
    [
        ((0, 0, 0), {}, Decision.ACCEPT, "", None),
        # Layer limit 10: the 10th write passes, the 11th is deferred.
        ((9, 9, 9), {}, Decision.ACCEPT, "", None),
        ((10, 10, 10), {}, Decision.DEFER, "rate_limited", 5),
        # Exponential backoff in the overshoot, capped at the 60 s window.
        ((11, 11, 11), {}, Decision.DEFER, "rate_limited", 10),
        ((12, 12, 12), {}, Decision.DEFER, "rate_limited", 20),
        ((13, 13, 13), {}, Decision.DEFER, "rate_limited", 40),
        ((14, 14, 14), {}, Decision.DEFER, "rate_limited", 60),
        # The limit is per layer.
        ((2, 2, 2), {"layer": "semantic"}, Decision.ACCEPT, "", None),
        ((3, 3, 3), {"layer": "semantic"}, Decision.DEFER, "rate_limited", 5),
        # Storm at 15 per minute over all layers: the 15th passes, the 16th not.
        ((0, 14, 0), {}, Decision.ACCEPT, "", None),
        ((0, 15, 0), {}, Decision.REJECT, "write_storm", None),
        # A storm outranks the layer limit.
        ((50, 50, 0), {}, Decision.REJECT, "write_storm", None),
        # Session budget 20: the 20th write passes, the 21st is refused.
        ((0, 0, 19), {}, Decision.ACCEPT, "", None),
        ((0, 0, 20), {}, Decision.REJECT, "session_budget_exhausted", None),
        ((10, 0, 20), {}, Decision.REJECT, "session_budget_exhausted", None),
        # Without a session there is no session budget.
        ((0, 0, 20), {"session_id": ""}, Decision.ACCEPT, "", None),
        # A stored candidate counts itself: take it out before comparing.
        ((10, 10, 10), {"stored": True}, Decision.ACCEPT, "", None),
        ((11, 11, 11), {"stored": True}, Decision.DEFER, "rate_limited", 5),
        ((0, 15, 0), {"stored": True}, Decision.ACCEPT, "", None),
        ((0, 16, 0), {"stored": True}, Decision.REJECT, "write_storm", None),
        ((0, 0, 20), {"stored": True}, Decision.ACCEPT, "", None),
        (
            (0, 0, 21),
            {"stored": True},
            Decision.REJECT,
            "session_budget_exhausted",
            None,
        ),
    ],
)
def test_rate_gate(counts, overrides, decision, code, retry_after):
    lookups = CountsLookups(*counts)
    c = candidate(**overrides)
    result = rate.check(c, ctx(lookups))
    assert (result.gate, result.decision, result.code) == ("rate", decision, code)
    assert result.details.get("retry_after_seconds") == retry_after
    assert result.details.get("suspend", False) == (code == "write_storm")
    assert lookups.asked == (
        c.agent_id,
        c.layer,
        NOW - timedelta(seconds=60),
        c.session_id,
    )


def test_a_layer_without_a_limit_is_not_limited():
    policy = dataclasses.replace(POLICY, rate_limits={"semantic": 3})
    result = rate.check(candidate(), ctx(CountsLookups(500, 0, 0), policy=policy))
    assert result.decision == Decision.ACCEPT


def test_suspended_agent_is_rejected_before_counting():
    lookups = CountsLookups()
    result = rate.check(candidate(), ctx(lookups, suspended=True))
    assert (result.decision, result.code) == (Decision.REJECT, "agent_suspended")
    assert lookups.asked is None


def test_storm_reports_the_count_and_asks_for_suspension():
    result = rate.check(candidate(), ctx(CountsLookups(0, 20, 0)))
    assert result.details == {
        "suspend": True,
        "writes_in_last_minute": 21,
        "limit": 15,
    }


def test_without_lookups_nothing_is_counted():
    c = GateContext(
        tenant_id=uuid.uuid4(),
        agent_allowed_scopes=[],
        agent_allowed_layers=[],
        now=NOW,
    )
    assert rate.check(candidate(), c).decision == Decision.ACCEPT


@pytest.mark.parametrize(
    ("overshoot", "base", "cap", "seconds"),
    [
        (0, 5, 60, 5),
        (1, 5, 60, 10),
        (3, 5, 60, 40),
        (4, 5, 60, 60),
        (10_000, 5, 60, 60),
        (-1, 5, 60, 5),
        (0, 0, 60, 1),
        (0, 5, 3, 3),
    ],
)
def test_backoff_seconds(overshoot, base, cap, seconds):
    assert rate.backoff_seconds(overshoot=overshoot, base=base, cap=cap) == seconds
