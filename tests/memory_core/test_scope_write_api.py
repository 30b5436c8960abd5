"""Writes to scopes that do not exist yet (auto-create) and to archived scopes."""

from __future__ import annotations

import json
import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from audit.models import AuditEvent
from memory_core.models import Scope, WriteRequest, WriteStatus
from memory_core.services.scopes import scope_archive
from memory_core.services.tenancy import scope_create
from memory_core.services.writes import write_process
from tests.factories import SYSTEM, make_agent
from tests.memory_core.services.test_curation import unit_vector

URL = "/api/v1/writes"
NEW_USER = "/org/acme/user/u-1042/"


def body(scope: str, content: str = "The user prefers dark mode.") -> dict:
    return {"scope": scope, "layer": "episodic", "content": content}


def post(client, payload):
    return client.post(URL, data=json.dumps(payload), content_type="application/json")


def client_for(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def error(response) -> dict:
    return response.json()["error"]


def set_policy(tenant, **values) -> None:
    tenant.policy = {**tenant.policy, **values}
    tenant.save(update_fields=["policy"])


def scope_events(tenant) -> list[AuditEvent]:
    return list(
        AuditEvent.objects.filter(tenant_id=tenant.id, action="scope.create").order_by(
            "seq"
        )
    )


# Created at the door


def test_a_write_to_a_new_user_scope_creates_it(api, tenant, agent_and_token):
    agent, _ = agent_and_token
    before = len(scope_events(tenant))
    payload = {
        **body(NEW_USER),
        "source": "user_stated",
        "confidence": 0.9,
        "evidence": [{"source_type": "DOCUMENT", "uri": "doc://profile"}],
        "embedding": unit_vector(),
    }
    response = post(api, payload)
    assert response.status_code == 202, response.content
    scope = Scope.objects.get(tenant=tenant, path=NEW_USER)
    assert scope.kind == "user" and scope.name == "u-1042"
    assert scope.created_by_agent == agent
    assert scope.parent.path == "/org/acme/"
    event = scope_events(tenant)[-1]
    assert len(scope_events(tenant)) == before + 1
    assert event.object_id == str(scope.id)
    assert (event.actor_type, event.actor_id) == ("agent", str(agent.pk))
    assert event.metadata["auto_created"] is True
    # The write itself is queued and, in the worker, lands in the new scope.
    write = WriteRequest.objects.get(pk=response.json()["id"])
    assert write.status == WriteStatus.QUEUED
    write_process(write_id=write.id)
    write.refresh_from_db()
    assert write.status == WriteStatus.COMMITTED, (write.code, write.reason)
    assert write.memory_item.scope == scope


def test_a_task_write_creates_the_missing_user_scope_above_it(api, tenant):
    response = post(api, body("/org/acme/user/9/task/onboarding/"))
    assert response.status_code == 202, response.content
    user = Scope.objects.get(tenant=tenant, path="/org/acme/user/9/")
    task = Scope.objects.get(tenant=tenant, path="/org/acme/user/9/task/onboarding/")
    assert task.parent == user and user.kind == "user" and task.kind == "task"
    assert [e.metadata["path"] for e in scope_events(tenant)[-2:]] == [
        "/org/acme/user/9/",
        "/org/acme/user/9/task/onboarding/",
    ]


def test_a_refused_write_creates_no_scope(api, tenant):
    response = post(api, body(NEW_USER, "key AKIAIOSFODNN7EXAMPLE"))
    assert response.status_code == 422
    assert error(response)["code"] == "secret_detected"
    assert not Scope.objects.filter(path=NEW_USER).exists()


# Not created, and why


@pytest.mark.parametrize(
    ("scope", "policy", "cause", "says"),
    [
        (NEW_USER, {"auto_create_scopes": []}, "policy_off", "creates no scopes"),
        (
            "/org/acme/task/t/",
            {"auto_create_scopes": ["user"]},
            "kind_not_allowed",
            "not task scopes",
        ),
        (
            "/org/acme/user/9/task/t/",
            {"auto_create_scopes": ["task"]},
            "parent_missing",
            "its parent /org/acme/user/9/ does not exist",
        ),
        ("/org/acme/user/U 1042/", {}, "invalid_path", "no scope may have that path"),
        ("/org/acme/team/x/", {}, "invalid_path", "nests kinds"),
    ],
)
def test_unknown_scope_says_why_it_was_not_created(
    api, tenant, other_tenant, scope, policy, cause, says
):
    if policy:
        set_policy(tenant, **policy)
    scopes = Scope.objects.count()
    response = post(api, body(scope))
    assert response.status_code == 422, response.content
    found = error(response)
    assert found["code"] == "unknown_scope" and found["gate"] == "schema"
    assert says in found["message"]
    (violation,) = found["details"]["gates"][0]["details"]["violations"]
    assert violation["cause"] == cause
    assert Scope.objects.count() == scopes


def test_outside_the_agents_grant_nothing_is_created(tenant):
    _, token = make_agent(tenant, scopes=["/org/acme/user/42/"])
    response = post(client_for(token), body("/org/acme/user/77/"))
    assert response.status_code == 422
    # The answer for an existing scope outside the grant (issue 13).
    assert error(response)["code"] == "scope_forbidden"
    assert "may not write to scope '/org/acme/user/77/'" in error(response)["message"]
    assert not Scope.objects.filter(path="/org/acme/user/77/").exists()
    # Below its grant it may.
    response = post(client_for(token), body("/org/acme/user/42/task/t/"))
    assert response.status_code == 202, response.content


def test_another_tenants_agent_cannot_create_here(tenant, other_tenant):
    _, token = make_agent(other_tenant)
    response = post(client_for(token), body("/org/acme/user/5/"))
    assert response.status_code == 422
    assert error(response)["code"] == "scope_forbidden"
    assert not Scope.objects.filter(path="/org/acme/user/5/").exists()


# Archived scopes take no writes


def test_an_archived_scope_refuses_writes_and_the_scopes_below_it_too(
    api, tenant, agent_and_token
):
    scope_create(tenant=tenant, path="/org/acme/user/43/task/t/", actor=SYSTEM)
    user = Scope.objects.get(tenant=tenant, path="/org/acme/user/43/")
    scope_archive(tenant=tenant, scope_id=user.id, actor=SYSTEM)
    for path in ("/org/acme/user/43/", "/org/acme/user/43/task/t/"):
        response = post(api, body(path, f"A note for {path}."))
        assert response.status_code == 422, response.content
        assert error(response)["code"] == "scope_archived"
        assert "'/org/acme/user/43/' is archived" in error(response)["message"]
    # Nor is a new scope created below it.
    response = post(api, body("/org/acme/user/43/task/new/"))
    assert error(response)["code"] == "scope_archived"
    assert not Scope.objects.filter(path="/org/acme/user/43/task/new/").exists()
    # Reads still work.
    assert (
        api.get("/api/v1/memories", {"scope": "/org/acme/user/43/"}).status_code == 200
    )


def test_a_write_queued_before_the_archive_is_refused_by_the_worker(api, tenant):
    response = post(api, body("/org/acme/user/43/"))
    assert response.status_code == 202
    write = WriteRequest.objects.get(pk=response.json()["id"])
    # Archived in between (the service refuses this while writes are pending;
    # an update models a race with it).
    Scope.objects.filter(tenant=tenant, path="/org/acme/user/43/").update(
        archived_at="2026-01-01T00:00:00Z"
    )
    write_process(write_id=write.id)
    write.refresh_from_db()
    assert write.status == WriteStatus.REJECTED and write.code == "scope_archived"


# Concurrent first writes


@pytest.mark.django_db(transaction=True)
def test_concurrent_first_writes_to_a_new_scope_all_succeed(tenant, agent_and_token):
    _, token = agent_and_token
    answers, barrier = [], threading.Barrier(8)

    def submit(n: int) -> None:
        client = client_for(token)
        barrier.wait()
        answers.append(post(client, body("/org/acme/user/9/task/t/", f"Fact {n}.")))
        connection.close()

    threads = [threading.Thread(target=submit, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [a.status_code for a in answers] == [202] * 8, [a.content for a in answers]
    assert Scope.objects.filter(path__startswith="/org/acme/user/9/").count() == 2
    assert [e.metadata["path"] for e in scope_events(tenant)][-2:] == [
        "/org/acme/user/9/",
        "/org/acme/user/9/task/t/",
    ]
    assert len(scope_events(tenant)) == 2 + 2  # the fixture's two, and these
    assert WriteRequest.objects.filter(status=WriteStatus.QUEUED).count() == 8
