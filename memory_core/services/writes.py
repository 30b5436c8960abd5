"""Submit writes and run them through the pipeline."""

from __future__ import annotations

import json
import logging
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from audit.services import Actor, AuditEntry, audit_event_record, audit_events_record
from memory_core.embeddings import get_provider
from memory_core.exceptions import Invalid
from memory_core.hashing import (
    content_hash,
    content_token,
    request_hash,
    structural_fingerprint,
)
from memory_core.models import Agent, WriteRequest, WriteStatus
from memory_core.pipeline import GATES, SUBMIT_GATES, run_gates
from memory_core.pipeline.lookups import BatchLookups, DatabaseLookups
from memory_core.pipeline.types import (
    Candidate,
    Decision,
    ExistingVersion,
    GateContext,
    GateResult,
)
from memory_core.policy import policy_for
from memory_core.services.memory import MemoryBatch, memory_update
from memory_core.services.tenancy import agent_actor

logger = logging.getLogger(__name__)

CANDIDATE_FIELDS = (
    "kind",
    "key",
    "subject",
    "predicate",
    "object",
    "confidence",
    "source",
    "evidence",
    "ttl_seconds",
    "soft_ttl_seconds",
    "classification",
    "residency",
    "task_id",
    "session_id",
    "embedding",
    "fields",
)


def candidate_from_payload(
    payload: dict[str, Any], *, write_id: uuid.UUID, agent_id: uuid.UUID
) -> Candidate:
    values = {f: payload[f] for f in CANDIDATE_FIELDS if payload.get(f) is not None}
    deadline = payload.get("deadline")
    if isinstance(deadline, str):
        deadline = parse_datetime(deadline)
    content = payload.get("content") or ""
    return Candidate(
        write_id=write_id,
        agent_id=agent_id,
        scope_path=payload["scope"],
        layer=payload["layer"],
        content=content,
        deadline=deadline,
        content_hash=content_hash(content),
        fingerprint=structural_fingerprint(
            payload.get("subject"), payload.get("predicate"), payload.get("object")
        ),
        **values,
    )


def gate_context(
    *, agent: Agent, lookups: DatabaseLookups, now: datetime, embed=None
) -> GateContext:
    """Return what the gates may know about this agent's write, now."""
    return GateContext(
        tenant_id=agent.tenant_id,
        agent_allowed_scopes=list(agent.allowed_scopes),
        agent_allowed_layers=list(agent.allowed_layers),
        now=now,
        lookups=lookups,
        embed=embed,
        policy=policy_for(agent.tenant),
        max_content_bytes=settings.MGC_MAX_CONTENT_BYTES,
        embedding_dim=settings.MGC_EMBEDDING_DIM,
        agent_suspended=agent.writes_suspended_at is not None,
        agent_reputation=agent.reputation,
        provenance_key=settings.MGC_PROVENANCE_KEY.encode(),
    )


@dataclass(frozen=True)
class SubmitResult:
    write: WriteRequest
    replayed: bool


def _stored_payload(payload: dict[str, Any], result: GateResult) -> dict[str, Any]:
    """Keep a refused write's metadata, never its content: it may hold a secret."""
    if result.decision == Decision.ACCEPT:
        return payload
    kept = {k: v for k, v in payload.items() if k not in ("content", "embedding")}
    content = payload.get("content") or ""
    kept["content_sha256"] = content_hash(content)
    kept["content_bytes"] = len(content.encode())
    return kept


def _replay(existing: WriteRequest, fingerprint: str) -> SubmitResult:
    if existing.request_hash != fingerprint:
        raise Invalid(
            "This Idempotency-Key was already used with a different request body.",
            code="idempotency_key_reused",
            details={"write_id": str(existing.id)},
        )
    return SubmitResult(existing, replayed=True)


def write_submit(
    *, agent: Agent, payload: dict[str, Any], idempotency_key: str | None
) -> SubmitResult:
    """Store a write and enqueue it, or answer a replay of an earlier one.

    The stateless gates run here, so a write they refuse is stored without its
    content and never enqueued. One row per (tenant, agent, key) makes
    concurrent duplicates execute once: the losers of the insert race replay
    the winner's answer.
    """
    token = content_token(payload, agent_id=agent.id, layer=payload["layer"])
    key = idempotency_key or f"content:{token}"
    fingerprint = request_hash(payload) if idempotency_key else token
    existing = WriteRequest.objects.filter(
        tenant_id=agent.tenant_id, agent=agent, idempotency_key=key
    ).first()
    if existing is not None:
        return _replay(existing, fingerprint)

    write_id = uuid.uuid4()
    now = timezone.now()
    candidate = candidate_from_payload(payload, write_id=write_id, agent_id=agent.id)
    ctx = gate_context(agent=agent, lookups=DatabaseLookups(agent.tenant_id), now=now)
    result, trace = run_gates(candidate, ctx, gates=SUBMIT_GATES)
    refused = result.decision != Decision.ACCEPT
    write = WriteRequest(
        id=write_id,
        tenant_id=agent.tenant_id,
        agent=agent,
        idempotency_key=key,
        request_hash=fingerprint,
        content_token=token,
        payload=_stored_payload(payload, result),
        scope_path=payload["scope"],
        layer=payload["layer"],
        deadline=candidate.deadline,
        gate_decisions=trace,
    )
    if refused:
        write.status = WriteStatus.REJECTED
        write.gate, write.code, write.reason = result.gate, result.code, result.reason
        write.finished_at = now
    try:
        with transaction.atomic():
            write.save(force_insert=True)
            audit_event_record(
                tenant_id=agent.tenant_id,
                actor=agent_actor(agent),
                action="write.rejected" if refused else "write.submit",
                object_type="write_request",
                object_id=str(write.id),
                reason=write.code,
                metadata={"layer": write.layer, "gate": write.gate}
                if refused
                else {"layer": write.layer},
            )
            if not refused:
                transaction.on_commit(lambda: write_enqueue(write_id=write.id))
    except IntegrityError:
        existing = WriteRequest.objects.get(
            tenant_id=agent.tenant_id, agent=agent, idempotency_key=key
        )
        return _replay(existing, fingerprint)
    return SubmitResult(write, replayed=False)


def write_enqueue(*, write_id: uuid.UUID) -> None:
    """Send the write to the worker; if the broker is down, the sweeper retries."""
    from memory_core.tasks import write_process_task

    try:
        write_process_task.delay(str(write_id))
    except Exception:  # noqa: BLE001 - any broker failure leaves the write queued
        logger.exception("could not enqueue write %s; the sweeper will retry", write_id)


def write_wait(*, write: WriteRequest, seconds: float) -> WriteRequest:
    """Long-poll: return the write once it leaves `queued`, or after `seconds`."""
    deadline = time.monotonic() + min(seconds, settings.MGC_LONG_POLL_MAX_SECONDS)
    pause = 0.05
    while write.status == WriteStatus.QUEUED and time.monotonic() < deadline:
        time.sleep(min(pause, max(0.0, deadline - time.monotonic())))
        pause = min(pause * 1.5, 0.5)
        write.refresh_from_db()
    return write


# The worker side.


class _BatchEmbedder:
    """Embed the batch's texts in one call; hand each candidate its vector.

    Texts whose exact content is already stored in their scope are skipped:
    they will be answered as duplicates without an embedding.
    """

    def __init__(self, candidates: list[Candidate], lookups: BatchLookups) -> None:
        self.vectors: dict[str, list[float]] = {}
        self._embed(
            {
                c.content_hash: c.content
                for c in candidates
                if c.embedding is None and not lookups.known_hash(c)
            }
        )

    def _embed(self, texts: dict[str, str]) -> None:
        if texts:
            hashes = list(texts)
            vectors = get_provider().embed([texts[h] for h in hashes])
            self.vectors.update(zip(hashes, vectors, strict=True))

    def __call__(self, candidate: Candidate) -> list[float]:
        if candidate.embedding is None:
            if candidate.content_hash not in self.vectors:
                self._embed({candidate.content_hash: candidate.content})
            candidate.embedding = self.vectors[candidate.content_hash]
        return candidate.embedding


def _save_outcomes(writes: list[WriteRequest]) -> None:
    """Store every decided write's outcome in one UPDATE (bulk_update is slow)."""
    if not writes:
        return
    columns = {
        "id": ("uuid", [w.id for w in writes]),
        "status": ("text", [w.status for w in writes]),
        "gate": ("text", [w.gate for w in writes]),
        "code": ("text", [w.code for w in writes]),
        "reason": ("text", [w.reason for w in writes]),
        "gate_decisions": ("text", [json.dumps(w.gate_decisions) for w in writes]),
        "started_at": ("timestamptz", [w.started_at for w in writes]),
        "finished_at": ("timestamptz", [w.finished_at for w in writes]),
        "attempts": ("int", [w.attempts for w in writes]),
        "version_id": ("uuid", [w.version_id for w in writes]),
        "memory_item_id": ("uuid", [w.memory_item_id for w in writes]),
    }
    assignments = ", ".join(
        f"{name} = u.{name}::jsonb"
        if name == "gate_decisions"
        else f"{name} = u.{name}"
        for name in columns
        if name != "id"
    )
    arrays = ", ".join(f"%s::{kind}[]" for kind, _ in columns.values())
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE memory_core_writerequest AS w SET {assignments} "
            f"FROM unnest({arrays}) AS u({', '.join(columns)}) WHERE w.id = u.id",
            [values for _, values in columns.values()],
        )


def write_process(*, write_id: uuid.UUID, batch_size: int | None = None) -> int:
    """Run a queued write, and other queued writes of its tenant, through the gates.

    The claim is a row lock held until commit: a redelivered message waits for
    the first holder and then finds the write decided; a worker that dies
    mid-batch releases the locks and leaves every write `queued`. The batch
    is embedded in one model call and written with bulk queries; each write
    still sees the ones decided before it. Return the number of writes decided.
    """
    batch_size = batch_size or settings.MGC_WRITE_BATCH_SIZE
    if not WriteRequest.objects.filter(pk=write_id, status=WriteStatus.QUEUED).exists():
        return 0  # decided already, most often inside an earlier batch
    with transaction.atomic(durable=True):
        first = (
            WriteRequest.objects.select_for_update(of=("self",))
            .filter(pk=write_id)
            .first()
        )
        if first is None or first.status != WriteStatus.QUEUED:
            return 0
        others = list(
            WriteRequest.objects.select_for_update(of=("self",), skip_locked=True)
            .filter(tenant_id=first.tenant_id, status=WriteStatus.QUEUED)
            .exclude(pk=first.pk)
            .order_by("created_at")[: batch_size - 1]
        )
        batch = [first, *others]
        agents = Agent.objects.select_related("tenant").in_bulk(
            {w.agent_id for w in batch}
        )
        candidates = [
            candidate_from_payload(w.payload, write_id=w.id, agent_id=w.agent_id)
            for w in batch
        ]
        lookups = BatchLookups(first.tenant_id, candidates)
        embed = _BatchEmbedder(candidates, lookups)
        lookups.prime_neighbours(
            [
                ((lookups.scope(c.scope_path).id,), c.layer, embed(c))
                for c in candidates
                if lookups.scope(c.scope_path)
                and not c.key
                and not lookups.known_hash(c)
                and len(embed(c)) == settings.MGC_EMBEDDING_DIM
            ],
            k=1,
        )
        now = timezone.now()
        memory = MemoryBatch(tenant_id=first.tenant_id, now=now)
        entries: dict[uuid.UUID, list[AuditEntry]] = defaultdict(list)
        decided = []
        for write, candidate in zip(batch, candidates, strict=True):
            agent = agents[write.agent_id]
            try:
                ctx = gate_context(agent=agent, lookups=lookups, now=now, embed=embed)
                result, trace = run_gates(candidate, ctx, gates=GATES)
            except Exception:
                if write is first:
                    raise
                # Leave it queued; its own message retries it.
                logger.exception("write %s failed in a batch; left queued", write.id)
                continue
            entries[agent.id] += _apply(
                write,
                candidate,
                result,
                trace,
                memory=memory,
                lookups=lookups,
                embed=embed,
                now=now,
            )
            decided.append(write)
        memory.flush()
        _save_outcomes(decided)
        for agent_id, agent_entries in entries.items():
            audit_events_record(
                tenant_id=first.tenant_id,
                actor=agent_actor(agents[agent_id]),
                entries=agent_entries,
            )
    return len(decided)


def _apply(
    write: WriteRequest,
    candidate: Candidate,
    result: GateResult,
    trace: list,
    *,
    memory: MemoryBatch,
    lookups: BatchLookups,
    embed: _BatchEmbedder,
    now: datetime,
) -> list[AuditEntry]:
    """Record the pipeline's decision on the write and plan its memory changes."""
    write.gate_decisions = trace
    write.started_at = write.started_at or now
    write.finished_at = now
    write.attempts += 1
    write.gate, write.code, write.reason = result.gate, result.code, result.reason
    if result.decision == Decision.REJECT:
        write.status = WriteStatus.REJECTED
        return [
            AuditEntry(
                action="write.rejected",
                object_type="write_request",
                object_id=str(write.id),
                reason=result.code,
                metadata={"gate": result.gate},
            )
        ]
    if result.decision == Decision.DUPLICATE:
        version_id = uuid.UUID(result.details["version_id"])
        item_id = uuid.UUID(result.details["item_id"])
        write.status, write.version_id, write.memory_item_id = (
            WriteStatus.DUPLICATE,
            version_id,
            item_id,
        )
        return memory.reinforce(
            version_id=version_id,
            item_id=item_id,
            write=write,
            tier=result.details["tier"],
        )
    embed(candidate)
    write.status = WriteStatus.COMMITTED
    write.gate, write.code, write.reason = "", "", ""
    if candidate.update_item_id is not None:
        # Rare: write what is planned so far, then supersede row by row.
        memory.flush()
        version, entries = memory_update(
            candidate=candidate, item_id=candidate.update_item_id, write=write, now=now
        )
    else:
        version, entries = memory.insert(candidate=candidate, write=write)
    write.version_id, write.memory_item_id = version.id, version.item_id
    lookups.remember(
        candidate=candidate,
        version=ExistingVersion(version.id, version.item_id, version.content_hash),
    )
    return entries


def write_fail(*, write_id: uuid.UUID, reason: str) -> None:
    """Reject a write that keeps crashing the worker, so it stops being retried."""
    with transaction.atomic(durable=True):
        write = (
            WriteRequest.objects.select_for_update(of=("self",))
            .filter(pk=write_id, status=WriteStatus.QUEUED)
            .first()
        )
        if write is None:
            return
        write.status, write.gate, write.code = (
            WriteStatus.REJECTED,
            "pipeline",
            "internal_error",
        )
        write.reason = f"The pipeline failed repeatedly: {reason}"[:1000]
        write.finished_at = timezone.now()
        write.save(update_fields=["status", "gate", "code", "reason", "finished_at"])
        audit_event_record(
            tenant_id=write.tenant_id,
            actor=Actor.system("pipeline"),
            action="write.failed",
            object_type="write_request",
            object_id=str(write.id),
            reason="internal_error",
        )


def writes_requeue_stalled(
    *, older_than_seconds: int | None = None, limit: int = 1000
) -> int:
    """Re-enqueue writes left queued too long (lost message, broker outage)."""
    age = (
        settings.MGC_STALLED_WRITE_SECONDS
        if older_than_seconds is None
        else older_than_seconds
    )
    cutoff = timezone.now() - timedelta(seconds=age)
    ids = list(
        WriteRequest.objects.filter(status=WriteStatus.QUEUED, created_at__lt=cutoff)
        .order_by("created_at")
        .values_list("id", flat=True)[:limit]
    )
    for write_id in ids:
        write_enqueue(write_id=write_id)
    return len(ids)
