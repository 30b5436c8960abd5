"""The LangGraph store client (clients/python) against a live server and worker.

The real `langgraph` package drives `MemoryGovernanceStore`; every put is a
governed write the real worker commits (or holds for review), and every read
goes through the REST API, as an agent's would.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT
from tests.factories import make_agent, make_member, make_tenant

sys.path.insert(0, str(ROOT / "clients" / "python"))

from mgc_client import MemoryGovernanceStore  # noqa: E402

USER = ("user", "42")


@pytest.fixture
def store(worker, live_server):
    tenant = make_tenant("acme", scopes=("/org/acme/user/42/",))
    tenant.policy = {"async_review_at": 0.99, "sync_block_at": 0.999}
    tenant.save(update_fields=["policy"])
    make_member(tenant)
    _, token = make_agent(tenant)
    store = MemoryGovernanceStore(live_server.url, token, org="acme")
    store.tenant = tenant
    yield store
    store.close()


def test_put_get_update_search_and_namespaces(store):
    store.put(USER, "color", {"content": "The user prefers dark mode."})
    assert store.last_put_status == "committed"
    item = store.get(USER, "color")
    assert item is not None
    assert item.value == {"content": "The user prefers dark mode."}
    assert (item.namespace, item.key) == (USER, "color")

    # A put of an existing key is a keyed update: the new version is read back.
    store.put(USER, "color", {"content": "The user now prefers light mode."})
    assert store.get(USER, "color").value["content"] == (
        "The user now prefers light mode."
    )

    # A structured value round-trips as JSON.
    store.put(USER, "diet", {"food": "vegetarian", "since": 2021})
    assert store.get(USER, "diet").value == {"food": "vegetarian", "since": 2021}
    assert store.get(USER, "missing") is None

    hits = store.search(("user",), query="light mode")
    assert hits and hits[0].key == "color", hits
    assert hits[0].score > 0
    assert [i.key for i in store.search(USER, filter={"food": "vegetarian"})] == [
        "diet"
    ]
    assert USER in store.list_namespaces(prefix=("user",))
    assert USER in store.list_namespaces(suffix=("*", "42"))
    assert store.list_namespaces(max_depth=1) == [("user",)]

    # The async API goes through the same path.
    assert asyncio.run(store.aget(USER, "diet")).value["food"] == "vegetarian"


def test_a_put_held_for_review_returns_but_is_not_readable(store):
    store.tenant.policy = {"async_review_at": 0.0, "sync_block_at": 1.01}
    store.tenant.save(update_fields=["policy"])
    store.put(USER, "plan", {"content": "The user is on the enterprise plan."})
    assert store.last_put_status == "pending_review"
    assert store.get(USER, "plan") is None


def test_a_delete_retracts_and_a_bad_namespace_says_why(store):
    store.put(USER, "color", {"content": "The user prefers dark mode."})
    assert store.get(USER, "color") is not None
    store.delete(USER, "color")
    assert store.get(USER, "color") is None
    assert store.search(USER, query="dark mode") == []
    store.delete(USER, "never-written")  # a no-op, as in LangGraph
    with pytest.raises(ValueError, match="kind/id pairs"):
        store.put(("memories", "42", "x"), "k", {"content": "x"})


def test_langmem_tools_work_unchanged(store):
    langmem = pytest.importorskip("langmem")
    config = {"configurable": {"langgraph_user_id": "42"}}
    manage = langmem.create_manage_memory_tool(
        namespace=("user", "{langgraph_user_id}"), store=store
    )
    search = langmem.create_search_memory_tool(
        namespace=("user", "{langgraph_user_id}"), store=store
    )
    answer = manage.invoke(
        {"content": "The user's favourite editor is Helix.", "action": "create"},
        config,
    )
    assert "created memory" in answer, answer
    found = search.invoke({"query": "favourite editor"}, config)
    assert "Helix" in str(found), found
    memory_id = answer.rsplit(" ", 1)[-1]
    assert store.get(("user", "42"), memory_id) is not None
    answer = manage.invoke({"action": "delete", "id": memory_id}, config)
    assert "deleted" in answer.lower(), answer
    assert store.get(("user", "42"), memory_id) is None


README_BLOCK = re.compile(
    r"<!-- readme-langgraph -->\s*```python\n(?P<code>.*?)```\s*"
    r"<!-- /readme-langgraph -->",
    re.DOTALL,
)
GRAPH = """
import os
from typing import TypedDict
from langgraph.config import get_store
from langgraph.graph import START, StateGraph

class State(TypedDict):
    text: str

def remember(state: State) -> dict:
    get_store().put(("user", "42"), "note", {"content": state["text"]})
    return {}

builder = StateGraph(State)
builder.add_node(remember)
builder.add_edge(START, "remember")
"""


def test_the_readme_lines_switch_a_graph_over(store, live_server):
    match = README_BLOCK.search((ROOT / "README.md").read_text())
    assert match, "README.md has no <!-- readme-langgraph --> block"
    code = (
        GRAPH
        + match["code"]
        + 'graph.invoke({"text": "The user prefers dark mode."})\n'
        + 'print(store.get(("user", "42"), "note").value["content"])\n'
    )
    _, token = make_agent(store.tenant)
    run = subprocess.run(
        [sys.executable, "-c", code],
        env={
            **os.environ,
            "MGC_URL": live_server.url,
            "MGC_TOKEN": token,
            "PYTHONPATH": str(ROOT / "clients" / "python"),
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.strip() == "The user prefers dark mode.", run.stdout


def test_consecutive_puts_of_one_batch_go_as_one_request(store, live_server):
    import httpx
    from langgraph.store.base import GetOp, PutOp

    sent = []
    client = httpx.Client(
        base_url=live_server.url,
        headers=dict(store._http.headers),
        event_hooks={"request": [lambda r: sent.append((r.method, r.url.path))]},
    )
    batched = MemoryGovernanceStore(
        live_server.url, "unused", org="acme", client=client
    )
    results = batched.batch(
        [
            PutOp(USER, "city", {"content": "The user lives in Lyon."}),
            PutOp(USER, "pet", {"content": "The user has a cat named Miso."}),
            PutOp(USER, "sport", {"content": "The user plays tennis on Sundays."}),
            GetOp(USER, "pet"),
        ]
    )
    assert results[:3] == [None, None, None]
    assert results[3].value == {"content": "The user has a cat named Miso."}
    assert batched.last_put_status == "committed"
    posts = [path for method, path in sent if method == "POST"]
    assert posts == ["/api/v1/writes/batch"]
    assert store.get(USER, "sport").value["content"].endswith("tennis on Sundays.")
    batched.close()
