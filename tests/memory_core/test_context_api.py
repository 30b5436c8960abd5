"""POST /api/v1/context: pinned and preferences first, then relevance, in budget."""

from __future__ import annotations

import pytest

from memory_core.models import MemoryItem, WriteStatus
from memory_core.retrieval import token_estimate
from memory_core.services.curation import memory_pin
from tests.factories import make_agent, make_member
from tests.memory_core.test_retrieval import U43, remember

pytestmark = pytest.mark.django_db


@pytest.fixture
def memories(tenant, agent_and_token):
    tenant.policy = {"async_review_at": 0.95}
    tenant.save(update_fields=["policy"])
    agent, _ = agent_and_token
    writes = {
        "pinned": remember(agent, "Never deploy on Fridays."),
        "preference": remember(
            agent,
            "The user prefers Slack notifications over email.",
            kind="preference",
            subject="user:42",
            predicate="prefers_channel",
            object="slack",
        ),
        "deploy": remember(
            agent, "Deployments of user-service go to the us-east-1 region."
        ),
        "pool": remember(
            agent, "The user-service database connection pool max is 100."
        ),
        "lunch": remember(agent, "The team eats lunch at noon."),
        "sibling": remember(
            agent,
            "User 43 prefers email.",
            scope=U43,
            kind="preference",
            subject="user:43",
            predicate="prefers_channel",
            object="email",
        ),
    }
    assert all(w.status == WriteStatus.COMMITTED for w in writes.values()), [
        (w.status, w.reason) for w in writes.values()
    ]
    memory_pin(
        tenant=tenant,
        item_id=writes["pinned"].memory_item_id,
        user=make_member(tenant),
        reason="house rule",
    )
    return {name: str(w.memory_item_id) for name, w in writes.items()}


def post(api, body, **headers):
    return api.post("/api/v1/context", body, format="json", **headers)


def test_pinned_and_preferences_first_then_relevant(api, memories):
    response = post(
        api,
        {
            "task": "Deploy user-service to production",
            "scopes": ["/org/acme/user/42/"],
            "threshold": 0.3,
        },
    )
    assert response.status_code == 200, response.content
    body = response.json()
    items = body["items"]
    reasons = [(i["memory_id"], i["reason"]) for i in items]
    assert reasons[:2] == [
        (memories["pinned"], "pinned"),
        (memories["preference"], "preference"),
    ]
    relevant = [i["memory_id"] for i in items if i["reason"] == "relevant"]
    assert relevant[0] == memories["deploy"]
    assert memories["sibling"] not in {i["memory_id"] for i in items}
    assert len({i["memory_id"] for i in items}) == len(items)
    assert all(i["score"] >= 0.3 for i in items if i["reason"] == "relevant")
    assert body["tokens_used"] == sum(token_estimate(i["content"]) for i in items)
    assert body["token_estimate"] == "chars/4 rounded up per item content"
    assert body["truncated"] is False and body["took_ms"] > 0


def test_without_task_or_query_only_pinned_and_preferences(api, memories):
    response = post(api, {"scopes": ["/org/acme/user/42/"]})
    assert response.status_code == 200, response.content
    items = response.json()["items"]
    assert [(i["memory_id"], i["reason"]) for i in items] == [
        (memories["pinned"], "pinned"),
        (memories["preference"], "preference"),
    ]


def test_every_readable_scope_by_default(api, memories):
    items = post(api, {}).json()["items"]
    assert {i["memory_id"] for i in items} == {
        memories["pinned"],
        memories["preference"],
        memories["sibling"],
    }


def test_item_budget(api, memories):
    body = post(api, {"query": "user-service deployments", "max_items": 1}).json()
    assert [i["memory_id"] for i in body["items"]] == [memories["pinned"]]
    assert body["truncated"] is True


def test_token_budget(api, memories):
    pinned = token_estimate("Never deploy on Fridays.")
    body = post(
        api, {"query": "user-service deployments", "token_budget": pinned}
    ).json()
    assert [i["memory_id"] for i in body["items"]] == [memories["pinned"]]
    assert body["tokens_used"] == pinned and body["truncated"] is True
    # Nothing fits: no items, and the answer says some were left out.
    body = post(api, {"query": "x", "token_budget": pinned - 1}).json()
    assert body["items"] == [] and body["truncated"] is True


def test_threshold_leaves_weak_matches_out(api, memories):
    body = post(api, {"query": "user-service deployments", "threshold": 1.0}).json()
    assert {i["reason"] for i in body["items"]} == {"pinned", "preference"}


def test_reads_are_counted_once_per_request(
    api, memories, django_capture_on_commit_callbacks, monkeypatch
):
    from memory_core import tasks

    monkeypatch.setattr(tasks.access_record_task, "delay", tasks.access_record_task)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        body = post(api, {"task": "deploy user-service"}).json()
    assert len(callbacks) == 1
    counts = dict(MemoryItem.objects.values_list("id", "access_count"))
    assert {str(k) for k, n in counts.items() if n == 1} == {
        i["memory_id"] for i in body["items"]
    }
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        post(api, {"task": "deploy user-service"}, HTTP_X_MGC_EVALUATION="1")
    assert callbacks == []


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"task": ""}, "task"),
        ({"query": "  "}, "query"),
        ({"query": "x" * 2001}, "query"),
        ({"max_items": 0}, "max_items"),
        ({"max_items": 101}, "max_items"),
        ({"token_budget": 0}, "token_budget"),
        ({"token_budget": 32001}, "token_budget"),
        ({"threshold": 1.5}, "threshold"),
        ({"scopes": "/org/acme/"}, "scopes"),
    ],
)
def test_bad_input_is_422_naming_the_field(api, body, field):
    response = post(api, body)
    assert response.status_code == 422, response.content
    error = response.json()["error"]
    assert error["code"] == "invalid_context" and field in error["details"]


def test_unknown_fields_and_other_tenants_scopes(api, other_tenant):
    response = post(api, {"task": "x", "budget": 5})
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "unknown_fields"
    response = post(api, {"scopes": ["/org/globex/user/7/"]})
    assert response.status_code == 404


def test_a_sibling_scope_is_404_like_a_missing_one(tenant):
    from rest_framework.test import APIClient

    _, token = make_agent(tenant, scopes=["/org/acme/user/42/"])
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    response = post(client, {"scopes": [U43]})
    # Exists but not readable: the answer for a scope that does not exist.
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
