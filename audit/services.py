"""Write and verify the audit trail. The only code that creates audit events."""

from __future__ import annotations

import hashlib
import hmac
import json
import uuid
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from django.apps import apps
from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from audit.models import ActorType, AuditChainHead, AuditEvent

GENESIS_HASH = "0" * 64


@dataclass(frozen=True)
class Actor:
    """Who did it: an agent, a person or the system (beat jobs, the pipeline)."""

    type: str
    id: str = ""
    label: str = ""

    @classmethod
    def system(cls, label: str = "system") -> Actor:
        return cls(type=ActorType.SYSTEM, id="", label=label)


@dataclass(frozen=True)
class AuditEntry:
    action: str
    object_type: str = ""
    object_id: str = ""
    reason: str = ""
    metadata: dict[str, Any] = field(default_factory=dict)


def audit_key_id(key: bytes) -> str:
    """Return the public id of an audit key: names it in events and checkpoints."""
    return hmac.new(key, b"mgc-audit-key-id", hashlib.sha256).hexdigest()[:16]


def _audit_keys() -> dict[str, bytes]:
    """Return the audit keys by id: the current one first, then the previous ones."""
    names = [settings.MGC_AUDIT_KEY, *settings.MGC_AUDIT_KEY_PREVIOUS]
    return {audit_key_id(key.encode()): key.encode() for key in dict.fromkeys(names)}


def event_body(
    *,
    tenant_id: str,
    seq: int,
    created_at: str,
    actor_type: str,
    actor_id: str,
    action: str,
    object_type: str,
    object_id: str,
    reason: str,
    metadata: dict[str, Any],
) -> str:
    """Return the canonical JSON of an event's chained fields."""
    return json.dumps(
        {
            "tenant_id": str(tenant_id),
            "seq": seq,
            "created_at": created_at,
            "actor_type": actor_type,
            "actor_id": actor_id,
            "action": action,
            "object_type": object_type,
            "object_id": object_id,
            "reason": reason,
            "metadata": metadata,
        },
        sort_keys=True,
        separators=(",", ":"),
        default=str,
    )


def event_hash(*, key: bytes, prev_hash: str, body: str) -> str:
    """Return the link: HMAC-SHA256 under the audit key of the previous hash and body.

    Without the key nobody can re-hash a rewritten chain (docs/audit.md).
    """
    return hmac.new(key, (prev_hash + body).encode(), hashlib.sha256).hexdigest()


def _stored_event_body(event: AuditEvent) -> str:
    return event_body(
        tenant_id=str(event.tenant_id),
        seq=event.seq,
        created_at=event.created_at.isoformat(),
        actor_type=event.actor_type,
        actor_id=event.actor_id,
        action=event.action,
        object_type=event.object_type,
        object_id=event.object_id,
        reason=event.reason,
        metadata=event.metadata,
    )


# The tenant's chain head, locked until commit, in one round trip: created at
# #0 if the tenant has none, else locked with FOR UPDATE (which reads the
# newest committed version). A head created by a concurrent transaction after
# this statement's snapshot is neither inserted (the conflict) nor seen (the
# snapshot): no row, and the statement is run again. No UPDATE takes the
# lock: the head's trigger refuses an update that does not move it forward
# (migration 0005).
LOCK_HEAD_SQL = """
WITH created AS (
    INSERT INTO audit_auditchainhead (tenant_id, seq, hash) VALUES (%s, 0, %s)
    ON CONFLICT (tenant_id) DO NOTHING
    RETURNING seq, hash
)
SELECT seq, hash FROM created
UNION ALL
SELECT seq, hash FROM (
    SELECT seq, hash FROM audit_auditchainhead WHERE tenant_id = %s FOR UPDATE
) AS locked
"""
# Every stored column of an event but its id, in the model's order.
EVENT_COLUMNS = tuple(
    f.column for f in AuditEvent._meta.concrete_fields if not f.primary_key
)
# The SQL type of each event column, as the events' JSON document is read.
EVENT_TYPES = {
    "tenant_id": "uuid",
    "seq": "bigint",
    "created_at": "timestamptz",
    "metadata": "jsonb",
}
# The events and the head's move in one statement (the head is locked). The
# events go as one JSON document: one value for the driver to send, where a
# batch's hundreds of events made thousands of placeholders for it to parse.
APPEND_SQL = """
WITH appended AS (
    INSERT INTO audit_auditevent ({columns})
    SELECT {columns} FROM jsonb_to_recordset(%s::jsonb) AS e({record})
    RETURNING id, seq
), moved AS (
    UPDATE audit_auditchainhead SET seq = %s, hash = %s
    WHERE tenant_id = %s AND seq = %s
    RETURNING 1
)
SELECT appended.id, appended.seq, (SELECT count(*) FROM moved) FROM appended
""".format(
    columns=", ".join(EVENT_COLUMNS),
    record=", ".join(f"{c} {EVENT_TYPES.get(c, 'text')}" for c in EVENT_COLUMNS),
)


def _chain_head_lock(tenant_id: uuid.UUID) -> tuple[int, str]:
    """Lock the tenant's chain head until commit; return its (seq, hash)."""
    with connection.cursor() as cursor:
        for _ in range(3):
            cursor.execute(LOCK_HEAD_SQL, [tenant_id, GENESIS_HASH, tenant_id])
            row = cursor.fetchone()
            if row is not None:
                return row[0], row[1]
    raise RuntimeError(f"could not lock the audit chain head of tenant {tenant_id}")


def _chain_append(
    tenant_id: uuid.UUID, events: list[AuditEvent], *, from_seq: int
) -> None:
    """Insert `events` and move the locked head to the last; set their ids."""
    rows = json.dumps(
        [
            {
                **{column: getattr(event, column) for column in EVENT_COLUMNS},
                "tenant_id": str(event.tenant_id),
                "created_at": event.created_at.isoformat(),
            }
            for event in events
        ]
    )
    last = events[-1]
    with connection.cursor() as cursor:
        cursor.execute(APPEND_SQL, [rows, last.seq, last.hash, tenant_id, from_seq])
        rows = cursor.fetchall()
    if len(rows) != len(events) or rows[0][2] != 1:
        raise RuntimeError(f"the audit chain head of tenant {tenant_id} moved")
    ids = {seq: pk for pk, seq, _ in rows}
    for event in events:
        event.pk = ids[event.seq]
        event._state.adding = False
        event._state.db = connection.alias


def audit_events_record(
    *, tenant_id: uuid.UUID, actor: Actor, entries: Sequence[AuditEntry]
) -> list[AuditEvent]:
    """Append `entries` to the tenant's chain inside the caller's transaction.

    Call it last in a transaction, after the rows it describes are written: it
    takes the tenant's chain lock, which is then held until commit. Two
    statements: lock and read the head, then insert the events and move the
    head (so the lock is held for one round trip and the commit).
    """
    return audit_groups_record(tenant_id=tenant_id, groups=[(actor, entries)])[0]


def audit_groups_record(
    *,
    tenant_id: uuid.UUID,
    groups: Sequence[tuple[Actor, Sequence[AuditEntry]]],
) -> list[list[AuditEvent]]:
    """Append several actors' entries to the tenant's chain, in order, at once.

    As `audit_events_record`, for a transaction that stores several actors'
    mutations (the door's group commit, memory_core/services/write_groups.py):
    one lock of the head and one append for all of them. Return each group's
    events.
    """
    if not connection.in_atomic_block:
        raise RuntimeError(
            "Audit events must be written inside the mutation's transaction."
        )
    if not any(entries for _, entries in groups):
        return [[] for _ in groups]
    key_id, key = next(iter(_audit_keys().items()))
    tenant_id = uuid.UUID(str(tenant_id))
    head_seq, prev = _chain_head_lock(tenant_id)
    now = timezone.now()
    created_at = now.isoformat()
    events: list[AuditEvent] = []
    recorded: list[list[AuditEvent]] = []
    seq = head_seq
    for actor, entries in groups:
        own = []
        for entry in entries:
            seq += 1
            metadata = json.loads(json.dumps(entry.metadata, default=str))
            body = event_body(
                tenant_id=str(tenant_id),
                seq=seq,
                created_at=created_at,
                actor_type=actor.type,
                actor_id=actor.id,
                action=entry.action,
                object_type=entry.object_type,
                object_id=entry.object_id,
                reason=entry.reason,
                metadata=metadata,
            )
            digest = event_hash(key=key, prev_hash=prev, body=body)
            own.append(
                AuditEvent(
                    tenant_id=tenant_id,
                    seq=seq,
                    created_at=now,
                    actor_type=actor.type,
                    actor_id=actor.id,
                    actor_label=actor.label,
                    action=entry.action,
                    object_type=entry.object_type,
                    object_id=entry.object_id,
                    reason=entry.reason,
                    metadata=metadata,
                    prev_hash=prev,
                    hash=digest,
                    key_id=key_id,
                )
            )
            prev = digest
        events.extend(own)
        recorded.append(own)
    _chain_append(tenant_id, events, from_seq=head_seq)
    return recorded


def audit_event_record(
    *,
    tenant_id: uuid.UUID,
    actor: Actor,
    action: str,
    object_type: str = "",
    object_id: str = "",
    reason: str = "",
    metadata: dict[str, Any] | None = None,
) -> AuditEvent:
    """Append one event; see `audit_events_record`."""
    entry = AuditEntry(
        action=action,
        object_type=object_type,
        object_id=str(object_id),
        reason=reason,
        metadata=metadata or {},
    )
    return audit_events_record(tenant_id=tenant_id, actor=actor, entries=[entry])[0]


# -- Verification -----------------------------------------------------------------

# The tenant registry verification starts from. `audit` imports no other app,
# so the model is looked up by name: every registered tenant has a trail, as
# `tenant_create` records `tenant.create` with the tenant.
TENANT_REGISTRY = "memory_core.Tenant"
CHECKPOINT_FIELDS = ("tenant", "seq", "head_hash", "at", "key_id", "signature")


@dataclass(frozen=True)
class ChainBreak:
    tenant_id: str
    seq: int
    problem: str


@dataclass(frozen=True)
class Checkpoint:
    """A tenant's chain head at a time, signed under the audit key."""

    tenant: str
    seq: int
    head_hash: str
    at: str
    key_id: str
    signature: str

    def as_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in CHECKPOINT_FIELDS}


def _checkpoint_signature(key: bytes, checkpoint: Checkpoint) -> str:
    payload = json.dumps(
        {
            "tenant": checkpoint.tenant,
            "seq": checkpoint.seq,
            "head_hash": checkpoint.head_hash,
            "at": checkpoint.at,
            "key_id": checkpoint.key_id,
        },
        sort_keys=True,
        separators=(",", ":"),
    )
    # A prefix no link's input starts with: a link begins with a hex hash.
    message = b"mgc-audit-checkpoint\n" + payload.encode()
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def audit_checkpoint_parse(line: str) -> Checkpoint:
    """Parse one line of a checkpoint file; raise ValueError naming what is wrong."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as error:
        raise ValueError(f"not JSON ({error.msg})") from None
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    missing = [name for name in CHECKPOINT_FIELDS if name not in data]
    if missing:
        raise ValueError(f"missing {', '.join(missing)}")
    if not isinstance(data["seq"], int) or data["seq"] < 0:
        raise ValueError("seq is not a non-negative integer")
    try:
        tenant = str(uuid.UUID(str(data["tenant"])))
    except ValueError:
        raise ValueError("tenant is not a UUID") from None
    strings = {name: data[name] for name in ("head_hash", "at", "key_id", "signature")}
    if not all(isinstance(value, str) for value in strings.values()):
        raise ValueError("head_hash, at, key_id and signature must be strings")
    return Checkpoint(tenant=tenant, seq=data["seq"], **strings)


@contextmanager
def _snapshot() -> Iterator[None]:
    """Read everything in one REPEATABLE READ, read-only snapshot.

    Appends committed while verification runs are not seen at all, so live
    traffic cannot look like a truncated tail. Inside a caller's transaction
    (a test's, say) that transaction is the snapshot.
    """
    if connection.in_atomic_block:
        yield
        return
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        yield


def audit_checkpoints_take() -> list[dict[str, Any]]:
    """Return a signed checkpoint of every tenant's chain head, from one snapshot.

    Covers every registered tenant and every chain head; a registered tenant
    without a head yet is checkpointed at #0.
    """
    key_id, key = next(iter(_audit_keys().items()))
    at = timezone.now().isoformat()
    with _snapshot():
        registry = apps.get_model(TENANT_REGISTRY)
        heads = {
            head.tenant_id: (head.seq, head.hash)
            for head in AuditChainHead.objects.all()
        }
        tenants = set(heads) | set(registry.objects.values_list("id", flat=True))
    checkpoints = []
    for tenant_id in sorted(tenants, key=str):
        seq, head_hash = heads.get(tenant_id, (0, GENESIS_HASH))
        unsigned = Checkpoint(str(tenant_id), seq, head_hash, at, key_id, "")
        signature = _checkpoint_signature(key, unsigned)
        checkpoints.append({**unsigned.as_dict(), "signature": signature})
    return checkpoints


def audit_chain_verify(
    *,
    tenant_ids: Iterable[uuid.UUID | str] | None = None,
    checkpoints: Sequence[Checkpoint] = (),
) -> list[ChainBreak]:
    """Recompute every chain in one snapshot; return each tenant's first broken link.

    The tenants are the registered ones, those with a chain head and those
    with events (or `tenant_ids`): a registered tenant without a trail, a
    head without its events and events without a head are all breaks. Each
    of `checkpoints` must be correctly signed, and its event must still hash
    to the recorded head: otherwise history before it was rewritten.
    """
    wanted = None if tenant_ids is None else {uuid.UUID(str(t)) for t in tenant_ids}
    audit_keys = _audit_keys()
    breaks: list[ChainBreak] = []
    by_tenant: dict[uuid.UUID, list[Checkpoint]] = {}
    for checkpoint in checkpoints:
        tenant_id = uuid.UUID(checkpoint.tenant)
        if wanted is not None and tenant_id not in wanted:
            continue
        key = audit_keys.get(checkpoint.key_id)
        if key is None:
            breaks.append(_checkpoint_break(checkpoint, "signed under an unknown key"))
        elif not hmac.compare_digest(
            _checkpoint_signature(key, checkpoint), checkpoint.signature
        ):
            problem = "signature is invalid (forged or altered)"
            breaks.append(_checkpoint_break(checkpoint, problem))
        else:
            by_tenant.setdefault(tenant_id, []).append(checkpoint)
    with _snapshot():
        registered = set(
            apps.get_model(TENANT_REGISTRY).objects.values_list("id", flat=True)
        )
        heads = {head.tenant_id: head for head in AuditChainHead.objects.all()}
        if wanted is None:
            tenants = (
                registered
                | set(heads)
                | set(by_tenant)
                | set(
                    AuditEvent.objects.order_by()
                    .values_list("tenant_id", flat=True)
                    .distinct()
                )
            )
        else:
            tenants = wanted
        for tenant_id in sorted(tenants, key=str):
            breaks.extend(
                _verify_tenant(
                    tenant_id,
                    head=heads.get(tenant_id),
                    registered=tenant_id in registered,
                    audit_keys=audit_keys,
                    checkpoints=by_tenant.get(tenant_id, []),
                )
            )
    return breaks


def _checkpoint_break(checkpoint: Checkpoint, problem: str) -> ChainBreak:
    return ChainBreak(
        checkpoint.tenant, checkpoint.seq, f"checkpoint of {checkpoint.at}: {problem}"
    )


def _verify_tenant(
    tenant_id: uuid.UUID,
    *,
    head: AuditChainHead | None,
    registered: bool,
    audit_keys: dict[str, bytes],
    checkpoints: list[Checkpoint],
) -> list[ChainBreak]:
    """Return the tenant's first broken link, then any checkpoint it contradicts."""
    tenant = str(tenant_id)
    break_: ChainBreak | None = None
    hashes: dict[int, str] = {}  # the hashes the checkpoints recorded, by seq
    pending = {c.seq for c in checkpoints if c.seq > 0}
    prev, expected_seq = GENESIS_HASH, 1
    events = AuditEvent.objects.filter(tenant_id=tenant_id).order_by("seq")
    for event in events.iterator(chunk_size=2000):
        break_ = _link_break(event, tenant, expected_seq, prev, audit_keys)
        if break_:
            break
        if event.seq in pending:
            hashes[event.seq] = event.hash
        prev, expected_seq = event.hash, expected_seq + 1
    last = expected_seq - 1
    if break_ is None:
        break_ = _head_break(tenant, head, last, prev, registered)
    breaks = [break_] if break_ else []
    unseen = pending - set(hashes)
    if unseen:  # beyond a broken link: look them up directly
        hashes.update(
            AuditEvent.objects.filter(tenant_id=tenant_id, seq__in=unseen)
            .values_list("seq", "hash")
            .order_by()
        )
    for checkpoint in sorted(checkpoints, key=lambda c: c.seq):
        if checkpoint.seq == 0:
            continue
        found = hashes.get(checkpoint.seq)
        if found is None:
            breaks.append(
                _checkpoint_break(
                    checkpoint, f"event #{checkpoint.seq} is missing (truncated)"
                )
            )
        elif not hmac.compare_digest(found, checkpoint.head_hash):
            breaks.append(
                _checkpoint_break(
                    checkpoint,
                    f"event #{checkpoint.seq} no longer hashes to the recorded head: "
                    "history up to it was rewritten",
                )
            )
    return breaks


def _link_break(
    event: AuditEvent,
    tenant: str,
    expected_seq: int,
    prev: str,
    audit_keys: dict[str, bytes],
) -> ChainBreak | None:
    if event.seq != expected_seq:
        return ChainBreak(tenant, expected_seq, f"event #{expected_seq} is missing")
    if event.prev_hash != prev:
        return ChainBreak(
            tenant, event.seq, "prev_hash does not match the previous event"
        )
    if not event.key_id:
        return ChainBreak(
            tenant,
            event.seq,
            "unkeyed link: the chain was already broken here when it was re-keyed "
            "(migration audit 0004), or the link was forged",
        )
    key = audit_keys.get(event.key_id)
    if key is None:
        return ChainBreak(
            tenant,
            event.seq,
            f"no audit key with id {event.key_id} "
            "(a previous key belongs in MGC_AUDIT_KEY_PREVIOUS)",
        )
    digest = event_hash(key=key, prev_hash=prev, body=_stored_event_body(event))
    if not hmac.compare_digest(digest, event.hash):
        return ChainBreak(tenant, event.seq, "hash does not match the event's contents")
    return None


def _head_break(
    tenant: str, head: AuditChainHead | None, last: int, prev: str, registered: bool
) -> ChainBreak | None:
    if head is None:
        if last:
            return ChainBreak(tenant, last, "the chain head is missing")
        if registered:
            return ChainBreak(
                tenant,
                1,
                "a registered tenant with no audit trail: no chain head, no events "
                "(truncated)",
            )
        return None
    if head.seq > last:
        return ChainBreak(
            tenant,
            last + 1,
            f"event #{last + 1} is missing: the chain head is at #{head.seq} "
            "(tail truncated)",
        )
    if head.seq != last or head.hash != prev:
        return ChainBreak(
            tenant, head.seq, "the chain head does not match the last event"
        )
    return None
