"""Celery tasks of the approvals app: thin, named, calling a service.

Task names follow `<app>.<noun>.<verb>`, as memory_core's do. The names
before it (`approvals.escalate_overdue_reviews`, `approvals.erasure_run`,
`approvals.erasures_resume_stalled`) stay registered as aliases for one
release, so messages queued under them (an erasure job, a beat tick) still
run; remove them in the release after.
"""

from __future__ import annotations

import uuid

from celery import Task, shared_task
from django.db import OperationalError

from approvals.erasure.job import erasure_fail, erasure_run, erasures_resume_stalled
from approvals.models import ErasureRequest
from approvals.services import reviews_escalate_overdue
from memory_core.rls import for_each_tenant, tenant_context, tenant_of

ERASURE_MAX_RETRIES = 5
ERASURE_RUN_OPTIONS = {
    "bind": True,
    "acks_late": True,
    "reject_on_worker_lost": True,
    "max_retries": ERASURE_MAX_RETRIES,
}


@shared_task(name="approvals.reviews.escalate_overdue")
def reviews_escalate_overdue_task() -> int:
    """Escalate async reviews past their SLA; safe to run twice (once per review)."""
    return for_each_tenant(reviews_escalate_overdue)


def _erasure_run(task: Task, request_id: str) -> str:
    tenant_id = tenant_of(ErasureRequest, uuid.UUID(request_id))
    if tenant_id is None:
        return "missing"
    try:
        with tenant_context(tenant_id):
            return erasure_run(request_id=uuid.UUID(request_id))
    except OperationalError as exc:
        raise task.retry(exc=exc, countdown=min(2**task.request.retries, 60)) from exc
    except Exception as exc:
        if task.request.retries >= ERASURE_MAX_RETRIES:
            with tenant_context(tenant_id):
                erasure_fail(
                    request_id=uuid.UUID(request_id), reason=type(exc).__name__
                )
            return "failed"
        raise task.retry(exc=exc, countdown=min(2**task.request.retries, 60)) from exc


@shared_task(name="approvals.erasure.run", **ERASURE_RUN_OPTIONS)
def erasure_run_task(self, request_id: str) -> str:
    """Run an erasure job; idempotent (a claimed or finished job is left alone)."""
    return _erasure_run(self, request_id)


@shared_task(name="approvals.erasure.resume_stalled")
def erasures_resume_stalled_task() -> int:
    """Enqueue erasure jobs whose worker went silent (the beat sweeper)."""
    return for_each_tenant(erasures_resume_stalled)


# The names before `<app>.<noun>.<verb>`, for messages already queued: one
# release only.


@shared_task(name="approvals.escalate_overdue_reviews")
def reviews_escalate_overdue_alias_task() -> int:
    """Alias of `approvals.reviews.escalate_overdue` (its old name), one release."""
    return reviews_escalate_overdue_task()


@shared_task(name="approvals.erasure_run", **ERASURE_RUN_OPTIONS)
def erasure_run_alias_task(self, request_id: str) -> str:
    """Alias of `approvals.erasure.run` (its old name), one release."""
    return _erasure_run(self, request_id)


@shared_task(name="approvals.erasures_resume_stalled")
def erasures_resume_stalled_alias_task() -> int:
    """Alias of `approvals.erasure.resume_stalled` (its old name), one release."""
    return erasures_resume_stalled_task()
