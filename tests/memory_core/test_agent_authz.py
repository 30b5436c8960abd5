"""Inside a tenant, an agent acts only within its grant (issue 13, item 4).

An agent granted user 42's scope may not forget other users' scopes, user
ids or memories, nor cite another user's memory as evidence, nor learn which
scopes or memories exist outside its grant: "exists but not yours" and "does
not exist" get the same answer, word for word.
"""

from __future__ import annotations

import json
import uuid

import pytest
from rest_framework.test import APIClient

from approvals.models import ErasureRequest
from memory_core.models import Scope, WriteRequest, WriteStatus
from memory_core.services.writes import write_process
from tests.factories import make_agent
from tests.memory_core.lifecycle.test_erasure import orm_item
from tests.memory_core.services.test_curation import unit_vector

pytestmark = pytest.mark.django_db

USER_42 = "/org/acme/user/42/"
USER_43 = "/org/acme/user/43/"
NOWHERE = "/org/acme/user/999/"


@pytest.fixture
def narrow(tenant):
    """An agent granted user 42's scope only, without rate limits in the way."""
    tenant.policy = {
        "rate_limits": dict.fromkeys(
            ["session", "episodic", "semantic", "procedural"], 1000
        ),
        "storm_writes_per_minute": 1000,
        "async_review_at": 0.99,
        "sync_block_at": 0.999,
    }
    tenant.save(update_fields=["policy"])
    agent, token = make_agent(tenant, scopes=[USER_42])
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    client.agent = agent
    return client


def forget(client, *identifiers, **extra):
    return client.post(
        "/api/v1/forget",
        {
            "identifiers": [{"kind": k, "value": v} for k, v in identifiers],
            "legal_basis": "objection",
            **extra,
        },
        format="json",
    )


def _timeless(value):
    """Drop the gates' timings (`ms`) from a refusal's trace."""
    if isinstance(value, dict):
        return {k: _timeless(v) for k, v in value.items() if k != "ms"}
    if isinstance(value, list):
        return [_timeless(v) for v in value]
    return value


def same_answer(first, second, *, differs: tuple[str, str] = ("", "")):
    """Assert two refusals are the same status, code, message and details."""
    assert first.status_code == second.status_code
    a, b = _timeless(first.json()["error"]), _timeless(second.json()["error"])
    a.get("details", {}).pop("write_id", None)
    b.get("details", {}).pop("write_id", None)
    text = json.dumps(a, sort_keys=True)
    if differs[0]:
        text = text.replace(differs[0], differs[1])
    assert text == json.dumps(b, sort_keys=True)


# POST /api/v1/forget


@pytest.mark.parametrize(
    ("kind", "theirs", "missing"),
    [
        ("scope", USER_43, NOWHERE),
        ("scope", "/org/acme/user/43/task/t/", "/org/acme/user/42x/"),
        ("user_id", "43", "999"),
    ],
)
def test_forget_refuses_others_scopes_and_users_as_it_refuses_unknown_ones(
    narrow, tenant, kind, theirs, missing
):
    refused = forget(narrow, (kind, theirs))
    assert refused.status_code == 403, refused.content
    assert refused.json()["error"]["code"] == "identifier_not_allowed"
    same_answer(refused, forget(narrow, (kind, missing)))
    assert not ErasureRequest.objects.exists()


def test_forget_refuses_another_users_memory_as_it_refuses_an_unknown_id(
    narrow, tenant
):
    theirs = orm_item(tenant, "User 43 likes tea.", path=USER_43)
    refused = forget(narrow, ("memory", str(theirs.pk)))
    assert refused.status_code == 403, refused.content
    assert refused.json()["error"]["code"] == "identifier_not_allowed"
    same_answer(refused, forget(narrow, ("memory", str(uuid.uuid4()))))
    # Named beside allowed identifiers, it still refuses the whole request.
    mine = orm_item(tenant, "User 42 likes coffee.", path=USER_42)
    mixed = forget(narrow, ("memory", str(mine.pk)), ("memory", str(theirs.pk)))
    assert mixed.status_code == 403
    assert mixed.json()["error"]["details"] == {"identifier": 2}
    assert not ErasureRequest.objects.exists()


def test_forget_within_the_grant_is_filed_and_confined_to_it(narrow, tenant):
    mine = orm_item(tenant, "User 42 likes coffee.", path=USER_42)
    response = forget(
        narrow,
        ("memory", str(mine.pk)),
        ("user_id", "42"),
        ("scope", USER_42 + "task/t/"),
        ("email", "jane.doe@example.com"),
    )
    assert response.status_code == 202, response.content
    request = ErasureRequest.objects.get(pk=response.json()["id"])
    # Without `scope`, its one granted scope, never the whole tenant.
    assert request.within_scope == USER_42


def test_an_agent_with_several_scopes_says_which(tenant):
    _, token = make_agent(tenant, scopes=[USER_42, USER_43])
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    response = forget(client, ("email", "jane.doe@example.com"))
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "scope_required"
    response = forget(client, ("email", "jane.doe@example.com"), scope=USER_43)
    assert response.status_code == 202, response.content


# POST /api/v1/writes: the scope


def write(client, scope, **fields):
    return client.post(
        "/api/v1/writes",
        {
            "scope": scope,
            "layer": "episodic",
            "content": "The user prefers dark mode.",
            **fields,
        },
        format="json",
        HTTP_IDEMPOTENCY_KEY=uuid.uuid4().hex,
    )


def test_a_scope_outside_the_grant_is_refused_alike_whether_it_exists(narrow, tenant):
    assert Scope.objects.filter(tenant=tenant, path=USER_43).exists()
    assert not Scope.objects.filter(tenant=tenant, path=NOWHERE).exists()
    existing = write(narrow, USER_43)
    assert existing.status_code == 422
    assert existing.json()["error"]["code"] == "scope_forbidden"
    same_answer(existing, write(narrow, NOWHERE), differs=(USER_43, NOWHERE))
    # A path no scope may have is told so, without looking anything up.
    odd = write(narrow, "/org/acme/user/No Such/")
    assert odd.json()["error"]["code"] == "unknown_scope"
    assert "no scope may have that path" in odd.json()["error"]["message"]


# Evidence citing memories


def cite(client, memory_id):
    response = write(
        client,
        USER_42,
        content=f"The user confirmed what memory {memory_id} says.",
        source="user_stated",
        confidence=0.9,
        embedding=unit_vector(),
        evidence=[
            {"source_type": "HUMAN_INPUT", "uri": "chat://s/1#2"},
            {"source_type": "MEMORY_ITEM", "memory_id": str(memory_id)},
        ],
    )
    assert response.status_code == 202, response.content
    write_process(write_id=response.json()["id"])
    return WriteRequest.objects.get(pk=response.json()["id"])


def test_citing_another_users_memory_is_refused_like_an_unknown_id(narrow, tenant):
    theirs = orm_item(tenant, "User 43 likes tea.", path=USER_43)
    unknown = uuid.uuid4()
    refused = cite(narrow, theirs.pk)
    assert refused.status == WriteStatus.REJECTED
    assert refused.code == "unknown_evidence"
    also = cite(narrow, unknown)
    assert also.code == "unknown_evidence"
    assert refused.reason.replace(str(theirs.pk), str(unknown)) == also.reason
    assert "may not read" in refused.reason
    # What it may read it may cite: its own memories and its ancestors'.
    for path in (USER_42, "/org/acme/"):
        readable = orm_item(tenant, f"A memory in {path}.", path=path)
        cited = cite(narrow, readable.pk)
        assert cited.code != "unknown_evidence", cited.reason
        assert cited.status == WriteStatus.COMMITTED, cited.reason


# Reads: search and context scopes, a memory by id


@pytest.mark.parametrize("endpoint", ["/api/v1/search", "/api/v1/context"])
def test_reading_a_scope_outside_the_grant_is_404_like_a_missing_one(
    narrow, tenant, endpoint
):
    body = {"query": "tea"} if endpoint.endswith("search") else {"task": "tea"}
    theirs = narrow.post(endpoint, {**body, "scopes": [USER_43]}, format="json")
    assert theirs.status_code == 404, theirs.content
    missing = narrow.post(endpoint, {**body, "scopes": [NOWHERE]}, format="json")
    same_answer(theirs, missing, differs=(USER_43, NOWHERE))


def test_another_users_memory_is_404_like_a_missing_one(narrow, tenant):
    theirs = orm_item(tenant, "User 43 likes tea.", path=USER_43)
    found = narrow.get(f"/api/v1/memories/{theirs.pk}")
    assert found.status_code == 404
    same_answer(found, narrow.get(f"/api/v1/memories/{uuid.uuid4()}"))
