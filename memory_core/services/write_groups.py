"""The door's group commit: a tenant's concurrent submits stored in one transaction.

A submitted write used to be stored in a transaction of its own: the
tenant's erasure fence, the INSERT, the tenant's audit-chain head locked, the
event appended, COMMIT. The chain head is one row lock per tenant, held
through the commit's WAL flush, so a tenant's submits committed one after
another, a flush each, and the lock was the door's ceiling.

Here, in each web process, the submits of a tenant that become ready while
one of them is being stored wait for it, then one of them (the leader)
stores them all in one transaction: one fence, each write's redaction and
payload as before, one INSERT of their rows, the chain head locked once and
their events appended in order, one commit. Every write's event is written
in the same transaction as its row; the chain is the same chain.

A write whose key another write took meanwhile is not inserted (`ON
CONFLICT DO NOTHING`): its caller replays the winner, as before. If anything
in the group's transaction fails (a write the redaction refuses, say),
nothing of it is stored and every caller stores its write alone
(`write_submit`'s own transaction, as before this module): one write's
failure is never another's, and a refused write leaves nothing behind.
Only queued writes with nothing else to do (no scope to create, no expired
content key to retire) come here, and only from a caller not inside a
transaction of its own.
"""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from audit.services import Actor, AuditEntry, audit_groups_record
from memory_core.lifecycle.fences import tenant_writes_fence_enter
from memory_core.models import WriteRequest


@dataclass(eq=False)
class GroupedWrite:
    """One submit waiting in its tenant's group.

    `prepare` runs in the group's transaction, before the INSERT: it
    completes the write (redaction, payload) and returns its audit entries.
    """

    write: WriteRequest
    actor: Actor
    prepare: Callable[[], list[AuditEntry]]
    wake: threading.Event = field(default_factory=threading.Event)
    lead: bool = False
    done: bool = False
    stored: bool = False
    failed: bool = False


class _Group:
    """A tenant's submits waiting in this process, and whether one leads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.pending: list[GroupedWrite] = []
        self.leading = False


_groups: dict[uuid.UUID, _Group] = {}
_groups_lock = threading.Lock()


def _group_of(tenant_id: uuid.UUID) -> _Group:
    group = _groups.get(tenant_id)
    if group is None:
        with _groups_lock:
            group = _groups.setdefault(tenant_id, _Group())
    return group


def write_store_grouped(item: GroupedWrite) -> GroupedWrite:
    """Store `item` in its tenant's next group; return it with its outcome.

    `stored`: its row and event are committed. `failed`: the group's
    transaction failed; the caller stores the write alone. Otherwise its key
    was taken by another write, which the caller replays. A group of one
    that fails raises its error here, as a transaction of its own would.
    """
    if connection.in_atomic_block:
        raise RuntimeError("A grouped write is stored in a transaction of its own.")
    group = _group_of(item.write.tenant_id)
    with group.lock:
        group.pending.append(item)
        lead = not group.leading
        group.leading = True
    if not lead:
        item.wake.wait()
        lead = item.lead and not item.done
    if lead:
        _lead(group, item)
    return item


def _lead(group: _Group, own: GroupedWrite) -> None:
    """Store every write waiting in `group` (`own` among them), then hand over."""
    with group.lock:
        batch, group.pending = group.pending, []
    try:
        _batch_store(batch)
    except Exception:
        if len(batch) == 1:
            raise
        for item in batch:
            item.failed = True
    finally:
        with group.lock:
            if group.pending:
                group.pending[0].lead = True
                group.pending[0].wake.set()
            else:
                group.leading = False
        for item in batch:
            if not item.done and not item.failed:
                item.failed = True  # the leader died with the batch unstored
            item.done = True
            if item is not own:
                item.wake.set()


def _batch_store(batch: list[GroupedWrite]) -> None:
    tenant_id = batch[0].write.tenant_id
    now = timezone.now()
    with transaction.atomic():
        tenant_writes_fence_enter(tenant_id)
        ready = []
        for item in batch:
            entries = item.prepare()
            item.write.created_at = now
            ready.append((item, entries))
        inserted = writes_insert([item.write for item, _ in ready])
        kept = [(item, entries) for item, entries in ready if item.write.id in inserted]
        groups = [(item.actor, entries) for item, entries in kept]
        audit_groups_record(tenant_id=tenant_id, groups=groups)
        if kept:
            first = kept[0][0].write.id
            transaction.on_commit(lambda: _drain_request(tenant_id, first))
    for item, _ in kept:
        item.stored = True
        item.write._state.adding = False
        item.write._state.db = connection.alias
    for item in batch:
        item.done = True


def _drain_request(tenant_id: uuid.UUID, write_id: uuid.UUID) -> None:
    """One drain request for the group: it covers every queued write of the tenant."""
    from memory_core.services.writes import write_drain_request

    write_drain_request(tenant_id=tenant_id, write_id=write_id)


# The write rows go as one JSON document, typed column by column as the
# audit events are (audit.services.APPEND_SQL); text columns are cast to
# their varchar on assignment, which refuses an overlong value.
_SQL_TYPES = {
    "uuid",
    "jsonb",
    "integer",
    "double precision",
    "timestamp with time zone",
}
_WRITE_FIELDS = tuple(WriteRequest._meta.concrete_fields)


@cache
def _insert_sql() -> str:
    columns = ", ".join(f.column for f in _WRITE_FIELDS)
    record = ", ".join(
        f"{f.column} {t if (t := f.db_type(connection)) in _SQL_TYPES else 'text'}"
        for f in _WRITE_FIELDS
    )
    return (
        f"INSERT INTO {WriteRequest._meta.db_table} ({columns}) "
        f"SELECT {columns} FROM jsonb_to_recordset(%s::jsonb) AS w({record}) "
        "ON CONFLICT DO NOTHING RETURNING id"
    )


def json_value(value: Any) -> Any:
    """A column value as a JSON document carries it (`jsonb_to_recordset`)."""
    if isinstance(value, uuid.UUID):
        return str(value)
    if isinstance(value, datetime):
        return value.isoformat()
    return value


def writes_insert(writes: list[WriteRequest]) -> set[uuid.UUID]:
    """Insert `writes`; return the ids inserted (a taken key inserts nothing).

    In key order, so two groups racing for the same keys wait on each other
    in one order and cannot deadlock.
    """
    if not writes:
        return set()
    ordered = sorted(writes, key=lambda w: (str(w.agent_id), w.idempotency_key))
    document = json.dumps(
        [
            {f.column: json_value(getattr(w, f.attname)) for f in _WRITE_FIELDS}
            for w in ordered
        ]
    )
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(), [document])
        return {uuid.UUID(str(row[0])) for row in cursor.fetchall()}
