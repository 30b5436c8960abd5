"""A pair a curator kept both of is not flagged as a contradiction again."""

from __future__ import annotations

import dataclasses

import pytest

from memory_core.models import (
    Conflict,
    ConflictPairAllowance,
    MemoryVersion,
    Role,
    WriteStatus,
)
from memory_core.pipeline.gates import contradiction
from memory_core.pipeline.types import Decision
from memory_core.services.conflicts import conflict_resolve
from tests.factories import make_member
from tests.memory_core.pipeline.gates.test_contradiction import (
    Lookups,
    candidate,
    ctx,
    stored,
)
from tests.memory_core.services.test_curation import (
    agent,  # noqa: F401 - fixture
    contradiction_case,
    remember,
)

MONDAY = "The team standup is on Monday."
TUESDAY = "The team standup is on Tuesday."


class AllowingLookups(Lookups):
    """The test double of the gates, with remembered keep-both pairs."""

    def __init__(self, versions=(), neighbours=(), allowed=()):
        super().__init__(versions, neighbours)
        self.allowed = {frozenset(pair) for pair in allowed}
        self.asked: list = []

    def allowed_pairs(self, version_ids):
        self.asked.append(set(version_ids))
        return {pair for pair in self.allowed if pair <= set(version_ids)}


def neighbours():
    """Monday stored, Tuesday stored (kept beside it), both near the write."""
    monday = stored(MONDAY, similarity=0.85, confidence=0.5)
    tuesday = stored(TUESDAY, similarity=0.99, confidence=0.95)
    return monday, tuesday


@pytest.mark.parametrize(
    ("allowed", "decision"),
    [(True, Decision.ACCEPT), (False, Decision.REVIEW)],
)
def test_a_repeat_of_a_kept_version_is_not_flagged(allowed, decision):
    monday, tuesday = neighbours()
    lookups = AllowingLookups(
        neighbours=[monday, tuesday],
        allowed=[(monday.version_id, tuesday.version_id)] if allowed else [],
    )
    write = candidate(TUESDAY, confidence=0.95, layer="session")
    result = contradiction.check(write, ctx(lookups))
    assert result.decision == decision
    if allowed:
        assert write.contradictions == []
        assert result.details["kept_both"] == [str(monday.version_id)]
    else:
        assert [c["version_id"] for c in write.contradictions] == [
            str(monday.version_id)
        ]


def test_a_semantic_duplicate_of_a_kept_version_is_covered_too():
    monday, tuesday = neighbours()
    lookups = AllowingLookups(
        neighbours=[monday, tuesday],
        allowed=[(monday.version_id, tuesday.version_id)],
    )
    write = candidate("Our team's standup is on Tuesday.", confidence=0.95)
    assert contradiction.check(write, ctx(lookups)).decision == Decision.ACCEPT


def test_a_new_value_is_still_judged_against_both():
    """The allowance covers that pair only: Friday contradicts both."""
    monday, tuesday = neighbours()
    tuesday = stored(TUESDAY, similarity=0.85, confidence=0.5)
    lookups = AllowingLookups(
        neighbours=[monday, tuesday],
        allowed=[(monday.version_id, tuesday.version_id)],
    )
    write = candidate("The team standup is on Friday.", confidence=0.95)
    result = contradiction.check(write, ctx(lookups))
    assert result.decision == Decision.REVIEW
    assert len(write.contradictions) == 2
    assert lookups.asked == []  # nothing repeated: no question asked


def test_the_same_attribute_path_honours_the_pair():
    triple = {"subject": "team", "predicate": "standup_day"}
    monday = stored(MONDAY, confidence=0.9, source="user_stated", object="Monday")
    tuesday = stored(TUESDAY, confidence=0.9, object="Tuesday", similarity=0.99)
    lookups = AllowingLookups(
        versions=[
            dataclasses.replace(monday, **triple),
            dataclasses.replace(tuesday, **triple),
        ],
        neighbours=[tuesday],
        allowed=[(monday.version_id, tuesday.version_id)],
    )
    write = candidate(TUESDAY, object="Tuesday", confidence=0.9, **triple)
    assert contradiction.check(write, ctx(lookups)).decision == Decision.ACCEPT


def test_lookups_without_the_method_never_skip():
    monday, tuesday = neighbours()
    write = candidate(TUESDAY, confidence=0.95, layer="session")
    result = contradiction.check(write, ctx(Lookups(neighbours=[monday, tuesday])))
    assert result.decision == Decision.REVIEW


# Through the database, after a curator's keep-both


@pytest.mark.parametrize("remembered", [True, False])
def test_after_keep_both_the_pair_is_not_flagged_again(tenant, agent, remembered):  # noqa: F811
    case = contradiction_case(agent)
    conflict_resolve(
        tenant=tenant,
        conflict_id=case.pk,
        user=make_member(tenant, Role.CURATOR),
        resolution="keep_both",
        reason="two teams",
    )
    if not remembered:
        ConflictPairAllowance.objects.all().delete()
    kept = MemoryVersion.objects.get(pk=case.new_version_id)
    # The agent says Tuesday again, in another layer: Monday is a neighbour.
    again = remember(
        agent,
        TUESDAY,
        layer="session",
        source="agent_inferred",
        confidence=0.95,
        embedding=list(kept.embedding),
    )
    if remembered:
        assert again.status == WriteStatus.COMMITTED, (again.code, again.reason)
        decision = next(d for d in again.gate_decisions if d["gate"] == "contradiction")
        assert decision["details"]["kept_both"] == [str(case.existing_version_id)]
        assert not Conflict.objects.filter(write_request=again).exists()
    else:
        assert again.status == WriteStatus.PENDING_REVIEW
        flagged = Conflict.objects.get(write_request=again)
        assert flagged.existing_version_id == case.existing_version_id
