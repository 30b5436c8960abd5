"""POST /api/v1/writes/batch without a worker: each write answered as alone."""

import json

import pytest
from rest_framework.test import APIClient

from audit.models import AuditEvent
from memory_core.models import Agent, Scope, WriteRequest, WriteStatus
from tests.factories import make_agent

URL = "/api/v1/writes/batch"
SCOPE = "/org/acme/user/42/"


def note(content: str, **fields) -> dict:
    return {"scope": SCOPE, "layer": "episodic", "content": content, **fields}


def post(api, body, **headers):
    return api.post(
        URL, data=json.dumps(body), content_type="application/json", **headers
    )


def results(response) -> list[dict]:
    assert response.status_code == 207, response.content
    return response.json()["results"]


def test_a_batch_of_valid_and_invalid_writes_answers_each(api, tenant):
    body = {
        "writes": [
            note("The user prefers dark mode."),
            note("key AKIAIOSFODNN7EXAMPLE"),  # a secret: refused, stored
            {**note("x"), "colour": "red"},  # unknown field: refused, not stored
            note("The user lives in Lyon.", confidence=3),  # out of range
            note("The user drinks green tea."),
        ]
    }
    answers = results(post(api, body))
    assert [a["index"] for a in answers] == [0, 1, 2, 3, 4]
    assert [a["status"] for a in answers] == [202, 422, 422, 422, 202]
    assert answers[1]["error"]["gate"] == "sensitivity"
    assert answers[1]["error"]["code"] == "secret_detected"
    assert answers[2]["error"]["code"] == "unknown_fields"
    assert answers[3]["error"]["code"] == "out_of_range"
    queued = [answers[0]["write"]["id"], answers[4]["write"]["id"]]
    assert all(a["write"]["status"] == "queued" for a in (answers[0], answers[4]))
    # Stored: the two queued, and the two the door's gates refused (the
    # secret without its content); the unknown field never reached them.
    stored = WriteRequest.objects.filter(tenant=tenant)
    queued_ids = stored.filter(status=WriteStatus.QUEUED).values_list("id", flat=True)
    assert set(map(str, queued_ids)) == set(queued)
    refused = {w.code: w for w in stored.filter(status=WriteStatus.REJECTED)}
    assert set(refused) == {"secret_detected", "out_of_range"}
    assert "AKIA" not in json.dumps(refused["secret_detected"].payload)
    # One audit event a stored write, in the same chain.
    for write in stored:
        assert AuditEvent.objects.filter(object_id=str(write.id)).count() == 1
    # Kept in the batch's order for the worker (oldest first).
    by_time = list(
        stored.filter(status=WriteStatus.QUEUED)
        .order_by("created_at")
        .values_list("id", flat=True)
    )
    assert list(map(str, by_time)) == queued


def test_a_replayed_batch_returns_the_stored_answers_and_stores_nothing(api, tenant):
    body = {
        "writes": [
            note("First fact."),
            note("Second fact."),
            note("AKIAIOSFODNN7EXAMPLE"),
        ]
    }
    first = results(post(api, body, HTTP_IDEMPOTENCY_KEY="batch-1"))
    count, events = WriteRequest.objects.count(), AuditEvent.objects.count()
    replay = results(post(api, body, HTTP_IDEMPOTENCY_KEY="batch-1"))
    assert WriteRequest.objects.count() == count == 3
    assert AuditEvent.objects.count() == events
    assert [a["replayed"] for a in replay] == [True, True, True]
    assert [a["status"] for a in replay] == [a["status"] for a in first]
    assert replay[0]["write"]["id"] == first[0]["write"]["id"]
    assert replay[2]["error"] == first[2]["error"]
    # The same key with one write changed: that write alone is refused.
    changed = {"writes": [note("First fact."), note("Changed fact.")]}
    again = results(post(api, changed, HTTP_IDEMPOTENCY_KEY="batch-1"))
    assert again[0]["replayed"] and again[0]["write"]["id"] == first[0]["write"]["id"]
    assert again[1]["status"] == 422
    assert again[1]["error"]["code"] == "idempotency_key_reused"
    assert WriteRequest.objects.count() == 3


def test_a_batch_key_never_meets_a_single_writes_key(api):
    single = api.post(
        "/api/v1/writes",
        data=json.dumps(note("First fact.")),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY="k",
    )
    batch = results(
        post(api, {"writes": [note("Other fact.")]}, HTTP_IDEMPOTENCY_KEY="k")
    )
    assert batch[0]["status"] == 202 and not batch[0]["replayed"]
    assert batch[0]["write"]["id"] != single.json()["id"]


def test_without_a_key_the_same_content_twice_is_one_write(api):
    answers = results(post(api, {"writes": [note("Same fact."), note("Same  fact.")]}))
    assert answers[0]["write"]["id"] == answers[1]["write"]["id"]
    assert [a["replayed"] for a in answers] == [False, True]
    assert WriteRequest.objects.count() == 1


def test_another_tenants_scope_is_refused_for_that_write_alone(api, other_tenant):
    answers = results(
        post(
            api,
            {
                "writes": [
                    note("A fact."),
                    {**note("Their fact."), "scope": "/org/globex/user/7/"},
                ]
            },
        )
    )
    assert answers[0]["status"] == 202
    # As POST /api/v1/writes answers it: the same whether the scope exists.
    assert answers[1]["status"] == 422
    assert answers[1]["error"]["code"] == "scope_forbidden"
    assert not WriteRequest.objects.filter(tenant=other_tenant).exists()
    assert not Scope.objects.filter(
        tenant=other_tenant, path__startswith="/org/acme"
    ).exists()


def test_a_new_scope_is_created_once_for_the_batch(api, tenant):
    tenant.policy = {**tenant.policy, "auto_create_scopes": ["task"]}
    tenant.save(update_fields=["policy"])
    scope = "/org/acme/user/42/task/t-1/"
    answers = results(
        post(
            api,
            {
                "writes": [
                    {**note("Step one."), "scope": scope},
                    {**note("Step two."), "scope": scope},
                ]
            },
        )
    )
    assert [a["status"] for a in answers] == [202, 202], answers
    assert Scope.objects.filter(tenant=tenant, path=scope).count() == 1


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ([note("x")], 400, "malformed_json"),
        ({"writes": []}, 422, "invalid_batch"),
        ({"writes": note("x")}, 422, "invalid_batch"),
        ({"writes": [note("x")], "extra": 1}, 422, "unknown_fields"),
    ],
)
def test_a_body_that_is_not_a_batch_refuses_it_whole(api, body, status, code):
    response = post(api, body)
    assert response.status_code == status
    assert response.json()["error"]["code"] == code
    assert WriteRequest.objects.count() == 0


def test_an_oversize_batch_is_422(api, settings):
    settings.MGC_WRITE_BATCH_MAX_ITEMS = 3
    response = post(api, {"writes": [note(f"Fact {n}.") for n in range(4)]})
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "batch_too_large"
    assert WriteRequest.objects.count() == 0
    assert results(post(api, {"writes": [note(f"Fact {n}.") for n in range(3)]}))


def test_a_body_over_the_batch_limit_is_413_and_one_over_a_writes_passes(api, settings):
    # Over one write's body limit (256 KiB): a batch may carry more.
    big = [note(f"Fact {n}: " + "words " * 5000) for n in range(12)]
    assert len(json.dumps({"writes": big})) > settings.MGC_MAX_BODY_BYTES
    assert all(a["status"] == 202 for a in results(post(api, {"writes": big})))
    settings.MGC_WRITE_BATCH_MAX_BODY_BYTES = 1000
    response = post(api, {"writes": big[:1]})
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "body_too_large"


def test_a_suspended_agent_is_refused_whole(api, agent_and_token):
    agent = agent_and_token[0]
    Agent.objects.filter(pk=agent.pk).update(writes_suspended_at="2026-11-26T10:00:00Z")
    response = post(api, {"writes": [note("A fact.")]})
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "agent_suspended"
    assert WriteRequest.objects.count() == 0


def test_every_write_counts_for_the_rate_limit(api, tenant):
    tenant.policy = {**tenant.policy, "rate_limits": {"episodic": 3}}
    tenant.save(update_fields=["policy"])
    answers = results(post(api, {"writes": [note(f"Fact {n}.") for n in range(5)]}))
    assert [a["status"] for a in answers] == [202, 202, 202, 429, 429]
    assert answers[3]["error"]["code"] == "rate_limited"
    assert answers[3]["error"]["details"]["retry_at"]
    # The next request counts the batch's five attempts.
    single = api.post(
        "/api/v1/writes",
        data=json.dumps(note("Sixth fact.")),
        content_type="application/json",
    )
    assert single.status_code == 429


def test_a_storm_in_a_batch_suspends_the_agent_and_refuses_the_rest(
    api, tenant, agent_and_token
):
    tenant.policy = {**tenant.policy, "storm_writes_per_minute": 2}
    tenant.save(update_fields=["policy"])
    answers = results(post(api, {"writes": [note(f"Fact {n}.") for n in range(4)]}))
    assert [a["status"] for a in answers] == [202, 202, 403, 403]
    assert answers[2]["error"]["code"] == "write_storm"
    assert answers[3]["error"]["code"] == "agent_suspended"
    agent = Agent.objects.get(pk=agent_and_token[0].pk)
    assert agent.writes_suspended_at is not None
    assert (
        AuditEvent.objects.filter(
            action="agent.suspend", object_id=str(agent.pk)
        ).count()
        == 1
    )
    assert WriteRequest.objects.filter(status=WriteStatus.REJECTED).count() == 2


def test_another_tenants_agent_sees_none_of_the_batch(api, other_tenant):
    answers = results(post(api, {"writes": [note("A fact.")]}))
    _, token = make_agent(other_tenant)
    other = APIClient()
    other.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    response = other.get(f"/api/v1/writes/{answers[0]['write']['id']}")
    assert response.status_code == 404
    # Their batch under the same key is theirs alone.
    mine = results(
        post(
            other,
            {"writes": [{**note("A fact."), "scope": "/org/globex/user/7/"}]},
            HTTP_IDEMPOTENCY_KEY="k",
        )
    )
    assert mine[0]["status"] == 202 and not mine[0]["replayed"]


def test_the_schema_documents_the_batch(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operation = schema["paths"]["/api/v1/writes/batch"]["post"]
    assert operation["operationId"] == "writes_batch_create"
    assert "207" in operation["responses"]
    assert {"413", "422", "403"} <= set(operation["responses"])


def test_one_drain_request_for_the_batch(api, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        answers = results(post(api, {"writes": [note(f"Fact {n}.") for n in range(5)]}))
    assert [a["write"]["status"] for a in answers] == ["queued"] * 5
    # The drain request: one message takes the tenant's queued writes.
    assert len(callbacks) == 1


def test_a_mem0_add_of_several_messages_is_one_batch(
    agent_and_token, tenant, django_capture_on_commit_callbacks
):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {agent_and_token[1]}")
    messages = [
        {"role": "user", "content": "I moved to Lyon."},
        {"role": "assistant", "content": "Noted."},
        {"role": "user", "content": "My sister is called Ada."},
    ]
    with django_capture_on_commit_callbacks() as callbacks:
        response = client.post(
            "/mem0/v3/memories/add/",
            data=json.dumps({"messages": messages, "user_id": "42"}),
            content_type="application/json",
        )
    assert response.status_code == 200, response.content
    ids = response.json()["event_id"].split(".")
    writes = WriteRequest.objects.filter(id__in=ids)
    assert {w.status for w in writes} == {WriteStatus.QUEUED} and len(ids) == 2
    assert len(callbacks) == 1  # one drain request for the user's messages


def test_a_write_that_fails_the_batch_is_refused_alone(api, tenant):
    # Its subject outgrows its column once its e-mails become tokens, in the
    # batch's transaction: nothing of it is kept, each write goes alone.
    subject = " ".join(f"u{n}@b.io" for n in range(22))
    assert len(subject) <= 200
    body = {
        "writes": [
            note("A fact."),
            note("Their contact list.", subject=subject),
            note("Another fact."),
        ]
    }
    answers = results(post(api, body, HTTP_IDEMPOTENCY_KEY="b"))
    assert [a["status"] for a in answers] == [202, 422, 202]
    assert answers[1]["error"]["code"] == "invalid_write"
    assert "subject" in answers[1]["error"]["details"]
    assert WriteRequest.objects.filter(tenant=tenant).count() == 2
    replay = results(post(api, body, HTTP_IDEMPOTENCY_KEY="b"))
    assert [a["replayed"] for a in replay] == [True, False, True]
