"""Agent-side retraction for the Mem0-compatible API (memory_core/mem0_apis.py).

A Mem0 client's `delete` is not a silent delete here: the memory's head is
retracted (its validity closes now, the version chain stays), logged with the
agent as actor and audited in the same transaction. A pinned memory, or one
with a write awaiting review, is refused with a 409 naming why.
"""

from __future__ import annotations

import uuid

from django.db import transaction
from django.utils import timezone

from audit.actions import AuditAction
from audit.services import AuditEntry, audit_events_record
from memory_core.exceptions import Forbidden, NotFound, StateConflict
from memory_core.lock_objects import memory_item_lock, row_lock
from memory_core.models import (
    Agent,
    LogOperation,
    MemoryItem,
    MemoryLogEntry,
    MemoryVersion,
    Tenant,
    VersionStatus,
)
from memory_core.services.memory import keyed_writes_release
from memory_core.services.tenancy import agent_actor


def agent_may_write(agent: Agent, path: str) -> bool:
    return any(path.startswith(root) for root in agent.allowed_scopes)


def memory_retract_by_agent(
    *, tenant: Tenant, agent: Agent, item_id: uuid.UUID | str, reason: str
) -> MemoryItem:
    """Retract an active memory the agent may write; refuse pinned or under review."""
    now = timezone.now()
    with transaction.atomic():
        item = memory_item_lock(tenant_id=tenant.id, item_id=item_id)
        if item is None or not agent_may_write(agent, item.scope.path):
            raise NotFound("No such memory.")
        if item.pinned:
            raise StateConflict(
                "This memory is pinned by a curator; it cannot be deleted by an "
                "agent (a curator must unpin it first).",
                code="pinned",
            )
        if MemoryVersion.objects.filter(
            tenant_id=tenant.id, item=item, status=VersionStatus.DRAFT
        ).exists():
            raise StateConflict(
                "A write to this memory is under review; it cannot be deleted "
                "until a curator decides it.",
                code="pending_draft",
            )
        if item.status != VersionStatus.ACTIVE:
            raise StateConflict(
                f"This memory is {item.status}, not active.",
                code="not_active",
                details={"status": item.status},
            )
        if not agent.is_active:
            raise Forbidden("The agent is disabled.")
        head = row_lock(MemoryVersion, tenant_id=tenant.id, pk=item.head_id)
        head.status, head.valid_to = VersionStatus.RETRACTED, now
        head.save(update_fields=["status", "valid_to"])
        item.status, item.updated_at = VersionStatus.RETRACTED, now
        item.save(update_fields=["status", "updated_at"])
        keyed_writes_release(item)
        MemoryLogEntry.objects.create(
            tenant_id=tenant.id,
            operation=LogOperation.RETRACT,
            item=item,
            version=head,
            actor_agent=agent,
            reason=reason,
            created_at=now,
        )
        audit_events_record(
            tenant_id=tenant.id,
            actor=agent_actor(agent),
            entries=[
                AuditEntry(
                    action=AuditAction.MEMORY_RETRACT,
                    object_type="memory_item",
                    object_id=str(item.id),
                    reason=reason,
                    metadata={
                        "scope_id": str(item.scope_id),
                        "version_id": str(head.id),
                        "via": "mem0",
                    },
                )
            ],
        )
    return item
