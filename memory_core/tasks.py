"""Celery tasks: thin wrappers that load by id and call a service."""

from __future__ import annotations

import uuid

from celery import shared_task
from django.db import OperationalError

from memory_core.embeddings import EmbeddingError
from memory_core.services.reviews import writes_expire_overdue
from memory_core.services.writes import (
    write_fail,
    write_process,
    writes_requeue_stalled,
)

MAX_RETRIES = 5


@shared_task(
    name="memory_core.writes.process",
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    max_retries=MAX_RETRIES,
)
def write_process_task(self, write_id: str) -> int:
    try:
        return write_process(write_id=uuid.UUID(write_id))
    except (OperationalError, EmbeddingError) as exc:
        raise self.retry(exc=exc, countdown=min(2**self.request.retries, 60)) from exc
    except Exception as exc:
        if self.request.retries >= MAX_RETRIES:
            write_fail(write_id=uuid.UUID(write_id), reason=type(exc).__name__)
            return 0
        raise self.retry(exc=exc, countdown=min(2**self.request.retries, 60)) from exc


@shared_task(name="memory_core.writes.requeue_stalled")
def writes_requeue_stalled_task() -> int:
    return writes_requeue_stalled()


@shared_task(name="memory_core.reviews.expire_overdue")
def writes_expire_overdue_task() -> int:
    return writes_expire_overdue()
