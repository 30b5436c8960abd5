"""Celery tasks of the approvals app: thin, named, calling a service."""

from __future__ import annotations

import uuid

from celery import shared_task
from django.db import OperationalError

from approvals.erasure.job import erasure_fail, erasure_run, erasures_resume_stalled
from approvals.models import ErasureRequest
from approvals.services import reviews_escalate_overdue
from memory_core.rls import for_each_tenant, tenant_context, tenant_of

ERASURE_MAX_RETRIES = 5


@shared_task(name="approvals.escalate_overdue_reviews")
def reviews_escalate_overdue_task() -> int:
    """Escalate async reviews past their SLA; safe to run twice (once per review)."""
    return for_each_tenant(reviews_escalate_overdue)


@shared_task(
    name="approvals.erasure_run",
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    max_retries=ERASURE_MAX_RETRIES,
)
def erasure_run_task(self, request_id: str) -> str:
    """Run an erasure job; idempotent (a claimed or finished job is left alone)."""
    tenant_id = tenant_of(ErasureRequest, uuid.UUID(request_id))
    if tenant_id is None:
        return "missing"
    try:
        with tenant_context(tenant_id):
            return erasure_run(request_id=uuid.UUID(request_id))
    except OperationalError as exc:
        raise self.retry(exc=exc, countdown=min(2**self.request.retries, 60)) from exc
    except Exception as exc:
        if self.request.retries >= ERASURE_MAX_RETRIES:
            with tenant_context(tenant_id):
                erasure_fail(
                    request_id=uuid.UUID(request_id), reason=type(exc).__name__
                )
            return "failed"
        raise self.retry(exc=exc, countdown=min(2**self.request.retries, 60)) from exc


@shared_task(name="approvals.erasures_resume_stalled")
def erasures_resume_stalled_task() -> int:
    """Enqueue erasure jobs whose worker went silent (the beat sweeper)."""
    return for_each_tenant(erasures_resume_stalled)
