import dataclasses
import uuid

import pytest
from django.utils import timezone

from memory_core.hashing import content_hash, structural_fingerprint
from memory_core.pipeline.delta import combine, information_delta
from memory_core.pipeline.gates import dedup
from memory_core.pipeline.types import (
    Candidate,
    Decision,
    ExistingVersion,
    GateContext,
)

SCOPE_ID = uuid.uuid4()
LAPTOP = {"subject": "user:42", "predicate": "laptop", "object": "ThinkPad X1"}


@dataclasses.dataclass(frozen=True)
class Stored(ExistingVersion):
    """A stored version with its `fields`, as the commit writes them."""

    fields: dict = dataclasses.field(default_factory=dict)


class Lookups:
    """Stored versions of one scope and layer, found by key, hash, fingerprint."""

    def __init__(self, *versions):
        self.versions = versions

    def _find(self, test):
        return next((v for v in self.versions if test(v)), None)

    def item_head_by_key(self, scope_id, layer, key):
        return self._find(lambda v: v.key == key)

    def version_by_hash(self, scope_id, layer, digest):
        return self._find(lambda v: v.content_hash == digest)

    def version_by_fingerprint(self, scope_id, layer, fingerprint):
        return self._find(
            lambda v: (
                structural_fingerprint(v.subject, v.predicate, v.object) == fingerprint
            )
        )


def stored(content, **values):
    return Stored(
        version_id=uuid.uuid4(),
        item_id=uuid.uuid4(),
        content_hash=content_hash(content),
        content=content,
        scope_id=SCOPE_ID,
        layer="episodic",
        **values,
    )


def candidate(content, **overrides):
    c = Candidate(
        write_id=uuid.uuid4(),
        agent_id=uuid.uuid4(),
        scope_path="/org/acme/user/42/",
        scope_id=SCOPE_ID,
        layer="episodic",
        content=content,
        content_hash=content_hash(content),
        **overrides,
    )
    c.fingerprint = structural_fingerprint(c.subject, c.predicate, c.object)
    return c


def check(c, *versions):
    context = GateContext(
        tenant_id=uuid.uuid4(),
        agent_allowed_scopes=[],
        agent_allowed_layers=[],
        now=timezone.now(),
        lookups=Lookups(*versions),
    )
    return dedup.check(c, context)


def test_entity_key_with_the_same_content_is_a_duplicate():
    head = stored("The user prefers dark mode.", key="theme")
    result = check(candidate("The user prefers  dark mode.", key="theme"), head)
    assert (result.decision, result.code) == (Decision.DUPLICATE, "duplicate")
    assert result.details == {
        "tier": "entity_key",
        "version_id": str(head.version_id),
        "item_id": str(head.item_id),
    }


@pytest.mark.parametrize("decided_by_contradiction", [True, False])
def test_entity_key_with_other_content_versions_the_item(decided_by_contradiction):
    head = stored("The user prefers dark mode.", key="theme")
    # Even when the new text is stored elsewhere, the key names the item.
    elsewhere = stored("The user prefers light mode.")
    c = candidate("The user prefers light mode.", key="theme")
    if decided_by_contradiction:
        c.update_item_id = head.item_id
    result = check(c, head, elsewhere)
    assert result.decision == Decision.ACCEPT
    assert result.details == {"tier": "entity_key", "item_id": str(head.item_id)}
    assert c.update_item_id == head.item_id


def test_an_update_found_by_the_contradiction_gate_passes():
    c = candidate("Theme: light.", **LAPTOP)
    c.update_item_id = uuid.uuid4()
    assert check(c, stored("Theme: light.")).decision == Decision.ACCEPT


def test_exact_hash_is_a_duplicate():
    same = stored("The user prefers dark mode.")
    result = check(candidate("The user prefers dark mode.", key="new-key"), same)
    assert result.decision == Decision.DUPLICATE
    assert result.details["tier"] == "exact_hash"
    assert result.details["version_id"] == str(same.version_id)


@pytest.mark.parametrize(
    ("old", "new", "decision", "delta"),
    [
        # Nothing new: the same words, or fewer.
        ("Laptop: ThinkPad X1.", "laptop - thinkpad x1", Decision.DUPLICATE, "same"),
        (
            "Laptop: ThinkPad X1, 32 GB RAM.",
            "Laptop: ThinkPad X1.",
            Decision.DUPLICATE,
            "same",
        ),
        # Rewording without a new or changed field: reinforce.
        (
            "The user's laptop is a ThinkPad X1.",
            "ThinkPad X1 is what the user carries.",
            Decision.DUPLICATE,
            "different",
        ),
        # Strictly more: merge.
        (
            "Laptop: ThinkPad X1.",
            "Laptop: ThinkPad X1, 32 GB RAM, bought 2025.",
            Decision.ACCEPT,
            "superset",
        ),
        # The same triple but the text disagrees: a human decides.
        (
            "Laptop: ThinkPad X1, 16 GB RAM.",
            "Laptop: ThinkPad X1, 32 GB RAM.",
            Decision.REVIEW,
            "conflict",
        ),
    ],
)
def test_structural_fingerprint_tier(old, new, decision, delta):
    existing = stored(old, **LAPTOP)
    c = candidate(new, subject="user:42", predicate="laptop", object="thinkpad x1.")
    result = check(c, existing)
    assert result.decision == decision, result
    assert result.details["tier"] == "fingerprint"
    assert result.details["delta"] == delta
    if decision == Decision.DUPLICATE:
        assert result.details["version_id"] == str(existing.version_id)
        assert result.details["item_id"] == str(existing.item_id)
    if decision == Decision.ACCEPT:
        assert c.merge_with == existing.version_id
        assert result.details["merge_with"] == str(existing.version_id)
    if decision == Decision.REVIEW:
        assert result.code == "structural_conflict"
        assert c.review_reasons == ["structural_conflict"]
        assert c.merge_with is None


@pytest.mark.parametrize(
    ("old_fields", "new_fields", "decision"),
    [
        ({"ram": "32 GB"}, {"ram": "32 gb"}, Decision.DUPLICATE),
        ({"ram": "32 GB"}, {"ram": "32 GB", "year": 2025}, Decision.ACCEPT),
        ({"ram": "32 GB"}, {"ram": "16 GB"}, Decision.REVIEW),
        (
            {"ports": ["usb-c", "hdmi"]},
            {"ports": ["hdmi", "usb-c", "sd"]},
            Decision.ACCEPT,
        ),
        ({"ports": ["usb-c", "hdmi"]}, {"ports": ["usb-c", "sd"]}, Decision.REVIEW),
    ],
)
def test_fingerprint_tier_compares_fields(old_fields, new_fields, decision):
    existing = stored("Laptop: ThinkPad X1.", fields=old_fields, **LAPTOP)
    # The same words in another form, so the exact-hash tier does not answer.
    c = candidate("laptop - thinkpad x1", fields=new_fields, **LAPTOP)
    assert check(c, existing).decision == decision


def test_a_contradicted_fingerprint_match_is_not_a_duplicate():
    existing = stored("Laptop: ThinkPad X1.", **LAPTOP)
    c = candidate("Laptop: ThinkPad X1 (not any more).", **LAPTOP)
    c.contradictions = [{"version_id": str(existing.version_id)}]
    assert check(c, existing).decision == Decision.ACCEPT


def test_a_new_fact_passes():
    c = candidate(
        "The user's phone is a Pixel 9.",
        subject="user:42",
        predicate="phone",
        object="Pixel 9",
    )
    result = check(c, stored("Laptop: ThinkPad X1.", **LAPTOP))
    assert result.decision == Decision.ACCEPT and result.details == {}


# -- The information delta ---------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "delta"),
    [
        (
            {"content": "The user prefers dark mode."},
            {"content": "User prefers DARK mode"},
            "same",
        ),
        (
            {"content": "The user prefers dark mode in every app."},
            {"content": "The user prefers dark mode."},
            "same",
        ),
        (
            {"content": "The user prefers dark mode."},
            {"content": "The user prefers dark mode in every IDE."},
            "superset",
        ),
        (
            {"content": "The user prefers dark mode."},
            {"content": "The user prefers light mode."},
            "conflict",
        ),
        (
            {"content": "The budget is 500 EUR."},
            {"content": "The budget is 700 EUR."},
            "conflict",
        ),
        (
            {"content": "The user drinks coffee."},
            {"content": "The user does not drink coffee after 6pm."},
            "different",
        ),
        (
            {"content": "The user likes tea."},
            {"content": "The user likes coffee."},
            "different",
        ),
        # Triples: another object conflicts; a triple where none was adds.
        (
            {"content": "x", **LAPTOP},
            {"content": "x", **LAPTOP, "object": "MacBook"},
            "conflict",
        ),
        ({"content": "x"}, {"content": "x", **LAPTOP}, "superset"),
        ({"content": "x", **LAPTOP}, {"content": "x"}, "same"),
        (
            {"content": "x", **LAPTOP},
            {"content": "x", **LAPTOP, "subject": "user:43"},
            "different",
        ),
        # Fields: one more adds, one fewer says less, both at once differ.
        (
            {"content": "x", "fields": {"a": 1}},
            {"content": "x", "fields": {"a": 1, "b": 2}},
            "superset",
        ),
        (
            {"content": "x", "fields": {"a": 1, "b": 2}},
            {"content": "x", "fields": {"a": 1}},
            "same",
        ),
        (
            {"content": "x", "fields": {"a": 1}},
            {"content": "x", "fields": {"b": 2}},
            "different",
        ),
        (
            {"content": "x", "fields": {"a": {"k": 1}}},
            {"content": "x", "fields": {"a": {"k": 2}}},
            "conflict",
        ),
        # More text but a field less: neither contains the other.
        ({"content": "x", "fields": {"a": 1}}, {"content": "x y"}, "different"),
    ],
)
def test_information_delta(old, new, delta):
    old = dict(old)
    existing = stored(old.pop("content"), **old)
    new = dict(new)
    assert information_delta(candidate(new.pop("content"), **new), existing) == delta


def test_information_delta_compares_the_stored_fields():
    existing = ExistingVersion(uuid.uuid4(), uuid.uuid4(), "h", content="Laptop.")
    c = candidate("Laptop.", fields={"ram": "32 GB"})
    assert information_delta(c, existing) == "superset"
    known = ExistingVersion(
        uuid.uuid4(), uuid.uuid4(), "h", content="Laptop.", fields={"ram": "32 GB"}
    )
    assert information_delta(c, known) == "same"


@pytest.mark.parametrize(
    ("parts", "delta"),
    [
        ([], "same"),
        (["same", "subset"], "same"),
        (["same", "superset"], "superset"),
        (["superset", "subset"], "different"),
        (["superset", "different"], "different"),
        (["superset", "conflict", "different"], "conflict"),
    ],
)
def test_combine(parts, delta):
    assert combine(parts) == delta
