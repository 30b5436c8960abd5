"""Decisions of the approvals screens, as thin wrappers over memory_core's.

memory_core owns the writes, so every decision is one of its services:
`write_review_approve`, `write_review_reject`, `write_review_edit_and_approve`.
What lives here is what only the console needs: deciding many rows at once,
remembering that a member read their notifications, and escalating async
reviews past their SLA to the tenant's admins.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from approvals.models import Notification, ReviewEscalation
from approvals.selectors import QueueFilters, review_queue, reviews_overdue
from audit.actions import AuditAction
from audit.services import Actor, audit_event_record
from memory_core.exceptions import Invalid, NotFound, StateConflict
from memory_core.lock_objects import rows_lock
from memory_core.models import Membership, Role, Tenant
from memory_core.services.reviews import (
    REJECT_REASONS,
    write_review_approve,
    write_review_reject,
)

BULK_ACTIONS = ("approve", "reject")
# "All N matching this filter" decides at most this many rows per request.
BULK_MATCHING_LIMIT = 1000


@dataclass(frozen=True)
class BulkOutcome:
    """What happened to one row of a bulk decision; `error` is empty on success."""

    write_id: uuid.UUID
    error: str = ""
    code: str = ""

    @property
    def ok(self) -> bool:
        return not self.error


def reviews_bulk_decide(
    *,
    tenant: Tenant,
    write_ids: list[uuid.UUID],
    user: User,
    action: str,
    reason_code: str = "",
    note: str = "",
    justification: str = "",
) -> list[BulkOutcome]:
    """Approve or reject each write in its own transaction; report every row.

    A row another curator decided first, one past its deadline, one with an
    open contradiction case (a bulk decision never settles one), one that
    needs a written justification it lacks, or one that does not exist in
    this tenant, fails alone and says why; the others go through. A member who
    may not decide is refused outright (`Forbidden` on the first row).
    """
    if action not in BULK_ACTIONS:
        raise Invalid("Choose approve or reject.", code="invalid_action")
    if action == "reject" and reason_code not in REJECT_REASONS:
        raise Invalid("Choose a reason for the rejection.", code="reason_required")
    if not write_ids:
        raise Invalid("Select at least one request.", code="nothing_selected")
    outcomes = []
    for write_id in dict.fromkeys(write_ids):
        try:
            if action == "approve":
                write_review_approve(
                    tenant=tenant,
                    write_id=write_id,
                    user=user,
                    justification=justification,
                    resolve_contradictions=False,
                )
            else:
                write_review_reject(
                    tenant=tenant,
                    write_id=write_id,
                    user=user,
                    reason_code=reason_code,
                    note=note,
                    resolve_contradictions=False,
                )
        except (StateConflict, Invalid, NotFound) as error:
            outcomes.append(BulkOutcome(write_id, error.message, error.code))
        else:
            outcomes.append(BulkOutcome(write_id))
    return outcomes


def reviews_bulk_decide_matching(
    *,
    tenant: Tenant,
    filters: QueueFilters,
    user: User,
    action: str,
    reason_code: str = "",
    note: str = "",
    justification: str = "",
) -> list[BulkOutcome]:
    """Decide every write waiting under `filters` (up to the limit), row by row.

    The rows are the queue's own query, so "all N matching this filter" is the
    N the page showed (less any decided since). Each row goes through
    `reviews_bulk_decide`: its refusals (open contradiction cases, a missing
    justification, decided first elsewhere) hold here too.
    """
    write_ids = list(review_queue(tenant=tenant, filters=filters)[:BULK_MATCHING_LIMIT])
    return reviews_bulk_decide(
        tenant=tenant,
        write_ids=write_ids,
        user=user,
        action=action,
        reason_code=reason_code,
        note=note,
        justification=justification,
    )


def notifications_mark_read(*, tenant: Tenant, user: User) -> int:
    """Mark the user's unread notifications in the tenant read; return how many."""
    return Notification.objects.filter(
        tenant=tenant, user=user, read_at__isnull=True
    ).update(read_at=timezone.now())


# Escalation of async reviews past their SLA (003 §12.6.4). An async review
# carries an SLA deadline (`review_deadline`, the tenant's `review_sla_hours`
# after it was staged). Beat runs `reviews_escalate_overdue`; each overdue
# review is escalated once: a `ReviewEscalation` row flags it in the queue,
# each admin of the tenant gets a `Notification`, and an audit event records
# it, all in one transaction. Sync requests are not escalated: their deadline
# rejects them (memory_core's `writes_expire_overdue`).


def review_escalate(
    *, write_id: uuid.UUID, now: datetime | None = None
) -> ReviewEscalation | None:
    """Escalate one overdue async review; return None if it is not (or no longer) due.

    The write row is locked first, so two beat runs escalate it once.
    """
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        write = rows_lock(
            reviews_overdue(now).select_related("tenant", "agent").filter(pk=write_id)
        ).first()
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
        reviews_overdue(now)
        .order_by("review_deadline")
        .values_list("id", flat=True)[:limit]
    )
    return sum(review_escalate(write_id=w, now=now) is not None for w in due)
