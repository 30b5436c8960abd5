"""Celery tasks: thin wrappers that load by id and call a service."""

from __future__ import annotations

import uuid

from celery import shared_task
from django.db import OperationalError
from django.utils.dateparse import parse_datetime

from memory_core.embeddings import EmbeddingError
from memory_core.health import WORKER, heartbeat_record, heartbeats_prune
from memory_core.lifecycle.gc.runs import SYSTEM as GC_SYSTEM
from memory_core.lifecycle.gc.runs import gc_run_execute
from memory_core.lifecycle.gc.selectors import gc_tenants_due
from memory_core.lifecycle.retention import retention_enforce_all
from memory_core.models import Tenant, WriteRequest
from memory_core.retrieval import access_record
from memory_core.rls import for_each_tenant, tenant_context, tenant_of
from memory_core.services.gc import gc_actor
from memory_core.services.reviews import writes_expire_overdue
from memory_core.services.writes import (
    drain_flag_clear,
    write_drain_continue,
    write_fail,
    write_oldest_queued,
    write_process,
    write_tallies_prune,
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
    # The write's tenant first (a cross-tenant lookup), then only that tenant.
    tenant_id = tenant_of(WriteRequest, uuid.UUID(write_id))
    if tenant_id is None:
        return 0
    # Before the claim: a write stored from now on sends a message of its own.
    drain_flag_clear(tenant_id=tenant_id)
    try:
        with tenant_context(tenant_id):
            decided = write_process(write_id=uuid.UUID(write_id))
            if not decided and (oldest := write_oldest_queued(tenant_id=tenant_id)):
                # Decided in an earlier batch: drain the writes that relied
                # on this message instead.
                decided = write_process(write_id=oldest)
            write_drain_continue(tenant_id=tenant_id, decided=decided)
            return decided
    except (OperationalError, EmbeddingError) as exc:
        raise self.retry(exc=exc, countdown=min(2**self.request.retries, 60)) from exc
    except Exception as exc:
        if self.request.retries >= MAX_RETRIES:
            with tenant_context(tenant_id):
                write_fail(write_id=uuid.UUID(write_id), reason=type(exc).__name__)
            return 0
        raise self.retry(exc=exc, countdown=min(2**self.request.retries, 60)) from exc


@shared_task(name="memory_core.health.heartbeat", bind=True, ignore_result=True)
def heartbeat_task(self) -> None:
    """Record that a worker consuming the queue is alive (sent by beat)."""
    heartbeat_record(component=WORKER, hostname=self.request.hostname)
    heartbeats_prune()


@shared_task(name="memory_core.writes.requeue_stalled")
def writes_requeue_stalled_task() -> int:
    return for_each_tenant(writes_requeue_stalled)


@shared_task(name="memory_core.writes.prune_tallies", ignore_result=True)
def write_tallies_prune_task() -> int:
    """Prune every tenant's write tallies past its windows (sent by beat)."""
    deleted = 0
    for tenant in Tenant.objects.order_by("pk"):
        with tenant_context(tenant.pk):
            deleted += write_tallies_prune(tenant=tenant)
    return deleted


@shared_task(name="memory_core.reviews.expire_overdue")
def writes_expire_overdue_task() -> int:
    return for_each_tenant(writes_expire_overdue)


@shared_task(name="memory_core.retention.enforce")
def retention_enforce_task(dry_run: bool = False) -> int:
    """Apply retention to every tenant; return how many items it dealt with."""
    return sum(r.items for r in retention_enforce_all(dry_run=dry_run))


@shared_task(name="memory_core.gc.run_all")
def gc_run_all_task() -> int:
    """Queue a GC run per tenant; each run takes its tenant's lock itself."""
    tenant_ids = gc_tenants_due()
    for tenant_id in tenant_ids:
        gc_run_task.delay(str(tenant_id))
    return len(tenant_ids)


@shared_task(name="memory_core.gc.run", acks_late=True, reject_on_worker_lost=True)
def gc_run_task(
    tenant_id: str, dry_run: bool = False, user_id: int | None = None
) -> str | None:
    """Run GC over one tenant; a run already holding the tenant makes this a no-op."""
    actor = gc_actor(user_id) if user_id else GC_SYSTEM
    with tenant_context(tenant_id):
        run = gc_run_execute(
            tenant_id=uuid.UUID(tenant_id),
            dry_run=dry_run,
            triggered_by=actor.label if user_id else "beat",
            actor=actor,
        )
    return str(run.id) if run else None


# Counting a read twice would inflate it: acknowledge on receipt, so a lost
# worker loses a count (approximate stats) rather than repeating one.
@shared_task(
    name="memory_core.retrieval.record_access", acks_late=False, ignore_result=True
)
def access_record_task(
    tenant_id: str, item_ids: list[str], at: str, endpoint: str | None = None
) -> int:
    """Count one read of each item a read returned, and the read in the day's
    tally; return the rows updated. (Messages queued before `endpoint` existed
    count the items only.)"""
    with tenant_context(tenant_id):
        return access_record(
            tenant_id=uuid.UUID(tenant_id),
            item_ids=item_ids,
            at=parse_datetime(at),
            endpoint=endpoint,
        )
