"""Read the audit trail. Each selector takes the tenant's id first and filters by it."""

from __future__ import annotations

import uuid

from django.db.models import QuerySet

from audit.models import AuditEvent


def audit_event_list(
    *, tenant_id: uuid.UUID, action_prefix: str = ""
) -> QuerySet[AuditEvent]:
    """Return the tenant's events newest first, optionally by action prefix."""
    events = AuditEvent.objects.filter(tenant_id=tenant_id)
    if action_prefix:
        events = events.filter(action__startswith=action_prefix)
    return events.order_by("-seq")


def audit_action_list(*, tenant_id: uuid.UUID) -> list[str]:
    """Return the distinct actions in the tenant's trail, and their prefixes, sorted."""
    actions = set(
        AuditEvent.objects.filter(tenant_id=tenant_id)
        .values_list("action", flat=True)
        .distinct()
    )
    prefixes = {action.split(".")[0] + "." for action in actions if "." in action}
    return sorted(actions | prefixes)
