"""Agents' standing: write suspension after a storm, and reputation."""

from __future__ import annotations

import uuid

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone

from audit.actions import AuditAction
from audit.services import Actor, AuditEntry, audit_event_record
from memory_core.lock_objects import row_lock
from memory_core.models import Agent, WriteRequest, WriteStatus


def agent_suspend(*, agent_id: uuid.UUID, reason: str) -> list[AuditEntry]:
    """Suspend an agent's writes inside the caller's transaction (a write storm)."""
    # A conditional UPDATE, not SELECT … FOR UPDATE: its row lock does not
    # conflict with the foreign-key checks of the agent's writes in flight.
    changed = Agent.objects.filter(
        pk=agent_id, writes_suspended_at__isnull=True
    ).update(writes_suspended_at=timezone.now(), suspension_reason=reason)
    if not changed:
        return []
    return [
        AuditEntry(
            action=AuditAction.AGENT_SUSPEND,
            object_type="agent",
            object_id=str(agent_id),
            reason=reason,
        )
    ]


def agent_resume(*, agent: Agent, actor: Actor, reason: str) -> Agent:
    """Lift a suspension (an admin's decision), audited."""
    with transaction.atomic():
        agent = row_lock(Agent, pk=agent.pk)
        if agent.writes_suspended_at is None:
            return agent
        agent.writes_suspended_at, agent.suspension_reason = None, ""
        agent.save(update_fields=["writes_suspended_at", "suspension_reason"])
        audit_event_record(
            tenant_id=agent.tenant_id,
            actor=actor,
            action=AuditAction.AGENT_RESUME,
            object_type="agent",
            object_id=str(agent.id),
            reason=reason,
        )
    return agent


def agent_reputation_refresh(*, agent_id: uuid.UUID) -> float:
    """Recompute reputation (003 §12.11.5): the share of reviewed writes approved.

    Counted over the agent's writes that people decided; Laplace smoothing
    keeps one early rejection from sinking a new agent.
    """
    counts = (
        WriteRequest.objects.filter(agent_id=agent_id)
        .exclude(decided_by="")
        .aggregate(
            decided=Count("id"),
            approved=Count("id", filter=Q(status=WriteStatus.COMMITTED)),
        )
    )
    reputation = (counts["approved"] + 1) / (counts["decided"] + 2)
    Agent.objects.filter(pk=agent_id).update(
        reputation=round(reputation, 4), human_decisions=counts["decided"]
    )
    return reputation
