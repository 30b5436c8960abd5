"""Escalate async reviews that outlive their SLA (003 §12.6.4).

An async review carries an SLA deadline (`review_deadline`, the tenant's
`review_sla_hours` after it was staged). Beat runs `reviews_escalate_overdue`;
each overdue review is escalated once: a `ReviewEscalation` row flags it in
the queue, each admin of the tenant gets a `Notification`, and an audit event
records it, all in one transaction. Sync requests are not escalated: their
deadline rejects them (memory_core's `writes_expire_overdue`).
"""

from __future__ import annotations

import uuid
from datetime import datetime

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from approvals.models import Notification, ReviewEscalation
from audit.actions import AuditAction
from audit.services import Actor, audit_event_record
from memory_core.models import (
    Membership,
    ReviewTier,
    Role,
    WriteRequest,
    WriteStatus,
)


def _overdue(now: datetime):
    return WriteRequest.objects.filter(
        status=WriteStatus.PENDING_REVIEW,
        tier=ReviewTier.ASYNC,
        review_deadline__lte=now,
        escalation__isnull=True,
    )


def review_escalate(
    *, write_id: uuid.UUID, now: datetime | None = None
) -> ReviewEscalation | None:
    """Escalate one overdue async review; return None if it is not (or no longer) due.

    The write row is locked first, so two beat runs escalate it once.
    """
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        write = (
            _overdue(now)
            .select_for_update(of=("self",))
            .select_related("tenant", "agent")
            .filter(pk=write_id)
            .first()
        )
        if write is None:
            return None
        admins = list(
            Membership.objects.filter(tenant_id=write.tenant_id, role=Role.ADMIN)
            .select_related("user")
            .order_by("user__username")
        )
        escalation = ReviewEscalation(
            tenant_id=write.tenant_id,
            write_request=write,
            escalated_at=now,
            notified_usernames=[m.user.get_username() for m in admins],
        )
        escalation.save(force_insert=True)
        url = reverse("review_detail", args=[write.tenant.slug, write.id])
        message = (
            f"Overdue review: {write.agent.name}'s {write.layer} write waits past "
            f"its SLA ({write.review_deadline:%Y-%m-%d %H:%M} UTC)."
        )
        Notification.objects.bulk_create(
            Notification(
                tenant_id=write.tenant_id,
                user_id=m.user_id,
                message=message,
                url=url,
                created_at=now,
            )
            for m in admins
        )
        audit_event_record(
            tenant_id=write.tenant_id,
            actor=Actor.system("escalation"),
            action=AuditAction.REVIEW_ESCALATE,
            object_type="write_request",
            object_id=str(write.id),
            reason="review_sla_passed",
            metadata={
                "review_deadline": write.review_deadline.isoformat(),
                "notified_user_ids": [m.user_id for m in admins],
            },
        )
    return escalation


def reviews_escalate_overdue(*, now: datetime | None = None, limit: int = 500) -> int:
    """Beat: escalate every async review past its SLA not escalated yet."""
    now = now or timezone.now()
    due = list(
        _overdue(now).order_by("review_deadline").values_list("id", flat=True)[:limit]
    )
    return sum(review_escalate(write_id=w, now=now) is not None for w in due)
