"""The append-only, HMAC-chained audit trail (docs/audit.md).

`audit` imports no other app: tenants and actors are referenced by id only,
so erasing or deleting domain rows never cascades into the trail.
"""

from __future__ import annotations

from django.db import models


class ActorType(models.TextChoices):
    AGENT = "agent"
    USER = "user"
    SYSTEM = "system"


class AuditEvent(models.Model):
    """One mutation, as ids, hashes and metadata; never memory content or PII."""

    tenant_id = models.UUIDField(db_index=True)
    seq = models.BigIntegerField(help_text="Position in the tenant's hash chain.")
    created_at = models.DateTimeField()
    actor_type = models.CharField(max_length=16, choices=ActorType.choices)
    actor_id = models.CharField(max_length=64, blank=True)
    actor_label = models.CharField(max_length=150, blank=True)
    action = models.CharField(max_length=64)
    object_type = models.CharField(max_length=64, blank=True)
    object_id = models.CharField(max_length=64, blank=True)
    reason = models.TextField(blank=True)
    metadata = models.JSONField(default=dict, blank=True)
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)
    key_id = models.CharField(
        max_length=16,
        blank=True,
        default="",
        help_text="Which audit key chained this event (docs/audit.md).",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tenant_id", "seq"], name="audit_event_unique_chain_position"
            ),
        ]
        indexes = [
            models.Index(
                fields=["tenant_id", "object_type", "object_id"],
                name="audit_event_object_idx",
            ),
            models.Index(
                fields=["tenant_id", "created_at"], name="audit_event_time_idx"
            ),
        ]
        ordering = ["tenant_id", "seq"]

    def __str__(self) -> str:
        return f"{self.tenant_id}#{self.seq} {self.action}"

    def save(self, *args, **kwargs) -> None:
        if not self._state.adding:
            raise ValueError("Audit events are insert-only.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValueError("Audit events are insert-only.")


class AuditChainHead(models.Model):
    """The last link of a tenant's chain; its row lock serializes appends."""

    tenant_id = models.UUIDField(primary_key=True)
    seq = models.BigIntegerField(default=0)
    hash = models.CharField(max_length=64)

    def __str__(self) -> str:
        return f"{self.tenant_id} at #{self.seq}"
