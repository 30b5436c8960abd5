import math
import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from memory_core.pipeline.gates import evidence
from memory_core.pipeline.types import Candidate, Decision, ExistingVersion, GateContext

NOW = timezone.now()
SCOPE_ID = uuid.uuid4()

# The provenance graph of one tenant: item -> the items its head cites.
T, A, B, C, D, E, F = (uuid.uuid4() for _ in range(7))
NAMES = {T: "T", A: "A", B: "B", C: "C", D: "D", E: "E", F: "F"}
GRAPH = {
    T: [],  # the item keyed "pref", which keyed writes update
    A: [T],  # citing A from an update of T closes T -> A -> T
    B: [C],
    C: [T],  # citing B closes T -> B -> C -> T
    D: [E],
    E: [D],  # a cycle that does not involve T
    F: [],
}
KEYS = {"pref": T}
MISSING = uuid.uuid4()


class GraphLookups:
    """Keyed heads and citations of one tenant, as plain data."""

    def __init__(self, confidences=None):
        self.calls = []
        if confidences is not None:
            self.item_confidences = lambda ids: {
                i: confidences[i] for i in ids if i in confidences
            }

    def item_head_by_key(self, scope_id, layer, key):
        item = KEYS.get(key) if scope_id == SCOPE_ID else None
        return ExistingVersion(uuid.uuid4(), item, "hash") if item else None

    def cited_items(self, item_ids):
        self.calls.append(list(item_ids))
        return {i: list(GRAPH[i]) for i in item_ids if i in GRAPH}

    def item_scope_paths(self, item_ids):
        return {i: "/org/acme/" for i in item_ids if i in GRAPH}


def ctx(lookups=None):
    return GateContext(
        tenant_id=uuid.uuid4(),
        agent_allowed_scopes=["/org/acme/"],
        agent_allowed_layers=["session", "episodic", "semantic", "procedural"],
        now=NOW,
        lookups=lookups if lookups is not None else GraphLookups(),
    )


def candidate(**overrides):
    values = {
        "write_id": uuid.uuid4(),
        "agent_id": uuid.uuid4(),
        "scope_path": "/org/acme/",
        "scope_id": SCOPE_ID,
        "layer": "episodic",
        "content": "The user prefers dark mode.",
    }
    values.update(overrides)
    return Candidate(**values)


def ref(source_type, **fields):
    return {"source_type": source_type, **fields}


def cites(item, **fields):
    return ref("MEMORY_ITEM", memory_id=str(item), **fields)


def days_ago(days):
    # As the API stores it: the datetime's str().
    return str(NOW - timedelta(days=days))


HUMAN = ref("HUMAN_INPUT", uri="chat://s/1#3", excerpt="I like dark mode")
DOC = ref("DOCUMENT", uri="https://docs.example/x")


@pytest.mark.parametrize(
    ("layer", "source", "refs", "codes", "v_fact"),
    [
        # No refs: one implicit ref with the declared source's authority (001).
        ("episodic", "user_stated", [], [], 1.0),
        ("episodic", "tool_verified", [], [], 0.9),
        ("episodic", "agent_inferred", [], [], 0.6),  # exactly at 0.6
        ("episodic", "recalled", [], ["insufficient_evidence"], 0.5),
        ("episodic", "external", [], ["insufficient_evidence"], 0.3),
        ("episodic", "hearsay", [], ["insufficient_evidence"], 0.0),
        ("session", "external", [], [], 0.3),
        # The implicit ref is not external evidence.
        ("semantic", "user_stated", [], ["external_evidence_required"], 1.0),
        (
            "semantic",
            "agent_inferred",
            [],
            ["external_evidence_required", "insufficient_evidence"],
            0.6,
        ),
        # Refs replace the declared source; authority by type when not stated.
        ("episodic", "external", [HUMAN], [], 1.0),
        ("semantic", "agent_inferred", [DOC], [], 0.9),
        ("semantic", "agent_inferred", [ref("API_RESPONSE")], [], 0.9),
        ("procedural", "agent_inferred", [DOC], [], 0.9),  # exactly at 0.9
        ("episodic", "user_stated", [ref("TOOL_OUTPUT")], [], 0.8),
        ("episodic", "user_stated", [ref("CODE_EXECUTION")], [], 0.8),
        (
            "episodic",
            "user_stated",
            [ref("AGENT_REASONING")],
            ["insufficient_evidence"],
            0.3,
        ),
        # Exactly at 0.8 but not external.
        (
            "semantic",
            "user_stated",
            [ref("TOOL_OUTPUT")],
            ["external_evidence_required"],
            0.8,
        ),
        (
            "semantic",
            "user_stated",
            [ref("AGENT_REASONING"), ref("AGENT_REASONING", authority=1.0)],
            ["self_referential_evidence", "insufficient_evidence"],
            0.65,
        ),
        (
            "procedural",
            "user_stated",
            [ref("AGENT_REASONING")],
            ["self_referential_evidence", "insufficient_evidence"],
            0.3,
        ),
        # One external ref is enough for the rule; the mean decides the score.
        (
            "semantic",
            "user_stated",
            [HUMAN, ref("AGENT_REASONING")],
            ["insufficient_evidence"],
            0.65,
        ),
        (
            "semantic",
            "user_stated",
            [HUMAN, ref("TOOL_OUTPUT", authority=0.6)],
            [],
            0.8,
        ),
        # A stated authority and support count.
        (
            "episodic",
            "user_stated",
            [ref("DOCUMENT", authority=0.5)],
            ["insufficient_evidence"],
            0.5,
        ),
        ("episodic", "user_stated", [ref("HUMAN_INPUT", support=0.6)], [], 0.6),
        (
            "procedural",
            "user_stated",
            [ref("DOCUMENT", support=0.99)],
            ["insufficient_evidence"],
            0.891,
        ),
        # Freshness halves every 90 days; undated and future refs are fresh.
        (
            "episodic",
            "user_stated",
            [ref("HUMAN_INPUT", accessed_at=days_ago(90))],
            ["insufficient_evidence"],
            0.5,
        ),
        (
            "episodic",
            "user_stated",
            [ref("HUMAN_INPUT", accessed_at=days_ago(30))],
            [],
            2 ** (-1 / 3),
        ),
        (
            "semantic",
            "user_stated",
            [ref("HUMAN_INPUT", accessed_at=days_ago(30))],
            ["insufficient_evidence"],
            2 ** (-1 / 3),
        ),
        (
            "episodic",
            "user_stated",
            [ref("HUMAN_INPUT", accessed_at=days_ago(-5))],
            [],
            1.0,
        ),
        (
            "episodic",
            "user_stated",
            [ref("HUMAN_INPUT", accessed_at=days_ago(0))],
            [],
            1.0,
        ),
        # A cited memory without a stated authority weighs 0.5.
        ("episodic", "user_stated", [cites(F)], ["insufficient_evidence"], 0.5),
        ("episodic", "user_stated", [cites(F, authority=0.9)], [], 0.9),
        (
            "semantic",
            "user_stated",
            [cites(F, authority=1.0)],
            ["external_evidence_required"],
            1.0,
        ),
        ("semantic", "user_stated", [DOC, cites(F, authority=0.9)], [], 0.9),
        # Cited memories must exist in the tenant.
        (
            "episodic",
            "user_stated",
            [cites(MISSING, authority=1.0)],
            ["unknown_evidence"],
            1.0,
        ),
        (
            "episodic",
            "user_stated",
            [cites(F, authority=1.0), cites(MISSING, authority=1.0)],
            ["unknown_evidence"],
            1.0,
        ),
    ],
)
def test_evidence_gate(layer, source, refs, codes, v_fact):
    c = candidate(layer=layer, source=source, evidence=refs)
    result = evidence.check(c, ctx())
    assert [v["code"] for v in result.details.get("violations", [])] == codes
    assert result.gate == "evidence"
    assert result.decision == (Decision.REJECT if codes else Decision.ACCEPT)
    assert result.code == (codes[0] if codes else "")
    assert c.v_fact == pytest.approx(v_fact)
    assert result.details["v_fact"] == pytest.approx(v_fact)
    assert result.details["threshold"] == ctx().policy.fact_thresholds[layer]


@pytest.mark.parametrize(
    ("refs", "overrides", "codes", "cycle"),
    [
        # An update citing the item it updates: a cycle of length 1.
        ([cites(T)], {"key": "pref"}, ["evidence_cycle"], [T, T]),
        # ... of length 2 and 3.
        ([cites(A)], {"key": "pref"}, ["evidence_cycle"], [T, A, T]),
        ([cites(B)], {"key": "pref"}, ["evidence_cycle"], [T, B, C, T]),
        ([cites(F), cites(B)], {"key": "pref"}, ["evidence_cycle"], [T, B, C, T]),
        # The item being updated may also be named by an earlier gate.
        ([cites(A)], {"update_item_id": T}, ["evidence_cycle"], [T, A, T]),
        ([cites(F)], {"update_item_id": F}, ["evidence_cycle"], [F, F]),
        # A cycle elsewhere in the graph is not this write's cycle, and ends.
        ([cites(D)], {"key": "pref"}, [], None),
        # New items cannot be cited yet: no cycle.
        ([cites(A)], {}, [], None),
        ([cites(B)], {"key": "new-key"}, [], None),
        ([cites(A)], {"key": "pref", "scope_id": uuid.uuid4()}, [], None),
        # Unknown ids are reported alongside a cycle through the known ones.
        (
            [cites(MISSING), cites(A)],
            {"key": "pref"},
            ["unknown_evidence", "evidence_cycle"],
            [T, A, T],
        ),
    ],
)
def test_provenance_cycles(refs, overrides, codes, cycle):
    refs = [{**r, "authority": 1.0} for r in refs]
    c = candidate(evidence=refs, source="user_stated", **overrides)
    result = evidence.check(c, ctx())
    violations = result.details.get("violations", [])
    assert [v["code"] for v in violations] == codes
    found = [v["cycle"] for v in violations if v["code"] == "evidence_cycle"]
    assert found == ([[str(i) for i in cycle]] if cycle else [])


def test_cycle_search_visits_each_item_once_one_query_per_level():
    lookups = GraphLookups()
    c = candidate(evidence=[cites(D, authority=1.0)], key="pref")
    assert evidence.check(c, ctx(lookups)).decision == Decision.ACCEPT
    # The refs' level, then D's citations (E); E cites D, already visited.
    assert lookups.calls == [[D], [E]]


def test_a_cited_memory_weighs_its_confidence_when_the_lookups_give_it():
    lookups = GraphLookups(confidences={F: 0.8})
    c = candidate(evidence=[cites(F), cites(A)], source="user_stated")
    result = evidence.check(c, ctx(lookups))
    # F weighs its confidence; A, whose confidence is unknown, weighs 0.5.
    assert result.details["v_fact"] == pytest.approx((0.8 + 0.5) / 2)
    assert [r["authority"] for r in c.evidence] == [0.8, 0.5]


@pytest.mark.parametrize(
    ("refs", "problems"),
    [
        ([ref("GOSSIP")], {0: ["unknown source_type 'GOSSIP'"]}),
        ([ref("document")], {0: ["unknown source_type 'document'"]}),
        ([{"uri": "x"}], {0: ["unknown source_type None"]}),
        (["just a string"], {0: ["not an object"]}),
        ([ref("DOCUMENT", authority=1.5)], {0: ["authority must be"]}),
        ([ref("DOCUMENT", support="high")], {0: ["support must be"]}),
        ([ref("DOCUMENT", support=True)], {0: ["support must be"]}),
        ([ref("DOCUMENT", accessed_at="yesterday")], {0: ["accessed_at is not"]}),
        ([ref("DOCUMENT", memory_id="nope")], {0: ["memory_id is not a UUID"]}),
        ([ref("MEMORY_ITEM")], {0: ["a MEMORY_ITEM ref needs a memory_id"]}),
        (
            [DOC, ref("GOSSIP", authority=-1), HUMAN, ref("MEMORY_ITEM")],
            {
                1: ["unknown source_type 'GOSSIP'", "authority must be"],
                3: ["a MEMORY_ITEM ref needs a memory_id"],
            },
        ),
    ],
)
def test_malformed_refs_are_all_listed(refs, problems):
    c = candidate(evidence=refs, source="user_stated")
    result = evidence.check(c, ctx())
    assert (result.decision, result.code) == (Decision.REJECT, "invalid_evidence")
    listed = {b["index"]: b["problems"] for b in result.details["refs"]}
    assert list(listed) == list(problems)
    for index, expected in problems.items():
        assert len(listed[index]) == len(expected)
        for found, prefix in zip(listed[index], expected, strict=True):
            assert found.startswith(prefix)
    assert c.v_fact is None


def test_the_gate_notes_scores_and_credited_authorities():
    refs = [HUMAN, ref("TOOL_OUTPUT"), ref("DOCUMENT", authority=0.7)]
    c = candidate(evidence=refs, layer="semantic", source="agent_inferred")
    result = evidence.check(c, ctx())
    assert result.decision == Decision.ACCEPT
    assert [r["authority"] for r in c.evidence] == [1.0, 0.8, 0.7]
    assert c.evidence[0]["excerpt"] == "I like dark mode"
    assert c.v_fact == pytest.approx(2.5 / 3)
    assert c.evidence_authority == pytest.approx(2.5 / 3)
    # The caller's refs are not changed.
    assert "authority" not in refs[0]


def test_implicit_ref_sets_the_source_authority():
    c = candidate(source="tool_verified")
    evidence.check(c, ctx())
    assert c.evidence == [] and c.evidence_authority == pytest.approx(0.9)


def test_without_lookups_cited_memories_cannot_be_vouched_for():
    c = candidate(evidence=[cites(F, authority=1.0)], source="user_stated")
    plain = GateContext(
        tenant_id=uuid.uuid4(),
        agent_allowed_scopes=[],
        agent_allowed_layers=[],
        now=NOW,
    )
    assert evidence.check(c, plain).code == "unknown_evidence"


@pytest.mark.parametrize(
    ("age_days", "half_life", "expected"),
    [
        (0, 90, 1.0),
        (90, 90, 0.5),
        (180, 90, 0.25),
        (45, 90, 2**-0.5),
        (10, 10, 0.5),
        (-3, 90, 1.0),
        (30, 0, 1.0),
    ],
)
def test_freshness_decays_exponentially(age_days, half_life, expected):
    accessed = NOW - timedelta(days=age_days)
    found = evidence.freshness(accessed, now=NOW, half_life=half_life)
    assert found == pytest.approx(expected)
    assert found == pytest.approx(
        math.exp(-math.log(2) / half_life * max(age_days, 0)) if half_life else 1.0
    )


def test_undated_evidence_is_fresh():
    assert evidence.freshness(None, now=NOW, half_life=90) == 1.0


def test_naive_timestamps_are_utc():
    naive = (NOW - timedelta(days=90)).replace(tzinfo=None).isoformat()
    assert evidence.parse_timestamp(naive) == (NOW - timedelta(days=90))
