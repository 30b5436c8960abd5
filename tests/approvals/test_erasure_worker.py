"""A real worker killed mid-erasure: the job resumes and finishes.

The job runs on a worker of its own queue (so the session worker cannot
take it), pausing between chunks of one item; the test kills the process
(SIGKILL) after the first chunks committed, checks that nothing is half
deleted, then starts a fresh worker, lets the sweeper re-enqueue the silent
job, and checks the erasure completes with the full counts.
"""

from __future__ import annotations

import os
import uuid

import pytest

from approvals.erasure.job import erasures_resume_stalled
from approvals.erasure.requests import erasure_execute, erasure_file
from approvals.models import ErasureRequest, ErasureStatus
from memory_core.celery import app
from memory_core.models import MemoryItem, MemoryVersion, Role
from tests.conftest import WorkerProcess, wait_for
from tests.factories import make_member
from tests.memory_core.lifecycle.test_erasure import orm_item

pytestmark = [pytest.mark.worker, pytest.mark.slow]
SCOPE = "/org/acme/user/42/"


@pytest.fixture
def own_queue(transactional_db, monkeypatch):
    queue = f"erasure-kill-{uuid.uuid4().hex[:8]}"
    default = app.conf.task_default_queue
    app.conf.task_default_queue = queue
    yield queue
    app.conf.task_default_queue = default


def test_a_killed_worker_resumes_and_finishes(tenant, own_queue, settings):
    officer = make_member(tenant, Role.COMPLIANCE_OFFICER, username="olga")
    items = [orm_item(tenant, f"Jane Doe note {n}.", path=SCOPE) for n in range(8)]
    request = erasure_file(
        tenant=tenant,
        identifiers=[("name", "Jane Doe")],
        legal_basis="objection",
        user=officer,
    )
    env = {
        "MGC_ERASURE_CHUNK_ITEMS": "1",
        "MGC_ERASURE_CHUNK_PAUSE_SECONDS": "1",
    }
    os.environ.update(env)
    try:
        first = WorkerProcess("erasure-kill-1", queue=own_queue)
    finally:
        for key in env:
            os.environ.pop(key)
    try:
        first.wait_ready()
        executor = make_member(tenant, Role.COMPLIANCE_OFFICER, username="otis")
        erasure_execute(tenant=tenant, request_id=request.pk, user=executor)

        def some_chunks_done() -> bool:
            done = (ErasureRequest.objects.get(pk=request.pk).counts or {}).get(
                "items", 0
            )
            return 2 <= done < len(items)

        wait_for(some_chunks_done, timeout=60, interval=0.05)
        first.kill()
    finally:
        first.stop()
    request.refresh_from_db()
    assert request.status == ErasureStatus.RUNNING
    left = MemoryItem.objects.filter(pk__in=[i.pk for i in items])
    assert 0 < left.count() < len(items)
    # Nothing half-deleted: every remaining item still has its version.
    assert MemoryVersion.objects.filter(item__in=left).count() == left.count()

    second = WorkerProcess("erasure-kill-2", queue=own_queue)
    try:
        second.wait_ready()
        settings.MGC_ERASURE_STALE_SECONDS = -1  # the first worker went silent
        assert erasures_resume_stalled() == 1
        wait_for(
            lambda: (
                ErasureRequest.objects.get(pk=request.pk).status
                == ErasureStatus.COMPLETED
            ),
            timeout=60,
        )
    finally:
        second.stop()
    request.refresh_from_db()
    assert not left.exists()
    assert request.attempts == 2
    assert request.certificate["counts"]["items"] == len(items)
    assert request.certificate["counts"]["tables"]["memory_core_memoryversion"] == 8
