"""The pipeline service in-process: outcomes, versions, log and audit rows."""

import uuid
from datetime import timedelta

import numpy as np
import pytest
from django.utils import timezone

from audit.models import AuditEvent
from audit.services import audit_chain_verify
from memory_core.models import (
    LogOperation,
    MemoryItem,
    MemoryLogEntry,
    MemoryVersion,
    VersionStatus,
    WriteRequest,
    WriteStatus,
)
from memory_core.services.writes import write_process, write_submit

SCOPE = "/org/acme/user/42/"


@pytest.fixture
def agent(agent_and_token):
    return agent_and_token[0]


def submit(agent, content, idem=None, **extra):
    payload = {
        "scope": SCOPE,
        "layer": "episodic",
        "content": content,
        "source": "user_stated",
        "confidence": 0.9,
        **extra,
    }
    return write_submit(
        agent=agent, payload=payload, idempotency_key=idem or uuid.uuid4().hex
    ).write


def gate(write, name):
    """Return the trace entry of gate `name` for the write."""
    return next(g for g in write.gate_decisions if g["gate"] == name)


def process(write):
    write_process(write_id=write.id)
    write.refresh_from_db()
    return write


def test_a_new_memory_is_committed_with_version_log_and_audit(agent, tenant):
    write = process(submit(agent, "The user prefers dark mode."))
    assert write.status == WriteStatus.COMMITTED
    version = write.version
    assert version.number == 1 and version.status == VersionStatus.ACTIVE
    assert len(version.embedding) == 384
    assert version.item.head == version and version.item.scope.path == SCOPE
    assert (
        MemoryLogEntry.objects.get(item=version.item).operation == LogOperation.INSERT
    )
    assert (
        AuditEvent.objects.filter(
            action="memory.insert", object_id=str(version.item_id)
        ).count()
        == 1
    )
    assert [g["gate"] for g in write.gate_decisions] == [
        "idempotency",
        "schema",
        "residency",
        "evidence",
        "sensitivity",
        "contradiction",
        "dedup",
        "semantic_dedup",
        "provenance",
        "risk",
    ]
    assert all(g["decision"] == "accept" and g["ms"] >= 0 for g in write.gate_decisions)
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []


def test_exact_duplicate_reinforces_without_a_new_version(agent):
    first = process(submit(agent, "The user prefers dark mode."))
    again = process(submit(agent, "The user   prefers dark mode.", confidence=0.8))
    assert again.status == WriteStatus.DUPLICATE
    assert again.version_id == first.version_id
    assert gate(again, "dedup")["details"]["tier"] == "exact_hash"
    version = MemoryVersion.objects.get()
    assert version.evidence_count == 2 and version.last_reinforced_at is not None
    assert MemoryLogEntry.objects.filter(operation=LogOperation.REINFORCE).count() == 1


def test_an_exact_copy_is_answered_before_the_content_gates(agent):
    text = "The user's email is ana.lima@example.com and they prefer dark mode."
    first = process(submit(agent, text))
    assert first.status == WriteStatus.COMMITTED and "pii" in first.flags
    again = process(submit(agent, text))
    assert again.status == WriteStatus.DUPLICATE
    assert again.version_id == first.version_id
    # The detectors ran at the door; the worker answers from the hash.
    assert [g["gate"] for g in again.gate_decisions] == [
        "idempotency",
        "schema",
        "residency",
        "evidence",
        "dedup",
    ]
    assert again.gate == "dedup" and gate(again, "dedup")["details"] == {
        "tier": "exact_hash",
        "version_id": str(first.version_id),
        "item_id": str(first.memory_item_id),
    }
    assert "pii" in again.flags  # the door's flags are kept
    assert MemoryVersion.objects.get().evidence_count == 2


def test_a_keyed_copy_still_goes_through_every_content_gate(agent):
    first = process(submit(agent, "The user prefers dark mode.", key="theme"))
    again = process(submit(agent, "The user prefers dark mode.", key="theme"))
    assert again.status == WriteStatus.DUPLICATE
    assert again.version_id == first.version_id
    gates = [g["gate"] for g in again.gate_decisions]
    assert gates[-3:] == ["sensitivity", "contradiction", "dedup"]
    assert gate(again, "dedup")["details"]["tier"] == "entity_key"


def test_a_copy_of_a_retracted_memory_is_stored_again(agent):
    first = process(submit(agent, "The user prefers dark mode."))
    MemoryVersion.objects.filter(pk=first.version_id).update(
        status=VersionStatus.RETRACTED
    )
    again = process(submit(agent, "The user prefers dark mode."))
    assert again.status == WriteStatus.COMMITTED
    assert again.version_id != first.version_id
    assert "sensitivity" in [g["gate"] for g in again.gate_decisions]


def test_semantic_duplicate_within_the_scope(agent):
    process(submit(agent, "The user prefers dark mode in every dashboard."))
    near = process(submit(agent, "The user prefers dark mode in all dashboards."))
    assert near.status == WriteStatus.DUPLICATE
    assert near.gate == "semantic_dedup"
    assert gate(near, "semantic_dedup")["details"]["similarity"] > 0.95
    assert MemoryItem.objects.count() == 1


def test_near_text_in_a_sibling_scope_is_not_a_duplicate(agent, tenant):
    process(submit(agent, "The user prefers dark mode in every dashboard."))
    other = write_submit(
        agent=agent,
        payload={
            "scope": "/org/acme/user/43/",
            "layer": "episodic",
            "content": "The user prefers dark mode in every dashboard.",
            "source": "user_stated",
        },
        idempotency_key="x",
    )
    assert process(other.write).status == WriteStatus.COMMITTED
    assert MemoryItem.objects.count() == 2


def test_a_different_fact_is_not_a_duplicate(agent):
    process(submit(agent, "The user prefers dark mode."))
    other = process(submit(agent, "The user's invoices go to the finance mailbox."))
    assert other.status == WriteStatus.COMMITTED
    assert gate(other, "semantic_dedup")["details"]["nearest_similarity"] < 0.95


def test_entity_key_updates_the_item_with_a_superseding_version(agent):
    first = process(submit(agent, "The user prefers dark mode.", key="theme"))
    second = process(submit(agent, "The user prefers light mode.", key="theme"))
    assert second.status == WriteStatus.COMMITTED
    assert second.memory_item_id == first.memory_item_id
    old, new = MemoryVersion.objects.order_by("number")
    assert (old.status, new.status) == (VersionStatus.SUPERSEDED, VersionStatus.ACTIVE)
    assert new.number == 2 and new.supersedes == old
    assert old.valid_to == new.valid_from
    assert MemoryItem.objects.get().head == new
    same = process(submit(agent, "The user prefers light mode.", key="theme"))
    assert same.status == WriteStatus.DUPLICATE and MemoryVersion.objects.count() == 2


def test_redelivery_decides_once(agent):
    write = submit(agent, "The user prefers dark mode.")
    assert write_process(write_id=write.id) == 1
    assert write_process(write_id=write.id) == 0
    assert MemoryVersion.objects.count() == 1
    assert AuditEvent.objects.filter(action="memory.insert").count() == 1


def test_a_batch_embeds_together_and_sees_its_own_commits(agent):
    facts = [
        "The user lives in Lisbon.",
        "Invoices go to the finance mailbox.",
        "The user's dog is called Pixel.",
        "Weekly reports are due on Fridays.",
        "The VPN client crashes on macOS 15.",
    ]
    writes = [submit(agent, fact) for fact in facts]
    twin = submit(agent, facts[0], idem="twin")
    assert write_process(write_id=writes[0].id) == 6
    statuses = dict(WriteRequest.objects.values_list("id", "status"))
    assert [statuses[w.id] for w in writes] == [WriteStatus.COMMITTED] * 5
    assert statuses[twin.id] == WriteStatus.DUPLICATE


def test_a_deadline_that_passes_in_the_queue(agent):
    write = submit(
        agent, "Late.", deadline=(timezone.now() + timedelta(minutes=1)).isoformat()
    )
    WriteRequest.objects.filter(pk=write.pk).update(
        deadline=timezone.now() - timedelta(seconds=1),
        payload={
            **write.payload,
            "deadline": (timezone.now() - timedelta(seconds=1)).isoformat(),
        },
    )
    write = process(write)
    assert write.status == WriteStatus.REJECTED
    assert (write.gate, write.code) == ("idempotency", "deadline_exceeded")
    assert MemoryItem.objects.count() == 0


def test_an_agent_supplied_vector_is_used(agent):
    vector = [0.0] * 384
    vector[7] = 1.0
    write = process(submit(agent, "Custom vector memory.", embedding=vector))
    assert list(write.version.embedding) == vector


def test_the_next_batch_is_embedded_while_a_full_batch_is_decided(
    agent, tenant, monkeypatch
):
    from memory_core.embeddings import get_provider
    from memory_core.services import writes as service

    provider, embedded = get_provider(), []
    real_embed = provider.embed

    def embed(texts):
        embedded.extend(texts)
        return real_embed(texts)

    monkeypatch.setattr(provider, "embed", embed)  # the real model, its texts seen

    queued = [
        submit(agent, f"The user booked flight {n} to a city they never saw.")
        for n in "ABCDE"
    ]
    texts = [WriteRequest.objects.get(pk=w.id).payload["content"] for w in queued]
    digests = [service.content_hash(t) for t in texts]
    service.write_process(write_id=queued[0].id, batch_size=2)
    # A full batch: the two writes queued next are embedded in the background.
    hashes, future = service._prefetched[tenant.id]
    assert hashes == digests[2:4]
    future.result(timeout=60)
    embedded.clear()
    service.write_process(write_id=queued[2].id, batch_size=2)
    # That batch took its vectors from the prefetch: no model call for them.
    assert not set(texts[2:4]) & set(embedded)
    # Taken by that batch; the last write's text is on its way.
    assert service._prefetched[tenant.id][0] == digests[4:]
    for write, text in zip(queued[:4], texts[:4], strict=True):
        write.refresh_from_db()
        assert write.status == WriteStatus.COMMITTED
        stored = np.asarray(write.version.embedding, dtype=np.float64)
        alone = np.asarray(get_provider().embed([text])[0], dtype=np.float64)
        assert float(stored @ alone) > 0.9999
    service.write_process(write_id=queued[4].id, batch_size=2)
    assert WriteRequest.objects.get(pk=queued[4].id).status == WriteStatus.COMMITTED
