import uuid

import pytest
from django.utils import timezone

from memory_core.hashing import content_hash
from memory_core.pipeline.gates import semantic_dedup
from memory_core.pipeline.types import (
    Candidate,
    Decision,
    ExistingVersion,
    GateContext,
)
from memory_core.policy import DEFAULT_POLICY

SCOPE_ID = uuid.uuid4()
DASHBOARDS = "The user prefers dark mode in every dashboard."


class Lookups:
    """The nearest stored version in the write's scope and layer."""

    def __init__(self, *versions):
        self.versions = versions
        self.asked = []

    def nearest(self, scope_id, layer, embedding, k):
        self.asked.append((scope_id, layer, tuple(embedding), k))
        return sorted(self.versions, key=lambda v: -v.similarity)[:k]


class Embedder:
    def __init__(self):
        self.calls = 0

    def __call__(self, c):
        self.calls += 1
        return [0.0, 1.0]


def stored(content, similarity, **values):
    return ExistingVersion(
        version_id=uuid.uuid4(),
        item_id=uuid.uuid4(),
        content_hash=content_hash(content),
        similarity=similarity,
        content=content,
        scope_id=SCOPE_ID,
        layer="episodic",
        **values,
    )


def candidate(content, **overrides):
    return Candidate(
        write_id=uuid.uuid4(),
        agent_id=uuid.uuid4(),
        scope_path="/org/acme/user/42/",
        scope_id=SCOPE_ID,
        layer="episodic",
        content=content,
        content_hash=content_hash(content),
        **overrides,
    )


def check(c, *versions, **policy):
    context = GateContext(
        tenant_id=uuid.uuid4(),
        agent_allowed_scopes=[],
        agent_allowed_layers=[],
        now=timezone.now(),
        lookups=Lookups(*versions),
        embed=Embedder(),
        policy=DEFAULT_POLICY.merged(policy),
    )
    return semantic_dedup.check(c, context), context


@pytest.mark.parametrize(
    ("old", "similarity", "new", "decision", "code"),
    [
        # At or below 0.95, short of a paraphrase: a new memory.
        (
            DASHBOARDS,
            0.95,
            "The user prefers dark mode in every terminal.",
            Decision.ACCEPT,
            "",
        ),
        (DASHBOARDS, 0.7, "The user prefers dark mode.", Decision.ACCEPT, ""),
        # Above: nothing new is a duplicate; synonyms and inflections are
        # nothing new.
        (
            DASHBOARDS,
            0.97,
            "The user prefers dark mode in all dashboards.",
            Decision.DUPLICATE,
            "duplicate",
        ),
        (
            DASHBOARDS,
            0.96,
            "The user prefers dark mode.",
            Decision.DUPLICATE,
            "duplicate",
        ),
        (
            DASHBOARDS,
            0.96,
            "The user likes dark mode on each dashboard.",
            Decision.DUPLICATE,
            "duplicate",
        ),
        # Strictly more: merge.
        (
            DASHBOARDS,
            0.96,
            "The user prefers dark mode in every dashboard and IDE.",
            Decision.ACCEPT,
            "",
        ),
        # A conflicting statement, or a swapped word: a human decides.
        (
            "The user is left-handed.",
            0.98,
            "The user is right-handed.",
            Decision.REVIEW,
            "semantic_conflict",
        ),
        (
            "The monthly budget is 500 EUR.",
            0.97,
            "The monthly budget is 700 EUR.",
            Decision.REVIEW,
            "semantic_conflict",
        ),
    ],
)
def test_semantic_tier(old, similarity, new, decision, code):
    existing = stored(old, similarity)
    c = candidate(new)
    result, context = check(c, existing)
    assert (result.decision, result.code) == (decision, code), result
    assert result.details["nearest_similarity"] == similarity
    assert context.lookups.asked == [(SCOPE_ID, "episodic", (0.0, 1.0), 1)]
    if decision == Decision.DUPLICATE:
        assert result.details["tier"] == "semantic"
        assert result.details["similarity"] == similarity
        assert result.details["version_id"] == str(existing.version_id)
        assert result.details["item_id"] == str(existing.item_id)
    if decision == Decision.ACCEPT and similarity > 0.95:
        assert c.merge_with == existing.version_id
        assert result.details["merge_with"] == str(existing.version_id)
    else:
        assert c.merge_with is None
    if decision == Decision.REVIEW:
        assert c.review_reasons == ["semantic_conflict"]


def test_an_empty_scope():
    result, _ = check(candidate(DASHBOARDS))
    assert result.decision == Decision.ACCEPT
    assert result.details == {"nearest_similarity": None}


@pytest.mark.parametrize("known", ["update_item_id", "merge_with"])
def test_skipped_for_a_write_already_identified(known):
    c = candidate(DASHBOARDS)
    setattr(c, known, uuid.uuid4())
    result, context = check(c, stored(DASHBOARDS, 0.99))
    assert result.decision == Decision.ACCEPT
    assert context.embed.calls == 0 and context.lookups.asked == []


def test_a_contradicted_neighbour_is_not_a_duplicate():
    existing = stored("The user prefers dark mode.", 0.96)
    c = candidate("The user prefers light mode.")
    c.contradictions = [{"version_id": str(existing.version_id)}]
    result, _ = check(c, existing)
    assert result.decision == Decision.ACCEPT


def test_triples_about_another_subject_are_different_facts():
    existing = stored(
        "User 43 prefers dark mode.",
        0.97,
        subject="user:43",
        predicate="prefers_theme",
        object="dark",
    )
    c = candidate(
        "User 42 prefers dark mode.",
        subject="user:42",
        predicate="prefers_theme",
        object="dark",
    )
    result, _ = check(c, existing)
    assert result.decision == Decision.ACCEPT


def test_the_threshold_is_a_setting():
    existing = stored(DASHBOARDS, 0.92)
    result, _ = check(
        candidate("The user prefers dark mode."),
        existing,
        semantic_duplicate_threshold=0.9,
    )
    assert result.decision == Decision.DUPLICATE


@pytest.mark.parametrize(
    ("old", "similarity", "new", "tier"),
    [
        # The same values of the same subject in other words (issue 12).
        (
            "The user lives in Lisbon.",
            0.62,
            "The user's home city is Lisbon.",
            "paraphrase",
        ),
        (
            "The payments service is written in Go.",
            0.9,
            "It is written in Golang.",
            None,
        ),
        (
            "The payments service is written in Go.",
            0.9,
            "The payments service is written in Golang.",
            "paraphrase",
        ),
        ("Standup is at 9:30.", 0.9, "Stand-up is at 9.30.", "paraphrase"),
        (
            "The design team sits on the fifth floor.",
            0.9,
            "The design team sits on the 5th floor.",
            "paraphrase",
        ),
        (
            "The user is allergic to cats.",
            0.9,
            "Cats trigger the user's allergies.",
            "paraphrase",
        ),
        # Below the paraphrase similarity, or another value or subject: no.
        ("The user lives in Lisbon.", 0.45, "The user's home city is Lisbon.", None),
        ("Standup is at 9:30.", 0.9, "Standup is at 10:30.", None),
        ("The user lives in Lisbon.", 0.9, "The user's wife lives in Lisbon.", None),
    ],
)
def test_paraphrase_tier(old, similarity, new, tier):
    existing = stored(old, similarity)
    # The rules' tier alone: the model judge reads the pair below 0.5 too
    # (test_cross_encoder_gates.py).
    result, _ = check(candidate(new), existing, cross_encoder_judge=False)
    if tier:
        assert result.decision == Decision.DUPLICATE, result
        assert result.details["tier"] == tier
        assert result.details["version_id"] == str(existing.version_id)
    else:
        assert result.decision != Decision.DUPLICATE, result


@pytest.mark.parametrize(
    ("old", "similarity", "new", "duplicate"),
    [
        # Every word of the write has its partner in the stored version
        # (`alignment`), however low the embedding scores a note against a
        # sentence (issue 12, thirteenth session).
        (
            "The neighbours at number twelve keep the user's spare key.",
            0.84,
            "User's spare key is with the neighbour at no. 12.",
            True,
        ),
        ("User graduated from University College London.", 0.26, "UCL alum.", True),
        ("The DNS TTL is five minutes.", 0.8, "DNS TTL: 300", True),
        # Below the cosine floor: unrelated however the words fall.
        ("User graduated from University College London.", 0.15, "UCL alum.", False),
        # The write adds a value, a qualifier, "also": news.
        ("User likes tea.", 0.8, "User also likes tea and coffee.", False),
        (
            "User prefers window seats on flights.",
            0.8,
            "User prefers window seats on long-haul flights.",
            False,
        ),
        # Two people; other dates.
        ("Gina supports Jon.", 0.8, "Jon supports Gina.", False),
        (
            "User went hiking (said on 7 February).",
            0.9,
            "User went hiking (said on 25 February).",
            False,
        ),
    ],
)
def test_aligned_paraphrase_tier(old, similarity, new, duplicate):
    existing = stored(old, similarity)
    result, _ = check(candidate(new), existing, cross_encoder_judge=False)
    if duplicate:
        assert result.decision == Decision.DUPLICATE, result
        assert result.details["tier"] == "paraphrase"
    else:
        assert result.decision != Decision.DUPLICATE, result
