"""The erasure job: claim, delete in chunks, verify and complete (003 §12.10.2).

The request is this app's; the mechanics (scan, delete, verify) are
`memory_core.lifecycle.erasure`. Execution is a durable job: `erasure_execute` marks
the request running and enqueues `erasure_run`, which claims it with a
conditional UPDATE (so a redelivered or duplicated message is harmless),
deletes in chunks of whole items (one transaction each, so nothing is ever
half-deleted), then verifies and completes in one transaction holding the
tenant's write fence exclusive (memory_core/lifecycle/fences.py): whatever a write for
the subject committed before that point is found and erased there, and the
tenant's writes wait until the certificate is written (other tenants' writes
never do). A job whose worker died stops heart-beating; the
beat sweeper (`erasures_resume_stalled`) enqueues it again.
"""

from __future__ import annotations

import logging
import time
import uuid
from datetime import timedelta

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from approvals.erasure.certificate import certificate_build, certificate_sign
from approvals.erasure.requests import erasure_audit, erasure_enqueue
from approvals.erasure.selectors import erasure_identifiers
from approvals.models import (
    ErasureProbe,
    ErasureRequest,
    ErasureStatus,
)
from audit.actions import AuditAction
from audit.services import Actor
from memory_core.lifecycle.erasure import (
    ErasureSet,
    Identifier,
    erasure_chunk_delete,
    erasure_rows_delete,
    erasure_scan,
    erasure_survivors,
)
from memory_core.lifecycle.fences import tenant_writes_fence_close
from memory_core.lock_objects import row_lock, rows_lock
from memory_core.metrics import instruments
from memory_core.models import (
    MemoryItem,
    RedactionToken,
)

logger = logging.getLogger(__name__)

# Rescans before the final, locked verification (late writes for the subject).
MAX_ROUNDS = 5


# The job


class _Superseded(Exception):
    """Another worker claimed the job (this one was presumed dead)."""


SYSTEM = Actor.system("erasure")


def _claim(request_id: uuid.UUID) -> int | None:
    """Claim a running job nobody is working on; return the attempt number."""
    now = timezone.now()
    stale = now - timedelta(seconds=settings.MGC_ERASURE_STALE_SECONDS)
    claimed = (
        ErasureRequest.objects.filter(pk=request_id, status=ErasureStatus.RUNNING)
        .filter(Q(heartbeat_at__isnull=True) | Q(heartbeat_at__lt=stale))
        .update(heartbeat_at=now, attempts=F("attempts") + 1)
    )
    if not claimed:
        return None
    return ErasureRequest.objects.values_list("attempts", flat=True).get(pk=request_id)


def _lock_claimed(request_id: uuid.UUID, attempt: int) -> ErasureRequest:
    request = row_lock(
        ErasureRequest.objects.select_related("tenant", "executed_by", "approved_by"),
        pk=request_id,
    )
    if request.status != ErasureStatus.RUNNING or request.attempts != attempt:
        raise _Superseded
    return request


def _add_counts(request: ErasureRequest, tables: dict, layers: dict) -> None:
    counts = request.counts or {}
    for key, added in (("tables", tables), ("layers", layers)):
        merged = dict(counts.get(key, {}))
        for name, n in added.items():
            merged[name] = merged.get(name, 0) + n
        counts[key] = merged
    counts["items"] = sum(counts.get("layers", {}).values())
    request.counts = counts


def erasure_run(*, request_id: uuid.UUID) -> str:
    """Run a claimed erasure to the end: chunks, rescans, verification, certificate.

    Return the request's status afterwards ("" when it was not claimable).
    """
    attempt = _claim(request_id)
    if attempt is None:
        return ""
    try:
        return _run(request_id, attempt)
    except _Superseded:
        return ErasureStatus.RUNNING
    except Exception:
        # Let the retry (or the sweeper) claim it at once.
        ErasureRequest.objects.filter(pk=request_id, attempts=attempt).update(
            heartbeat_at=None
        )
        raise


def _run(request_id: uuid.UUID, attempt: int) -> str:
    request = ErasureRequest.objects.select_related("tenant").get(pk=request_id)
    tenant_id, within = request.tenant_id, request.within_scope
    identifiers = erasure_identifiers(request)
    chunk = max(1, settings.MGC_ERASURE_CHUNK_ITEMS)
    for _ in range(MAX_ROUNDS):
        found = erasure_scan(
            tenant_id=tenant_id, identifiers=identifiers, within=within
        )
        ids = _pin(request_id, attempt, found)
        if not ids and not any(
            rows for table, rows in found.rows.items() if table != "redaction_token"
        ):
            break
        for start in range(0, len(ids), chunk):
            _delete_chunk(request_id, attempt, item_ids=ids[start : start + chunk])
            if settings.MGC_ERASURE_CHUNK_PAUSE_SECONDS:
                time.sleep(settings.MGC_ERASURE_CHUNK_PAUSE_SECONDS)
        _delete_rows(request_id, attempt, found)
    return _finish(request_id, attempt, identifiers)


def _pin(request_id: uuid.UUID, attempt: int, found: ErasureSet) -> list[uuid.UUID]:
    """Add what the scan found to the plan; return the planned items still stored.

    A derived item stops matching once what it was derived from is gone, so
    the set is pinned before anything is deleted: a job resumed after a crash
    between two chunks still erases the rest of the closure.
    """
    with transaction.atomic(durable=True):
        request = _lock_claimed(request_id, attempt)
        planned = {uuid.UUID(i) for i in request.plan} | set(found.items)
        if len(planned) != len(request.plan):
            request.plan = sorted(str(i) for i in planned)
            request.heartbeat_at = timezone.now()
            request.save(update_fields=["plan", "heartbeat_at"])
    return sorted(
        MemoryItem.objects.filter(
            tenant_id=request.tenant_id, pk__in=planned
        ).values_list("pk", flat=True)
    )


def _delete_chunk(
    request_id: uuid.UUID, attempt: int, *, item_ids: list[uuid.UUID]
) -> None:
    with transaction.atomic(durable=True):
        request = _lock_claimed(request_id, attempt)
        result = erasure_chunk_delete(tenant_id=request.tenant_id, item_ids=item_ids)
        ErasureProbe.objects.bulk_create(
            ErasureProbe(request=request, version_id=version_id, embedding=embedding)
            for version_id, embedding in result.probes
        )
        _add_counts(request, result.tables, result.layers)
        request.heartbeat_at = timezone.now()
        request.save(update_fields=["counts", "heartbeat_at"])
        erasure_audit(
            request,
            SYSTEM,
            AuditAction.ERASURE_CHUNK,
            items=sum(result.layers.values()),
            tables=result.tables,
        )


def _delete_rows(request_id: uuid.UUID, attempt: int, found: ErasureSet) -> None:
    # The redaction mappings go last, in `_finish`: until then a rescan needs
    # them to recognise a late write's tokens.
    rows = {t: ids for t, ids in found.rows.items() if t != "redaction_token"}
    if not any(rows.values()):
        return
    with transaction.atomic(durable=True):
        request = _lock_claimed(request_id, attempt)
        tables = erasure_rows_delete(tenant_id=request.tenant_id, rows=rows)
        _add_counts(request, tables, {})
        request.heartbeat_at = timezone.now()
        request.save(update_fields=["counts", "heartbeat_at"])
        erasure_audit(request, SYSTEM, AuditAction.ERASURE_ROWS, tables=tables)


def _finish(request_id: uuid.UUID, attempt: int, identifiers: list[Identifier]) -> str:
    """Verify with writes held off; complete with a certificate, or fail loudly."""
    with transaction.atomic(durable=True):
        request = _lock_claimed(request_id, attempt)
        tenant_id, within = request.tenant_id, request.within_scope
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL lock_timeout = '30s'")
        # The tenant's writes in flight commit first (and are scanned); its
        # new writes wait until this transaction ends. Other tenants go on.
        tenant_writes_fence_close(tenant_id)
        late = erasure_scan(tenant_id=tenant_id, identifiers=identifiers, within=within)
        planned = MemoryItem.objects.filter(tenant_id=tenant_id, pk__in=request.plan)
        late_ids = set(late.items) | set(planned.values_list("pk", flat=True))
        if late_ids:
            # Writes for the subject that committed during the run, and what
            # the plan still holds.
            result = erasure_chunk_delete(tenant_id=tenant_id, item_ids=list(late_ids))
            ErasureProbe.objects.bulk_create(
                ErasureProbe(request=request, version_id=v, embedding=e)
                for v, e in result.probes
            )
            _add_counts(request, result.tables, result.layers)
        tokens = list(
            RedactionToken.objects.filter(
                pk__in=late.rows["redaction_token"]
            ).values_list("principal", "token")
        )
        if any(late.rows.values()):
            _add_counts(
                request, erasure_rows_delete(tenant_id=tenant_id, rows=late.rows), {}
            )
        probes = list(request.probes.values_list("version_id", "embedding"))
        survivors = erasure_survivors(
            tenant_id=tenant_id,
            identifiers=identifiers,
            within=within,
            probes=probes,
            tokens=tokens,
        )
        if left := planned.count():
            survivors["memory_item (planned)"] = left
        now = timezone.now()
        request.finished_at, request.heartbeat_at = now, now
        if survivors:
            request.status = ErasureStatus.FAILED
            request.error = "Still stored after erasure: " + ", ".join(
                f"{table} {n}" for table, n in sorted(survivors.items())
            )
            request.save(
                update_fields=[
                    "status",
                    "error",
                    "finished_at",
                    "heartbeat_at",
                    "counts",
                ]
            )
            erasure_audit(
                request, SYSTEM, AuditAction.ERASURE_FAIL, survivors=survivors
            )
            logger.error("erasure %s failed verification: %s", request.pk, survivors)
            return request.status
        request.status = ErasureStatus.COMPLETED
        request.identifiers_ciphertext, request.identifiers_destroyed_at = b"", now
        request.probes.all().delete()
        (event,) = erasure_audit(
            request,
            SYSTEM,
            AuditAction.ERASURE_COMPLETE,
            counts=request.counts,
            probes=min(len(probes), 1000),
        )
        request.certificate = certificate_sign(
            certificate_build(request, event, probes=len(probes))
        )
        request.save(
            update_fields=[
                "status",
                "finished_at",
                "heartbeat_at",
                "counts",
                "identifiers_ciphertext",
                "identifiers_destroyed_at",
                "certificate",
            ]
        )
    instruments.ERASURE_SECONDS.observe(
        (request.finished_at - request.created_at).total_seconds()
    )
    return ErasureStatus.COMPLETED


def erasure_fail(*, request_id: uuid.UUID, reason: str) -> None:
    """Mark a job failed after its retries ran out; the reason names no data."""
    with transaction.atomic(durable=True):
        request = rows_lock(
            ErasureRequest.objects.filter(pk=request_id, status=ErasureStatus.RUNNING)
        ).first()
        if request is None:
            return
        request.status, request.error = (
            ErasureStatus.FAILED,
            f"The job failed: {reason}",
        )
        request.finished_at = timezone.now()
        request.save(update_fields=["status", "error", "finished_at"])
        erasure_audit(request, SYSTEM, AuditAction.ERASURE_FAIL, error=reason)


def erasures_resume_stalled() -> int:
    """Enqueue every running job whose worker went silent; return how many.

    The silent claim is released here (heartbeat cleared), so the next
    worker claims at once; should the old worker wake up, its next chunk
    finds the attempt number changed and stops.
    """
    stale = timezone.now() - timedelta(seconds=settings.MGC_ERASURE_STALE_SECONDS)
    silent = ErasureRequest.objects.filter(status=ErasureStatus.RUNNING).filter(
        Q(heartbeat_at__lt=stale) | Q(heartbeat_at__isnull=True, started_at__lt=stale)
    )
    ids = list(silent.values_list("pk", flat=True))
    silent.filter(pk__in=ids).update(heartbeat_at=None)
    for request_id in ids:
        erasure_enqueue(request_id=request_id)
    return len(ids)
