"""One bad write never stalls the others: a real worker, real PostgreSQL.

A poisoned write is put in the queue as the door would have stored it before
its checks existed (or as a client bypassing them would), ahead of good writes
from other agents of the same tenant; the worker claims it first and batches
the others with it.
"""

import json
import time
import uuid

import pytest
from rest_framework.test import APIClient

from audit.services import audit_chain_verify
from memory_core.hashing import content_token
from memory_core.models import (
    Agent,
    MemoryItem,
    MemoryVersion,
    Role,
    WriteRequest,
    WriteStatus,
)
from memory_core.services.reviews import write_review_approve, write_review_reject
from memory_core.services.writes import write_enqueue
from tests.conftest import wait_for
from tests.factories import make_agent, make_member

pytestmark = pytest.mark.worker

SCOPE = "/org/acme/user/42/"
DIM = 384


def note(content, **extra):
    return {
        "scope": SCOPE,
        "layer": "episodic",
        "kind": "note",
        "content": content,
        "source": "user_stated",
        "confidence": 0.9,
        **extra,
    }


def queued(agent: Agent, payload: dict) -> WriteRequest:
    """Store a write as queued, bypassing the door, without enqueueing it."""
    token = content_token(payload, agent_id=agent.id, layer=payload["layer"])
    return WriteRequest.objects.create(
        tenant_id=agent.tenant_id,
        agent=agent,
        idempotency_key=f"raw-{uuid.uuid4()}",
        request_hash=token,
        content_token=token,
        payload=payload,
        scope_path=payload["scope"],
        layer=payload["layer"],
    )


def post(api, body, wait=30, key=None):
    headers = {"HTTP_PREFER": f"wait={wait}"}
    if key:
        headers["HTTP_IDEMPOTENCY_KEY"] = key
    return api.post(
        "/api/v1/writes",
        data=json.dumps(body),
        content_type="application/json",
        **headers,
    )


def client_for(agent_token):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {agent_token}")
    return client


def settled(write_ids, timeout=15):
    """Wait until no write is queued; return them by id."""
    wait_for(
        lambda: (
            not WriteRequest.objects.filter(
                pk__in=write_ids, status=WriteStatus.QUEUED
            ).exists()
        ),
        timeout=timeout,
    )
    return WriteRequest.objects.in_bulk(write_ids)


GOOD_NOTES = (
    "The user's favourite editor is Helix.",
    "The user has a cat called Miso.",
    "The user runs every Sunday morning.",
    "The user's laptop is a ThinkPad X1.",
)

POISONS = {
    "zero_embedding": (
        {"embedding": [0.0] * DIM},
        ("schema", "embedding_invalid"),
    ),
    "huge_embedding": (
        {"embedding": [1e300] * DIM},
        ("schema", "embedding_invalid"),
    ),
    "huge_ttl": ({"ttl_seconds": 10**12}, ("schema", "out_of_range")),
    "huge_soft_ttl": ({"soft_ttl_seconds": 10**12}, ("schema", "out_of_range")),
    # Nothing checks it in the worker: the database refuses it (varchar 200).
    "over_long_task_id": ({"task_id": "t" * 500}, ("pipeline", "internal_error")),
}


@pytest.mark.parametrize("poison", POISONS, ids=list(POISONS))
def test_a_poisoned_write_does_not_stall_its_batch(worker, tenant, poison):
    extra, (gate, code) = POISONS[poison]
    poisoner, _ = make_agent(tenant)
    others = [make_agent(tenant)[0] for _ in range(2)]
    bad = queued(poisoner, note("A poisoned note about the user.", **extra))
    good = [
        queued(agent, note(content))
        for agent, content in zip(others * 2, GOOD_NOTES, strict=True)
    ]
    started = time.monotonic()
    # The poisoned write's task claims it first and batches the good ones.
    write_enqueue(write_id=bad.id)
    for write in good:
        write_enqueue(write_id=write.id)

    writes = settled([bad.id, *(w.id for w in good)])
    elapsed = time.monotonic() - started
    # Retried, the batch would wait out five retries (~31 s); isolated, it
    # settles in a second or two (the bound leaves room for a loaded machine).
    assert elapsed < 20, f"took {elapsed:.1f} s: retried instead of isolated"
    assert [(writes[w.id].status, writes[w.id].reason) for w in good] == [
        (WriteStatus.COMMITTED, "")
    ] * 4
    rejected = writes[bad.id]
    assert rejected.status == WriteStatus.REJECTED, rejected.status
    assert (rejected.gate, rejected.code) == (gate, code)
    assert rejected.reason and rejected.finished_at
    # Nothing of the poisoned write was committed.
    assert not MemoryVersion.objects.filter(write_request_id=bad.id).exists()
    assert MemoryItem.objects.filter(tenant=tenant).count() == 4
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []


def test_the_poisoned_write_is_not_retried(worker, tenant):
    agent, _ = make_agent(tenant)
    bad = queued(agent, note("Another poisoned note.", task_id="t" * 500))
    write_enqueue(write_id=bad.id)
    write = settled([bad.id])[bad.id]
    assert (write.status, write.code, write.attempts) == (
        "rejected",
        "internal_error",
        1,
    )
    # A redelivered message finds it decided and changes nothing.
    write_enqueue(write_id=bad.id)
    time.sleep(1)
    write.refresh_from_db()
    assert (write.status, write.attempts) == ("rejected", 1)


def keyed(content, key="home_city", **extra):
    return note(content, key=key, kind="note", **extra)


def draft_first_version(api, tenant, content="The user lives in Porto."):
    """Write a keyed note that stays a draft awaiting review."""
    tenant.policy = {"async_review_at": 0.0, "sync_block_at": 1.01}
    tenant.save(update_fields=["policy"])
    first = post(api, keyed(content)).json()
    assert first["status"] == "pending_review", first
    tenant.policy = {}
    tenant.save(update_fields=["policy"])
    return first


def test_a_keyed_write_over_a_pending_draft_waits_for_its_review(worker, api, tenant):
    first = draft_first_version(api, tenant)
    _, token = make_agent(tenant)
    other = client_for(token)
    neighbour = queued(
        make_agent(tenant)[0], note("An unrelated note written at the same time.")
    )
    answer = post(other, keyed("The user lives in Lisbon."), wait=10).json()
    write_enqueue(write_id=neighbour.id)
    assert answer["status"] == "deferred", answer
    assert (answer["gate"], answer["code"]) == ("contradiction", "key_awaiting_review")
    assert first["memory_id"] in answer["reason"]
    assert settled([neighbour.id])[neighbour.id].status == WriteStatus.COMMITTED
    assert MemoryItem.objects.filter(memory_key="home_city").count() == 1

    # The review closes: the waiting write runs against the published item.
    curator = make_member(tenant, Role.CURATOR)
    write_review_approve(tenant=tenant, write_id=first["id"], user=curator)
    after = wait_for(
        lambda: (
            (a := other.get(f"/api/v1/writes/{answer['id']}").json())["status"]
            != "deferred"
            and a
        ),
        timeout=15,
    )
    assert after["status"] == "committed", after
    assert after["memory_id"] == first["memory_id"] and after["version"] == 2
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []


def test_a_keyed_write_over_a_rejected_draft_versions_the_same_item(
    worker, api, tenant
):
    first = draft_first_version(api, tenant)
    _, token = make_agent(tenant)
    other = client_for(token)
    answer = post(other, keyed("The user lives in Lisbon."), wait=10).json()
    assert answer["status"] == "deferred", answer
    curator = make_member(tenant, Role.CURATOR)
    write_review_reject(
        tenant=tenant, write_id=first["id"], user=curator, reason_code="FACTUAL_ERROR"
    )
    after = wait_for(
        lambda: (
            (a := other.get(f"/api/v1/writes/{answer['id']}").json())["status"]
            != "deferred"
            and a
        ),
        timeout=15,
    )
    assert after["status"] == "committed", after
    assert after["memory_id"] == first["memory_id"]
    item = MemoryItem.objects.get(pk=first["memory_id"])
    assert item.status == "active" and str(item.head_id) == after["version_id"]
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []


def test_two_new_keyed_writes_in_one_batch(worker, tenant):
    """The first becomes a draft; the second, batched with it, waits."""
    tenant.policy = {"async_review_at": 0.0, "sync_block_at": 1.01}
    tenant.save(update_fields=["policy"])
    a, b = make_agent(tenant)[0], make_agent(tenant)[0]
    first = queued(a, keyed("The user's team is Platform."))
    second = queued(b, keyed("The user's team is Payments."))
    write_enqueue(write_id=first.id)
    write_enqueue(write_id=second.id)
    writes = settled([first.id, second.id])
    assert writes[first.id].status == WriteStatus.PENDING_REVIEW
    assert writes[second.id].status == WriteStatus.DEFERRED
    assert writes[second.id].code == "key_awaiting_review"
    assert MemoryItem.objects.filter(memory_key="home_city").count() == 1


def procedure_without_evidence(i):
    return {
        "scope": SCOPE,
        "layer": "procedural",
        "kind": "procedure",
        "content": f"Deploy steps, revision {i}.",
        "fields": {
            "name": f"deploy-{i}",
            "steps": ["migrate", "restart"],
            "version": "1.0",
        },
        "source": "agent_inferred",
    }


def test_writes_the_worker_refuses_count_towards_limits_and_the_storm(
    worker, api, tenant, agent_and_token
):
    tenant.policy = {
        "rate_limits": {"procedural": 3},
        "storm_writes_per_minute": 8,
        "rate_backoff_seconds": 1,
    }
    tenant.save(update_fields=["policy"])
    answers = []
    for i in range(12):
        response = post(api, procedure_without_evidence(i), wait=10, key=f"p{i}")
        answers.append(response)
        if response.status_code == 403:
            break
    codes = [a.status_code for a in answers]
    # The worker refuses the first three (no external evidence); they count.
    assert codes[:3] == [202] * 3, codes
    for answer in answers[:3]:
        assert (answer.json()["status"], answer.json()["gate"]) == (
            "rejected",
            "evidence",
        )
    assert codes[3:8] == [429] * 5, codes
    assert codes[8] == 403, codes
    assert answers[8].json()["error"]["code"] == "write_storm"
    agent = Agent.objects.get(pk=agent_and_token[0].pk)
    assert agent.writes_suspended_at is not None
