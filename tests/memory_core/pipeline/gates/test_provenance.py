import hashlib
import hmac
import json
import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from memory_core.hashing import content_hash
from memory_core.pipeline.gates import provenance
from memory_core.pipeline.types import Candidate, Decision, GateContext
from memory_core.provenance import (
    ProvenanceTampered,
    adjusted_confidence,
    provenance_canonical,
    provenance_problems,
    provenance_resign_approved,
    provenance_sign,
    provenance_verify,
)

NOW = timezone.now()
KEY = b"test-provenance-key"
BETAS = (0.15, 0.30, 0.25, 0.30)

EVIDENCE = [
    {
        "source_type": "HUMAN_INPUT",
        "uri": "chat://session/9#turn-3",
        "authority": 1.0,
        "excerpt": "I like dark mode",
        "accessed_at": "2026-11-21 10:00:00+00:00",
    },
    {"source_type": "MEMORY_ITEM", "memory_id": str(uuid.uuid4()), "authority": 0.5},
]


def ctx(key=KEY):
    return GateContext(
        tenant_id=uuid.uuid4(),
        agent_allowed_scopes=["/org/acme/"],
        agent_allowed_layers=["episodic"],
        now=NOW,
        provenance_key=key,
    )


def candidate(**overrides):
    values = {
        "write_id": uuid.uuid4(),
        "agent_id": uuid.uuid4(),
        "scope_path": "/org/acme/",
        "layer": "episodic",
        "content": "The user prefers dark mode.",
        "content_hash": "c" * 64,
        "confidence": 0.9,
        "source": "user_stated",
        "task_id": "task-abc",
        "session_id": "sess-9",
        "evidence": EVIDENCE,
        "v_fact": 0.8,
        "evidence_authority": 0.75,
    }
    values.update(overrides)
    return Candidate(**values)


@pytest.mark.parametrize(
    ("overrides", "c_adj", "validation"),
    [
        # 0.15·0.9 + 0.30·0.8 + 0.25·0.75 = 0.5625; V = 0.2 + 0.5·0.8 + 0.3·1.
        ({}, 0.5625, 0.9),
        # Unscored writes count as unverified.
        ({"v_fact": None, "evidence_authority": None}, 0.135, 0.5),
        ({"confidence": 0.0, "v_fact": 0.0, "evidence_authority": 0.0}, 0.0, 0.5),
        ({"confidence": 1.0, "v_fact": 1.0, "evidence_authority": 1.0}, 0.7, 1.0),
        # Contradictions among the topic neighbours lower V.
        ({"contradictions": [{}], "topic_neighbours": 4}, 0.5625, 0.9 - 0.3 / 4),
        ({"contradictions": [{}, {}], "topic_neighbours": 2}, 0.5625, 0.6),
        # No neighbours: the share is over max(1, 0) and is capped at 1.
        ({"contradictions": [{}], "topic_neighbours": 0}, 0.5625, 0.6),
        ({"contradictions": [{}, {}, {}], "topic_neighbours": 1}, 0.5625, 0.6),
    ],
)
def test_provenance_gate_scores(overrides, c_adj, validation):
    c = candidate(**overrides)
    result = provenance.check(c, ctx())
    assert (result.gate, result.decision) == ("provenance", Decision.ACCEPT)
    assert c.adjusted_confidence == pytest.approx(c_adj)
    assert c.validation_score == pytest.approx(validation)
    assert result.details["adjusted_confidence"] == c.adjusted_confidence
    assert c.provenance["adjusted_confidence"] == c.adjusted_confidence
    assert c.provenance["validation_score"] == c.validation_score


def test_the_record_and_its_signature():
    c = candidate()
    provenance.check(c, ctx())
    record = c.provenance
    assert record == {
        "record_version": 1,
        "agent_id": str(c.agent_id),
        "write_id": str(c.write_id),
        "task_id": "task-abc",
        "session_id": "sess-9",
        "source": "user_stated",
        "evidence": [
            {
                "source_type": "HUMAN_INPUT",
                "uri": "chat://session/9#turn-3",
                "authority": 1.0,
                "accessed_at": "2026-11-21T10:00:00+00:00",
                "excerpt_sha256": hashlib.sha256(b"I like dark mode").hexdigest(),
                "memory_id": "",
            },
            {
                "source_type": "MEMORY_ITEM",
                "uri": "",
                "authority": 0.5,
                "accessed_at": "",
                "excerpt_sha256": "",
                "memory_id": EVIDENCE[1]["memory_id"],
            },
        ],
        "content_hash": "c" * 64,
        "confidence": 0.9,
        "adjusted_confidence": c.adjusted_confidence,
        "v_fact": 0.8,
        "evidence_authority": 0.75,
        "validation_score": c.validation_score,
        "human_approved": False,
        "approved_by": "",
        "approved_at": "",
        "recorded_at": NOW.isoformat(),
    }
    # No excerpt in clear: the record carries only its hash.
    assert "I like dark mode" not in json.dumps(record)
    canonical = json.dumps(record, sort_keys=True, separators=(",", ":")).encode()
    assert c.signature == hmac.new(KEY, canonical, hashlib.sha256).hexdigest()
    assert provenance_verify(record, c.signature, KEY)


def test_without_a_key_the_record_stays_unsigned():
    c = candidate()
    assert provenance.check(c, ctx(key=b"")).details["signed"] is False
    assert c.signature == "" and c.provenance["write_id"] == str(c.write_id)
    assert not provenance_verify(c.provenance, c.signature, KEY)


def signed():
    c = candidate()
    provenance.check(c, ctx())
    return c.provenance, c.signature


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("agent_id", str(uuid.uuid4())),
        ("confidence", 0.91),
        ("adjusted_confidence", 0.99),
        ("human_approved", True),
        ("approved_by", "mallory"),
        ("content_hash", "d" * 64),
        ("evidence", []),
        ("extra", "field"),
    ],
)
def test_any_change_breaks_the_signature(field, value):
    record, signature = signed()
    assert provenance_verify(record, signature, KEY)
    assert not provenance_verify({**record, field: value}, signature, KEY)


def test_verification_needs_the_key_record_and_signature():
    record, signature = signed()
    assert not provenance_verify(record, signature, b"another key")
    assert not provenance_verify(record, "", KEY)
    assert not provenance_verify({}, signature, KEY)
    assert not provenance_verify(record, signature, b"")
    assert not provenance_verify({"x": float("nan")}, signature, KEY)


def test_canonical_form_ignores_key_order_and_survives_a_json_round_trip():
    record, signature = signed()
    shuffled = dict(reversed(list(record.items())))
    stored = json.loads(json.dumps(shuffled, indent=2))
    assert provenance_canonical(stored) == provenance_canonical(record)
    assert provenance_verify(stored, signature, KEY)


def test_signing_with_an_empty_key_is_refused():
    with pytest.raises(ValueError):
        provenance_sign({"a": 1}, b"")


def test_approval_recomputes_confidence_and_signs_again():
    record, signature = signed()
    when = NOW + timedelta(hours=1)
    approved, new_signature = provenance_resign_approved(
        record,
        approved_by="curator@acme",
        key=KEY,
        betas=BETAS,
        approved_at=when,
        signature=signature,
    )
    assert approved["human_approved"] is True
    assert approved["approved_by"] == "curator@acme"
    assert approved["approved_at"] == when.isoformat()
    # β4 joins: 0.5625 + 0.30.
    assert approved["adjusted_confidence"] == pytest.approx(0.8625)
    assert provenance_verify(approved, new_signature, KEY)
    assert not provenance_verify(approved, signature, KEY)
    # The original record is left alone.
    assert record["human_approved"] is False


def test_approval_refuses_to_launder_a_tampered_record():
    record, signature = signed()
    with pytest.raises(ProvenanceTampered):
        provenance_resign_approved(
            {**record, "confidence": 1.0},
            approved_by="curator@acme",
            key=KEY,
            betas=BETAS,
            signature=signature,
        )


@pytest.mark.parametrize(
    ("inputs", "expected"),
    [
        ((0.9, 0.8, 0.75, False), 0.5625),
        ((0.9, 0.8, 0.75, True), 0.8625),
        ((1.0, 1.0, 1.0, True), 1.0),
        ((0.0, 0.0, 0.0, False), 0.0),
    ],
)
def test_adjusted_confidence(inputs, expected):
    agent, v_fact, authority, approved = inputs
    found = adjusted_confidence(
        agent_confidence=agent,
        v_fact=v_fact,
        evidence_authority=authority,
        human_approved=approved,
        betas=BETAS,
    )
    assert found == pytest.approx(expected)


def test_adjusted_confidence_stays_in_the_unit_interval():
    found = adjusted_confidence(
        agent_confidence=1.0,
        v_fact=1.0,
        evidence_authority=1.0,
        human_approved=True,
        betas=(0.5, 0.5, 0.5, 0.5),
    )
    assert found == 1.0


def test_problems_of_a_stored_version():
    content = "The user prefers dark mode."
    digest = content_hash(content)
    c = candidate(content=content, content_hash=digest)
    provenance.check(c, ctx())
    intact = {
        "record": c.provenance,
        "signature": c.signature,
        "content": content,
        "content_hash": digest,
        "key": KEY,
    }
    assert provenance_problems(**intact) == []
    assert provenance_problems(**{**intact, "signature": ""}) == ["unsigned"]
    assert provenance_problems(
        **{**intact, "record": {**c.provenance, "v_fact": 1.0}}
    ) == ["signature"]
    assert provenance_problems(
        **{**intact, "content": "The user hates dark mode."}
    ) == ["content"]
    assert provenance_problems(
        **{**intact, "content": "x", "content_hash": content_hash("x")}
    ) == ["content_hash"]
