"""Human decisions kept by the approvals app: escalations and notifications.

The review itself is memory_core's `WriteRequest` (status, tier, deadline);
this app only remembers what the governance around it did.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from memory_core.models import Tenant, WriteRequest


class ReviewEscalation(models.Model):
    """An async review that outlived its SLA, escalated once (003 §12.6.4)."""

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+")
    write_request = models.OneToOneField(
        WriteRequest, on_delete=models.CASCADE, related_name="escalation"
    )
    escalated_at = models.DateTimeField()
    notified_usernames = models.JSONField(default=list, blank=True)

    class Meta:
        indexes = [
            models.Index(
                fields=["tenant", "-escalated_at"], name="review_escalation_recent_idx"
            )
        ]

    def __str__(self) -> str:
        return f"escalation of {self.write_request_id}"


class Notification(models.Model):
    """A message for one member of a tenant, unread until `read_at` is set."""

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    message = models.CharField(max_length=500)
    url = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField()
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(
                fields=["tenant", "user", "-created_at"],
                condition=Q(read_at__isnull=True),
                name="notification_unread_idx",
            )
        ]

    def __str__(self) -> str:
        return f"to {self.user_id}: {self.message[:40]}"
