"""Batches that need no model follow one another in one worker transaction.

`write_process` claims `batch_size` writes; while a full batch embedded no
text and searched no neighbours (exact copies of stored memories), it claims
the next batch in the same transaction, up to `max_writes`. Each write must
be decided as it would be alone: same status, version, gate and trace, one
reinforcement and one audit event each, inside the tenant.
"""

import uuid

import pytest

from audit.models import AuditEvent
from audit.services import audit_chain_verify
from memory_core.models import (
    LogOperation,
    MemoryLogEntry,
    MemoryVersion,
    WriteRequest,
    WriteStatus,
)
from memory_core.services import writes as service
from memory_core.services.writes import write_process, write_submit
from tests.factories import make_agent

SCOPE = "/org/acme/user/42/"
TEXT = "The user prefers dark mode."


@pytest.fixture
def agent(agent_and_token):
    return agent_and_token[0]


def submit(agent, content, scope=SCOPE):
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


def stored(agent, content=TEXT, scope=SCOPE) -> WriteRequest:
    write = submit(agent, content, scope)
    assert write_process(write_id=write.id) == 1
    write.refresh_from_db()
    assert write.status == WriteStatus.COMMITTED
    return write


def fresh(writes) -> list[WriteRequest]:
    rows = WriteRequest.objects.in_bulk([w.id for w in writes])
    return [rows[w.id] for w in writes]


def assert_exact_copy_of(write: WriteRequest, first: WriteRequest) -> None:
    """The answer an exact copy gets when it is decided alone."""
    assert write.status == WriteStatus.DUPLICATE
    assert (write.version_id, write.memory_item_id) == (
        first.version_id,
        first.memory_item_id,
    )
    assert (write.gate, write.code) == ("dedup", "duplicate")
    assert [g["gate"] for g in write.gate_decisions] == [
        "idempotency",
        "schema",
        "residency",
        "evidence",
        "dedup",
    ]
    assert write.gate_decisions[-1]["details"] == {
        "tier": "exact_hash",
        "version_id": str(first.version_id),
        "item_id": str(first.memory_item_id),
    }
    assert write.attempts == 1 and write.finished_at is not None


def reinforce_events(writes) -> list[AuditEvent]:
    ids = {str(w.id) for w in writes}
    return [
        e
        for e in AuditEvent.objects.filter(action="memory.reinforce").order_by("seq")
        if e.metadata["write_id"] in ids
    ]


def test_full_batches_of_exact_copies_share_one_transaction(agent, tenant):
    first = stored(agent)
    copies = [submit(agent, TEXT) for _ in range(7)]
    # Batches of two, none needing the model: up to five writes in one go.
    assert write_process(write_id=copies[0].id, batch_size=2, max_writes=5) == 5
    decided, left = fresh(copies[:5]), fresh(copies[5:])
    for write in decided:
        assert_exact_copy_of(write, first)
    assert [w.status for w in left] == [WriteStatus.QUEUED] * 2
    version = MemoryVersion.objects.get(pk=first.version_id)
    assert version.evidence_count == 1 + 5
    reinforced = MemoryLogEntry.objects.filter(operation=LogOperation.REINFORCE)
    assert sorted(e.payload["write_id"] for e in reinforced) == sorted(
        str(w.id) for w in decided
    )
    # One event per write, appended once: one time, consecutive links.
    events = reinforce_events(decided)
    assert sorted(e.metadata["write_id"] for e in events) == sorted(
        str(w.id) for w in decided
    )
    assert len({e.created_at for e in events}) == 1
    assert [e.seq for e in events] == list(range(events[0].seq, events[0].seq + 5))
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []
    # The rest: a batch of two that is not followed (nothing left).
    assert write_process(write_id=copies[5].id, batch_size=2, max_writes=5) == 2
    for write in fresh(copies[5:]):
        assert_exact_copy_of(write, first)
    assert MemoryVersion.objects.get(pk=first.version_id).evidence_count == 1 + 7


def test_a_batch_that_needed_the_model_ends_the_transaction(agent):
    texts = [
        "The user lives in Lisbon.",
        "Invoices go to the finance mailbox.",
        "The user's dog is called Pixel.",
        "Weekly reports are due on Fridays.",
    ]
    writes = [submit(agent, text) for text in texts]
    assert write_process(write_id=writes[0].id, batch_size=2, max_writes=8) == 2
    assert [w.status for w in fresh(writes)] == [
        WriteStatus.COMMITTED,
        WriteStatus.COMMITTED,
        WriteStatus.QUEUED,
        WriteStatus.QUEUED,
    ]


def test_a_followed_batch_with_a_new_memory_is_decided_and_ends_it(agent):
    first = stored(agent)
    queued = [
        submit(agent, TEXT),
        submit(agent, TEXT),
        submit(agent, "Weekly reports are due on Fridays."),
        submit(agent, TEXT),
        submit(agent, TEXT),
    ]
    # The first batch (two copies) is followed; the second holds a new text,
    # so the model runs for it and the transaction ends there.
    assert write_process(write_id=queued[0].id, batch_size=2, max_writes=10) == 4
    one, two, new, three, four = fresh(queued)
    for write in (one, two, three):
        assert_exact_copy_of(write, first)
    assert new.status == WriteStatus.COMMITTED and new.version_id != first.version_id
    assert "sensitivity" in [g["gate"] for g in new.gate_decisions]
    assert four.status == WriteStatus.QUEUED


def test_followed_batches_stay_inside_the_tenant(agent, tenant, other_tenant):
    theirs, _ = make_agent(other_tenant)
    their_scope = "/org/globex/user/7/"
    their_first = stored(theirs, scope=their_scope)
    first = stored(agent)
    mine = [submit(agent, TEXT) for _ in range(4)]
    their_copies = [submit(theirs, TEXT, scope=their_scope) for _ in range(4)]
    # Their copies are queued first by time; only this tenant's are taken.
    assert write_process(write_id=mine[0].id, batch_size=2, max_writes=64) == 4
    for write in fresh(mine):
        assert_exact_copy_of(write, first)
    assert [w.status for w in fresh(their_copies)] == [WriteStatus.QUEUED] * 4
    assert MemoryVersion.objects.get(pk=their_first.version_id).evidence_count == 1
    assert write_process(write_id=their_copies[0].id, batch_size=2) == 4
    for write in fresh(their_copies):
        assert_exact_copy_of(write, their_first)
    events = AuditEvent.objects.filter(action="memory.reinforce")
    assert {e.tenant_id for e in reinforce_events(mine)} == {tenant.id}
    assert {e.tenant_id for e in reinforce_events(their_copies)} == {other_tenant.id}
    assert events.count() == 8
    assert audit_chain_verify(tenant_ids=[tenant.id, other_tenant.id]) == []


def test_an_audit_failure_undoes_every_followed_batch(agent, monkeypatch):
    first = stored(agent)
    copies = [submit(agent, TEXT) for _ in range(4)]

    def refuse(**kwargs):
        raise RuntimeError("the audit chain refused the append")

    monkeypatch.setattr(service, "audit_events_record", refuse)
    with pytest.raises(RuntimeError):
        write_process(write_id=copies[0].id, batch_size=2, max_writes=8)
    assert [w.status for w in fresh(copies)] == [WriteStatus.QUEUED] * 4
    assert MemoryVersion.objects.get(pk=first.version_id).evidence_count == 1
    assert not MemoryLogEntry.objects.filter(operation=LogOperation.REINFORCE)


def test_a_write_that_fails_in_a_followed_batch_is_rejected_alone(agent, monkeypatch):
    first = stored(agent)
    copies = [submit(agent, TEXT) for _ in range(4)]
    poisoned = copies[2].id  # in the second batch
    real_apply = service._apply

    def apply(write, *args, **kwargs):
        if write.id == poisoned:
            raise ValueError("poisoned")
        return real_apply(write, *args, **kwargs)

    monkeypatch.setattr(service, "_apply", apply)
    assert write_process(write_id=copies[0].id, batch_size=2, max_writes=8) == 4
    one, two, bad, three = fresh(copies)
    for write in (one, two, three):
        assert_exact_copy_of(write, first)
    assert (bad.status, bad.code) == (WriteStatus.REJECTED, "internal_error")
    assert MemoryVersion.objects.get(pk=first.version_id).evidence_count == 1 + 3


def test_no_background_embedding_for_a_next_batch_of_stored_copies(agent, tenant):
    stored(agent)
    copies = [submit(agent, TEXT) for _ in range(4)]
    service._prefetched.pop(tenant.id, None)
    # A full batch asks for the next one to be embedded: all its texts are
    # stored already, so the model is not asked.
    assert write_process(write_id=copies[0].id, batch_size=2, max_writes=2) == 2
    assert tenant.id not in service._prefetched


def test_a_batch_logs_its_rows_in_the_order_it_decided_them(agent, tenant):
    new = submit(agent, TEXT)
    copy = submit(agent, TEXT)
    other = submit(agent, "Weekly reports are due on Fridays.")
    assert write_process(write_id=new.id) == 3
    new, copy, other = fresh([new, copy, other])
    assert (new.status, copy.status, other.status) == (
        WriteStatus.COMMITTED,
        WriteStatus.DUPLICATE,
        WriteStatus.COMMITTED,
    )
    rows = list(MemoryLogEntry.objects.order_by("seq"))
    assert [(r.operation, r.payload["write_id"]) for r in rows] == [
        (LogOperation.INSERT, str(new.id)),
        (LogOperation.REINFORCE, str(copy.id)),
        (LogOperation.INSERT, str(other.id)),
    ]
    assert [(r.item_id, r.version_id) for r in rows] == [
        (new.memory_item_id, new.version_id),
        (new.memory_item_id, new.version_id),
        (other.memory_item_id, other.version_id),
    ]
    for row in rows:
        assert row.tenant_id == tenant.id and row.actor_agent_id == agent.id
        assert row.previous_version_id is None and row.actor_user_id is None
        assert row.created_at == new.finished_at
    assert rows[1].reason == "duplicate write (exact_hash)"
    assert rows[0].reason == "committed by the write pipeline"
