"""Create, update and reinforce memory versions.

These run inside the caller's transaction and return the audit entries that
describe what they did; the caller appends them to the chain before commit.
The write pipeline plans new items and reinforcements with `MemoryBatch`.
"""

from __future__ import annotations

import uuid
from collections import Counter
from datetime import datetime, timedelta

from django.db.models import F

from audit.services import AuditEntry
from memory_core.models import (
    LogOperation,
    MemoryItem,
    MemoryLogEntry,
    MemoryVersion,
    VersionStatus,
    WriteRequest,
)
from memory_core.pipeline.types import Candidate


def _version_from(
    candidate: Candidate,
    *,
    item: MemoryItem,
    number: int,
    write: WriteRequest,
    now: datetime,
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
            )
            if v
        },
        embedding=candidate.embedding,
        content_hash=candidate.content_hash,
        confidence=candidate.confidence,
        source=candidate.source,
        evidence=candidate.evidence,
        evidence_count=max(1, len(candidate.evidence)),
        status=VersionStatus.ACTIVE,
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
        self.logs: list[MemoryLogEntry] = []
        self.reinforcements: Counter[uuid.UUID] = Counter()

    def insert(
        self, *, candidate: Candidate, write: WriteRequest
    ) -> tuple[MemoryVersion, list[AuditEntry]]:
        """Plan a new item with its first version."""
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
            status=VersionStatus.ACTIVE,
            head_id=version_id,
            expires_at=_ttl(now, candidate.ttl_seconds),
            soft_expires_at=_ttl(now, candidate.soft_ttl_seconds),
            created_by_agent_id=write.agent_id,
            created_at=now,
            updated_at=now,
        )
        version = _version_from(candidate, item=item, number=1, write=write, now=now)
        version.id = version_id
        self.items.append(item)
        self.versions[version.id] = version
        self.logs.append(
            MemoryLogEntry(
                tenant_id=self.tenant_id,
                operation=LogOperation.INSERT,
                item=item,
                version=version,
                actor_agent_id=write.agent_id,
                created_at=now,
                reason="committed by the write pipeline",
                payload={"write_id": str(write.id)},
            )
        )
        entry = AuditEntry(
            action="memory.insert",
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
        self.logs.append(
            MemoryLogEntry(
                tenant_id=self.tenant_id,
                operation=LogOperation.REINFORCE,
                item_id=item_id,
                version_id=version_id,
                actor_agent_id=write.agent_id,
                created_at=self.now,
                reason=f"duplicate write ({tier})",
                payload={"write_id": str(write.id)},
            )
        )
        return [
            AuditEntry(
                action="memory.reinforce",
                object_type="memory_item",
                object_id=str(item_id),
                metadata={
                    "version_id": str(version_id),
                    "write_id": str(write.id),
                    "tier": tier,
                },
            )
        ]

    def flush(self) -> None:
        MemoryItem.objects.bulk_create(self.items)
        MemoryVersion.objects.bulk_create(self.versions.values())
        MemoryLogEntry.objects.bulk_create(self.logs)
        for version_id, count in self.reinforcements.items():
            MemoryVersion.objects.filter(
                tenant_id=self.tenant_id, pk=version_id
            ).update(
                evidence_count=F("evidence_count") + count, last_reinforced_at=self.now
            )
        self.items, self.versions, self.logs = [], {}, []
        self.reinforcements = Counter()


def memory_update(
    *, candidate: Candidate, item_id: uuid.UUID, write: WriteRequest, now: datetime
) -> tuple[MemoryVersion, list[AuditEntry]]:
    """Supersede the item's head with a new version of the candidate's content."""
    item = MemoryItem.objects.select_for_update(of=("self",)).get(
        tenant_id=write.tenant_id, pk=item_id
    )
    previous = (
        MemoryVersion.objects.select_for_update(of=("self",)).get(pk=item.head_id)
        if item.head_id
        else None
    )
    last_number = (
        item.versions.order_by("-number").values_list("number", flat=True).first()
    )
    version = _version_from(
        candidate,
        item=item,
        number=(last_number or 0) + 1,
        write=write,
        now=now,
        supersedes=previous,
    )
    if previous is not None:
        previous.status, previous.valid_to = VersionStatus.SUPERSEDED, now
        previous.save(update_fields=["status", "valid_to"])
    version.save(force_insert=True)
    item.head, item.status, item.updated_at = version, VersionStatus.ACTIVE, now
    item.object, item.subject, item.predicate = (
        candidate.object,
        candidate.subject or item.subject,
        candidate.predicate or item.predicate,
    )
    item.save(
        update_fields=["head", "status", "updated_at", "object", "subject", "predicate"]
    )
    MemoryLogEntry.objects.create(
        tenant_id=write.tenant_id,
        operation=LogOperation.UPDATE,
        item=item,
        version=version,
        previous_version=previous,
        actor_agent_id=write.agent_id,
        created_at=now,
        reason="keyed update by the write pipeline",
        payload={"write_id": str(write.id)},
    )
    entry = AuditEntry(
        action="memory.update",
        object_type="memory_item",
        object_id=str(item.id),
        metadata={
            "version_id": str(version.id),
            "write_id": str(write.id),
            "previous_version_id": str(previous.id) if previous else None,
        },
    )
    return version, [entry]
