"""Submit writes and run them through the pipeline."""

from __future__ import annotations

import dataclasses
import json
import logging
import time
import uuid
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from typing import Any

import numpy as np
from django.conf import settings
from django.db import (
    IntegrityError,
    InterfaceError,
    OperationalError,
    connection,
    transaction,
)
from django.db.models import Q
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from audit.actions import AuditAction
from audit.services import Actor, AuditEntry, audit_event_record, audit_events_record
from memory_core import write_signals
from memory_core.embeddings import EmbeddingError, OnnxMiniLM, get_provider
from memory_core.exceptions import DomainError, Forbidden, Invalid
from memory_core.hashing import (
    content_hash,
    content_token,
    request_hash,
    structural_fingerprint,
)
from memory_core.lifecycle.fences import (
    tenant_decisions_turn,
    tenant_writes_fence_enter,
)
from memory_core.lock_objects import rows_lock
from memory_core.metrics import instruments, tracing
from memory_core.models import (
    Agent,
    Conflict,
    MemoryItem,
    MemoryVersion,
    ReviewTier,
    Tenant,
    VersionStatus,
    WriteRequest,
    WriteStatus,
    WriteTally,
)
from memory_core.pipeline import GATES, SUBMIT_GATES, cross_encoder, run_gates
from memory_core.pipeline.gates import contradiction
from memory_core.pipeline.gates.schema import embedding_problem
from memory_core.pipeline.gates.sensitivity import NAME as SENSITIVITY
from memory_core.pipeline.lookups import (
    BatchDoorLookups,
    BatchLookups,
    DatabaseLookups,
    DoorLookups,
    write_by_key_sql,
)
from memory_core.pipeline.types import (
    Candidate,
    Decision,
    ExistingVersion,
    GateContext,
    GateResult,
    WriteCounts,
)
from memory_core.policy import Policy, policy_for
from memory_core.redaction import (
    idempotency_key_digest,
    idempotency_key_digests,
    redact_candidate,
    redact_candidate_ids,
)
from memory_core.services.agents import agent_suspend
from memory_core.services.memory import MemoryBatch, memory_update, versions_supersede
from memory_core.services.reviews import write_expire
from memory_core.services.scopes import scope_create_for_write
from memory_core.services.tenancy import agent_actor
from memory_core.services.write_groups import (
    GroupedWrite,
    json_value,
    write_store_grouped,
    writes_insert,
)

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


@dataclass
class _Submission:
    """One payload at the door: its idempotency keys, then what the gates made of it.

    `key` is the key it is stored under; `keys` every key a stored write of
    the same request may carry (any redaction key still accepted, the key in
    clear); `fingerprint` what a replay must match; `idempotency_key` the
    client's key, if any.
    """

    payload: dict[str, Any]
    token: str
    key: str
    keys: list[str]
    fingerprint: str
    idempotency_key: str | None
    write: WriteRequest | None = None
    candidate: Candidate | None = None
    result: GateResult | None = None
    new_scope: bool = False


def _submission(
    *, agent: Agent, payload: dict[str, Any], idempotency_key: str | None
) -> _Submission:
    """Return the payload with the keys it is stored and replayed under."""
    token = content_token(payload, agent_id=agent.id, layer=payload["layer"])
    # An agent's key is stored only as a keyed hash: it is only ever compared.
    # A replay matches under any redaction key still accepted, and a row
    # stored before keys were hashed by its key in clear.
    if idempotency_key:
        key = idempotency_key_digest(idempotency_key)
        keys = [*idempotency_key_digests(idempotency_key), idempotency_key]
    else:
        key = f"content:{token}"
        keys = [key]
    fingerprint = request_hash(payload) if idempotency_key else token
    return _Submission(payload, token, key, keys, fingerprint, idempotency_key or None)


def _replayable(
    existing: WriteRequest | None, sub: _Submission, *, agent: Agent, now: datetime
) -> bool:
    """Return whether `existing`, stored under the submission's key, answers it."""
    return existing is not None and (
        sub.idempotency_key is not None
        or not _content_key_expired(existing, agent=agent, now=now)
    )


def _door_decide(
    sub: _Submission, *, agent: Agent, lookups: DatabaseLookups, ctx: GateContext
) -> None:
    """Run the door's gates on the submission and make its (unsaved) write.

    Raise Invalid for a write whose ids outgrow their columns once redacted.
    """
    payload = sub.payload
    write_id = uuid.uuid4()
    candidate = candidate_from_payload(payload, write_id=write_id, agent_id=agent.id)
    # Before the gates: the rate gate counts the session's stored writes,
    # whose session ids are redacted.
    redact_candidate_ids(candidate, tenant_id=agent.tenant_id)
    redacted_sizes_check(candidate)
    result, trace = run_gates(candidate, ctx, gates=SUBMIT_GATES)
    # Missing, yet admitted by the schema gate: the policy lets this write
    # create it.
    sub.new_scope = lookups.scope(payload["scope"]) is None
    sub.candidate, sub.result = candidate, result
    sub.write = WriteRequest(
        id=write_id,
        tenant_id=agent.tenant_id,
        agent=agent,
        idempotency_key=sub.key,
        request_hash=sub.fingerprint,
        content_token=sub.token,
        scope_path=payload["scope"],
        layer=payload["layer"],
        deadline=candidate.deadline,
        session_id=candidate.session_id,
        gate_decisions=trace,
    )


def write_submit(
    *, agent: Agent, payload: dict[str, Any], idempotency_key: str | None
) -> SubmitResult:
    """Store a write and enqueue it, or answer a replay of an earlier one.

    The stateless gates run here, so a write they refuse is stored without its
    content and never enqueued. One row per (tenant, agent, key) makes
    concurrent duplicates execute once: the losers of the insert race replay
    the winner's answer. Without an Idempotency-Key the key is derived from
    the content and holds for the tenant's `content_key_ttl_hours`: the same
    content later is a new write (the pipeline may find it a duplicate). A
    missing scope the tenant's policy lets this agent create is created with
    the write, in its transaction (never for a refused write).
    """
    sub = _submission(agent=agent, payload=payload, idempotency_key=idempotency_key)
    now = timezone.now()
    # The key's write, the scope and the rate gate's counts in one round trip
    # (the counts as the gate asks for them: the session id unless its
    # redaction changes it, in which case the gate asks the database).
    lookups = DoorLookups(agent.tenant_id)
    window = policy_for(agent.tenant).rate_window_seconds
    existing_id = lookups.prefetch(
        agent_id=agent.id,
        keys=sub.keys,
        scope_path=payload["scope"],
        layer=payload["layer"],
        since=now - timedelta(seconds=window),
        session_id=payload.get("session_id") or "",
    )
    existing = _write_by_id(existing_id) if existing_id is not None else None
    if _replayable(existing, sub, agent=agent, now=now):
        return _replay(existing, sub.fingerprint)

    ctx = dataclasses.replace(
        gate_context(agent=agent, lookups=lookups, now=now), scope_auto_create=True
    )
    _door_decide(sub, agent=agent, lookups=lookups, ctx=ctx)
    write, candidate, result = sub.write, sub.candidate, sub.result
    if (
        existing is None
        and not sub.new_scope
        and result.decision not in (Decision.REJECT, Decision.DEFER)
        and not connection.in_atomic_block
    ):
        grouped = _store_grouped(write, candidate, payload, result, agent=agent)
        if grouped is not None:
            return _stored_or_replayed(
                grouped, agent=agent, keys=sub.keys, fp=sub.fingerprint
            )
    try:
        with transaction.atomic():
            tenant_writes_fence_enter(agent.tenant_id)
            if existing is not None:
                _content_key_retire(existing, key=sub.key)
            if sub.new_scope and result.decision != Decision.REJECT:
                scope_create_for_write(agent=agent, path=write.scope_path)
            entries = _admit(write, candidate, payload, result, now=now)
            write.save(force_insert=True)
            audit_events_record(
                tenant_id=agent.tenant_id, actor=agent_actor(agent), entries=entries
            )
    except IntegrityError:
        existing = _write_by_key(agent, sub.keys)
        if existing is None:
            raise
        return _replay(existing, sub.fingerprint)
    instruments.observe_writes("submit", [write])
    return SubmitResult(write, replayed=False)


def _store_grouped(
    write: WriteRequest,
    candidate: Candidate,
    payload: dict[str, Any],
    result: GateResult,
    *,
    agent: Agent,
) -> GroupedWrite | None:
    """Store a queued write with the tenant's concurrent submits (write_groups).

    Return it with its outcome, or None if its group failed: then nothing of
    it is stored, and the caller stores it alone.
    """

    def prepare() -> list[AuditEntry]:
        # On a copy: a failed group leaves the candidate unredacted for the
        # write's own transaction.
        _admit_texts(write, dataclasses.replace(candidate), payload, result)
        return [_write_event(AuditAction.WRITE_SUBMIT, write)]

    item = write_store_grouped(
        GroupedWrite(write=write, actor=agent_actor(agent), prepare=prepare)
    )
    return None if item.failed else item


def _stored_or_replayed(
    item: GroupedWrite, *, agent: Agent, keys: list[str], fp: str
) -> SubmitResult:
    if item.stored:
        instruments.observe_writes("submit", [item.write])
        return SubmitResult(item.write, replayed=False)
    existing = _write_by_key(agent, keys)
    if existing is None:
        raise RuntimeError(f"write {item.write.id} lost its key to no stored write")
    return _replay(existing, fp)


def batch_item_key(idempotency_key: str, index: int) -> str:
    """Return the key of a batch's item `index`, derived from the batch's key.

    The newline between them is in no Idempotency-Key a client may send
    (printable ASCII): a derived key never meets a single write's.
    """
    return f"{idempotency_key}\n{index}"


def writes_submit(
    *,
    agent: Agent,
    payloads: Sequence[tuple[int, dict[str, Any]]],
    idempotency_key: str | None,
) -> dict[int, SubmitResult | DomainError]:
    """Submit a batch of writes; return each one's answer by its index.

    Each payload is what `write_submit` takes and is answered as it would
    be: stored and enqueued, replayed, refused at the door (a stored, refused
    write) or refused with an error (the DomainError `write_submit` raises),
    without refusing the others. With an Idempotency-Key, item `i` is keyed
    `batch_item_key(key, i)`: the same batch again replays every item.

    Each write is an attempt for the rate gate, in the batch's order, as if
    posted alone (`BatchDoorLookups.counted`); a storm suspends the agent
    and refuses the batch's writes after it. The batch's new writes are
    stored in one transaction with their audit events, and ask for one drain
    of the tenant's queue. If that transaction fails (a write whose ids
    outgrow their columns once redacted, say), nothing of it is stored and
    each write is submitted alone, in order (`write_submit`).
    """
    if agent.writes_suspended_at is not None:
        raise Forbidden(
            "This agent's writes are suspended; an admin must lift the suspension.",
            code="agent_suspended",
            gate="rate",
        )
    keys = {
        index: batch_item_key(idempotency_key, index) if idempotency_key else None
        for index, _ in payloads
    }
    if len(payloads) == 1:
        # Alone, it joins the tenant's concurrent submits' group commit
        # (write_groups), as POST /api/v1/writes does: a batch of one in a
        # transaction of its own ran ~15 % below it (bench/PERF.md).
        ((index, payload),) = payloads
        return {index: _alone(agent, payload, keys[index])}
    now = timezone.now()
    subs = {
        index: _submission(agent=agent, payload=payload, idempotency_key=keys[index])
        for index, payload in payloads
    }
    lookups = BatchDoorLookups(agent.tenant_id)
    stored = lookups.prefetch(
        agent_id=agent.id,
        keys=[k for sub in subs.values() for k in sub.keys],
        scope_paths=[sub.payload["scope"] for sub in subs.values()],
    )
    existing = WriteRequest.objects.in_bulk(set(stored.values())) if stored else {}
    ctx = dataclasses.replace(
        gate_context(agent=agent, lookups=lookups, now=now), scope_auto_create=True
    )
    answers: dict[int, SubmitResult | DomainError] = {}
    first_of_key: dict[str, int] = {}
    copies: dict[int, int] = {}
    fresh: list[tuple[int, _Submission, WriteRequest | None]] = []
    for index, sub in subs.items():
        found = min(
            (existing[stored[k]] for k in sub.keys if k in stored),
            key=lambda w: w.id,
            default=None,
        )
        if _replayable(found, sub, agent=agent, now=now):
            answers[index] = _replay_answer(found, sub.fingerprint)
            continue
        if sub.key in first_of_key:  # the same content twice, without a key
            copies[index] = first_of_key[sub.key]
            continue
        first_of_key[sub.key] = index
        try:
            _door_decide(sub, agent=agent, lookups=lookups, ctx=ctx)
        except DomainError as exc:
            answers[index] = exc
            continue
        lookups.counted(sub.candidate)
        if sub.result.details.get("suspend"):
            ctx = dataclasses.replace(ctx, agent_suspended=True)
        fresh.append((index, sub, found))
    if fresh:
        try:
            inserted = _batch_store(agent, [(s, f) for _, s, f in fresh], now=now)
        except (OperationalError, InterfaceError):
            raise  # the database is away: so would each write be
        except Exception as exc:
            # A write's own refusal (Invalid) is the client's; anything else
            # is a bug to look at. Either way, each write goes alone.
            log = logger.info if isinstance(exc, DomainError) else logger.exception
            log("batch of %d writes failed; submitting each alone", len(fresh))
            for index, sub, _ in fresh:
                answers[index] = _alone(agent, sub.payload, sub.idempotency_key)
        else:
            instruments.observe_writes(
                "submit", [s.write for _, s, _ in fresh if s.write.id in inserted]
            )
            for index, sub, _ in fresh:
                if sub.write.id in inserted:
                    answers[index] = SubmitResult(sub.write, replayed=False)
                else:  # a concurrent request stored its key first
                    answers[index] = _replay_answer(
                        _write_by_key(agent, sub.keys), sub.fingerprint
                    )
    for index, first in copies.items():
        answer = answers[first]
        answers[index] = (
            SubmitResult(answer.write, replayed=True)
            if isinstance(answer, SubmitResult)
            else answer
        )
    return dict(sorted(answers.items()))


def _replay_answer(
    existing: WriteRequest | None, fingerprint: str
) -> SubmitResult | DomainError:
    if existing is None:
        raise RuntimeError("a write lost its key to no stored write")
    try:
        return _replay(existing, fingerprint)
    except DomainError as exc:
        return exc


def _alone(
    agent: Agent, payload: dict[str, Any], idempotency_key: str | None
) -> SubmitResult | DomainError:
    """Submit one write as `write_submit` does (a batch of one, or one write of
    a failed batch)."""
    try:
        return write_submit(
            agent=agent, payload=payload, idempotency_key=idempotency_key
        )
    except DomainError as exc:
        return exc


def _batch_store(
    agent: Agent,
    fresh: list[tuple[_Submission, WriteRequest | None]],
    *,
    now: datetime,
) -> set[uuid.UUID]:
    """Store a batch's decided writes and their events in one transaction.

    As `write_submit` stores one (fence, retired content keys, new scopes,
    redaction, refusal or deferral), then one INSERT of every row (a key a
    concurrent request took meanwhile inserts nothing), the events of the
    rows inserted, and one drain request for the queued ones. Return the
    ids inserted.
    """
    tenant_id = agent.tenant_id
    admitted: list[tuple[WriteRequest, list[AuditEntry]]] = []
    with transaction.atomic():
        tenant_writes_fence_enter(tenant_id)
        for sub, found in fresh:
            if found is not None:  # its content key expired: free it
                _content_key_retire(found, key=sub.key)
        new_scopes = dict.fromkeys(
            sub.write.scope_path
            for sub, _ in fresh
            if sub.new_scope and sub.result.decision != Decision.REJECT
        )
        for path in new_scopes:
            scope_create_for_write(agent=agent, path=path)
        for offset, (sub, _) in enumerate(fresh):
            write = sub.write
            _admit_texts(write, sub.candidate, sub.payload, sub.result)
            entries = _write_refuse_or_defer(write, sub.result, now=now)
            if entries is None:
                entries = [_write_event(AuditAction.WRITE_SUBMIT, write)]
            # A microsecond apart, in the batch's order: the worker takes a
            # tenant's queued writes oldest first.
            write.created_at = now + timedelta(microseconds=offset)
            admitted.append((write, entries))
        inserted = writes_insert([write for write, _ in admitted])
        # A write not inserted leaves no event; an agent's suspension does.
        audit_events_record(
            tenant_id=tenant_id,
            actor=agent_actor(agent),
            entries=[
                entry
                for write, entries in admitted
                for entry in entries
                if write.id in inserted or entry.object_type != "write_request"
            ],
        )
        queued = [
            w.id
            for w, _ in admitted
            if w.id in inserted and w.status == WriteStatus.QUEUED
        ]
        if queued:
            transaction.on_commit(
                lambda: write_drain_request(tenant_id=tenant_id, write_id=queued[0])
            )
    for write, _ in admitted:
        if write.id in inserted:
            write._state.adding = False
            write._state.db = connection.alias
    return inserted


def _write_by_key(agent: Agent, keys: list[str]) -> WriteRequest | None:
    """Return the agent's write stored under one of `keys` (the first by id).

    Raw SQL, its id first: the ORM's compilation of this lookup cost about
    1 ms of CPU on every submit, and a raw queryset's machinery most of what
    was left; nearly every submit finds nothing, and one that finds a write
    loads it by id.
    """
    with connection.cursor() as cursor:
        cursor.execute(*write_by_key_sql(agent.tenant_id, agent.id, keys))
        row = cursor.fetchone()
    return None if row is None else _write_by_id(row[0])


def _write_by_id(write_id: uuid.UUID) -> WriteRequest | None:
    return WriteRequest.objects.filter(id=write_id).first()


def _content_key_expired(
    existing: WriteRequest, *, agent: Agent, now: datetime
) -> bool:
    """Return whether a content-derived key is too old to absorb a retry."""
    if not existing.idempotency_key.startswith("content:"):
        return False
    hours = policy_for(agent.tenant).content_key_ttl_hours
    return existing.created_at < now - timedelta(hours=hours)


def _content_key_retire(existing: WriteRequest, *, key: str) -> None:
    """Free an expired content key for a new write; the old write keeps its row.

    Conditional, so of two concurrent submits only one retires it; the other
    loses the insert race and replays the winner.
    """
    WriteRequest.objects.filter(pk=existing.pk, idempotency_key=key).update(
        idempotency_key=f"{key}:expired:{existing.id}"
    )


def _admit(
    write: WriteRequest,
    candidate: Candidate,
    payload: dict[str, Any],
    result: GateResult,
    *,
    now: datetime,
) -> list[AuditEntry]:
    """Decide what a submitted write becomes: queued, deferred or refused.

    Personal data is redacted before the payload is stored, in every free
    text the agent supplied; a refused write is stored without its content,
    which may hold a secret.
    """
    _admit_texts(write, candidate, payload, result)
    entries = _write_refuse_or_defer(write, result, now=now)
    if entries is not None:
        return entries
    transaction.on_commit(
        lambda: write_drain_request(tenant_id=write.tenant_id, write_id=write.id)
    )
    return [_write_event(AuditAction.WRITE_SUBMIT, write)]


def _admit_texts(
    write: WriteRequest,
    candidate: Candidate,
    payload: dict[str, Any],
    result: GateResult,
) -> None:
    """Redact the write's texts and set its stored payload, flags and session."""
    if result.decision == Decision.REJECT:
        redact_candidate(candidate, tenant_id=write.tenant_id, content=False)
        redacted_sizes_check(candidate)
        write.payload = _stored_payload(_redacted_payload(payload, candidate), result)
    else:
        redact_candidate(candidate, tenant_id=write.tenant_id)
        redacted_sizes_check(candidate)
        write.payload = _redacted_payload(payload, candidate)
    write.flags = candidate.flags
    write.session_id = candidate.session_id


def _write_refuse_or_defer(
    write: WriteRequest, result: GateResult, *, now: datetime
) -> list[AuditEntry] | None:
    """Apply a REJECT or a DEFER to the write; None for any other decision.

    The one meaning of both, at the door (`_admit`) and in the worker
    (`_apply`). REJECT: the write is rejected and finished now, with the
    gate's code and reason, audited as `write.rejected`, and the agent is
    suspended if the gate asks for it. DEFER: the write is deferred until
    now + `retry_after_seconds`, re-enqueued with that countdown once the
    transaction commits, and audited as `write.defer`.
    """
    if result.decision not in (Decision.REJECT, Decision.DEFER):
        return None
    write.gate, write.code, write.reason = result.gate, result.code, result.reason
    if result.decision == Decision.REJECT:
        write.status, write.finished_at = WriteStatus.REJECTED, now
        entries = [_write_event(AuditAction.WRITE_REJECTED, write, gate=result.gate)]
        if result.details.get("suspend"):
            entries += agent_suspend(agent_id=write.agent_id, reason=result.reason)
        return entries
    seconds = int(result.details["retry_after_seconds"])
    write.status, write.retry_at = (
        WriteStatus.DEFERRED,
        now + timedelta(seconds=seconds),
    )
    transaction.on_commit(lambda: write_enqueue(write_id=write.id, countdown=seconds))
    return [_write_event(AuditAction.WRITE_DEFER, write, retry_after=seconds)]


# The columns a redacted text goes to, which bound its length.
REDACTED_LIMITS = {
    "key": MemoryItem._meta.get_field("memory_key").max_length,
    "subject": MemoryItem._meta.get_field("subject").max_length,
    "predicate": MemoryItem._meta.get_field("predicate").max_length,
    "object": MemoryItem._meta.get_field("object").max_length,
    "residency": MemoryItem._meta.get_field("residency").max_length,
    "task_id": MemoryVersion._meta.get_field("task_id").max_length,
    "session_id": MemoryVersion._meta.get_field("session_id").max_length,
}


def redacted_sizes_check(candidate: Candidate) -> None:
    """Refuse a write whose text outgrew its column once redacted (422).

    A token can be longer than what it replaces (`a@b.io` is `<EMAIL_1>`),
    so a value at its limit may not fit any more.
    """
    for name, limit in REDACTED_LIMITS.items():
        value = getattr(candidate, name) or ""
        if len(value) > limit:
            raise Invalid(
                f"The {name} is {len(value)} characters once the personal data "
                f"in it is replaced by redaction tokens; the limit is {limit}.",
                code="invalid_write",
                gate="schema",
                details={name: [f"At most {limit} characters once redacted."]},
            )


def _write_event(action: str, write: WriteRequest, **metadata: Any) -> AuditEntry:
    return AuditEntry(
        action=action,
        object_type="write_request",
        object_id=str(write.id),
        reason=write.code,
        metadata={"layer": write.layer, **metadata},
    )


def _redacted_payload(payload: dict[str, Any], candidate: Candidate) -> dict[str, Any]:
    """Return the payload carrying the candidate's (redacted) text."""
    stored = dict(payload)
    stored["content"] = candidate.content
    for name in ("key", "subject", "predicate", "object", "residency"):
        if payload.get(name):
            stored[name] = getattr(candidate, name)
    for name in ("task_id", "session_id"):
        if payload.get(name):
            stored[name] = getattr(candidate, name)
    if payload.get("fields"):
        stored["fields"] = candidate.fields
    if payload.get("evidence"):
        stored["evidence"] = candidate.evidence
    return stored


def write_enqueue(*, write_id: uuid.UUID, countdown: int | None = None) -> bool:
    """Send the write to the worker; if the broker is down, the sweeper retries.

    Return whether the message was sent.
    """
    from memory_core.tasks import write_process_task

    try:
        write_process_task.apply_async(args=[str(write_id)], countdown=countdown)
    except Exception:  # noqa: BLE001 - any broker failure leaves the write queued
        logger.exception("could not enqueue write %s; the sweeper will retry", write_id)
        return False
    logger.info("write %s queued", write_id, extra={"write_id": write_id})
    return True


# One message per tenant drain: a burst of a tenant's writes sends one message
# while one is waiting, not one per write (the task takes a batch of the
# tenant's queued writes anyway). The flag lives beside the broker when that
# is Redis; it expires, so a lost flag costs at most one more message.
DRAIN_FLAG_SECONDS = 30


@cache
def _drain_flags() -> Any:
    """A Redis client on the broker's Redis, or None (then every write is sent)."""
    url = settings.CELERY_BROKER_URL
    if not url.startswith(("redis://", "rediss://")):
        return None
    from redis import Redis

    return Redis.from_url(url, socket_timeout=1.0, socket_connect_timeout=1.0)


def _drain_key(tenant_id: uuid.UUID) -> str:
    return f"mgc:drain:{settings.CELERY_TASK_DEFAULT_QUEUE}:{tenant_id}"


def write_drain_request(*, tenant_id: uuid.UUID, write_id: uuid.UUID) -> bool:
    """Make sure a drain of the tenant's queued writes is on its way.

    Send a message for this write unless one for the tenant is already
    waiting: the task clears the flag before it claims its batch, so a write
    stored before the flag was cleared is in that batch (or the next one,
    which a full batch requests), and one stored after sends its own.
    Return whether a message was sent.
    """
    flags = _drain_flags()
    if flags is not None:
        try:
            if not flags.set(
                _drain_key(tenant_id), str(write_id), nx=True, ex=DRAIN_FLAG_SECONDS
            ):
                return False
        except Exception:  # noqa: BLE001 - Redis trouble: send the message anyway
            logger.warning("drain flag unavailable; enqueueing write %s", write_id)
            return write_enqueue(write_id=write_id)
    sent = write_enqueue(write_id=write_id)
    if not sent and flags is not None:
        drain_flag_clear(tenant_id=tenant_id)
    return sent


def drain_flag_clear(*, tenant_id: uuid.UUID) -> None:
    """Let the tenant's next write send a message (a drain is starting)."""
    flags = _drain_flags()
    if flags is None:
        return
    try:
        flags.delete(_drain_key(tenant_id))
    except Exception:  # noqa: BLE001 - the flag expires on its own
        logger.warning("could not clear the drain flag of tenant %s", tenant_id)


def write_oldest_queued(*, tenant_id: uuid.UUID) -> uuid.UUID | None:
    """Return the tenant's oldest queued write no batch holds, if any.

    A drain message whose own write an earlier batch decided still stands
    for the writes that sent no message while it waited: it takes this one.
    """
    with transaction.atomic():
        return (
            WriteRequest.objects.select_for_update(skip_locked=True)
            .filter(tenant_id=tenant_id, status=WriteStatus.QUEUED)
            .order_by("created_at")
            .values_list("id", flat=True)
            .first()
        )


def write_drain_continue(*, tenant_id: uuid.UUID, decided: int) -> None:
    """After a full batch, request the next drain if writes are still queued."""
    if decided < settings.MGC_WRITE_BATCH_SIZE:
        return
    next_id = (
        WriteRequest.objects.filter(tenant_id=tenant_id, status=WriteStatus.QUEUED)
        .order_by("created_at")
        .values_list("id", flat=True)
        .first()
    )
    if next_id is not None:
        write_drain_request(tenant_id=tenant_id, write_id=next_id)


def write_wait(*, write: WriteRequest, seconds: float) -> WriteRequest:
    """Long-poll: return once the write is decided, or after `seconds`.

    A write waiting for a sync approval keeps the agent waiting until a
    curator decides or its deadline passes, when it fails closed.

    The deciding transaction wakes the poll (memory_core/write_signals.py):
    it looks again as soon as the decision commits. It still polls, every
    `FALLBACK_POLL_SECONDS` while this process listens, so a lost
    notification costs at most that; with no listener connected, short
    pauses first (most writes are decided within a few hundred ms), growing.
    """
    deadline = time.monotonic() + min(seconds, settings.MGC_LONG_POLL_MAX_SECONDS)
    signals = write_signals.listener()
    with (
        signals.watch(write.tenant_id, write.id) if signals else nullcontext()
    ) as woken:
        pause = 0.01
        while True:
            write = write_expire_if_overdue(write)
            left = deadline - time.monotonic()
            if write.status not in WAITING or left <= 0:
                return write
            if woken is not None and signals.listening:
                woken.wait(
                    min(write_signals.FALLBACK_POLL_SECONDS, left, _until_due(write))
                )
                woken.clear()
            else:
                time.sleep(min(pause, left))
                pause = min(pause * 1.3, 0.25)
            write.refresh_from_db()


WAITING = (WriteStatus.QUEUED, WriteStatus.AWAITING_APPROVAL)


def _until_due(write: WriteRequest) -> float:
    """Seconds until a sync write's approval deadline (expired at the next look)."""
    if write.status != WriteStatus.AWAITING_APPROVAL or write.review_deadline is None:
        return float("inf")
    return max(0.01, (write.review_deadline - timezone.now()).total_seconds())


def write_expire_if_overdue(write: WriteRequest) -> WriteRequest:
    """Expire a sync write found past its deadline at read time (fail-closed)."""
    overdue = (
        write.status == WriteStatus.AWAITING_APPROVAL
        and write.review_deadline is not None
        and write.review_deadline <= timezone.now()
    )
    if overdue and write_expire(write=write):
        write.refresh_from_db()
    return write


# The worker side.


class _WorkerLookups(BatchLookups):
    """BatchLookups that count an agent's writes once per batch.

    Every write of the batch is stored before the batch runs and the batch
    has one `now`: the counts the rate gate reads are the same for each of
    its writes of the same agent, layer and session.
    """

    def __init__(self, tenant_id: uuid.UUID, candidates: list[Candidate]) -> None:
        super().__init__(tenant_id, candidates)
        self._counts: dict[tuple, WriteCounts] = {}

    def write_counts(
        self, agent_id, layer, since: datetime, session_id: str
    ) -> WriteCounts:
        key = (agent_id, layer, since, session_id)
        if key not in self._counts:
            self._counts[key] = super().write_counts(agent_id, layer, since, session_id)
        return self._counts[key]


# The next batch's texts, embedded while this batch is decided: the model's
# batch uses both cores, the gates one and the database waits leave one idle,
# so the two overlap (bench/PERF.md, fifth session). Per tenant, the last
# prefetch: {content hash: text} and the future of their vectors, in order.
# Only vectors are kept, until that tenant's next batch takes them.
_PREFETCH_TENANTS = 4
_prefetched: dict[uuid.UUID, tuple[list[str], Future]] = {}


@cache
def _prefetch_executor() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="mgc-embed")


@cache
def _prefetch_provider() -> Any:
    """The model for the background: the same file, on one core.

    The batch's own gates run on the other: an onnxruntime session on both
    cores, beside them, slowed the gates by as much as it hid the model
    (bench/PERF.md, fifth session).
    """
    provider = get_provider()
    if isinstance(provider, OnnxMiniLM):
        return OnnxMiniLM(
            cache_dir=provider.cache_dir,
            quantized=provider.quantized,
            batch_size=provider.batch_size,
            threads=1,
        )
    return provider


def _embed_timed(texts: list[str]) -> list[list[float]]:
    with instruments.embedding_timer():
        return _prefetch_provider().embed(texts)


def _prefetch_next(
    lookups: _WorkerLookups, *, taken: list[uuid.UUID], size: int
) -> None:
    """Start embedding the tenant's next queued writes in the background.

    Asked once a full batch is claimed and embedded, in its transaction (the
    two model calls do not compete for the cores): the writes
    queued after it are most likely the next batch's (a write taken by
    another worker meanwhile only wastes its model time). Texts only: the
    door stored each write's content redacted, as the batch will read it.
    A text this batch already knows is stored in the write's scope and layer
    is left out: its write will be an exact copy, answered without a vector.
    """
    tenant_id = lookups.tenant_id
    payloads = (
        WriteRequest.objects.filter(tenant_id=tenant_id, status=WriteStatus.QUEUED)
        .exclude(pk__in=taken)
        .order_by("created_at")
        .values_list("payload", flat=True)[:size]
    )
    texts = {
        digest: content
        for payload in payloads
        if payload.get("embedding") is None
        and (content := payload.get("content"))
        and not lookups.stored_copy(
            payload.get("scope"), payload.get("layer"), digest := content_hash(content)
        )
    }
    if not texts:
        return
    hashes = list(texts)
    future = _prefetch_executor().submit(_embed_timed, [texts[h] for h in hashes])
    _prefetched.pop(tenant_id, None)
    while len(_prefetched) >= _PREFETCH_TENANTS:
        _prefetched.pop(next(iter(_prefetched)))
    _prefetched[tenant_id] = (hashes, future)


def _prefetched_vectors(
    tenant_id: uuid.UUID, wanted: set[str]
) -> dict[str, list[float]]:
    """Take the tenant's prefetched vectors among `wanted` (waiting for them)."""
    hashes, future = _prefetched.get(tenant_id, ([], None))
    if future is None or wanted.isdisjoint(hashes):
        return {}
    del _prefetched[tenant_id]
    try:
        vectors = future.result()
    except Exception:  # noqa: BLE001 - the batch embeds its texts itself
        logger.warning("prefetched embedding failed; embedding the batch")
        return {}
    return {h: v for h, v in zip(hashes, vectors, strict=True) if h in wanted}


class _BatchEmbedder:
    """Embed the batch's texts in one call; hand each candidate its vector.

    Texts whose exact content is already stored in their scope are skipped:
    they will be answered as duplicates without an embedding. Texts the
    previous batch prefetched (`_prefetch_next`) are taken from there.
    """

    def __init__(
        self,
        candidates: list[Candidate],
        lookups: BatchLookups,
        vectors: dict[str, list[float]] | None = None,
        *,
        tenant_id: uuid.UUID | None = None,
    ) -> None:
        # Shared with a second pass over the same batch: no second model call.
        self.vectors: dict[str, list[float]] = {} if vectors is None else vectors
        # The texts the model embedded for this batch, here or in the background.
        self.model_texts = 0
        texts = {
            c.content_hash: c.content
            for c in candidates
            if c.embedding is None and not lookups.known_hash(c)
        }
        wanted = texts.keys() - self.vectors.keys()
        if tenant_id is not None and wanted:
            prefetched = _prefetched_vectors(tenant_id, wanted)
            self.vectors.update(prefetched)
            self.model_texts += len(prefetched)
        self._embed(texts)

    def _embed(self, texts: dict[str, str]) -> None:
        texts = {h: t for h, t in texts.items() if h not in self.vectors}
        if texts:
            self.model_texts += len(texts)
            hashes = list(texts)
            with instruments.embedding_timer():
                vectors = get_provider().embed([texts[h] for h in hashes])
            self.vectors.update(zip(hashes, vectors, strict=True))

    def __call__(self, candidate: Candidate) -> list[float]:
        if candidate.embedding is None:
            if candidate.content_hash not in self.vectors:
                self._embed({candidate.content_hash: candidate.content})
            candidate.embedding = self.vectors[candidate.content_hash]
        return candidate.embedding


# The outcome columns `_save_outcomes` writes, with their SQL types.
OUTCOME_COLUMNS = {
    "status": "text",
    "gate": "text",
    "code": "text",
    "reason": "text",
    "gate_decisions": "jsonb",
    "started_at": "timestamptz",
    "finished_at": "timestamptz",
    "attempts": "int",
    "version_id": "uuid",
    "memory_item_id": "uuid",
    "flags": "jsonb",
    "risk_score": "float8",
    "risk_factors": "jsonb",
    "tier": "text",
    "review_deadline": "timestamptz",
    "retry_at": "timestamptz",
}


def _save_outcomes(writes: list[WriteRequest]) -> None:
    """Store every decided write's outcome in one UPDATE (bulk_update is slow).

    The rows go as one JSON document (`jsonb_to_recordset`): one string for
    the driver to quote, where seventeen arrays of Python values took it
    longer than the database took to run the statement.
    """
    if not writes:
        return
    rows = json.dumps(
        [
            {
                "id": str(w.id),
                **{name: json_value(getattr(w, name)) for name in OUTCOME_COLUMNS},
            }
            for w in writes
        ]
    )
    assignments = ", ".join(f"{name} = u.{name}" for name in OUTCOME_COLUMNS)
    record = ", ".join(f"{name} {kind}" for name, kind in OUTCOME_COLUMNS.items())
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE memory_core_writerequest AS w SET {assignments} "
            f"FROM jsonb_to_recordset(%s::jsonb) AS u(id uuid, {record}) "
            "WHERE w.id = u.id",
            [rows],
        )


def _claimable():
    """Writes a task may take: queued ones, and deferred ones whose time came."""
    return WriteRequest.objects.filter(
        Q(status=WriteStatus.QUEUED)
        | Q(status=WriteStatus.DEFERRED, retry_at__lte=timezone.now())
    )


def write_process(
    *,
    write_id: uuid.UUID,
    batch_size: int | None = None,
    max_writes: int | None = None,
) -> int:
    """Run a queued write, and other queued writes of its tenant, through the gates.

    The claim is a row lock held until commit: a redelivered message waits for
    the first holder and then finds the write decided; a worker that dies
    mid-batch releases the locks and leaves every write `queued`. The batch
    is embedded in one model call and written with bulk queries; each write
    still sees the ones decided before it. Should that fail, the batch is run
    again with a savepoint per write, so a write the database (or a gate)
    chokes on is rejected `internal_error` alone and the others commit.

    The batch size bounds the model's work, not the rows: while a full batch
    needed no model call and searched no neighbours (exact copies of stored
    memories, most often), the next `batch_size` queued writes are claimed
    and decided in the same transaction, up to `max_writes`
    (`MGC_WRITE_TRANSACTION_MAX_WRITES`). Each such batch is decided as a
    batch of its own (it sees the ones before it), and the transaction's
    audit events are appended once, before its one commit.
    Return the number of writes decided.
    """
    batch_size = batch_size or settings.MGC_WRITE_BATCH_SIZE
    max_writes = max(
        batch_size, max_writes or settings.MGC_WRITE_TRANSACTION_MAX_WRITES
    )
    tenant_id = (
        _claimable().filter(pk=write_id).values_list("tenant_id", flat=True).first()
    )
    if tenant_id is None:
        return 0  # decided already, most often inside an earlier batch
    with transaction.atomic(durable=True):
        # One deciding batch of a tenant at a time, so each sees the writes
        # decided before it; waited for before the fence, which an erasure's
        # final check holds exclusive while it deletes queued writes, and
        # before any row lock (memory_core/lifecycle/fences.py).
        tenant_decisions_turn(tenant_id)
        tenant_writes_fence_enter(tenant_id)
        first = rows_lock(WriteRequest.objects.filter(pk=write_id)).first()
        if first is None or not _claimable().filter(pk=first.pk).exists():
            return 0
        batch = [
            first,
            *_claim_queued(first.tenant_id, batch_size - 1, not_id=first.pk),
        ]
        agents: dict[uuid.UUID, Agent] = {}
        decided: list[WriteRequest] = []
        entries: dict[uuid.UUID, list[AuditEntry]] = defaultdict(list)
        sizes: list[int] = []
        while True:
            missing = {w.agent_id for w in batch} - agents.keys()
            if missing:
                agents.update(Agent.objects.select_related("tenant").in_bulk(missing))
            outcome = _batch_run(batch, agents, batch_size=batch_size)
            # Stored now: the next claim takes only writes still queued.
            _save_outcomes(outcome.decided)
            decided += outcome.decided
            sizes.append(len(outcome.decided))
            for agent_id, agent_entries in outcome.entries.items():
                entries[agent_id] += agent_entries
            room = max_writes - len(decided)
            if not outcome.model_free or len(batch) < batch_size or room <= 0:
                break
            batch = _claim_queued(first.tenant_id, min(batch_size, room))
            if not batch:
                break
        write_signals.writes_decided_notify(
            tenant_id=first.tenant_id, write_ids=[w.id for w in decided]
        )
        for agent_id, agent_entries in entries.items():
            audit_events_record(
                tenant_id=first.tenant_id,
                actor=agent_actor(agents[agent_id]),
                entries=agent_entries,
            )
    for size in sizes:
        instruments.WORKER_BATCH.observe(size)
    instruments.observe_writes("worker", decided)
    for write in decided:
        logger.info(
            "write %s decided: %s",
            write.id,
            write.status,
            extra={"write_id": write.id, "status": write.status},
        )
    return len(decided)


def _claim_queued(
    tenant_id: uuid.UUID, size: int, *, not_id: uuid.UUID | None = None
) -> list[WriteRequest]:
    """Lock up to `size` of the tenant's queued writes no other batch holds.

    Oldest first; `not_id` is the write the batch was claimed for. The door's
    gate trace is not read: the worker's replaces it (`_apply`; a write the
    batch fails on is read afresh, `_batch_run`).
    """
    if size <= 0:
        return []
    queued = (
        WriteRequest.objects.select_for_update(of=("self",), skip_locked=True)
        .defer("gate_decisions")
        .filter(tenant_id=tenant_id, status=WriteStatus.QUEUED)
    )
    if not_id is not None:
        queued = queued.exclude(pk=not_id)
    return list(queued.order_by("created_at")[:size])


@dataclass
class _BatchOutcome:
    """A batch's decided writes, their audit entries by agent, and whether the
    batch was cheap: no text embedded, no neighbours searched."""

    decided: list[WriteRequest]
    entries: dict[uuid.UUID, list[AuditEntry]]
    model_free: bool


def _batch_run(
    batch: list[WriteRequest], agents: dict[uuid.UUID, Agent], *, batch_size: int
) -> _BatchOutcome:
    """Decide one claimed batch in a savepoint; on failure, write by write."""
    vectors: dict[str, list[float]] = {}
    try:
        with transaction.atomic():
            return _batch_decide(
                batch,
                agents,
                vectors=vectors,
                prefetch=batch_size if len(batch) == batch_size else 0,
            )
    except (OperationalError, EmbeddingError):
        raise  # transient: the task retries the whole batch
    except Exception:
        logger.exception(
            "batch of write %s failed; running it write by write", batch[0].id
        )
        # The rolled-back pass changed the rows in memory: start afresh.
        fresh = WriteRequest.objects.in_bulk([w.id for w in batch])
        batch = [fresh[w.id] for w in batch]
        return _batch_decide(batch, agents, vectors=vectors, isolate=True)


def _batch_decide(
    batch: list[WriteRequest],
    agents: dict[uuid.UUID, Agent],
    *,
    vectors: dict[str, list[float]],
    isolate: bool = False,
    prefetch: int = 0,
) -> _BatchOutcome:
    """Run the batch through the gates and write its memory changes.

    With `isolate`, each write runs in a savepoint of its own and is flushed
    at once: one that raises is rolled back alone and rejected
    (`_write_failed`). With `prefetch`, once this batch is embedded, that many
    of the tenant's next queued writes are embedded in the background while
    it is decided (`_prefetch_next`). Return the decided writes, the audit
    entries by agent, and whether the batch was model-free. Each agent's
    gate context is made once: the batch has one `now`.
    """
    tenant_id = batch[0].tenant_id
    candidates = [
        candidate_from_payload(w.payload, write_id=w.id, agent_id=w.agent_id)
        for w in batch
    ]
    lookups = _WorkerLookups(tenant_id, candidates)
    embed = _BatchEmbedder(candidates, lookups, vectors, tenant_id=tenant_id)
    # A batch the model had nothing to do for (exact copies) has no model
    # time to hide the next batch's behind: that one embeds its own texts.
    if prefetch and embed.model_texts:
        _prefetch_next(lookups, taken=[w.id for w in batch], size=prefetch)
    policy = policy_for(agents[batch[0].agent_id].tenant)
    fresh = _prime_neighbours(candidates, lookups, embed, policy)
    if not isolate:
        _judge_ahead(fresh, lookups, embed, policy)
    now = timezone.now()
    memory = MemoryBatch(tenant_id=tenant_id, now=now)
    entries: dict[uuid.UUID, list[AuditEntry]] = defaultdict(list)
    decided = []
    contexts: dict[uuid.UUID, GateContext] = {}
    for write, candidate in zip(batch, candidates, strict=True):
        started_ns = time.time_ns()
        agent = agents[write.agent_id]
        attempts = write.attempts
        try:
            with transaction.atomic() if isolate else nullcontext():
                ctx = contexts.get(agent.id)
                if ctx is None:
                    ctx = contexts[agent.id] = gate_context(
                        agent=agent, lookups=lookups, now=now, embed=embed
                    )
                result, trace = run_gates(candidate, ctx, gates=GATES)
                write_entries, seen = _apply(
                    write,
                    candidate,
                    result,
                    trace,
                    memory=memory,
                    embed=embed,
                    now=now,
                    policy=ctx.policy,
                )
                if isolate:
                    memory.flush()
        except (OperationalError, EmbeddingError):
            raise
        except Exception as exc:
            if not isolate:
                raise
            logger.exception("write %s failed in its batch; rejected", write.id)
            memory.discard()
            write_entries, seen = _write_failed(write, exc, attempts, now=now), None
        if seen is not None:
            if write.status == WriteStatus.COMMITTED:
                lookups.remember(candidate=candidate, version=seen)
            else:
                lookups.remember_draft(candidate=candidate, item_id=seen.item_id)
        entries[agent.id] += write_entries
        decided.append(write)
        tracing.record_memory_operation(
            tracing.UPDATE,
            started_ns,
            record_id=write.memory_item_id,
            **{
                "gen_ai.agent.id": agent.id,
                "mgc.write.id": write.id,
                "mgc.write.status": write.status,
            },
        )
    memory.flush()
    return _BatchOutcome(
        decided, entries, model_free=not fresh and not embed.model_texts
    )


def _write_failed(
    write: WriteRequest, exc: Exception, attempts: int, *, now: datetime
) -> list[AuditEntry]:
    """Reject a write the pipeline choked on; its changes were rolled back."""
    write.status, write.gate, write.code = (
        WriteStatus.REJECTED,
        "pipeline",
        "internal_error",
    )
    write.reason = (
        f"The pipeline failed on this write ({type(exc).__name__}); it was "
        "rolled back alone and will not be retried."
    )
    write.version_id = write.memory_item_id = None
    write.review_deadline = write.retry_at = None
    write.tier = ""
    write.attempts = attempts + 1
    write.started_at = write.started_at or now
    write.finished_at = now
    return [_write_event(AuditAction.WRITE_FAILED, write, gate="pipeline")]


def _prime_neighbours(
    candidates: list[Candidate],
    lookups: BatchLookups,
    embed: _BatchEmbedder,
    policy: Policy,
) -> list[Candidate]:
    """Fetch every candidate's neighbours for the dedup and contradiction gates.

    A few queries for the whole batch, both searches together, instead of
    two per write. Exact duplicates are skipped: they are answered without an
    embedding. Return the candidates searched.
    """
    fresh = [
        c
        for c in candidates
        if lookups.scope(c.scope_path)
        and not lookups.known_hash(c)
        and len(embed(c)) == settings.MGC_EMBEDDING_DIM
        and not embedding_problem(embed(c))
    ]
    lookups.prime_neighbour_sets(
        [
            (
                [
                    ((lookups.scope(c.scope_path).id,), c.layer, embed(c))
                    for c in fresh
                    if not c.key
                ],
                1,
            ),
            (
                [(lookups.lineage_ids(c.scope_path), None, embed(c)) for c in fresh],
                policy.contradiction_neighbours,
            ),
        ]
    )
    return fresh


def _judge_ahead(
    fresh: list[Candidate], lookups: BatchLookups, embed: _BatchEmbedder, policy: Policy
) -> None:
    """Read every write's nearest memory with the model judge, all at once.

    The contradiction gate puts each write's nearest `cross_encoder_neighbours`
    to the judge (`_model_judgements`), one model call a write; asked here for
    the whole batch, the gate finds them read. The nearest is taken from the
    primed stored neighbours and the batch's earlier writes (the gate sees
    those it stored before, `_with_pending`). A pair the gate then does not
    ask (an earlier write was not stored, the neighbour turned out the same
    attribute) costs its reading only; one it asks that is not here (its
    text was redacted) is read as before. Should the model fail here, each
    write's gates ask for their own pairs, as before: a pair the model cannot
    read rejects its write alone.
    """
    if len(fresh) < 2 or not contradiction.model_reads_contradictions(policy):
        return  # one write's pairs (its gate reads them as soon), or none
    try:
        asked = _pairs_ahead(fresh, lookups, embed, policy)
        if len(asked) > 1:
            cross_encoder.judge_ahead(asked)
    except Exception:
        # Only time is lost: each write's gates read their own pairs.
        logger.warning("reading the batch's pairs ahead failed", exc_info=True)


def _pairs_ahead(
    fresh: list[Candidate], lookups: BatchLookups, embed: _BatchEmbedder, policy: Policy
) -> list[tuple[Candidate, list[str]]]:
    """Each write's nearest memory texts the gate will put to the judge."""
    floor = contradiction.model_similarity_floor(policy)
    vectors = np.asarray([embed(c) for c in fresh], dtype=np.float32)
    vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
    scope_ids = [lookups.scope(c.scope_path).id for c in fresh]
    asked = []
    for i, c in enumerate(fresh):
        lineage = lookups.lineage_ids(c.scope_path)
        near = [
            (n.similarity, n.content, n.content_hash)
            for n in lookups.neighbours(
                lineage, embed(c), policy.contradiction_neighbours
            )
        ]
        earlier = [j for j in range(i) if scope_ids[j] in lineage]
        if earlier:
            similarities = vectors[earlier] @ vectors[i]
            near += [
                (float(s), fresh[j].content, fresh[j].content_hash)
                for j, s in zip(earlier, similarities, strict=True)
            ]
            near.sort(key=lambda n: -n[0])
        texts = [
            text
            for similarity, text, digest in near[: policy.cross_encoder_neighbours]
            if similarity >= floor and digest != c.content_hash
        ]
        if texts:
            asked.append((c, texts))
    return asked


def _apply(
    write: WriteRequest,
    candidate: Candidate,
    result: GateResult,
    trace: list,
    *,
    memory: MemoryBatch,
    embed: _BatchEmbedder,
    now: datetime,
    policy: Policy,
) -> tuple[list[AuditEntry], ExistingVersion | None]:
    """Record the pipeline's decision on the write and plan its memory changes.

    Return the audit entries, and the version the next candidates of the
    batch should see (committed, or a draft holding a key), if any.
    """
    write.gate_decisions = trace
    write.started_at = write.started_at or now
    write.finished_at = now
    write.attempts += 1
    write.gate, write.code, write.reason = result.gate, result.code, result.reason
    if result.decision != Decision.DUPLICATE or any(
        step["gate"] == SENSITIVITY for step in trace
    ):
        # An exact copy answered before the sensitivity gate (`run_gates`)
        # keeps the flags the door's run of it gave the write.
        write.flags = candidate.flags
    write.risk_score = candidate.risk
    write.risk_factors, write.tier = candidate.risk_factors, candidate.tier
    entries = _write_refuse_or_defer(write, result, now=now)
    if entries is not None:
        return entries, None
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
        ), None

    embed(candidate)
    staged = result.decision == Decision.REVIEW
    status = VersionStatus.DRAFT if staged else VersionStatus.ACTIVE
    target_item = candidate.update_item_id or _item_of(candidate.merge_with)
    if target_item is not None:
        memory.flush()  # rare: write what is planned, then change the item row by row
        version, entries = memory_update(
            candidate=candidate,
            item_id=target_item,
            write=write,
            now=now,
            merge_with=candidate.merge_with,
            status=status,
        )
    else:
        version, entries = memory.insert(
            candidate=candidate, write=write, status=status
        )
    write.version_id, write.memory_item_id = version.id, version.item_id
    seen = ExistingVersion(
        version.id,
        version.item_id,
        version.content_hash,
        content=version.content,
        confidence=version.confidence,
        source=version.source,
        key=candidate.key,
        layer=candidate.layer,
        scope_id=candidate.scope_id,
    )
    if staged:
        sync = candidate.tier == ReviewTier.SYNC
        write.status = (
            WriteStatus.AWAITING_APPROVAL if sync else WriteStatus.PENDING_REVIEW
        )
        write.tier = candidate.tier or ReviewTier.ASYNC
        write.review_deadline = now + (
            timedelta(seconds=policy.sync_deadline_seconds)
            if sync
            else timedelta(hours=policy.review_sla_hours)
        )
        Conflict.objects.bulk_create(
            [
                Conflict(
                    tenant_id=write.tenant_id,
                    write_request=write,
                    new_version=version,
                    existing_version_id=c["version_id"],
                    similarity=c.get("similarity"),
                    detector=c.get("detector", ""),
                    reason=c.get("reason", ""),
                    proposed_action="supersede",
                )
                for c in candidate.contradictions
            ]
        )
        return entries + [
            _write_event(
                AuditAction.WRITE_REVIEW_REQUESTED,
                write,
                tier=write.tier,
                risk=candidate.risk,
            )
        ], seen
    write.status = WriteStatus.COMMITTED
    write.gate, write.code, write.reason = "", "", ""
    if candidate.supersedes_versions:
        memory.flush()
        entries += versions_supersede(
            version_ids=candidate.supersedes_versions,
            by=version,
            now=now,
            reason="contradiction auto-resolved: the new write is more confident",
            actor_agent_id=write.agent_id,
        )
    return entries, seen


def _item_of(version_id: uuid.UUID | None) -> uuid.UUID | None:
    if version_id is None:
        return None
    return MemoryVersion.objects.values_list("item_id", flat=True).get(pk=version_id)


def write_fail(*, write_id: uuid.UUID, reason: str) -> None:
    """Reject a write that keeps crashing the worker, so it stops being retried."""
    with transaction.atomic(durable=True):
        write = rows_lock(
            WriteRequest.objects.filter(pk=write_id, status=WriteStatus.QUEUED)
        ).first()
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
        write_signals.writes_decided_notify(
            tenant_id=write.tenant_id, write_ids=[write.id]
        )
        audit_event_record(
            tenant_id=write.tenant_id,
            actor=Actor.system("pipeline"),
            action=AuditAction.WRITE_FAILED,
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


def write_tallies_prune(*, tenant: Tenant) -> int:
    """Delete the tenant's write tallies older than its rate gate's windows.

    Derived counts (`WriteTally`, kept by triggers), not records: nothing is
    audited. The windows are the layer window and the storm's minute; a
    second of margin keeps the tally of the second a window starts inside.
    """
    window = max(policy_for(tenant).rate_window_seconds, 60) + 1
    deleted, _ = WriteTally.objects.filter(
        tenant=tenant, second__lt=timezone.now() - timedelta(seconds=window)
    ).delete()
    return deleted
