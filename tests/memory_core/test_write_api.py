"""The agents' write API, without a worker: validation, idempotency, isolation."""

import json
import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from audit.models import AuditEvent
from memory_core.models import MemoryItem, WriteRequest, WriteStatus
from memory_core.services.tenancy import agent_token_revoke
from tests.factories import SYSTEM, make_agent

URL = "/api/v1/writes"
BODY = {
    "scope": "/org/acme/user/42/",
    "layer": "episodic",
    "content": "The user prefers dark mode.",
}


def post(api, body=BODY, **headers):
    return api.post(
        URL, data=json.dumps(body), content_type="application/json", **headers
    )


def error(response):
    return response.json()["error"]


def test_write_is_accepted_and_queued(api, tenant):
    response = post(api, HTTP_IDEMPOTENCY_KEY="k1")
    assert response.status_code == 202
    body = response.json()
    assert body["status"] == "queued"
    write = WriteRequest.objects.get(pk=body["id"])
    # Stored only as a keyed hash: the header is only ever compared.
    assert write.tenant == tenant and write.idempotency_key.startswith("ik:")
    assert "k1" not in write.idempotency_key and len(write.idempotency_key) == 67
    assert response["Location"] == f"/api/v1/writes/{write.id}"
    assert AuditEvent.objects.filter(
        object_id=str(write.id), action="write.submit"
    ).exists()


def test_replay_returns_the_stored_answer(api):
    first = post(api, HTTP_IDEMPOTENCY_KEY="k1")
    WriteRequest.objects.filter(pk=first.json()["id"]).update(
        status=WriteStatus.COMMITTED
    )
    replay = post(api, HTTP_IDEMPOTENCY_KEY="k1")
    assert replay.status_code == 202
    assert replay["Idempotent-Replayed"] == "true"
    assert replay.json()["id"] == first.json()["id"]
    assert replay.json()["status"] == "committed"
    assert WriteRequest.objects.count() == 1


def test_the_idempotency_key_is_stored_as_a_keyed_hash_and_still_replays(api, settings):
    """A key naming someone (issue 13) is never stored in clear; a replay is
    recognised under a previous redaction key, and a write stored before keys
    were hashed by its key in clear."""
    key = "retry-jane.doe@example.com-1"
    first = post(api, HTTP_IDEMPOTENCY_KEY=key)
    write = WriteRequest.objects.get(pk=first.json()["id"])
    assert "jane" not in write.idempotency_key
    settings.MGC_REDACTION_KEY_PREVIOUS = [settings.MGC_REDACTION_KEY]
    settings.MGC_REDACTION_KEY = "a-new-redaction-key-for-the-rotation-test"
    replay = post(api, HTTP_IDEMPOTENCY_KEY=key)
    assert replay["Idempotent-Replayed"] == "true"
    assert replay.json()["id"] == str(write.pk)
    WriteRequest.objects.filter(pk=write.pk).update(idempotency_key=key)
    legacy = post(api, HTTP_IDEMPOTENCY_KEY=key)
    assert legacy["Idempotent-Replayed"] == "true"
    assert WriteRequest.objects.count() == 1


def test_personal_data_in_ids_is_redacted_before_it_is_stored(api, tenant):
    body = {
        **BODY,
        "session_id": "chat/jane.doe@example.com",
        "task_id": "ask +44 20 7946 0958",
        "key": "contact:jane.doe@example.com",
    }
    response = post(api, body, HTTP_IDEMPOTENCY_KEY="k-ids")
    assert response.status_code == 202, response.content
    write = WriteRequest.objects.get(pk=response.json()["id"])
    assert write.session_id == "chat/<EMAIL_1>"
    assert write.payload["session_id"] == "chat/<EMAIL_1>"
    assert write.payload["task_id"] == "ask <PHONE_1>"
    assert write.payload["key"] == "contact:<EMAIL_1>"
    assert "jane" not in json.dumps(write.payload)


def test_a_refused_write_keeps_its_ids_redacted_too(api, tenant):
    body = {
        **BODY,
        "scope": "/org/globex/user/7/",  # outside the grant: refused at the door
        "session_id": "chat/jane.doe@example.com",
        "key": "contact:jane.doe@example.com",
        "evidence": [
            {"source_type": "HUMAN_INPUT", "uri": "mailto:jane.doe@example.com"}
        ],
    }
    response = post(api, body, HTTP_IDEMPOTENCY_KEY="k-refused")
    assert response.status_code == 422
    write = WriteRequest.objects.get(pk=error(response)["details"]["write_id"])
    assert write.status == WriteStatus.REJECTED
    assert "jane" not in json.dumps(write.payload) + write.session_id


def test_same_key_with_another_body_is_422(api):
    post(api, HTTP_IDEMPOTENCY_KEY="k1")
    response = post(
        api, {**BODY, "content": "Something else."}, HTTP_IDEMPOTENCY_KEY="k1"
    )
    assert response.status_code == 422
    assert error(response)["code"] == "idempotency_key_reused"
    assert WriteRequest.objects.count() == 1


def test_without_a_key_the_content_token_absorbs_retries(api):
    first = post(api)
    second = post(api, {**BODY, "content": "The user  prefers dark mode."})
    assert second.json()["id"] == first.json()["id"]
    other_layer = post(api, {**BODY, "layer": "session"})
    assert other_layer.json()["id"] != first.json()["id"]


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({**BODY, "colour": "red"}, 422, "unknown_fields"),
        ({"layer": "episodic", "content": "x"}, 422, "invalid_write"),
        ({**BODY, "layer": "dreams"}, 422, "invalid_write"),
        ({**BODY, "content": "x" * (32 * 1024 + 1)}, 413, "content_too_large"),
        ({**BODY, "embedding": [0.1] * 12}, 422, "embedding_dimension"),
        # A missing scope the policy may create is created (test_scope_write_api).
        ({**BODY, "scope": "/org/acme/user/Ninety Nine/"}, 422, "unknown_scope"),
        ({**BODY, "scope": "/org/globex/user/7/"}, 422, "scope_forbidden"),
        ({**BODY, "confidence": 3}, 422, "out_of_range"),
        ({**BODY, "content": "key AKIAIOSFODNN7EXAMPLE"}, 422, "secret_detected"),
        ([BODY], 400, "malformed_json"),
    ],
)
def test_bad_writes_get_a_clear_error_and_change_nothing(
    api, other_tenant, body, status, code
):
    response = post(api, body)
    assert response.status_code == status, response.content
    assert error(response)["code"] == code
    assert error(response)["message"]
    assert MemoryItem.objects.count() == 0
    assert not WriteRequest.objects.filter(status=WriteStatus.QUEUED).exists()


def test_a_refused_write_is_logged_without_its_content(api):
    response = post(
        api, {**BODY, "content": "key AKIAIOSFODNN7EXAMPLE"}, HTTP_IDEMPOTENCY_KEY="s1"
    )
    assert error(response)["gate"] == "sensitivity"
    write = WriteRequest.objects.get()
    assert write.status == WriteStatus.REJECTED and write.code == "secret_detected"
    assert "AKIA" not in json.dumps(write.payload)
    assert "content" not in write.payload
    replay = post(
        api, {**BODY, "content": "key AKIAIOSFODNN7EXAMPLE"}, HTTP_IDEMPOTENCY_KEY="s1"
    )
    assert replay.status_code == 422 and error(replay)["code"] == "secret_detected"


def test_malformed_json_is_400(api):
    response = api.post(URL, data="{bad", content_type="application/json")
    assert response.status_code == 400
    assert error(response)["code"] == "malformed_json"


def test_a_layer_the_agent_may_not_write(tenant):
    _, token = make_agent(tenant, layers=["session"])
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    response = post(client)
    assert response.status_code == 422
    assert error(response)["code"] == "layer_forbidden"
    assert error(response)["gate"] == "schema"


def test_a_sibling_scope_is_forbidden(tenant):
    _, token = make_agent(tenant, scopes=["/org/acme/user/43/"])
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert error(post(client))["code"] == "scope_forbidden"


def test_a_deadline_in_the_past(api):
    past = (timezone.now() - timedelta(seconds=5)).isoformat()
    response = post(api, {**BODY, "deadline": past})
    assert response.status_code == 422
    assert error(response)["code"] == "deadline_exceeded"
    assert error(response)["gate"] == "idempotency"


@pytest.mark.parametrize(
    "header", [None, "Bearer", "Bearer nope", "Basic abc", "Bearer mgc_nope_nope"]
)
def test_bad_tokens_are_401(tenant, header):
    client = APIClient()
    if header:
        client.credentials(HTTP_AUTHORIZATION=header)
    response = post(client)
    assert response.status_code == 401
    assert error(response)["code"] == "unauthenticated"
    assert WriteRequest.objects.count() == 0


def test_a_revoked_token_is_401(tenant, agent_and_token):
    agent, token = agent_and_token
    agent_token_revoke(token=agent.tokens.get(), actor=SYSTEM)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    response = post(client)
    assert response.status_code == 401
    assert "revoked" in error(response)["message"]


def test_writes_of_another_tenant_are_404(api, other_tenant):
    _, token = make_agent(other_tenant)
    other = APIClient()
    other.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    foreign = post(other, {**BODY, "scope": "/org/globex/user/7/"}).json()["id"]
    response = api.get(f"/api/v1/writes/{foreign}")
    assert response.status_code == 404
    assert error(response)["code"] == "not_found"
    assert api.get("/api/v1/writes/not-a-uuid").status_code == 404


def test_long_poll_returns_at_the_deadline_while_queued(api):
    write_id = post(api).json()["id"]
    response = api.get(f"/api/v1/writes/{write_id}?wait=0.3")
    assert response.status_code == 200
    assert response.json()["status"] == "queued"
    assert api.get(f"/api/v1/writes/{write_id}?wait=soon").status_code == 422


@pytest.mark.django_db(transaction=True)
def test_twenty_concurrent_duplicates_execute_once(tenant, agent_and_token):
    _, token = agent_and_token
    answers, barrier = [], threading.Barrier(20)

    def submit():
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
        barrier.wait()
        answers.append(post(client, HTTP_IDEMPOTENCY_KEY="same-key"))
        connection.close()

    threads = [threading.Thread(target=submit) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [a.status_code for a in answers] == [202] * 20
    assert len({a.json()["id"] for a in answers}) == 1
    assert WriteRequest.objects.count() == 1
    assert AuditEvent.objects.filter(action="write.submit").count() == 1
    assert sum(a.has_header("Idempotent-Replayed") for a in answers) == 19


def fields_named(response) -> set[str]:
    """Return the body fields a 422 names: the serializer's or the schema gate's."""
    body = error(response)
    details = body.get("details") or {}
    if body["code"] == "invalid_write":
        return set(details)
    return {
        v["field"]
        for gate in details.get("gates", [])
        for v in gate["details"].get("violations", [])
    }


DIM = 384


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({**BODY, "ttl_seconds": 10**12}, "invalid_write", "ttl_seconds"),
        ({**BODY, "ttl_seconds": 0}, "invalid_write", "ttl_seconds"),
        ({**BODY, "soft_ttl_seconds": 10**12}, "invalid_write", "soft_ttl_seconds"),
        ({**BODY, "confidence": -0.1}, "out_of_range", "confidence"),
        ({**BODY, "confidence": 1.5}, "out_of_range", "confidence"),
        ({**BODY, "embedding": [0.0] * DIM}, "embedding_invalid", "embedding"),
        ({**BODY, "embedding": [1e-9] * DIM}, "embedding_invalid", "embedding"),
        ({**BODY, "embedding": [1e300] * DIM}, "embedding_invalid", "embedding"),
        ({**BODY, "content": "dark\x00mode"}, "invalid_write", "content"),
        ({**BODY, "key": "colour\x00"}, "invalid_write", "key"),
        ({**BODY, "scope": "/org/acme/\x00/"}, "invalid_write", "scope"),
        ({**BODY, "session_id": "s\x00"}, "invalid_write", "session_id"),
        ({**BODY, "subject": "user\x00"}, "invalid_write", "subject"),
        (
            {**BODY, "evidence": [{"source_type": "DOCUMENT", "excerpt": "a\x00"}]},
            "invalid_write",
            "evidence",
        ),
        (
            {**BODY, "kind": "procedure", "fields": {"name": "x\x00"}},
            "invalid_write",
            "fields",
        ),
    ],
)
def test_out_of_range_values_are_422_naming_the_field(api, body, code, field):
    response = post(api, body)
    assert response.status_code == 422, response.content
    assert error(response)["code"] == code
    assert field in fields_named(response)
    assert not WriteRequest.objects.filter(status=WriteStatus.QUEUED).exists()
    assert MemoryItem.objects.count() == 0


@pytest.mark.parametrize("number", ["1e999", "-1e999"])
def test_a_non_finite_embedding_is_422_naming_it(api, number):
    vector = ", ".join(["0.1"] * (DIM - 1) + [number])
    raw = json.dumps(BODY)[:-1] + f', "embedding": [{vector}]}}'
    response = api.post(URL, data=raw, content_type="application/json")
    assert response.status_code == 422, response.content
    assert fields_named(response) == {"embedding"}


def test_an_embedding_of_huge_finite_numbers_is_422_not_a_crash(api):
    # Their squares' sum overflows a float (Schemathesis found it).
    response = post(api, {**BODY, "embedding": [1e154] * DIM})
    assert response.status_code == 422, response.content
    assert fields_named(response) == {"embedding"}


def test_a_good_supplied_embedding_is_queued(api):
    response = post(api, {**BODY, "embedding": [0.05] * DIM})
    assert response.status_code == 202, response.content
    assert response.json()["status"] == "queued"


def test_the_content_key_expires_after_the_tenant_window(api, tenant):
    first = post(api).json()
    assert post(api).json()["id"] == first["id"]  # a retry, absorbed
    WriteRequest.objects.filter(pk=first["id"]).update(
        created_at=timezone.now() - timedelta(hours=25)
    )
    again = post(api)
    assert again.status_code == 202 and not again.has_header("Idempotent-Replayed")
    assert again.json()["id"] != first["id"]
    assert WriteRequest.objects.count() == 2
    # The new write absorbs retries in its turn; the old one keeps its row.
    assert post(api).json()["id"] == again.json()["id"]
    assert WriteRequest.objects.get(pk=first["id"]).status == WriteStatus.QUEUED


def test_the_content_key_window_is_a_tenant_setting(api, tenant):
    tenant.policy = {"content_key_ttl_hours": 1}
    tenant.save(update_fields=["policy"])
    first = post(api).json()
    WriteRequest.objects.filter(pk=first["id"]).update(
        created_at=timezone.now() - timedelta(minutes=61)
    )
    assert post(api).json()["id"] != first["id"]


def test_an_explicit_key_never_expires(api):
    first = post(api, HTTP_IDEMPOTENCY_KEY="k-old").json()
    WriteRequest.objects.filter(pk=first["id"]).update(
        created_at=timezone.now() - timedelta(days=30)
    )
    replay = post(api, HTTP_IDEMPOTENCY_KEY="k-old")
    assert replay["Idempotent-Replayed"] == "true"
    assert replay.json()["id"] == first["id"]


def test_the_token_is_read_with_its_agent_and_tenant_in_one_query(
    tenant, django_assert_num_queries
):
    from memory_core.auth import token_activate
    from memory_core.models import AgentToken

    tenant.policy = {"rate_limits": {"episodic": 7}, "note": ["a", None]}
    tenant.save(update_fields=["policy"])
    agent, raw = make_agent(tenant, scopes=["/org/acme/user/42/"])
    prefix = raw.split("_")[1]
    with django_assert_num_queries(1):
        token = token_activate(prefix)
        loaded = [token, token.agent, token.agent.tenant]
    orm = AgentToken.objects.select_related("agent__tenant").get(prefix=prefix)
    for got, want in zip(loaded, [orm, orm.agent, orm.agent.tenant], strict=True):
        fields = type(want)._meta.concrete_fields
        assert [getattr(got, f.attname) for f in fields] == [
            getattr(want, f.attname) for f in fields
        ]
        assert not got._state.adding
    assert token.agent.allowed_scopes == ["/org/acme/user/42/"]
    assert token.agent.tenant.policy["note"] == ["a", None]
    assert token_activate("nosuchprefix") is None
