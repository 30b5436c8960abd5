"""The rate gate's write tallies: kept by the write table's triggers, pruned."""

import json
from datetime import timedelta

from django.db import connection
from django.db.models import Count, Sum
from django.db.models.functions import Trunc
from django.utils import timezone

from memory_core.models import WriteRequest, WriteTally
from memory_core.services.writes import write_tallies_prune
from memory_core.tasks import write_tallies_prune_task
from tests.factories import make_agent


def post(api, content: str, layer: str = "episodic") -> str:
    body = {"scope": "/org/acme/user/42/", "layer": layer, "content": content}
    response = api.post(
        "/api/v1/writes", data=json.dumps(body), content_type="application/json"
    )
    assert response.status_code == 202, response.json()
    return response.json()["id"]


def tallied(tenant) -> dict[tuple, int]:
    rows = (
        WriteTally.objects.filter(tenant=tenant)
        .values("agent_id", "second", "layer")
        .annotate(n=Sum("writes"))
    )
    return {(r["agent_id"], r["second"], r["layer"]): r["n"] for r in rows if r["n"]}


def stored(tenant) -> dict[tuple, int]:
    rows = (
        WriteRequest.objects.filter(tenant=tenant)
        .annotate(second=Trunc("created_at", "second"))
        .values("agent_id", "second", "layer")
        .annotate(n=Count("id"))
    )
    return {(r["agent_id"], r["second"], r["layer"]): r["n"] for r in rows}


def test_every_stored_write_is_tallied_where_it_is(api, tenant, agent_and_token):
    ids = [post(api, f"note {i}") for i in range(3)]
    ids.append(post(api, "a fact", layer="semantic"))
    WriteRequest.objects.bulk_create(
        [
            WriteRequest(
                tenant=tenant,
                agent=agent_and_token[0],
                idempotency_key=f"bulk-{i}",
                request_hash="x",
                content_token="x",
                payload={},
                scope_path="/org/acme/user/42/",
                layer="procedural",
            )
            for i in range(5)
        ]
    )
    assert tallied(tenant) == stored(tenant)
    assert sum(tallied(tenant).values()) == 9
    # A write moved in time or to another layer moves with its tally.
    hour_ago = timezone.now() - timedelta(hours=1)
    WriteRequest.objects.filter(pk=ids[0]).update(created_at=hour_ago)
    WriteRequest.objects.filter(pk=ids[1]).update(layer="session")
    assert tallied(tenant) == stored(tenant)
    # The worker's updates of a write's status touch no tally.
    before = list(WriteTally.objects.filter(tenant=tenant).values_list("writes"))
    WriteRequest.objects.filter(pk=ids[2]).update(status="committed")
    assert list(WriteTally.objects.filter(tenant=tenant).values_list("writes")) == (
        before
    )
    # A deleted write was an attempt: it stays counted.
    counted = sum(tallied(tenant).values())
    WriteRequest.objects.filter(pk=ids[3]).delete()
    assert sum(tallied(tenant).values()) == counted


def test_each_database_session_keeps_tallies_of_its_own(api, tenant):
    post(api, "one")
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    assert set(
        WriteTally.objects.filter(tenant=tenant).values_list("backend", flat=True)
    ) == {pid}


def test_the_prune_keeps_the_windows_of_each_tenant(api, tenant, other_tenant):
    ids = [post(api, f"note {i}") for i in range(3)]
    WriteRequest.objects.filter(pk=ids[0]).update(
        created_at=timezone.now() - timedelta(minutes=5)
    )
    agent, token = make_agent(other_tenant, scopes=["/org/globex/user/7/"])
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    response = api.post(
        "/api/v1/writes",
        data=json.dumps(
            {"scope": "/org/globex/user/7/", "layer": "episodic", "content": "x"}
        ),
        content_type="application/json",
    )
    assert response.status_code == 202, response.json()
    WriteRequest.objects.filter(tenant=other_tenant).update(
        created_at=timezone.now() - timedelta(minutes=5)
    )
    # The default window is 60 s: the five-minute-old tally goes, the two
    # recent ones stay; a tenant whose window is ten minutes keeps its own.
    other_tenant.policy = {"rate_window_seconds": 600}
    other_tenant.save(update_fields=["policy"])
    assert write_tallies_prune_task() == 1
    assert sum(tallied(tenant).values()) == 2
    assert sum(tallied(other_tenant).values()) == 1
    other_tenant.policy = {}
    other_tenant.save(update_fields=["policy"])
    assert write_tallies_prune(tenant=other_tenant) >= 1
    assert tallied(other_tenant) == {}
