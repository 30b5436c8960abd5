"""Reading memories over the API: filters, scope inheritance, isolation."""

import json
import threading
import uuid
from http.server import BaseHTTPRequestHandler, HTTPServer

import numpy as np
import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from memory_core.embeddings import EmbeddingError, OpenAICompatible
from memory_core.models import MemoryItem, Tenant
from memory_core.services.writes import write_process, write_submit
from tests.factories import make_agent

RNG = np.random.default_rng(3)


def remember(agent, scope, content, layer="episodic", **extra):
    vector = RNG.normal(size=384)
    payload = {
        "scope": scope,
        "layer": layer,
        "content": content,
        "source": "user_stated",
        "confidence": 0.9,
        "evidence": [{"source_type": "DOCUMENT", "uri": "doc://handbook"}],
        "embedding": (vector / np.linalg.norm(vector)).tolist(),
        **extra,
    }
    write = write_submit(
        agent=agent, payload=payload, idempotency_key=uuid.uuid4().hex
    ).write
    write_process(write_id=write.id)
    write.refresh_from_db()
    return write


@pytest.fixture
def memories(agent_and_token, tenant):
    # Org-wide semantic knowledge goes to review by default; these tests read.
    tenant.policy = {"async_review_at": 0.9}
    tenant.save(update_fields=["policy"])
    agent, _ = agent_and_token
    return {
        "org": remember(
            agent,
            "/org/acme/",
            "Refunds need two approvers.",
            layer="semantic",
            key="refunds",
        ),
        "u42": remember(agent, "/org/acme/user/42/", "User 42 likes tea."),
        "u43": remember(
            agent, "/org/acme/user/43/", "User 43 likes coffee.", key="drink"
        ),
    }


def ids(response):
    assert response.status_code == 200, response.content
    return {row["id"] for row in response.json()["results"]}


def test_list_and_filters(api, memories):
    every = {str(w.memory_item_id) for w in memories.values()}
    assert ids(api.get("/api/v1/memories")) == every
    u42 = str(memories["u42"].memory_item_id)
    org = str(memories["org"].memory_item_id)
    assert ids(api.get("/api/v1/memories?scope=/org/acme/user/42/")) == {u42}
    assert ids(api.get("/api/v1/memories?scope=/org/acme/user/42/&inherit=true")) == {
        u42,
        org,
    }
    assert ids(api.get("/api/v1/memories?layer=semantic")) == {org}
    assert ids(api.get("/api/v1/memories?key=drink")) == {
        str(memories["u43"].memory_item_id)
    }
    assert ids(api.get("/api/v1/memories?status=superseded")) == set()
    page = api.get("/api/v1/memories?limit=2").json()
    assert page["count"] == 3 and len(page["results"]) == 2 and page["next"]


@pytest.mark.parametrize(
    "query", ["layer=dreams", "status=draft", "status=nope", "as_of=yesterday"]
)
def test_bad_filters_are_422(api, query):
    response = api.get(f"/api/v1/memories?{query}")
    assert response.status_code == 422
    assert response.json()["error"]["code"].startswith("invalid_")


def test_as_of_sees_the_version_alive_then(api, agent_and_token):
    agent, _ = agent_and_token
    first = remember(agent, "/org/acme/user/42/", "The user prefers tea.", key="drink")
    between = MemoryItem.objects.get().updated_at.isoformat()
    remember(agent, "/org/acme/user/42/", "The user prefers coffee.", key="drink")
    versions = api.get(f"/api/v1/memories/{first.memory_item_id}/versions").json()
    assert [(v["number"], v["status"]) for v in versions["results"]] == [
        (2, "active"),
        (1, "superseded"),
    ]
    before = api.get("/api/v1/memories", {"as_of": "2000-01-01T00:00:00Z"})
    assert ids(before) == set()
    assert ids(api.get("/api/v1/memories", {"as_of": between})) == {
        str(first.memory_item_id)
    }


def test_an_agent_reads_its_subtree_and_ancestors_not_siblings(memories, tenant):
    _, token = make_agent(tenant, scopes=["/org/acme/user/42/"])
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    visible = ids(client.get("/api/v1/memories"))
    assert visible == {
        str(memories["u42"].memory_item_id),
        str(memories["org"].memory_item_id),
    }
    sibling = memories["u43"].memory_item_id
    assert client.get(f"/api/v1/memories/{sibling}").status_code == 404
    assert client.get(f"/api/v1/memories/{sibling}/versions").status_code == 404


def test_another_tenants_memories_are_404(memories, other_tenant):
    _, token = make_agent(other_tenant)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert ids(client.get("/api/v1/memories")) == set()
    item = memories["u42"].memory_item_id
    for path in (
        f"/api/v1/memories/{item}",
        f"/api/v1/memories/{item}/versions",
        f"/api/v1/writes/{memories['u42'].id}",
        "/api/v1/memories/nope",
    ):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.json() == {
            "error": {
                "code": "not_found",
                "message": response.json()["error"]["message"],
            }
        }


def test_openapi_schema_and_docs(client):
    schema = client.get("/api/schema/")
    assert schema.status_code == 200
    assert b"/api/v1/writes" in schema.content and b"/api/v1/memories" in schema.content
    docs = client.get("/api/docs/")
    assert docs.status_code == 200 and b"swagger" in docs.content.lower()


@pytest.mark.django_db
def test_demo_credentials_json(capsys):
    from memory_core.demo import demo_seed

    assert demo_seed() is True
    assert demo_seed() is False
    # The seed's GC run shows the curators a recovered-able expired memory,
    # and the compliance officers a memory whose personal data was redacted.
    from memory_core.models import GcRun, MemoryItem, MemoryVersion

    session = MemoryItem.objects.get(tenant__slug="acme", layer="session")
    assert (session.status, session.expired_by) == ("expired", "relevance")
    assert GcRun.objects.filter(status="completed").count() == 2
    assert MemoryVersion.objects.filter(
        tenant__slug="acme", content__contains="<EMAIL_1>", flags__contains=["pii"]
    ).exists()
    call_command("demo_credentials", "--json")
    creds = json.loads(capsys.readouterr().out)
    assert creds["url"] == "http://127.0.0.1:8000"
    assert {u["tenant"] for u in creds["users"]} == {"acme", "globex"}
    assert {"curator", "compliance_officer", "admin"} <= {
        u["role"] for u in creds["users"]
    }
    assert {a["tenant"] for a in creds["agents"]} == {"acme", "globex"}
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {creds['agents'][0]['token']}")
    listed = client.get("/api/v1/memories").json()
    assert listed["count"] >= 3
    assert all(
        m["scope"].startswith(f"/org/{creds['agents'][0]['tenant']}/")
        for m in listed["results"]
    )
    logged_in = APIClient().login(
        username=creds["users"][0]["username"], password=creds["users"][0]["password"]
    )
    assert logged_in


class EmbeddingEndpoint(BaseHTTPRequestHandler):
    """A tiny OpenAI-compatible /v1/embeddings server."""

    dim = 384

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        data = [
            {"index": i, "embedding": [float(len(text))] * self.dim}
            for i, text in enumerate(body["input"])
        ]
        payload = json.dumps({"data": list(reversed(data))}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args):
        pass


@pytest.fixture
def endpoint():
    server = HTTPServer(("127.0.0.1", 0), EmbeddingEndpoint)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/v1/embeddings"
    server.shutdown()


def test_openai_compatible_provider(endpoint):
    provider = OpenAICompatible(url=endpoint, model="m", api_key="k", dim=384)
    vectors = provider.embed(["a", "bbb"])
    assert [v[0] for v in vectors] == [1.0, 3.0]
    with pytest.raises(EmbeddingError):
        OpenAICompatible(url=endpoint, model="m", api_key="k", dim=16).embed(["a"])
    with pytest.raises(EmbeddingError):
        OpenAICompatible(
            url="http://127.0.0.1:9/v1/embeddings",
            model="m",
            api_key="k",
            dim=384,
            timeout=1,
        ).embed(["a"])


@pytest.mark.django_db
def test_demo_credentials_lists_agents_in_a_stable_order(capsys):
    from memory_core.demo import demo_seed

    demo_seed()
    call_command("demo_credentials", "--json")
    agents = json.loads(capsys.readouterr().out)["agents"]

    assert [(a["tenant"], a["name"]) for a in agents] == sorted(
        (a["tenant"], a["name"]) for a in agents
    )
    assert agents[0]["tenant"] == "acme"


@pytest.mark.django_db
def test_the_demo_is_refused_in_production_and_absent_unless_seeded(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="only in development mode"):
        call_command("seed_demo")
    with pytest.raises(CommandError, match="The demo is not seeded here"):
        call_command("demo_credentials", "--json")
    assert not Tenant.objects.exists()
