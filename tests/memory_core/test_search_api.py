"""POST /api/v1/search: hybrid search over the agent's readable memories."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from memory_core.models import MemoryItem, WriteStatus
from tests.factories import make_agent
from tests.memory_core.test_retrieval import U42, U43, remember

pytestmark = pytest.mark.django_db


@pytest.fixture
def facts(tenant, agent_and_token):
    tenant.policy = {"async_review_at": 0.95}
    tenant.save(update_fields=["policy"])
    agent, _ = agent_and_token
    writes = {
        "theme": remember(agent, "The user prefers dark mode in every editor."),
        "deploy": remember(
            agent, "Deployments of user-service go to the us-east-1 region."
        ),
        "sibling": remember(agent, "User 43 drinks green tea.", scope=U43),
    }
    assert all(w.status == WriteStatus.COMMITTED for w in writes.values())
    return writes


def post(api, body, **headers):
    return api.post("/api/v1/search", body, format="json", **headers)


def test_search_finds_a_paraphrase(api, facts):
    response = post(api, {"query": "What colour scheme does the user want?"})
    assert response.status_code == 200, response.content
    body = response.json()
    assert set(body) == {"results", "took_ms"}
    top = body["results"][0]
    assert top["memory_id"] == str(facts["theme"].memory_item_id)
    assert top["content"] == "The user prefers dark mode in every editor."
    assert top["scope"] == U42 and top["version"] == 1 and top["kind"] == "note"
    assert set(top["breakdown"]) == {
        "vector",
        "keyword",
        "context",
        "recency",
        "importance",
        "provenance",
        "pinned",
        "stale_penalty",
        "total",
    }
    parts = sum(v for k, v in top["breakdown"].items() if k != "total")
    assert parts == pytest.approx(top["score"], abs=1e-5)


@pytest.mark.parametrize("ranking", ["vector", "keyword"])
def test_single_signal_rankings(api, facts, ranking):
    response = post(api, {"query": "us-east-1 deployments", "ranking": ranking})
    assert response.status_code == 200, response.content
    top = response.json()["results"][0]
    assert top["memory_id"] == str(facts["deploy"].memory_item_id)
    assert top["score"] == top["breakdown"][ranking]


def test_as_of_returns_the_version_valid_then(api, agent_and_token, facts):
    agent, _ = agent_and_token
    first = remember(agent, "The standup is at 9:00.", key="standup")
    then = timezone.now()
    remember(agent, "The standup is at 10:30.", key="standup")
    now = post(api, {"query": "standup time", "key": "standup"}).json()["results"]
    assert [(h["version"], h["content"]) for h in now] == [
        (2, "The standup is at 10:30.")
    ]
    past = post(
        api, {"query": "standup time", "key": "standup", "as_of": then.isoformat()}
    ).json()["results"]
    assert [(h["memory_id"], h["version"], h["content"]) for h in past] == [
        (str(first.memory_item_id), 1, "The standup is at 9:00.")
    ]


def test_another_tenants_scope_is_404_and_its_memories_never_come_back(
    api, facts, other_tenant
):
    other_tenant.policy = {"async_review_at": 0.95}
    other_tenant.save(update_fields=["policy"])
    outsider, token = make_agent(other_tenant)
    theirs = remember(
        outsider, "User 7 prefers dark mode.", scope="/org/globex/user/7/"
    )
    assert theirs.status == WriteStatus.COMMITTED
    response = post(api, {"query": "dark mode", "scopes": ["/org/globex/user/7/"]})
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
    found = {
        r["memory_id"] for r in post(api, {"query": "dark mode"}).json()["results"]
    }
    assert str(theirs.memory_item_id) not in found
    # And the other way round.
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    theirs_found = post(client, {"query": "dark mode editor"}).json()["results"]
    assert [r["memory_id"] for r in theirs_found] == [str(theirs.memory_item_id)]


def test_a_sibling_user_scope_is_not_readable(tenant, facts):
    agent, token = make_agent(tenant, scopes=[U42])
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    response = post(client, {"query": "green tea", "scopes": [U43]})
    # Exists but not readable: the answer for a scope that does not exist.
    assert response.status_code == 404
    error = response.json()["error"]
    assert error["code"] == "not_found"
    assert error["details"] == {"scopes": [U43]}
    found = post(client, {"query": "green tea drinks"}).json()["results"]
    assert str(facts["sibling"].memory_item_id) not in {r["memory_id"] for r in found}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"query": ""}, "query"),
        ({"query": "   "}, "query"),
        ({"query": "x" * 2001}, "query"),
        ({"query": "a\x00b"}, "query"),
        ({}, "query"),
        ({"query": 5}, "query"),
        ({"query": "q", "layers": ["working"]}, "layers"),
        ({"query": "q", "layers": []}, "layers"),
        ({"query": "q", "kinds": ["gossip"]}, "kinds"),
        ({"query": "q", "limit": 0}, "limit"),
        ({"query": "q", "limit": 101}, "limit"),
        ({"query": "q", "limit": "10"}, "limit"),
        ({"query": "q", "min_score": 2}, "min_score"),
        ({"query": "q", "min_score": -0.1}, "min_score"),
        ({"query": "q", "ranking": "magic"}, "ranking"),
        ({"query": "q", "record_access": "yes"}, "record_access"),
        ({"query": "q", "as_of": "yesterday"}, "as_of"),
        ({"query": "q", "as_of": "2999-01-01T00:00:00Z"}, "as_of"),
        ({"query": "q", "scopes": []}, "scopes"),
        ({"query": "q", "key": ""}, "key"),
    ],
)
def test_bad_input_is_422_naming_the_field(api, body, field):
    response = post(api, body)
    assert response.status_code == 422, response.content
    error = response.json()["error"]
    assert error["code"] == "invalid_search"
    assert field in error["details"]


def test_unknown_fields_and_parameters_are_422(api):
    response = post(api, {"query": "q", "top_k": 3})
    assert response.status_code == 422
    assert response.json()["error"] == {
        "code": "unknown_fields",
        "message": "Unknown fields: top_k.",
        "details": {"fields": ["top_k"]},
    }
    response = api.post("/api/v1/search?debug=1", {"query": "q"}, format="json")
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "unknown_parameter"


def test_malformed_bodies_are_400_or_415(api):
    response = api.post("/api/v1/search", "{", content_type="application/json")
    assert response.status_code == 400
    response = api.post("/api/v1/search", "[1]", content_type="application/json")
    assert response.status_code == 400
    response = api.post("/api/v1/search", "query=q", content_type="text/plain")
    assert response.status_code == 415


def test_no_token_is_401():
    response = APIClient().post("/api/v1/search", {"query": "q"}, format="json")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "unauthenticated"


def test_reads_are_counted_unless_it_is_an_evaluation(
    api, facts, django_capture_on_commit_callbacks, monkeypatch
):
    from memory_core import tasks

    monkeypatch.setattr(tasks.access_record_task, "delay", tasks.access_record_task)
    theme = facts["theme"].memory_item_id
    body = {"query": "dark mode editor", "limit": 1}
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        assert post(api, body).status_code == 200
    assert len(callbacks) == 1
    item = MemoryItem.objects.get(pk=theme)
    assert item.access_count == 1 and item.last_accessed_at is not None

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        assert post(api, body, HTTP_X_MGC_EVALUATION="1").status_code == 200
        assert post(api, {**body, "record_access": False}).status_code == 200
    assert callbacks == []
    assert MemoryItem.objects.get(pk=theme).access_count == 1
    response = post(api, body, HTTP_X_MGC_EVALUATION="yes")
    assert response.status_code == 422


def test_the_read_hit_ratio_counts_reads_that_found_nothing_too(
    api, tenant, facts, django_capture_on_commit_callbacks, monkeypatch
):
    from memory_core import tasks
    from memory_core.models import ReadTally
    from memory_core.selectors import read_hit_ratio

    monkeypatch.setattr(tasks.access_record_task, "delay", tasks.access_record_task)
    found = {"query": "dark mode editor", "limit": 2}
    nothing = {"query": "dark mode editor", "min_score": 0.99}
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        for body in (found, found, nothing):
            assert post(api, body).status_code == 200
        # An evaluation read is not counted at all.
        assert post(api, nothing, HTTP_X_MGC_EVALUATION="1").status_code == 200
    assert len(callbacks) == 3
    reads = read_hit_ratio(tenant=tenant)
    assert (reads.calls, reads.answered, reads.results) == (3, 2, 4)
    assert reads.ratio == 2 / 3
    assert not reads.low  # too few reads to call the threshold too high
    tally = ReadTally.objects.get(tenant=tenant)
    assert (tally.endpoint, tally.day) == ("search", timezone.now().date())


def test_search_over_many_memories_stays_quick(api, tenant, facts):
    """Not a benchmark: one search is a handful of queries."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        response = post(api, {"query": "dark mode", "as_of": None} | {"limit": 5})
    # as_of: null is not a date-time.
    assert response.status_code == 422
    with CaptureQueriesContext(connection) as queries:
        response = post(api, {"query": "dark mode", "limit": 5})
    assert response.status_code == 200
    # Auth (token, agent, tenant) + scopes + count + candidates + content.
    assert len(queries) <= 12, [q["sql"][:80] for q in queries]


def test_search_future_as_of_names_the_field(api):
    future = (timezone.now() + timedelta(minutes=5)).isoformat()
    response = post(api, {"query": "q", "as_of": future})
    assert response.status_code == 422
    assert "as_of" in response.json()["error"]["details"]
