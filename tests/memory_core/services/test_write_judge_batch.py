"""The model judge in a worker batch: each write decided as if alone.

With `cross_encoder_judge` on, the batch reads every write's nearest stored
memory with the model in one call (`_judge_ahead`), and each write's gates
find their pairs read; a write in a batch must be decided as when it is
processed alone, and a write whose pair the model fails on must not hold up
the others.
"""

import uuid

import pytest

from memory_core.models import WriteRequest, WriteStatus
from memory_core.pipeline import cross_encoder as xe
from memory_core.services.writes import write_process, write_submit
from tests.memory_core.pipeline.gates.test_cross_encoder_gates import (
    CONTRADICTS,
    REWORDED,
    REWORDED_STORED,
    STORED,
    THRESHOLD,
)

BATCH_SCOPE = "/org/acme/user/42/"
ALONE_SCOPE = "/org/acme/user/43/"
OTHER = "The user's favourite tea is sencha."
WRITES = (CONTRADICTS, REWORDED, OTHER)


@pytest.fixture
def agent(agent_and_token, tenant):
    tenant.policy = THRESHOLD
    tenant.save(update_fields=["policy"])
    return agent_and_token[0]


@pytest.fixture
def calls(monkeypatch):
    """The model's calls, by the pairs each read (the real model answers)."""
    judge = xe.get_judge()
    real = judge.probabilities
    seen: list[list[tuple[str, str]]] = []

    def probabilities(pairs):
        seen.append(list(pairs))
        return real(pairs)

    monkeypatch.setattr(judge, "probabilities", probabilities)
    return seen


def submit(agent, content, scope):
    payload = {
        "scope": scope,
        "layer": "episodic",
        "content": content,
        "source": "user_stated",
        "confidence": 0.9,
    }
    return write_submit(
        agent=agent, payload=payload, idempotency_key=uuid.uuid4().hex
    ).write


def store(agent, scope):
    for text in (STORED, REWORDED_STORED):
        write = submit(agent, text, scope)
        assert write_process(write_id=write.id, batch_size=1) == 1
        write.refresh_from_db()
        assert write.status == WriteStatus.COMMITTED


def outcome(write: WriteRequest) -> dict:
    """What a write's decision depends on: the model's part included."""
    write.refresh_from_db()
    gates = {g["gate"]: g for g in write.gate_decisions}
    contradiction = gates.get("contradiction", {}).get("details", {})
    dedup = gates.get("semantic_dedup", {}).get("details", {})
    return {
        "status": write.status,
        "gate": write.gate,
        "code": write.code,
        "detectors": [c["detector"] for c in contradiction.get("contradictions", [])],
        "judged": len(contradiction.get("cross_encoder_judged", [])),
        "tier": dedup.get("tier"),
    }


def test_a_batch_is_judged_write_by_write_and_decided_as_alone(agent, calls):
    store(agent, ALONE_SCOPE)
    store(agent, BATCH_SCOPE)
    alone = []
    for text in WRITES:
        write = submit(agent, text, ALONE_SCOPE)
        assert write_process(write_id=write.id, batch_size=1) == 1
        alone.append(outcome(write))
    asked_alone = len(calls)
    calls.clear()

    batch = [submit(agent, text, BATCH_SCOPE) for text in WRITES]
    assert write_process(write_id=batch[0].id, batch_size=8) == 3
    together = [outcome(w) for w in batch]

    assert together == alone
    contradicted, reworded, other = together
    assert (contradicted["status"], contradicted["detectors"]) == (
        WriteStatus.REJECTED,
        ["cross_encoder"],
    )
    assert (reworded["status"], reworded["tier"]) == (
        WriteStatus.DUPLICATE,
        "cross_encoder",
    )
    assert other["status"] == WriteStatus.COMMITTED
    assert all(o["judged"] for o in (contradicted, reworded))
    # Alone, one call a write that asks; the batch read its pairs ahead in
    # one call, and no gate asked again.
    assert asked_alone >= 2
    [ahead] = calls
    assert (STORED, CONTRADICTS) in ahead
    assert (REWORDED_STORED, REWORDED) in ahead
    assert len({b for _, b in ahead}) >= 2, ahead


def test_a_write_whose_pair_fails_is_rejected_alone(agent, calls, monkeypatch):
    store(agent, BATCH_SCOPE)
    poison = "The user's apartment has a balcony."
    judge = xe.get_judge()
    spy = judge.probabilities

    def probabilities(pairs):
        if any(b == poison for _, b in pairs):
            raise RuntimeError("the model failed on this pair")
        return spy(pairs)

    monkeypatch.setattr(judge, "probabilities", probabilities)
    batch = [
        submit(agent, text, BATCH_SCOPE) for text in (CONTRADICTS, poison, REWORDED)
    ]
    assert write_process(write_id=batch[0].id, batch_size=8) == 3
    contradicted, failed, reworded = (outcome(w) for w in batch)
    assert (failed["status"], failed["code"]) == (
        WriteStatus.REJECTED,
        "internal_error",
    )
    assert "RuntimeError" in WriteRequest.objects.get(pk=batch[1].pk).reason
    assert contradicted["detectors"] == ["cross_encoder"]
    assert (reworded["status"], reworded["tier"]) == (
        WriteStatus.DUPLICATE,
        "cross_encoder",
    )


def test_writes_nearest_to_earlier_ones_of_their_batch_are_read_ahead(agent, calls):
    # Nothing stored: each later write's nearest memory is an earlier write,
    # stored by the same batch just before it is decided.
    texts = (STORED, REWORDED_STORED, CONTRADICTS, REWORDED)
    alone = []
    for text in texts:
        write = submit(agent, text, ALONE_SCOPE)
        assert write_process(write_id=write.id, batch_size=1) == 1
        alone.append(outcome(write))
    calls.clear()

    batch = [submit(agent, text, BATCH_SCOPE) for text in texts]
    assert write_process(write_id=batch[0].id, batch_size=8) == 4
    assert [outcome(w) for w in batch] == alone
    assert [o["status"] for o in alone] == [
        WriteStatus.COMMITTED,
        WriteStatus.COMMITTED,
        WriteStatus.REJECTED,
        WriteStatus.DUPLICATE,
    ]
    # One call, before any of them was stored.
    [ahead] = calls
    assert sorted(ahead) == sorted([(STORED, CONTRADICTS), (REWORDED_STORED, REWORDED)])


@pytest.mark.parametrize("fresh", [0, 1])
def test_a_batch_with_no_pairs_to_read_ahead_is_decided_in_one_pass(
    agent, calls, caplog, fresh
):
    # Exact copies of a stored memory (no embedding, no neighbours), with
    # none or one new write beside them: nothing to read ahead, and the batch
    # must not fail over it (a failed batch is decided again write by write).
    store(agent, BATCH_SCOPE)
    texts = [STORED] * 3 + [OTHER] * fresh
    batch = [submit(agent, text, BATCH_SCOPE) for text in texts]
    caplog.set_level("WARNING", logger="memory_core.services.writes")
    assert write_process(write_id=batch[0].id, batch_size=8) == len(texts)
    assert [outcome(w)["status"] for w in batch] == [WriteStatus.DUPLICATE] * 3 + [
        WriteStatus.COMMITTED
    ] * fresh
    assert not [r for r in caplog.records if r.levelname in ("WARNING", "ERROR")]
