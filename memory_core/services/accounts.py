"""People's accounts: one-time passwords, and the change that retires them.

An account made for someone else (a tenant's first admin, an invited member)
gets a generated password and a `PasswordChangeRequired` row; until its owner
sets a password of their own, the console shows them nothing but the
password-change page (`memory_core.access`).
"""

from __future__ import annotations

import secrets

from django.contrib.auth import password_validation
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction

from audit.actions import AuditAction
from audit.services import audit_event_record
from memory_core.exceptions import Invalid
from memory_core.lock_objects import row_lock
from memory_core.models import Membership, PasswordChangeRequired
from memory_core.rls import system_context, tenant_context
from memory_core.services.tenancy import user_actor

ONE_TIME_PASSWORD_BYTES = 12


def user_create_with_one_time_password(
    *, username: str, email: str = ""
) -> tuple[User, str]:
    """Create an account whose owner must change its generated password first.

    Return the user and the password, which is stored only hashed: show it
    once. Run it inside the caller's transaction, which writes the audit event.
    """
    password = secrets.token_urlsafe(ONE_TIME_PASSWORD_BYTES)
    user = User(username=username.strip(), email=email.strip())
    user.set_password(password)
    try:
        user.full_clean()
    except ValidationError as error:
        raise Invalid(" ".join(error.messages), code="invalid_user") from None
    user.save()
    PasswordChangeRequired.objects.create(user=user)
    return user, password


def password_change_pending(user: User) -> bool:
    """Return whether the user still has to replace a one-time password."""
    return PasswordChangeRequired.objects.filter(user_id=user.pk).exists()


def password_change(*, user: User, new_password: str) -> User:
    """Set the user's own new password and retire a one-time one.

    The change is audited in each of the user's tenants. Return the updated
    user, for `update_session_auth_hash`.
    """
    with transaction.atomic(durable=True):
        user = row_lock(User, pk=user.pk)
        if user.check_password(new_password):
            raise Invalid(
                "Choose a password different from the current one.",
                code="same_password",
            )
        try:
            password_validation.validate_password(new_password, user)
        except ValidationError as error:
            raise Invalid(" ".join(error.messages), code="weak_password") from None
        user.set_password(new_password)
        user.save(update_fields=["password"])
        retired, _ = PasswordChangeRequired.objects.filter(user=user).delete()
        # A user belongs to several tenants: each one's trail, in its context.
        with system_context():
            tenant_ids = list(
                Membership.objects.filter(user=user)
                .order_by("tenant_id")
                .values_list("tenant_id", flat=True)
            )
        for tenant_id in tenant_ids:
            with tenant_context(tenant_id):
                audit_event_record(
                    tenant_id=tenant_id,
                    actor=user_actor(user),
                    action=AuditAction.USER_PASSWORD_CHANGE,
                    object_type="user",
                    object_id=str(user.pk),
                    metadata={"one_time_password_retired": bool(retired)},
                )
    return user
