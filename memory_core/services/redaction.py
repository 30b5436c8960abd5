"""Redaction, used by people: resolve a token to its clear value, audited.

The mechanics (tokens, keys, digests, encryption) are `memory_core.redaction`.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction

from audit.actions import AuditAction
from audit.services import audit_event_record
from memory_core.exceptions import Forbidden, Invalid, NotFound
from memory_core.models import RedactionToken, Tenant
from memory_core.permissions import RULES, Capability, can, member_role
from memory_core.redaction import value_decrypt
from memory_core.services.tenancy import user_actor


def redaction_resolve(
    *, tenant: Tenant, principal: str, token: str, actor: User, reason: str
) -> str:
    """Return the clear value behind `token`, for a compliance officer or admin.

    The resolution is audited (ids only) in the same transaction. A token of
    another tenant or principal is not found.
    """
    role = member_role(tenant=tenant, user=actor)
    if not actor.is_active or not can(role, Capability.REDACTION_RESOLVE):
        raise Forbidden(RULES[Capability.REDACTION_RESOLVE].refusal)
    if not reason.strip():
        raise Invalid("Say why the value is needed.", code="reason_required")
    with transaction.atomic(durable=True):
        row = (
            RedactionToken.objects.filter(
                tenant=tenant, principal=principal, token=token
            )
            .only("id", "kind", "token", "ciphertext")
            .first()
        )
        if row is None:
            raise NotFound("No such redaction token.")
        value = value_decrypt(row.ciphertext)
        audit_event_record(
            tenant_id=tenant.id,
            actor=user_actor(actor),
            action=AuditAction.REDACTION_RESOLVE,
            object_type="redaction_token",
            object_id=str(row.pk),
            reason=reason,
            metadata={"kind": row.kind, "token": row.token},
        )
    return value
