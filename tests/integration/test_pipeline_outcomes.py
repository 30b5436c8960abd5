"""Every outcome of a write, through the API and a real worker."""

import json
import threading
import time

import pytest
from django.db import connection
from rest_framework.test import APIClient

from audit.services import audit_chain_verify
from memory_core.models import (
    Agent,
    Conflict,
    ConflictStatus,
    MemoryItem,
    MemoryVersion,
    Role,
    VersionStatus,
    WriteRequest,
)
from memory_core.services.reviews import write_review_approve, write_review_reject
from tests.factories import make_member

pytestmark = pytest.mark.worker

SCOPE = "/org/acme/user/42/"


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


def note(content, **extra):
    return {
        "scope": SCOPE,
        "layer": "episodic",
        "content": content,
        "source": "user_stated",
        "confidence": 0.9,
        **extra,
    }


def set_policy(tenant, **overrides):
    tenant.policy = overrides
    tenant.save(update_fields=["policy"])


def test_committed_duplicate_and_merged(worker, api, tenant):
    first = post(api, note("The user's laptop is a ThinkPad X1.")).json()
    assert first["status"] == "committed", first
    assert first["risk"] < 0.3 and first["tier"] == "auto"
    dup = post(api, note("The user's laptop is a ThinkPad X1."), key="again").json()
    assert dup["status"] == "duplicate" and dup["memory_id"] == first["memory_id"]
    fact = {
        "kind": "entity_fact",
        "subject": "user:42",
        "predicate": "laptop",
        "object": "ThinkPad X1",
    }
    base = post(api, note("Laptop: ThinkPad X1.", **fact)).json()
    merged = post(
        api, note("Laptop: ThinkPad X1, 32 GB RAM, bought 2025.", **fact), key="merge"
    ).json()
    assert merged["status"] == "committed", merged
    assert merged["memory_id"] == base["memory_id"] and merged["version"] == 2
    version = MemoryVersion.objects.get(pk=merged["version_id"])
    assert version.merged_from and version.signature
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []


@pytest.mark.parametrize(
    ("body", "gate", "code"),
    [
        (
            note("I think the user may like jazz.", source="recalled", confidence=0.6),
            "evidence",
            "insufficient_evidence",
        ),
        (
            note(
                "Our refund policy is 30 days.",
                layer="semantic",
                source="agent_inferred",
            ),
            "evidence",
            "external_evidence_required",
        ),
        (
            note(
                "Deploy steps",
                layer="procedural",
                kind="procedure",
                fields={
                    "name": "deploy",
                    "steps": ["migrate", "restart"],
                    "version": "1.0",
                },
                evidence=[{"source_type": "AGENT_REASONING", "authority": 1.0}],
            ),
            "evidence",
            "self_referential_evidence",
        ),
        (
            note(
                "Call me at +44 20 7946 0958 or mail jo@example.com; api key "
                "sk_live_4eC39HqLyjWDarjtT1zdp7dc"
            ),
            "sensitivity",
            "secret_detected",
        ),
    ],
)
def test_rejected_in_the_worker_names_the_gate(worker, api, body, gate, code):
    answer = post(api, body)
    if answer.status_code == 422:  # refused at the door: same gate and code
        error = answer.json()["error"]
        assert (error["gate"], error["code"]) == (gate, code)
        return
    assert answer.status_code == 202
    body = answer.json()
    assert body["status"] == "rejected", body
    assert (body["gate"], body["code"]) == (gate, code)
    assert body["reason"]
    assert not MemoryItem.objects.exists()


def test_contradiction_is_rejected_when_less_confident(worker, api):
    kept = post(api, note("The user's favourite colour is blue.", key="colour")).json()
    answer = post(
        api,
        note(
            "The user's favourite colour is not blue.",
            source="agent_inferred",
            confidence=0.5,
        ),
    ).json()
    assert answer["status"] == "rejected", answer
    assert (answer["gate"], answer["code"]) == ("contradiction", "contradiction")
    assert answer["conflicts_with"] == [kept["memory_id"]]
    assert MemoryItem.objects.count() == 1
    assert MemoryVersion.objects.get(pk=kept["version_id"]).status == "active"


def test_pending_review_is_invisible_until_approved(worker, api, tenant):
    set_policy(tenant, async_review_at=0.0, sync_block_at=1.01)
    answer = post(api, note("The user moved to Porto.")).json()
    assert answer["status"] == "pending_review", answer
    assert answer["review_id"] == answer["id"]
    assert api.get("/api/v1/memories").json()["count"] == 0
    assert api.get(f"/api/v1/memories/{answer['memory_id']}").status_code == 404
    curator = make_member(tenant, Role.CURATOR)
    write_review_approve(
        tenant=tenant,
        write_id=answer["id"],
        user=curator,
        justification="checked with the user",
    )
    listed = api.get("/api/v1/memories").json()
    assert (
        listed["count"] == 1
        and listed["results"][0]["content"] == "The user moved to Porto."
    )
    detail = api.get(f"/api/v1/writes/{answer['id']}").json()
    assert detail["status"] == "committed" and detail["decided_by"] == curator.username


def test_awaiting_approval_then_approved_while_the_agent_waits(worker, api, tenant):
    set_policy(tenant, async_review_at=0.0, sync_block_at=0.0)
    curator = make_member(tenant, Role.CURATOR)
    write_id = post(api, note("Wire 40k EUR to the new supplier."), wait=0).json()["id"]

    def approve_soon():
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if WriteRequest.objects.get(pk=write_id).status == "awaiting_approval":
                write_review_approve(
                    tenant=tenant,
                    write_id=write_id,
                    user=curator,
                    justification="Supplier confirmed by phone.",
                )
                break
            time.sleep(0.1)
        connection.close()

    approver = threading.Thread(target=approve_soon)
    approver.start()
    answer = api.get(f"/api/v1/writes/{write_id}?wait=30").json()
    approver.join()
    assert answer["status"] == "committed", answer
    assert MemoryVersion.objects.get(pk=answer["version_id"]).status == "active"


def test_awaiting_approval_expires_at_the_deadline(worker, api, tenant):
    set_policy(tenant, async_review_at=0.0, sync_block_at=0.0, sync_deadline_seconds=1)
    answer = post(api, note("Grant the agent admin rights."), wait=10).json()
    assert answer["status"] == "expired", answer
    assert answer["code"] == "approval_deadline_passed"
    version = MemoryVersion.objects.get(pk=answer["version_id"])
    assert version.status == VersionStatus.RETRACTED
    assert version.valid_from == version.valid_to


def test_deferred_with_retry_after_then_processed(worker, api, tenant):
    set_policy(tenant, rate_limits={"episodic": 1}, rate_backoff_seconds=1)
    assert post(api, note("First note of the minute.")).json()["status"] == "committed"
    deferred = post(api, note("Second note of the minute."), key="second")
    assert deferred.status_code == 429
    assert int(deferred["Retry-After"]) >= 1
    error = deferred.json()["error"]
    assert (error["gate"], error["code"]) == ("rate", "rate_limited")
    write = WriteRequest.objects.get(pk=error["details"]["write_id"])
    assert write.status == "deferred" and write.retry_at
    # When its time comes, the worker admits it.
    answer = api.get(f"/api/v1/writes/{write.id}?wait=1").json()
    deadline = time.monotonic() + 30
    while answer["status"] == "deferred" and time.monotonic() < deadline:
        time.sleep(0.2)
        answer = api.get(f"/api/v1/writes/{write.id}").json()
    assert answer["status"] == "committed", answer


def test_a_write_storm_suspends_the_agent(worker, api, tenant, agent_and_token):
    set_policy(tenant, storm_writes_per_minute=3, rate_limits={"episodic": 100})
    answers = [
        post(api, note(f"Storm note {i} about topic {i * 7}."), wait=0, key=f"s{i}")
        for i in range(5)
    ]
    codes = [a.status_code for a in answers]
    assert 403 in codes, codes
    agent = Agent.objects.get(pk=agent_and_token[0].pk)
    assert agent.writes_suspended_at is not None
    refused = post(api, note("After the storm."), wait=0, key="after")
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "agent_suspended"


def test_two_curators_deciding_at_once(worker, api, tenant):
    set_policy(tenant, async_review_at=0.0, sync_block_at=1.01)
    write_id = post(api, note("The office moves in May.")).json()["id"]
    alice = make_member(tenant, Role.CURATOR)
    bob = make_member(tenant, Role.CURATOR)
    outcomes, barrier = [], threading.Barrier(2)

    def decide(user, approve):
        barrier.wait()
        try:
            if approve:
                write_review_approve(tenant=tenant, write_id=write_id, user=user)
            else:
                write_review_reject(
                    tenant=tenant,
                    write_id=write_id,
                    user=user,
                    reason_code="FACTUAL_ERROR",
                )
            outcomes.append("ok")
        except Exception as exc:  # noqa: BLE001 - the loser's error is the point
            outcomes.append(getattr(exc, "code", type(exc).__name__))
        finally:
            connection.close()

    threads = [
        threading.Thread(target=decide, args=(alice, True)),
        threading.Thread(target=decide, args=(bob, False)),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["already_decided", "ok"]
    write = WriteRequest.objects.get(pk=write_id)
    assert write.status in {"committed", "rejected"} and write.decided_by


def test_contradiction_case_approved_supersedes_the_old_version(worker, api, tenant):
    set_policy(tenant, async_review_at=0.5)
    old = post(
        api,
        note("The team standup is on Monday.", source="agent_inferred", confidence=0.5),
    ).json()
    assert old["status"] in {"committed", "pending_review"}
    if old["status"] == "pending_review":
        write_review_approve(
            tenant=tenant,
            write_id=old["id"],
            user=make_member(tenant, Role.CURATOR, username="c0"),
        )
    new = post(
        api,
        note(
            "The team standup is on Tuesday.", source="agent_inferred", confidence=0.95
        ),
        key="new",
    ).json()
    assert new["status"] == "pending_review", new
    assert new["conflicts_with"] == [old["memory_id"]]
    conflict = Conflict.objects.get(write_request_id=new["id"])
    assert (
        conflict.existing_version.item_id
        == MemoryItem.objects.get(pk=old["memory_id"]).pk
    )
    write_review_approve(
        tenant=tenant,
        write_id=new["id"],
        user=make_member(tenant, Role.CURATOR, username="c1"),
    )
    conflict.refresh_from_db()
    assert (
        conflict.status == ConflictStatus.RESOLVED and conflict.resolution == "keep_new"
    )
    assert (
        MemoryVersion.objects.get(pk=conflict.existing_version_id).status
        == "superseded"
    )


def test_other_tenant_cannot_decide(worker, api, tenant, other_tenant):
    set_policy(tenant, async_review_at=0.0, sync_block_at=1.01)
    write_id = post(api, note("Secret plan: launch in June.")).json()["id"]
    outsider = make_member(other_tenant, Role.CURATOR)
    from memory_core.exceptions import NotFound

    with pytest.raises(NotFound):
        write_review_approve(tenant=other_tenant, write_id=write_id, user=outsider)
    with pytest.raises(NotFound):
        write_review_approve(tenant=tenant, write_id=write_id, user=outsider)
    assert WriteRequest.objects.get(pk=write_id).status == "pending_review"
    viewer = make_member(tenant, Role.VIEWER)
    from memory_core.exceptions import Forbidden

    with pytest.raises(Forbidden):
        write_review_approve(tenant=tenant, write_id=write_id, user=viewer)
    client = APIClient()
    assert client.get(f"/api/v1/writes/{write_id}").status_code == 401


def test_an_admin_lifts_a_suspension(worker, api, tenant, agent_and_token):
    from django.core.management import call_command

    from audit.models import AuditEvent

    agent = agent_and_token[0]
    Agent.objects.filter(pk=agent.pk).update(writes_suspended_at="2026-01-01T00:00Z")
    assert post(api, note("Blocked."), wait=0, key="b").status_code == 403
    call_command("agent_resume", tenant.slug, agent.name, "--reason", "loop fixed")
    assert post(api, note("Allowed again."), key="a").json()["status"] == "committed"
    assert AuditEvent.objects.filter(
        action="agent.resume", object_id=str(agent.id)
    ).exists()
