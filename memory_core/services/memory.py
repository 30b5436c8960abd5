"""Create, update and reinforce memory versions.

These run inside the caller's transaction and return the audit entries that
describe what they did; the caller appends them to the chain before commit.
The write pipeline plans new items and reinforcements with `MemoryBatch`.
"""

from __future__ import annotations

import json
import uuid
from collections import Counter
from datetime import datetime, timedelta

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from audit.actions import AuditAction
from audit.services import AuditEntry
from memory_core.lock_objects import (
    memory_item_lock,
    row_lock,
    rows_lock,
    version_number_next,
)
from memory_core.models import (
    LogOperation,
    MemoryItem,
    MemoryLogEntry,
    MemoryVersion,
    Scope,
    VersionStatus,
    WriteRequest,
    WriteStatus,
)
from memory_core.pipeline.gates.contradiction import KEY_AWAITING_REVIEW
from memory_core.pipeline.types import Candidate


def _version_from(
    candidate: Candidate,
    *,
    item: MemoryItem,
    number: int,
    write: WriteRequest,
    now: datetime,
    status: str = VersionStatus.ACTIVE,
    supersedes: MemoryVersion | None = None,
) -> MemoryVersion:
    return MemoryVersion(
        tenant_id=item.tenant_id,
        item=item,
        scope_id=item.scope_id,
        layer=item.layer,
        number=number,
        content=candidate.content,
        structured={
            k: v
            for k, v in (
                ("subject", candidate.subject),
                ("predicate", candidate.predicate),
                ("object", candidate.object),
                ("fields", candidate.fields),
            )
            if v
        },
        embedding=candidate.embedding,
        content_hash=candidate.content_hash,
        fingerprint=candidate.fingerprint,
        confidence=candidate.confidence,
        adjusted_confidence=candidate.adjusted_confidence,
        validation_score=candidate.validation_score,
        source=candidate.source,
        evidence=candidate.evidence,
        evidence_count=max(1, len(candidate.evidence)),
        flags=candidate.flags,
        risk_score=candidate.risk,
        provenance=candidate.provenance,
        signature=candidate.signature,
        approval_state="pending" if status == VersionStatus.DRAFT else "auto",
        status=status,
        supersedes=supersedes,
        valid_from=now,
        agent_id=write.agent_id,
        write_request=write,
        task_id=candidate.task_id,
        session_id=candidate.session_id,
        created_at=now,
    )


def _ttl(now: datetime, seconds: int | None) -> datetime | None:
    return now + timedelta(seconds=seconds) if seconds else None


class MemoryBatch:
    """Plan a batch's new items and reinforcements, then write them in bulk.

    Rows are built in memory as the pipeline decides, and `flush` writes them
    with a handful of queries (an item's `head` foreign key is deferred, so an
    item and its first version go in together).
    """

    def __init__(self, *, tenant_id: uuid.UUID, now: datetime) -> None:
        self.tenant_id, self.now = tenant_id, now
        self.items: list[MemoryItem] = []
        self.versions: dict[uuid.UUID, MemoryVersion] = {}
        self.logs: list[dict] = []
        self.reinforcements: Counter[uuid.UUID] = Counter()

    def insert(
        self,
        *,
        candidate: Candidate,
        write: WriteRequest,
        status: str = VersionStatus.ACTIVE,
    ) -> tuple[MemoryVersion, list[AuditEntry]]:
        """Plan a new item with its first version (a draft awaits review)."""
        now = self.now
        version_id = uuid.uuid4()
        item = MemoryItem(
            id=uuid.uuid4(),
            tenant_id=self.tenant_id,
            scope_id=candidate.scope_id,
            layer=candidate.layer,
            kind=candidate.kind,
            memory_key=candidate.key,
            subject=candidate.subject,
            predicate=candidate.predicate,
            object=candidate.object,
            classification=candidate.classification,
            residency=candidate.residency,
            status=status,
            head_id=version_id,
            expires_at=_ttl(now, candidate.ttl_seconds),
            soft_expires_at=_ttl(now, candidate.soft_ttl_seconds),
            created_by_agent_id=write.agent_id,
            created_at=now,
            updated_at=now,
        )
        version = _version_from(
            candidate, item=item, number=1, write=write, now=now, status=status
        )
        version.id = version_id
        self.items.append(item)
        self.versions[version.id] = version
        staged = status == VersionStatus.DRAFT
        if not staged:
            self._log(
                LogOperation.INSERT,
                item_id=item.id,
                version_id=version.id,
                write=write,
                reason="committed by the write pipeline",
            )
        entry = AuditEntry(
            action=AuditAction.MEMORY_STAGE if staged else AuditAction.MEMORY_INSERT,
            object_type="memory_item",
            object_id=str(item.id),
            metadata={
                "version_id": str(version.id),
                "write_id": str(write.id),
                "layer": item.layer,
                "scope_id": str(item.scope_id),
            },
        )
        return version, [entry]

    def reinforce(
        self,
        *,
        version_id: uuid.UUID,
        item_id: uuid.UUID,
        write: WriteRequest,
        tier: str,
    ) -> list[AuditEntry]:
        """Count a duplicate write as more evidence for a version."""
        pending = self.versions.get(version_id)
        if pending is not None:
            pending.evidence_count += 1
            pending.last_reinforced_at = self.now
        else:
            self.reinforcements[version_id] += 1
        self._log(
            LogOperation.REINFORCE,
            item_id=item_id,
            version_id=version_id,
            write=write,
            reason=f"duplicate write ({tier})",
        )
        return [
            AuditEntry(
                action=AuditAction.MEMORY_REINFORCE,
                object_type="memory_item",
                object_id=str(item_id),
                metadata={
                    "version_id": str(version_id),
                    "write_id": str(write.id),
                    "tier": tier,
                },
            )
        ]

    def _log(
        self,
        operation: str,
        *,
        item_id: uuid.UUID,
        version_id: uuid.UUID,
        write: WriteRequest,
        reason: str,
    ) -> None:
        """Plan a memory log row (written by `flush`, in the order planned)."""
        self.logs.append(
            {
                "operation": operation,
                "item_id": str(item_id),
                "version_id": str(version_id),
                "actor_agent_id": str(write.agent_id),
                "reason": reason,
                "payload": {"write_id": str(write.id)},
            }
        )

    def _logs_insert(self) -> None:
        """Insert the planned log rows in one statement, as one JSON document.

        A batch of duplicates is a log row each: built as model instances and
        sent as nine placeholders a row, they cost the worker more than the
        database took to insert them.
        """
        if not self.logs:
            return
        table = MemoryLogEntry._meta.db_table
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {table} (tenant_id, operation, item_id, version_id, "
                "actor_agent_id, reason, payload, created_at) "
                "SELECT %s, operation, item_id, version_id, actor_agent_id, reason, "
                "payload, %s FROM jsonb_to_recordset(%s::jsonb) AS "
                "l(n int, operation text, item_id uuid, version_id uuid, "
                "actor_agent_id uuid, reason text, payload jsonb) ORDER BY n",
                [
                    self.tenant_id,
                    self.now,
                    json.dumps([{"n": n, **row} for n, row in enumerate(self.logs)]),
                ],
            )

    def flush(self) -> None:
        MemoryItem.objects.bulk_create(self.items)
        MemoryVersion.objects.bulk_create(self.versions.values())
        self._logs_insert()
        for version_id, count in self.reinforcements.items():
            MemoryVersion.objects.filter(
                tenant_id=self.tenant_id, pk=version_id
            ).update(
                evidence_count=F("evidence_count") + count, last_reinforced_at=self.now
            )
        self.discard()

    def discard(self) -> None:
        """Forget what is planned: written, or rolled back with its savepoint."""
        self.items, self.versions, self.logs = [], {}, []
        self.reinforcements = Counter()


def memory_update(
    *,
    candidate: Candidate,
    item_id: uuid.UUID,
    write: WriteRequest,
    now: datetime,
    merge_with: uuid.UUID | None = None,
    status: str = VersionStatus.ACTIVE,
) -> tuple[MemoryVersion, list[AuditEntry]]:
    """Add a version of the candidate's content to an existing item.

    An active version supersedes the head at once; a draft waits for review
    and leaves the head alone. A merge (003 §12.3.4) links both predecessors,
    keeps the union of their evidence and the higher confidence.
    """
    item = memory_item_lock(tenant_id=write.tenant_id, item_id=item_id)
    head = row_lock(MemoryVersion, pk=item.head_id) if item.head_id else None
    version = _version_from(
        candidate,
        item=item,
        number=version_number_next(item),
        write=write,
        now=now,
        status=status,
        supersedes=head,
    )
    if merge_with is not None:
        merged = MemoryVersion.objects.get(tenant_id=write.tenant_id, pk=merge_with)
        version.merged_from = sorted({merged.id, *([head.id] if head else [])}, key=str)
        version.evidence = _union(merged.evidence, candidate.evidence)
        version.evidence_count = merged.evidence_count + 1
        version.confidence = max(merged.confidence, candidate.confidence)
    version.save(force_insert=True)
    operation = LogOperation.MERGE if merge_with else LogOperation.UPDATE
    if status == VersionStatus.DRAFT:
        action = AuditAction.MEMORY_STAGE
    else:
        _activate(version, item=item, previous=head, now=now)
        MemoryLogEntry.objects.create(
            tenant_id=write.tenant_id,
            operation=operation,
            item=item,
            version=version,
            previous_version=head,
            actor_agent_id=write.agent_id,
            created_at=now,
            reason=f"{operation} by the write pipeline",
            payload={"write_id": str(write.id)},
        )
        action = AuditAction.memory(operation)
    entry = AuditEntry(
        action=action,
        object_type="memory_item",
        object_id=str(item.id),
        metadata={
            "version_id": str(version.id),
            "write_id": str(write.id),
            "previous_version_id": str(head.id) if head else None,
            "merged_from": [str(v) for v in version.merged_from],
        },
    )
    return version, [entry]


def _union(first: list[dict], second: list[dict]) -> list[dict]:
    """Return both evidence lists without repeats, in order."""
    seen, union = set(), []
    for ref in [*first, *second]:
        key = json.dumps(ref, sort_keys=True, default=str)
        if key not in seen:
            seen.add(key)
            union.append(ref)
    return union


def _activate(
    version: MemoryVersion,
    *,
    item: MemoryItem,
    previous: MemoryVersion | None,
    now: datetime,
) -> None:
    """Make `version` the item's visible head from `now`, superseding `previous`."""
    if (
        previous is not None
        and previous.pk != version.pk
        and previous.status == VersionStatus.ACTIVE
    ):
        previous.status, previous.valid_to = VersionStatus.SUPERSEDED, now
        previous.save(update_fields=["status", "valid_to"])
    version.status, version.valid_from, version.valid_to = (
        VersionStatus.ACTIVE,
        now,
        None,
    )
    version.save(
        update_fields=[
            "status",
            "valid_from",
            "valid_to",
            "approval_state",
            "approved_by",
            "justification",
            "adjusted_confidence",
            "provenance",
            "signature",
        ]
    )
    item.head, item.status, item.updated_at = version, VersionStatus.ACTIVE, now
    structured = version.structured or {}
    item.subject = structured.get("subject", item.subject)
    item.predicate = structured.get("predicate", item.predicate)
    item.object = structured.get("object", item.object)
    item.save(
        update_fields=["head", "status", "updated_at", "subject", "predicate", "object"]
    )


def version_approve(
    *,
    version: MemoryVersion,
    approved_by: str,
    justification: str,
    now: datetime,
    actor_user_id: int | None = None,
) -> list[AuditEntry]:
    """Publish a draft: it becomes the item's head (superseding the old head)."""
    item = memory_item_lock(tenant_id=version.tenant_id, item_id=version.item_id)
    head = (
        row_lock(MemoryVersion, pk=item.head_id)
        if item.head_id and item.head_id != version.pk
        else None
    )
    version.approval_state, version.approved_by = "approved", approved_by
    version.justification = justification
    _activate(version, item=item, previous=head, now=now)
    keyed_writes_release(item)
    operation = (
        LogOperation.MERGE
        if version.merged_from
        else LogOperation.UPDATE
        if head
        else LogOperation.INSERT
    )
    MemoryLogEntry.objects.create(
        tenant_id=version.tenant_id,
        operation=operation,
        item=item,
        version=version,
        previous_version=head,
        actor_user_id=actor_user_id,
        created_at=now,
        reason=justification or "approved by a curator",
    )
    return [
        AuditEntry(
            action=AuditAction.memory(operation),
            object_type="memory_item",
            object_id=str(item.id),
            reason=justification,
            metadata={
                "version_id": str(version.id),
                "previous_version_id": str(head.id) if head else None,
                "approved": True,
            },
        )
    ]


def version_discard(
    *,
    version: MemoryVersion,
    reason: str,
    now: datetime,
    actor_user_id: int | None = None,
) -> list[AuditEntry]:
    """Retract a draft that was never published: it was never visible.

    Its transaction-time range is empty (valid_from = valid_to), so no "as of"
    query ever sees it. A new item that only held this draft is retracted too.
    """
    version.status, version.valid_from, version.valid_to = (
        VersionStatus.RETRACTED,
        now,
        now,
    )
    version.approval_state = "rejected"
    version.save(update_fields=["status", "valid_from", "valid_to", "approval_state"])
    item = memory_item_lock(tenant_id=version.tenant_id, item_id=version.item_id)
    if item.head_id == version.pk:
        item.status, item.updated_at = VersionStatus.RETRACTED, now
        item.save(update_fields=["status", "updated_at"])
    keyed_writes_release(item)
    MemoryLogEntry.objects.create(
        tenant_id=version.tenant_id,
        operation=LogOperation.RETRACT,
        item=item,
        version=version,
        actor_user_id=actor_user_id,
        created_at=now,
        reason=reason,
    )
    return [
        AuditEntry(
            action=AuditAction.MEMORY_RETRACT,
            object_type="memory_item",
            object_id=str(item.id),
            reason=reason,
            metadata={"version_id": str(version.id), "draft": True},
        )
    ]


def keyed_writes_release(item: MemoryItem) -> int:
    """Re-run, once this transaction commits, the writes waiting for a review
    of `item` to be decided (deferred `key_awaiting_review` on its key).

    Return how many were released.
    """
    if not item.memory_key:
        return 0
    from memory_core.services.writes import write_enqueue

    path = Scope.objects.values_list("path", flat=True).get(pk=item.scope_id)
    waiting = WriteRequest.objects.filter(
        tenant_id=item.tenant_id,
        status=WriteStatus.DEFERRED,
        code=KEY_AWAITING_REVIEW,
        scope_path=path,
        layer=item.layer,
        payload__key=item.memory_key,
    )
    ids = list(waiting.values_list("id", flat=True))
    if ids:
        WriteRequest.objects.filter(pk__in=ids).update(retry_at=timezone.now())
        transaction.on_commit(
            lambda: [write_enqueue(write_id=write_id) for write_id in ids]
        )
    return len(ids)


def versions_supersede(
    *,
    version_ids: list[uuid.UUID],
    by: MemoryVersion,
    now: datetime,
    reason: str,
    actor_agent_id: uuid.UUID | None = None,
    actor_user_id: int | None = None,
) -> list[AuditEntry]:
    """Mark contradicted versions superseded by `by` (a resolved contradiction)."""
    entries = []
    for version in rows_lock(
        MemoryVersion.objects.filter(
            tenant_id=by.tenant_id, pk__in=version_ids, status=VersionStatus.ACTIVE
        )
    ):
        version.status, version.valid_to = VersionStatus.SUPERSEDED, now
        version.save(update_fields=["status", "valid_to"])
        item = memory_item_lock(tenant_id=version.tenant_id, item_id=version.item_id)
        if item.head_id == version.pk:
            item.status, item.updated_at = VersionStatus.SUPERSEDED, now
            item.save(update_fields=["status", "updated_at"])
        MemoryLogEntry.objects.create(
            tenant_id=version.tenant_id,
            operation=LogOperation.SUPERSEDE,
            item=item,
            version=version,
            previous_version=by,
            actor_agent_id=actor_agent_id,
            actor_user_id=actor_user_id,
            created_at=now,
            reason=reason,
        )
        entries.append(
            AuditEntry(
                action=AuditAction.MEMORY_SUPERSEDE,
                object_type="memory_item",
                object_id=str(item.id),
                reason=reason,
                metadata={"version_id": str(version.id), "superseded_by": str(by.id)},
            )
        )
    return entries
