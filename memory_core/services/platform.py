"""The platform operator's use cases: onboard a tenant, suspend it, lift that.

An operator runs the installation, not a tenant: `manage.py tenant_create`
(an operator actor) or a Django superuser on /platform/. The callers check
who may act; these functions do the change and audit it in the same
transaction, in the tenant's own trail.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Count, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone

from audit.actions import AuditAction
from audit.services import Actor, audit_event_record
from memory_core.exceptions import Invalid, NotFound
from memory_core.lock_objects import rows_lock
from memory_core.models import (
    Agent,
    Membership,
    MemoryItem,
    Role,
    Scope,
    Tenant,
    VersionStatus,
    WriteRequest,
    WriteStatus,
)
from memory_core.services.accounts import user_create_with_one_time_password
from memory_core.services.tenancy import tenant_create

REASON_MAX = 500
# Writes the pipeline or a person has yet to decide.
PENDING_WRITE_STATUSES = (
    WriteStatus.QUEUED,
    WriteStatus.DEFERRED,
    WriteStatus.PENDING_REVIEW,
    WriteStatus.AWAITING_APPROVAL,
)


def operator_actor(user: User) -> Actor:
    """Return the audit actor for a superuser acting on /platform/."""
    return Actor(
        type="user", id=str(user.pk), label=f"{user.get_username()} (operator)"
    )


@dataclass(frozen=True)
class Onboarding:
    """A new tenant, its first admin and the admin's one-time password."""

    tenant: Tenant
    admin: User
    password: str


def tenant_onboard(
    *,
    slug: str,
    name: str,
    region: str,
    admin_email: str,
    actor: Actor,
    admin_username: str = "",
) -> Onboarding:
    """Create a tenant, its root scopes and a first admin with a one-time password.

    The admin's username defaults to `<slug>-admin`. The password is returned
    once and stored only hashed; the admin must change it at first sign-in.
    """
    admin_email = (admin_email or "").strip()
    if not admin_email:
        raise Invalid("Give the first admin's email address.", code="no_admin_email")
    admin_username = (admin_username or "").strip() or f"{slug}-admin"
    with transaction.atomic(durable=True):
        tenant = tenant_create(slug=slug, name=name, region=region, actor=actor)
        if User.objects.filter(username=admin_username).exists():
            raise Invalid(
                f"The username {admin_username!r} is taken; give the first admin "
                f"another one.",
                code="username_taken",
            )
        admin, password = user_create_with_one_time_password(
            username=admin_username, email=admin_email
        )
        membership = Membership(tenant=tenant, user=admin, role=Role.ADMIN)
        membership.full_clean()
        membership.save()
        audit_event_record(
            tenant_id=tenant.id,
            actor=actor,
            action=AuditAction.MEMBERSHIP_GRANT,
            object_type="user",
            object_id=str(admin.pk),
            metadata={"role": Role.ADMIN, "new_account": True, "one_time": True},
        )
    return Onboarding(tenant=tenant, admin=admin, password=password)


def _tenant_locked(tenant_id) -> Tenant:
    tenant = rows_lock(Tenant.objects.filter(pk=tenant_id)).first()
    if tenant is None:
        raise NotFound("No such tenant.")
    return tenant


def tenant_suspend(*, tenant: Tenant, reason: str, actor: Actor) -> Tenant:
    """Refuse the tenant's agents and members until lifted; nothing is deleted."""
    reason = (reason or "").strip()
    if not reason:
        raise Invalid(
            "Give a reason; the tenant's members see it, and it is audited.",
            code="no_reason",
        )
    if len(reason) > REASON_MAX:
        raise Invalid(f"Keep the reason under {REASON_MAX} characters.")
    with transaction.atomic(durable=True):
        tenant = _tenant_locked(tenant.pk)
        if tenant.is_suspended:
            raise Invalid(f"{tenant.name} is already suspended.", code="suspended")
        tenant.suspended_at, tenant.suspension_reason = timezone.now(), reason
        tenant.save(update_fields=["suspended_at", "suspension_reason"])
        audit_event_record(
            tenant_id=tenant.id,
            actor=actor,
            action=AuditAction.TENANT_SUSPEND,
            object_type="tenant",
            object_id=str(tenant.id),
            reason=reason,
        )
    return tenant


def tenant_unsuspend(*, tenant: Tenant, actor: Actor, reason: str = "") -> Tenant:
    """Lift a suspension: the tenant's agents and members are let in again."""
    reason = (reason or "").strip()[:REASON_MAX]
    with transaction.atomic(durable=True):
        tenant = _tenant_locked(tenant.pk)
        if not tenant.is_suspended:
            raise Invalid(f"{tenant.name} is not suspended.", code="not_suspended")
        suspended_at = tenant.suspended_at
        tenant.suspended_at, tenant.suspension_reason = None, ""
        tenant.save(update_fields=["suspended_at", "suspension_reason"])
        audit_event_record(
            tenant_id=tenant.id,
            actor=actor,
            action=AuditAction.TENANT_UNSUSPEND,
            object_type="tenant",
            object_id=str(tenant.id),
            reason=reason,
            metadata={"suspended_at": suspended_at.isoformat()},
        )
    return tenant


# What the operator reads


def _per_tenant(rows: QuerySet) -> Coalesce:
    """Return the count of `rows` belonging to the outer tenant, as a subquery."""
    counts = (
        rows.filter(tenant=OuterRef("pk"))
        .order_by()
        .values("tenant")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(counts), 0)


def platform_tenant_list() -> QuerySet[Tenant]:
    """Return every tenant with its head counts, by slug."""
    return Tenant.objects.annotate(
        member_count=_per_tenant(Membership.objects.all()),
        agent_count=_per_tenant(Agent.objects.all()),
        scope_count=_per_tenant(Scope.objects.all()),
        active_memory_count=_per_tenant(
            MemoryItem.objects.filter(status=VersionStatus.ACTIVE)
        ),
        pending_write_count=_per_tenant(
            WriteRequest.objects.filter(status__in=PENDING_WRITE_STATUSES)
        ),
    ).order_by("slug")


def platform_tenant_get(*, slug: str) -> Tenant:
    """Return the tenant named `slug`, with its counts, or `NotFound`."""
    tenant = platform_tenant_list().filter(slug=slug).first()
    if tenant is None:
        raise NotFound("No such tenant.")
    return tenant
