"""End to end through a real Celery worker consuming Redis, on real PostgreSQL."""

import json
import uuid

import psycopg
import pytest
from django.conf import settings

from audit.services import audit_chain_verify
from memory_core.celery import app as celery_app
from memory_core.models import MemoryVersion, WriteRequest, WriteStatus
from memory_core.services.writes import writes_requeue_stalled
from memory_core.tasks import write_process_task
from tests.conftest import WorkerProcess, database_url_for_tests, wait_for

pytestmark = pytest.mark.worker

BODY = {
    "scope": "/org/acme/user/42/",
    "layer": "episodic",
    "content": "The user's favourite editor is Helix.",
    "source": "user_stated",
    "confidence": 0.9,
}


def post(api, body=BODY, wait=30, **headers):
    return api.post(
        "/api/v1/writes",
        data=json.dumps(body),
        content_type="application/json",
        HTTP_PREFER=f"wait={wait}",
        **headers,
    )


def test_a_write_commits_through_the_worker_and_reads_back(worker, api, tenant):
    response = post(api)
    assert response.status_code == 202
    body = response.json()
    assert body["status"] == "committed", body
    assert body["version"] == 1
    memory = api.get(f"/api/v1/memories/{body['memory_id']}").json()
    assert memory["content"] == BODY["content"]
    versions = api.get(f"/api/v1/memories/{body['memory_id']}/versions").json()[
        "results"
    ]
    assert [v["number"] for v in versions] == [1]
    detail = api.get(f"/api/v1/writes/{body['id']}").json()
    assert [g["gate"] for g in detail["gates"]][-2:] == ["provenance", "risk"]

    duplicate = post(
        api,
        {**BODY, "content": "The user's favourite editor is  Helix."},
        HTTP_IDEMPOTENCY_KEY="dup",
    ).json()
    assert duplicate["status"] == "duplicate"
    assert duplicate["memory_id"] == body["memory_id"]
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []


def test_long_poll_on_get_sees_the_outcome(worker, api):
    write_id = post(api, wait=0).json()["id"]
    response = api.get(f"/api/v1/writes/{write_id}?wait=30")
    assert response.json()["status"] == "committed"


def test_the_same_task_delivered_twice_makes_one_version(worker, api):
    write_id = post(api, wait=0).json()["id"]
    write_process_task.delay(write_id)
    write_process_task.delay(write_id)
    wait_for(lambda: WriteRequest.objects.get(pk=write_id).status != WriteStatus.QUEUED)
    # Let the extra deliveries run too.
    marker = post(
        api,
        {**BODY, "content": "A marker processed after the duplicates."},
        HTTP_IDEMPOTENCY_KEY="marker",
    ).json()
    assert marker["status"] == "committed"
    assert MemoryVersion.objects.filter(write_request_id=write_id).count() == 1


@pytest.mark.slow
def test_a_worker_killed_mid_write_leaves_the_write_to_be_redone(
    celery_worker_proc, transactional_db, api, tenant
):
    """Kill -9 the worker after it wrote the version, before its commit."""
    queue = f"kill-{uuid.uuid4().hex[:8]}"
    default_queue = celery_app.conf.task_default_queue
    celery_app.conf.task_default_queue = queue
    try:
        write_id = post(api, wait=0).json()["id"]
        db = psycopg.connect(database_url_for_tests())
        # As the test's code does: every tenant (memory_core/rls.py).
        db.execute("SELECT set_config('mgc.system', 'on', false)")
        # Hold the tenant's audit-chain lock: the worker's batch writes the
        # version, then waits here before it can commit.
        db.execute(
            "SELECT 1 FROM audit_auditchainhead WHERE tenant_id = %s FOR UPDATE",
            [tenant.id],
        )
        doomed = WorkerProcess("doomed", queue=queue)
        doomed.wait_ready()
        with psycopg.connect(database_url_for_tests(), autocommit=True) as probe:
            wait_for(
                lambda: (
                    probe.execute(
                        "SELECT count(*) FROM pg_locks WHERE NOT granted"
                    ).fetchone()[0]
                    > 0
                )
            )
        doomed.kill()
        db.rollback()
        db.close()

        write = WriteRequest.objects.get(pk=write_id)
        assert write.status == WriteStatus.QUEUED
        assert not MemoryVersion.objects.filter(write_request_id=write_id).exists()

        # The beat sweeper re-enqueues writes left queued; a new worker redoes it.
        assert writes_requeue_stalled(older_than_seconds=0) == 1
        survivor = WorkerProcess("survivor", queue=queue)
        try:
            survivor.wait_ready()
            wait_for(
                lambda: (
                    WriteRequest.objects.get(pk=write_id).status
                    == WriteStatus.COMMITTED
                ),
                timeout=60,
            )
        finally:
            survivor.stop()
        assert MemoryVersion.objects.filter(write_request_id=write_id).count() == 1
        assert audit_chain_verify(tenant_ids=[tenant.id]) == []
    finally:
        celery_app.conf.task_default_queue = default_queue
    assert default_queue == settings.CELERY_TASK_DEFAULT_QUEUE
