"""Human decisions kept by the approvals app: escalations and notifications.

The review itself is memory_core's `WriteRequest` (status, tier, deadline);
this app only remembers what the governance around it did.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from django.conf import settings
from django.db import models
from django.db.models import Q
from pgvector.django import VectorField

from memory_core.models import EMBEDDING_DIM, Agent, Tenant, WriteRequest


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


class ErasureStatus(models.TextChoices):
    FILED = "filed"
    APPROVED = "approved"
    RUNNING = "running"
    COMPLETED = "completed"
    FAILED = "failed"
    CANCELLED = "cancelled"


class LegalBasis(models.TextChoices):
    """The grounds for erasure of GDPR Article 17(1)."""

    NO_LONGER_NECESSARY = "no_longer_necessary", "No longer necessary (17(1)(a))"
    CONSENT_WITHDRAWN = "consent_withdrawn", "Consent withdrawn (17(1)(b))"
    OBJECTION = "objection", "Objection to processing (17(1)(c))"
    UNLAWFUL = "unlawful_processing", "Unlawfully processed (17(1)(d))"
    LEGAL_OBLIGATION = "legal_obligation", "Legal obligation (17(1)(e))"
    CHILD = "child_services", "Child's data, information society (17(1)(f))"


OPEN_ERASURE_STATUSES = (
    ErasureStatus.FILED,
    ErasureStatus.APPROVED,
    ErasureStatus.RUNNING,
    ErasureStatus.FAILED,
)


class ErasureRequest(models.Model):
    """A data subject's right-to-erasure request, from filing to certificate.

    The identifiers are kept only as `identifiers_ciphertext` (Fernet, see
    memory_core.redaction) and cleared when the request completes or is
    cancelled; `subject_hash` (keyed HMAC) stays for the audit trail.
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(
        max_length=16, choices=ErasureStatus.choices, default=ErasureStatus.FILED
    )
    legal_basis = models.CharField(max_length=32, choices=LegalBasis.choices)
    identifiers_ciphertext = models.BinaryField(default=bytes, blank=True)
    identifier_kinds = models.JSONField(
        default=list, help_text="The kinds named, in order (no values)."
    )
    subject_hash = models.CharField(max_length=64)
    within_scope = models.CharField(
        max_length=500, blank=True, help_text="Direct matches only in this subtree."
    )
    source = models.CharField(max_length=16, default="console")
    filed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    filed_by_agent = models.ForeignKey(
        Agent, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    approved_at = models.DateTimeField(null=True, blank=True)
    executed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField()
    due_at = models.DateTimeField(help_text="created_at + 72 h (003 §12.12.6).")
    started_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(
        null=True, blank=True, help_text="Last sign of life of the running job."
    )
    attempts = models.PositiveIntegerField(default=0)
    finished_at = models.DateTimeField(null=True, blank=True)
    identifiers_destroyed_at = models.DateTimeField(null=True, blank=True)
    counts = models.JSONField(
        default=dict, blank=True, help_text="Rows deleted per table and per layer."
    )
    error = models.TextField(blank=True)
    certificate = models.JSONField(null=True, blank=True)
    plan = models.JSONField(
        default=list,
        blank=True,
        help_text="Ids of every item the job has found to erase (ids only).",
    )

    class Meta:
        indexes = [
            models.Index(
                fields=["tenant", "status", "due_at"], name="erasure_request_open_idx"
            ),
            models.Index(
                fields=["status", "heartbeat_at"], name="erasure_request_running_idx"
            ),
        ]

    def __str__(self) -> str:
        return f"erasure {self.id} ({self.status})"

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_ERASURE_STATUSES

    def sla(self, now: datetime) -> tuple[str, bool]:
        """Return the time left against the SLA as text, and whether it is overdue."""
        if not self.is_open:
            end = self.finished_at or now
            return ("met" if end <= self.due_at else "missed"), False
        seconds = (self.due_at - now).total_seconds()
        hours, minutes = divmod(int(abs(seconds)) // 60, 60)
        text = f"{hours} h {minutes:02d} min"
        if seconds < 0:
            return f"overdue by {text}", True
        return f"{text} left", False


class ErasureProbe(models.Model):
    """An erased version's embedding, kept until verification has used it.

    Derived from the subject's data: deleted when the request completes.
    """

    request = models.ForeignKey(
        ErasureRequest, on_delete=models.CASCADE, related_name="probes"
    )
    version_id = models.UUIDField()
    embedding = VectorField(dimensions=EMBEDDING_DIM)

    def __str__(self) -> str:
        return f"probe {self.version_id}"
