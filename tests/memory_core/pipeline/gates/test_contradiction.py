import dataclasses
import uuid

import pytest
from django.utils import timezone

from memory_core.hashing import content_hash, structural_fingerprint
from memory_core.pipeline.gates import contradiction
from memory_core.pipeline.judges import Judgement
from memory_core.pipeline.types import (
    Candidate,
    Decision,
    ExistingVersion,
    GateContext,
    ScopeRef,
)
from memory_core.policy import DEFAULT_POLICY

USER = "/org/acme/user/42/"
SCOPE_IDS = {
    p: uuid.uuid4() for p in ("/global/", "/org/acme/", USER, "/org/acme/user/43/")
}


class Lookups:
    """Stored heads and neighbours as plain data; the same shape as the DB's."""

    def __init__(self, versions=(), neighbours=()):
        self.versions = list(versions)
        self._neighbours = list(neighbours)

    def scope(self, path):
        return ScopeRef(SCOPE_IDS[path], path) if path in SCOPE_IDS else None

    def item_by_key(self, scope_id, layer, key):
        return None

    def item_head_by_key(self, scope_id, layer, key):
        return next(
            (
                v
                for v in self.versions
                if (v.scope_id, v.layer, v.key) == (scope_id, layer, key)
            ),
            None,
        )

    def heads_by_subject_predicate(self, scope_ids, subject, predicate):
        return [
            v
            for v in self.versions
            if v.scope_id in scope_ids
            and (v.subject, v.predicate) == (subject, predicate)
        ]

    def version_by_hash(self, scope_id, layer, digest):
        return next(
            (
                v
                for v in self.versions + self._neighbours
                if (v.scope_id, v.layer, v.content_hash) == (scope_id, layer, digest)
            ),
            None,
        )

    def neighbours(self, scope_ids, embedding, k):
        assert len(embedding) == 3
        found = [n for n in self._neighbours if n.scope_id in scope_ids]
        return sorted(found, key=lambda n: -n.similarity)[:k]


def stored(content, *, scope=USER, layer="episodic", similarity=1.0, **fields):
    values = {"confidence": 0.7, "source": "agent_inferred", **fields}
    return ExistingVersion(
        version_id=uuid.uuid4(),
        item_id=uuid.uuid4(),
        content_hash=content_hash(content),
        similarity=similarity,
        content=content,
        scope_id=SCOPE_IDS[scope],
        layer=layer,
        **values,
    )


def candidate(content="The user prefers light mode.", **overrides):
    values = {
        "write_id": uuid.uuid4(),
        "agent_id": uuid.uuid4(),
        "scope_path": USER,
        "scope_id": SCOPE_IDS[USER],
        "layer": "episodic",
        "content": content,
        "content_hash": content_hash(content),
        "confidence": 0.7,
        "source": "agent_inferred",
        **overrides,
    }
    c = Candidate(**values)
    c.fingerprint = structural_fingerprint(c.subject, c.predicate, c.object)
    return c


class Embedder:
    def __init__(self):
        self.calls = 0

    def __call__(self, c):
        self.calls += 1
        return [1.0, 0.0, 0.0]


def ctx(lookups, **policy):
    return GateContext(
        tenant_id=uuid.uuid4(),
        agent_allowed_scopes=[USER],
        agent_allowed_layers=["episodic"],
        now=timezone.now(),
        lookups=lookups,
        embed=Embedder(),
        policy=DEFAULT_POLICY.merged(policy),
    )


def run(c, lookups, judge=None, **policy):
    context = ctx(lookups, **policy)
    return contradiction.check(c, context, judge=judge), context


DARK = "The user prefers dark mode."
LIGHT = "The user prefers light mode."
TRIPLE = {"subject": "user:42", "predicate": "prefers_theme"}


# -- Same key or same subject and predicate: update or contradiction ---------


@pytest.mark.parametrize(
    ("new", "old", "decision", "update"),
    [
        # As confident and as trusted: an update (000 §4 `_update_existing`).
        ({}, {}, Decision.ACCEPT, True),
        ({"confidence": 0.9}, {"confidence": 0.7}, Decision.ACCEPT, True),
        ({"source": "user_stated"}, {"source": "tool_verified"}, Decision.ACCEPT, True),
        # Less confident, or as confident from a less trusted source: reject.
        ({"confidence": 0.6}, {"confidence": 0.7}, Decision.REJECT, True),
        ({"source": "recalled"}, {"source": "agent_inferred"}, Decision.REJECT, True),
        # More confident but less trusted: a human decides.
        (
            {"confidence": 0.9, "source": "agent_inferred"},
            {"confidence": 0.8, "source": "user_stated"},
            Decision.REVIEW,
            True,
        ),
    ],
)
def test_keyed_write_with_other_content(new, old, decision, update):
    head = stored(DARK, key="theme", **old)
    c = candidate(LIGHT, key="theme", **new)
    result, _ = run(c, Lookups([head], [dataclasses.replace(head, similarity=0.9)]))
    assert result.decision == decision, result
    # The key names the item either way: the write is its next version.
    assert c.update_item_id == head.item_id
    if decision == Decision.ACCEPT:
        assert result.details["update_of"] == [str(head.version_id)]
        assert c.contradictions == []
    else:
        [record] = c.contradictions
        assert record == {
            "version_id": str(head.version_id),
            "item_id": str(head.item_id),
            "scope_id": str(head.scope_id),
            "similarity": 0.9,
            "detector": "same_key",
            "reason": record["reason"],
            "confidence": head.confidence,
        }
        assert "theme" in record["reason"]


def test_keyed_write_with_the_same_content_is_left_to_dedup_without_embedding():
    head = stored(DARK, key="theme")
    c = candidate(DARK, key="theme")
    result, context = run(c, Lookups([head], [head]))
    assert result.decision == Decision.ACCEPT
    assert result.details["copy_of"] == str(head.version_id)
    assert c.update_item_id is None and context.embed.calls == 0


@pytest.mark.parametrize(
    ("where", "new", "old", "decision", "versions_item", "supersedes"),
    [
        # The same triple item in the write's scope and layer is versioned.
        ({}, {}, {}, Decision.ACCEPT, True, False),
        # A keyed item of the same triple is replaced, not versioned.
        ({"key": "colour"}, {}, {}, Decision.ACCEPT, False, True),
        # Another layer or an ancestor's value is shadowed, left in place.
        ({"layer": "semantic"}, {}, {}, Decision.ACCEPT, False, False),
        ({"scope": "/org/acme/"}, {}, {}, Decision.ACCEPT, False, False),
        ({"scope": "/global/"}, {}, {}, Decision.ACCEPT, False, False),
        # A contradiction wherever it is readable.
        (
            {"scope": "/org/acme/"},
            {},
            {"source": "user_stated"},
            Decision.REJECT,
            False,
            False,
        ),
        (
            {},
            {"confidence": 0.9},
            {"source": "user_stated"},
            Decision.REVIEW,
            True,
            False,
        ),
    ],
)
def test_same_subject_and_predicate_with_another_object(
    where, new, old, decision, versions_item, supersedes
):
    head = stored(DARK, object="dark", **TRIPLE, **where, **old)
    c = candidate(LIGHT, object="Light.", **TRIPLE, **new)
    result, _ = run(c, Lookups([head]))
    assert result.decision == decision, result
    assert (c.update_item_id == head.item_id) is versions_item
    assert (c.supersedes_versions == [head.version_id]) is supersedes
    if decision == Decision.ACCEPT:
        assert result.details["update_of"] == [str(head.version_id)]
    else:
        assert [r["detector"] for r in c.contradictions] == ["same_attribute"]


def test_same_triple_value_and_sibling_scopes_are_no_conflict():
    same = stored("Dark theme, please.", object="DARK ", **TRIPLE)
    sibling = stored(DARK, scope="/org/acme/user/43/", object="dark", **TRIPLE)
    c = candidate(LIGHT, object="dark", **TRIPLE, confidence=0.1)
    neighbours = [dataclasses.replace(sibling, similarity=0.99)]
    result, _ = run(c, Lookups([same, sibling], neighbours))
    assert result.decision == Decision.ACCEPT and c.contradictions == []
    assert c.update_item_id is None and c.topic_neighbours == 0


# -- Semantic neighbours and the judge ---------------------------------------


@pytest.mark.parametrize(
    ("neighbour", "similarity", "confidence", "decision", "topical"),
    [
        # Below the judge's similarity (0.35): not judged.
        (DARK, 0.3, 0.5, Decision.ACCEPT, 0),
        # Judged, though at or below σ_topic (0.6): not counted as topical.
        (DARK, 0.55, 0.5, Decision.REVIEW, 0),
        (DARK, 0.6, 0.5, Decision.REVIEW, 0),
        # Above it: judged; the new write is more confident → review.
        (DARK, 0.61, 0.5, Decision.REVIEW, 1),
        # As confident or less → reject.
        (DARK, 0.8, 0.7, Decision.REJECT, 1),
        (DARK, 0.8, 0.9, Decision.REJECT, 1),
        # Shares words but does not contradict.
        ("The user prefers light roast coffee.", 0.8, 0.9, Decision.ACCEPT, 1),
        ("The user does not like light mode.", 0.9, 0.9, Decision.REJECT, 1),
    ],
)
def test_semantic_neighbours_are_judged_above_the_topic_threshold(
    neighbour, similarity, confidence, decision, topical
):
    existing = stored(neighbour, similarity=similarity, confidence=confidence)
    c = candidate(LIGHT)
    result, _ = run(c, Lookups(neighbours=[existing]))
    assert result.decision == decision, result
    assert c.topic_neighbours == topical
    assert c.nearest_similarity == similarity
    assert result.details["nearest_similarity"] == similarity
    if decision == Decision.REVIEW:
        assert result.code == "contradiction"
        assert result.details["proposed_action"] == "supersede"
        assert result.details["contradictions"] == c.contradictions
        assert c.review_reasons == ["contradiction"]
        assert c.supersedes_versions == []
    if decision == Decision.REJECT:
        assert result.code == "contradiction"
        assert result.details["version_ids"] == [str(existing.version_id)]
        assert result.details["item_ids"] == [str(existing.item_id)]
    if decision != Decision.ACCEPT:
        [record] = c.contradictions
        assert record["similarity"] == similarity and record["detector"]


def test_the_same_content_in_an_ancestor_is_no_contradiction():
    copy = stored(LIGHT, scope="/org/acme/", similarity=1.0, confidence=0.9)
    c = candidate(LIGHT)
    result, context = run(c, Lookups(neighbours=[copy]))
    assert result.decision == Decision.ACCEPT and c.contradictions == []
    assert (c.topic_neighbours, context.embed.calls) == (1, 1)


def test_neighbours_come_from_the_scope_and_its_ancestors_in_any_layer():
    org = stored(DARK, scope="/org/acme/", layer="semantic", similarity=0.9)
    sibling = stored(DARK, scope="/org/acme/user/43/", similarity=0.95)
    c = candidate(LIGHT, confidence=0.9)
    result, _ = run(c, Lookups(neighbours=[org, sibling]))
    assert result.decision == Decision.REVIEW
    assert [r["version_id"] for r in c.contradictions] == [str(org.version_id)]


def test_the_item_being_updated_is_not_judged_again():
    head = stored(DARK, key="theme", similarity=0.92)
    c = candidate(LIGHT, key="theme")
    result, _ = run(c, Lookups([head], [head]))
    assert result.decision == Decision.ACCEPT and c.contradictions == []
    assert c.topic_neighbours == 1


def test_no_neighbours_at_all():
    c = candidate(LIGHT)
    result, _ = run(c, Lookups())
    assert result.decision == Decision.ACCEPT
    assert (c.topic_neighbours, c.nearest_similarity) == (0, 0.0)


# -- Auto-resolution at the confidence gap -----------------------------------


@pytest.mark.parametrize(
    ("new", "old", "auto", "decision"),
    [
        (0.7, 0.5, True, Decision.ACCEPT),  # gap 0.2, exactly the threshold
        (0.9, 0.5, True, Decision.ACCEPT),
        (0.69, 0.5, True, Decision.REVIEW),  # gap 0.19
        (0.9, 0.5, False, Decision.REVIEW),  # the tenant does not allow it
        (0.5, 0.7, True, Decision.REJECT),
        (0.7, 0.7, True, Decision.REJECT),
    ],
)
def test_auto_resolution_at_the_gap(new, old, auto, decision):
    existing = stored(DARK, similarity=0.9, confidence=old)
    other = stored("The user hates light mode.", similarity=0.8, confidence=old - 0.1)
    c = candidate(LIGHT, confidence=new)
    result, _ = run(
        c, Lookups(neighbours=[existing, other]), auto_resolve_contradictions=auto
    )
    assert result.decision == decision, result
    assert len(c.contradictions) == 2
    if decision == Decision.ACCEPT:
        assert result.details["auto_resolved"] is True
        assert c.supersedes_versions == [existing.version_id, other.version_id]
        assert result.details["supersedes"] == [
            str(existing.version_id),
            str(other.version_id),
        ]
        assert c.review_reasons == []
    else:
        assert c.supersedes_versions == []


def test_auto_resolution_shadows_an_ancestor_instead_of_superseding_it():
    own = stored(DARK, similarity=0.9, confidence=0.5)
    org = stored(DARK, scope="/org/acme/", similarity=0.9, confidence=0.5)
    c = candidate(LIGHT, confidence=0.9)
    result, _ = run(c, Lookups(neighbours=[own, org]), auto_resolve_contradictions=True)
    assert result.decision == Decision.ACCEPT and len(c.contradictions) == 2
    assert c.supersedes_versions == [own.version_id]


def test_policy_gap_and_topic_threshold_are_settings():
    existing = stored(DARK, similarity=0.55, confidence=0.5)
    c = candidate(LIGHT, confidence=0.6)
    result, _ = run(
        c,
        Lookups(neighbours=[existing]),
        topic_similarity=0.5,
        auto_resolve_contradictions=True,
        auto_resolve_gap=0.1,
    )
    assert result.decision == Decision.ACCEPT and result.details["auto_resolved"]


# -- The judge is pluggable --------------------------------------------------


class FixedJudge:
    def __init__(self, judgement):
        self.judgement = judgement
        self.asked = []

    def judge(self, premise, hypothesis):
        self.asked.append((premise, hypothesis))
        return self.judgement


def test_the_judge_sees_stored_then_new_text():
    existing = stored("The sky is green.", similarity=0.7, confidence=0.2)
    judge = FixedJudge(Judgement(True, "http", "Judge said contradiction (0.97)."))
    c = candidate("The sky is blue.")
    result, _ = run(c, Lookups(neighbours=[existing]), judge=judge)
    assert judge.asked == [("The sky is green.", "The sky is blue.")]
    assert result.decision == Decision.REVIEW
    assert c.contradictions[0]["detector"] == "http"


def test_an_unavailable_judge_lets_the_write_pass_flagged():
    existing = stored(DARK, similarity=0.9)
    judge = FixedJudge(Judgement(False, "http_unavailable", "Judge unavailable."))
    c = candidate(LIGHT)
    result, _ = run(
        c, Lookups(neighbours=[existing, stored("x", similarity=0.8)]), judge=judge
    )
    assert result.decision == Decision.ACCEPT
    assert result.details["judge_unavailable"] == 2
    assert c.flags == [contradiction.UNCHECKED_FLAG]
    # It is asked once, not once per neighbour: each call may be a timeout.
    assert len(judge.asked) == 1


def test_the_default_judge_comes_from_settings(settings):
    settings.MGC_CONTRADICTION_JUDGE = "http"
    settings.MGC_JUDGE_URL = ""
    c = candidate(LIGHT)
    result, _ = run(c, Lookups(neighbours=[stored(DARK, similarity=0.9)]))
    assert result.decision == Decision.ACCEPT
    assert result.details["judge_unavailable"] == 1
