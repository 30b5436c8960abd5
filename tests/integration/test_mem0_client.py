"""The real `mem0ai` MemoryClient, against a live server and a real worker.

An agent written against Mem0 points `host` at /mem0 and its token as the
api_key; every add is a governed write (gates, pipeline, audit), a delete an
audited retraction, a pinned memory's delete refused.
"""

from __future__ import annotations

import os
import time

import pytest

os.environ["MEM0_TELEMETRY"] = "false"

from mem0 import MemoryClient  # noqa: E402

from audit.models import AuditEvent  # noqa: E402
from memory_core.models import MemoryItem, VersionStatus  # noqa: E402
from tests.factories import make_agent, make_tenant  # noqa: E402

pytestmark = pytest.mark.worker


def settle(client: MemoryClient, event_id: str, timeout: float = 60) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        event = client.client.get(f"/v1/event/{event_id}/").json()
        if event["status"] != "PENDING" or time.monotonic() > deadline:
            return event
        time.sleep(0.2)


@pytest.fixture
def mem0_client(live_server, worker):
    tenant = make_tenant("acme")
    agent, token = make_agent(tenant)
    client = MemoryClient(api_key=token, host=f"{live_server.url}/mem0")
    return tenant, agent, client


def test_an_existing_mem0_agent_works_against_the_console(mem0_client):
    tenant, agent, client = mem0_client
    assert client.org_id == "acme" and client.project_id == "acme"

    added = client.add(
        [{"role": "user", "content": "I prefer dark mode in every editor."}],
        user_id="u-42",
        infer=False,
    )
    assert added["status"] == "PENDING"
    event = settle(client, added["event_id"])
    assert event["status"] == "SUCCEEDED", event
    memory_id = event["results"][0]["id"]
    item = MemoryItem.objects.select_related("scope").get(pk=memory_id)
    assert item.scope.path == "/org/acme/user/u-42/"  # auto-created user scope

    client.add("Invoices go to the finance mailbox.", user_id="u-42")
    found = client.search(
        "which theme does the user like?", filters={"user_id": "u-42"}
    )
    assert found["results"][0]["id"] == memory_id
    assert found["results"][0]["memory"] == "I prefer dark mode in every editor."
    assert found["results"][0]["user_id"] == "u-42"
    assert 0 < found["results"][0]["score"] <= 1

    listed = client.get_all(filters={"user_id": "u-42"})
    assert memory_id in {m["id"] for m in listed["results"]}
    assert client.get_all(filters={"user_id": "u-99"})["results"] == []
    assert client.get(memory_id)["memory"] == "I prefer dark mode in every editor."

    updated = client.update(memory_id, text="I prefer light mode now.")
    assert updated["write_status"] == "committed", updated
    assert client.get(memory_id)["memory"] == "I prefer light mode now."
    history = client.history(memory_id)
    assert [h["new_memory"] for h in history] == [
        "I prefer dark mode in every editor.",
        "I prefer light mode now.",
    ]
    assert history[1]["old_memory"] == "I prefer dark mode in every editor."

    assert "retracted" in client.delete(memory_id)["message"]
    item.refresh_from_db()
    assert item.status == VersionStatus.RETRACTED  # history kept, not erased
    assert AuditEvent.objects.filter(
        action="memory.retract", object_id=memory_id
    ).exists()
    with pytest.raises(Exception, match="(?i)not found|no such memory"):
        client.get(memory_id)


def test_governance_shows_through_the_mem0_client(mem0_client):
    tenant, agent, client = mem0_client
    # A secret is refused (at the door, or by the worker's sensitivity gate).
    try:
        added = client.add(
            "the deploy key is sk_live_4eC39HqLyjWDarjtT1zdp7dc", user_id="u-1"
        )
    except Exception as exc:
        assert "secret" in str(exc).lower(), exc
    else:
        event = settle(client, added["event_id"])
        assert event["status"] == "FAILED", event
        assert event["results"][0]["code"] == "secret_detected"
    assert not MemoryItem.objects.exists()

    # PII is redacted before it is stored, and the client reads the redacted text.
    added = client.add("Mail the user at jo.bloggs@example.com", user_id="u-1")
    event = settle(client, added["event_id"])
    assert event["status"] == "SUCCEEDED", event
    memory = client.get(event["results"][0]["id"])["memory"]
    assert "jo.bloggs@example.com" not in memory
    assert "<EMAIL" in memory, memory

    # A pinned memory's delete is refused, with the reason.
    MemoryItem.objects.filter(pk=event["results"][0]["id"]).update(pinned=True)
    with pytest.raises(Exception, match="(?i)pinned"):
        client.delete(event["results"][0]["id"])
    assert MemoryItem.objects.get(pk=event["results"][0]["id"]).status == "active"


def test_client_1x_paths_bad_input_and_other_tenants(mem0_client, live_server):
    tenant, agent, client = mem0_client
    other_tenant = make_tenant("globex")
    _, other_token = make_agent(other_tenant)
    http = client.client  # the client's own httpx session: Token auth, /mem0

    # 1.x add, search and list paths.
    added = http.post(
        "/v1/memories/",
        json={
            "messages": [{"role": "user", "content": "Ship on Tuesdays."}],
            "user_id": "u-7",
        },
    )
    assert added.status_code == 200, added.text
    event = settle(client, added.json()["event_id"])
    memory_id = event["results"][0]["id"]
    hits = http.post(
        "/v2/memories/search/", json={"query": "when do we ship", "user_id": "u-7"}
    ).json()["results"]
    assert [h["id"] for h in hits] == [memory_id]
    listed = http.post("/v2/memories/", json={"filters": {"user_id": "u-7"}}).json()
    assert listed["count"] == 1
    # A user with no memories has none to find (not an error).
    assert client.search("anything", filters={"user_id": "nobody"}) == {"results": []}

    # Bad input: a clear 4xx naming the reason, never a 500.
    for method, path, body, status, code in [
        ("post", "/v3/memories/add/", {"messages": []}, 422, "invalid_messages"),
        (
            "post",
            "/v3/memories/add/",
            {"messages": "x", "user_id": "Jo Bloggs"},
            422,
            "invalid_scope_id",
        ),
        ("post", "/v3/memories/search/", {"query": ""}, 422, "invalid_query"),
        (
            "post",
            "/v3/memories/search/",
            {"query": "x", "top_k": 0},
            422,
            "invalid_parameter",
        ),
        ("post", "/v3/memories/", [], 400, "malformed_json"),
        ("get", "/v1/memories/not-a-uuid/", None, 404, "not_found"),
        ("get", "/v1/event/nope/", None, 404, "not_found"),
        (
            "put",
            f"/v1/memories/{memory_id}/",
            {"metadata": {"a": 1}},
            422,
            "invalid_update",
        ),
        ("delete", "/v1/memories/", None, 422, "filter_required"),
    ]:
        kwargs = {"json": body} if body is not None else {}
        answer = http.request(method.upper(), path, **kwargs)
        assert answer.status_code == status, (path, answer.text)
        assert answer.json()["error"]["code"] == code, (path, answer.text)

    # Another tenant's agent sees nothing: 404, and an empty search.
    other = MemoryClient(api_key=other_token, host=f"{live_server.url}/mem0")
    with pytest.raises(Exception, match="(?i)no such memory"):
        other.get(memory_id)
    with pytest.raises(Exception, match="(?i)no such memory"):
        other.delete(memory_id)
    assert other.search("when do we ship")["results"] == []
    assert (
        http.get("/v1/ping/", headers={"Authorization": "Token nope"}).status_code
        == 401
    )

    # delete_all for a user: each memory an audited retraction; history says so.
    answer = client.delete_all(user_id="u-7")
    assert answer["retracted"] == [memory_id], answer
    assert client.get_all(filters={"user_id": "u-7"})["results"] == []
    assert [h["event"] for h in client.history(memory_id)] == ["DELETE"]


def test_a_memory_under_review_is_not_deleted(mem0_client):
    tenant, agent, client = mem0_client
    event = settle(client, client.add("Standup is at 9:30.", user_id="u-3")["event_id"])
    memory_id = event["results"][0]["id"]
    # From now on every write waits for a curator.
    tenant.policy = {"async_review_at": 0.01, "sync_block_at": 0.999}
    tenant.save(update_fields=["policy"])

    updated = client.update(memory_id, text="Standup is at 10:00.")
    assert updated["write_status"] == "pending_review", updated
    assert client.get(memory_id)["memory"] == "Standup is at 9:30."
    with pytest.raises(Exception, match="under review"):
        client.delete(memory_id)
    assert MemoryItem.objects.get(pk=memory_id).status == "active"


def test_the_readme_lines_switch_a_mem0_agent_over(live_server, transactional_db):
    import re
    import subprocess
    import sys

    from tests.conftest import ROOT

    block = re.search(
        r"<!-- readme-mem0 -->\s*```python\n(?P<code>.*?)```\s*<!-- /readme-mem0 -->",
        (ROOT / "README.md").read_text(),
        re.DOTALL,
    )
    assert block, "README.md has no <!-- readme-mem0 --> block"
    code = block["code"]
    assert len(code.strip().splitlines()) == 3
    tenant = make_tenant("acme")
    _, token = make_agent(tenant)
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "import os\n"
            + code
            + "print(client.org_id, client.get_all(filters={'user_id': 'u-1'}))",
        ],
        env={**os.environ, "MGC_URL": live_server.url, "MGC_TOKEN": token},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().startswith("acme {'count': 0"), run.stdout
