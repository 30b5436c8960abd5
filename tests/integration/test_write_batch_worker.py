"""A batch of writes through the API and a real Celery worker."""

import json

import pytest

from audit.services import audit_chain_verify
from memory_core.models import MemoryVersion, WriteRequest, WriteStatus
from tests.conftest import wait_for

pytestmark = pytest.mark.worker

SCOPE = "/org/acme/user/42/"
FACTS = [
    "The user's favourite editor is Helix.",
    "The user takes the 7:40 train to Lyon on Mondays.",
    "The user's team ships the billing service on Thursdays.",
]


def note(content: str) -> dict:
    return {
        "scope": SCOPE,
        "layer": "episodic",
        "content": content,
        "source": "user_stated",
        "confidence": 0.9,
    }


def test_the_worker_commits_every_admitted_write_of_a_batch(worker, api, tenant):
    body = {"writes": [*map(note, FACTS), {**note("x"), "confidence": "high"}]}
    response = api.post(
        "/api/v1/writes/batch",
        data=json.dumps(body),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY="turn-1",
    )
    assert response.status_code == 207, response.content
    answers = response.json()["results"]
    assert [a["status"] for a in answers] == [202, 202, 202, 422]
    ids = [a["write"]["id"] for a in answers[:3]]

    def decided():
        writes = WriteRequest.objects.filter(id__in=ids)
        return all(w.status != WriteStatus.QUEUED for w in writes) and writes

    writes = wait_for(decided)
    assert {w.status for w in writes} == {WriteStatus.COMMITTED}
    contents = set(
        MemoryVersion.objects.filter(tenant=tenant).values_list("content", flat=True)
    )
    assert contents == set(FACTS)
    # Each write's outcome reads back as a single write's would.
    for write_id in ids:
        detail = api.get(f"/api/v1/writes/{write_id}").json()
        assert detail["status"] == "committed" and detail["memory_id"]
    # A replay of the whole batch changes nothing and enqueues nothing.
    replay = api.post(
        "/api/v1/writes/batch",
        data=json.dumps(body),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY="turn-1",
    ).json()["results"]
    assert [a["write"]["status"] for a in replay[:3]] == ["committed"] * 3
    assert all(a["replayed"] for a in replay[:3])
    assert WriteRequest.objects.filter(tenant=tenant).count() == 3
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []
