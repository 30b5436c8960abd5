"""A real worker killed mid-GC: nothing is half-expired, and the next run finishes.

The run goes to a worker of its own queue (the session worker cannot take
it), one item per batch with a pause after each; the test kills the process
(SIGKILL) once some batches have committed, checks every item is either
wholly expired (item, head version, log entry) or untouched, then lets a
fresh worker's run resume the dead one and checks the totals.
"""

from __future__ import annotations

import os
import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from memory_core.celery import app
from memory_core.models import (
    GcRun,
    GcRunStatus,
    MemoryItem,
    MemoryLogEntry,
    VersionStatus,
)
from memory_core.tasks import gc_run_task
from tests.conftest import WorkerProcess, wait_for
from tests.memory_core.lifecycle.test_gc import stored

pytestmark = [pytest.mark.worker, pytest.mark.slow]
ITEMS = 8


@pytest.fixture
def own_queue(transactional_db):
    queue = f"gc-kill-{uuid.uuid4().hex[:8]}"
    default = app.conf.task_default_queue
    app.conf.task_default_queue = queue
    yield queue
    app.conf.task_default_queue = default


def worker_with_pauses(name: str, queue: str) -> WorkerProcess:
    os.environ["MGC_GC_BATCH_PAUSE_SECONDS"] = "1"
    try:
        return WorkerProcess(name, queue=queue)
    finally:
        os.environ.pop("MGC_GC_BATCH_PAUSE_SECONDS")


def assert_nothing_half_expired(items: list[MemoryItem]) -> int:
    """Return how many items are expired; each wholly, or not at all."""
    expired = 0
    for item in MemoryItem.objects.filter(pk__in=[i.pk for i in items]):
        logged = MemoryLogEntry.objects.filter(item=item, operation="expire").count()
        if item.status == VersionStatus.EXPIRED:
            expired += 1
            assert item.head.status == VersionStatus.EXPIRED
            assert item.head.valid_to is not None
            assert logged == 1
        else:
            assert item.head.status == VersionStatus.ACTIVE
            assert logged == 0
    return expired


def test_a_killed_gc_run_is_resumed_by_the_next_one(tenant, own_queue):
    tenant.policy = {"gc_batch_size": 1}
    tenant.save(update_fields=["policy"])
    past = timezone.now() - timedelta(days=1)
    items = [stored(tenant, expires_at=past) for _ in range(ITEMS)]

    first = worker_with_pauses("gc-kill-1", own_queue)
    try:
        first.wait_ready()
        gc_run_task.delay(str(tenant.id))

        def some_batches_done() -> bool:
            run = GcRun.objects.filter(tenant=tenant).first()
            return run is not None and 2 <= run.counts.get("hard_ttl", 0) < ITEMS

        wait_for(some_batches_done, timeout=60, interval=0.05)
        first.kill()
    finally:
        first.stop()
    dead = GcRun.objects.get(tenant=tenant)
    assert dead.status == GcRunStatus.RUNNING
    done = assert_nothing_half_expired(items)
    assert 2 <= done < ITEMS
    assert dead.counts["hard_ttl"] == done

    second = WorkerProcess("gc-kill-2", queue=own_queue)
    try:
        second.wait_ready()
        gc_run_task.delay(str(tenant.id))
        wait_for(
            lambda: GcRun.objects.get(pk=dead.pk).status == GcRunStatus.COMPLETED,
            timeout=60,
        )
    finally:
        second.stop()
    run = GcRun.objects.get(pk=dead.pk)
    assert GcRun.objects.filter(tenant=tenant).count() == 1
    assert run.resumes == 1
    assert run.counts["hard_ttl"] == ITEMS
    assert assert_nothing_half_expired(items) == ITEMS
