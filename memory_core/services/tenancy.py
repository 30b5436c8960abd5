"""Tenants, members, scopes, agents and their tokens."""

from __future__ import annotations

import re
import secrets

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from audit.actions import AuditAction
from audit.services import Actor, audit_event_record
from memory_core.auth import hash_secret
from memory_core.exceptions import Invalid
from memory_core.lock_objects import row_lock
from memory_core.models import (
    Agent,
    AgentToken,
    Layer,
    Membership,
    Scope,
    ScopeKind,
    Tenant,
    ancestor_paths,
)
from memory_core.policy import REGIONS
from memory_core.scope_paths import scope_path_check
from memory_core.scope_paths import scope_path_kind as scope_path_kind

SCOPE_NAME_MAX = Scope._meta.get_field("name").max_length


def user_actor(user: User) -> Actor:
    return Actor(type="user", id=str(user.pk), label=user.get_username())


def agent_actor(agent: Agent) -> Actor:
    return Actor(type="agent", id=str(agent.pk), label=agent.name)


# Lowercase words of letters and digits joined by single hyphens: the slug
# is a URL segment (/t/<slug>/) and a scope path segment (/org/<slug>/).
TENANT_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
TENANT_SLUG_MAX = 64


def tenant_slug_check(slug: str) -> str:
    """Return `slug` if a new tenant may take it; say how to fix it otherwise."""
    if not TENANT_SLUG.match(slug) or len(slug) > TENANT_SLUG_MAX:
        raise Invalid(
            f"The slug {slug!r} is not valid: use lowercase letters, digits and "
            f"single hyphens, starting and ending with a letter or digit, at "
            f"most {TENANT_SLUG_MAX} characters (for example 'acme-eu').",
            code="invalid_slug",
        )
    if Tenant.objects.filter(slug=slug).exists():
        raise _slug_taken(slug)
    return slug


def _slug_taken(slug: str) -> Invalid:
    return Invalid(
        f"The slug {slug!r} is taken by another tenant; choose another one.",
        code="slug_taken",
    )


def tenant_region_check(region: str) -> str:
    """Return `region` if it is a storage region; name the choices otherwise."""
    if region not in REGIONS:
        raise Invalid(
            f"Unknown region {region!r}; use one of {', '.join(REGIONS)}.",
            code="invalid_region",
        )
    return region


def tenant_create(
    *, slug: str, name: str, actor: Actor, region: str | None = None
) -> Tenant:
    """Create a tenant with its root scopes /global/ and /org/{slug}/.

    `region` is the policy's `storage_region`; without it the default applies.
    """
    slug = tenant_slug_check(slug)
    policy = {} if region is None else {"storage_region": tenant_region_check(region)}
    with transaction.atomic():
        tenant = Tenant(slug=slug, name=name.strip(), policy=policy)
        try:
            tenant.full_clean()
        except ValidationError as error:
            problems = [
                f"{field}: {' '.join(messages)}"
                for field, messages in error.message_dict.items()
            ]
            raise Invalid("; ".join(problems), code="invalid_tenant") from None
        try:
            # A savepoint: a concurrent creation of the same slug loses here.
            with transaction.atomic():
                tenant.save()
        except IntegrityError:
            raise _slug_taken(slug) from None
        root = Scope.objects.create(
            tenant=tenant, path="/global/", kind=ScopeKind.GLOBAL, name="Global"
        )
        Scope.objects.create(
            tenant=tenant,
            parent=root,
            path=f"/org/{slug}/",
            kind=ScopeKind.ORG,
            name=tenant.name,
        )
        audit_event_record(
            tenant_id=tenant.id,
            actor=actor,
            action=AuditAction.TENANT_CREATE,
            object_type="tenant",
            object_id=str(tenant.id),
            metadata={"slug": slug, "region": region or ""},
        )
    return tenant


def scope_create(
    *,
    tenant: Tenant,
    path: str,
    actor: Actor,
    name: str = "",
    created_by_agent: Agent | None = None,
) -> Scope:
    """Create `path` under its existing parent scope.

    Refuse a malformed path or id segment (`memory_core.scope_paths`), a
    missing parent, an archived ancestor and a path that exists, each with a
    sentence that says what to do instead.
    """
    kind = scope_path_check(path)
    name = (name or "").strip() or path.strip("/").split("/")[-1]
    if len(name) > SCOPE_NAME_MAX:
        raise Invalid(
            f"Keep the display name under {SCOPE_NAME_MAX} characters.",
            code="invalid_scope_name",
        )
    lineage = ancestor_paths(path)
    with transaction.atomic():
        known = {
            s.path: s for s in Scope.objects.filter(tenant=tenant, path__in=lineage)
        }
        if path in known:
            raise _scope_exists(known[path])
        # /global/ has no parent; every tenant is created with it.
        parent_path = lineage[1] if len(lineage) > 1 else "(none)"
        parent = known.get(parent_path)
        if parent is None:
            raise Invalid(
                f"The parent scope {parent_path} does not exist; create it first.",
                code="parent_missing",
            )
        archived = [p for p in lineage[1:] if p in known and known[p].archived_at]
        if archived:
            raise Invalid(
                f"{archived[-1]} is archived, so nothing below it takes new "
                "scopes or writes; unarchive it first.",
                code="scope_archived",
            )
        scope = Scope(
            tenant=tenant,
            parent=parent,
            path=path,
            kind=kind,
            name=name,
            created_by_agent=created_by_agent,
        )
        scope.full_clean(validate_constraints=False)
        try:
            # A savepoint: a concurrent creation of the same path loses here.
            with transaction.atomic():
                scope.save(force_insert=True)
        except IntegrityError:
            raise _scope_exists(scope) from None
        metadata = {"path": path, "kind": kind}
        if created_by_agent is not None:
            metadata["agent_id"] = str(created_by_agent.pk)
        audit_event_record(
            tenant_id=tenant.id,
            actor=actor,
            action=AuditAction.SCOPE_CREATE,
            object_type="scope",
            object_id=str(scope.id),
            metadata=metadata,
        )
    return scope


def _scope_exists(scope: Scope) -> Invalid:
    hint = " (archived: unarchive it instead)" if scope.archived_at else ""
    return Invalid(
        f"The scope {scope.path} already exists{hint}.", code="duplicate_scope"
    )


def membership_grant(
    *, tenant: Tenant, user: User, role: str, actor: Actor
) -> Membership:
    with transaction.atomic():
        membership, _ = Membership.objects.update_or_create(
            tenant=tenant, user=user, defaults={"role": role}
        )
        audit_event_record(
            tenant_id=tenant.id,
            actor=actor,
            action=AuditAction.MEMBERSHIP_GRANT,
            object_type="user",
            object_id=str(user.pk),
            metadata={"role": role},
        )
    return membership


def agent_create(
    *,
    tenant: Tenant,
    name: str,
    allowed_scopes: list[str],
    allowed_layers: list[str] | None = None,
    role: str = "executor",
    actor: Actor,
) -> Agent:
    layers = allowed_layers or [Layer.SESSION, Layer.EPISODIC]
    unknown = set(layers) - set(Layer.values)
    if unknown:
        raise Invalid(f"Unknown layers: {', '.join(sorted(unknown))}.")
    with transaction.atomic():
        agent = Agent(
            tenant=tenant,
            name=name,
            role=role,
            allowed_scopes=allowed_scopes,
            allowed_layers=list(layers),
        )
        agent.full_clean()
        agent.save()
        audit_event_record(
            tenant_id=tenant.id,
            actor=actor,
            action=AuditAction.AGENT_CREATE,
            object_type="agent",
            object_id=str(agent.id),
            metadata={"scopes": allowed_scopes, "layers": list(layers)},
        )
    return agent


def agent_token_issue(
    *, agent: Agent, actor: Actor, label: str = ""
) -> tuple[AgentToken, str]:
    """Issue a token; return the row and the full token, which is shown only once."""
    prefix = secrets.token_hex(6)
    secret = secrets.token_urlsafe(32).replace("_", "-")
    with transaction.atomic():
        token = AgentToken.objects.create(
            tenant=agent.tenant,
            agent=agent,
            prefix=prefix,
            secret_hash=hash_secret(secret),
            label=label,
        )
        audit_event_record(
            tenant_id=agent.tenant_id,
            actor=actor,
            action=AuditAction.AGENT_TOKEN_ISSUE,
            object_type="agent_token",
            object_id=str(token.pk),
            metadata={"agent_id": str(agent.pk), "prefix": prefix},
        )
    return token, f"mgc_{prefix}_{secret}"


def agent_token_revoke(
    *, token: AgentToken, actor: Actor, reason: str = ""
) -> AgentToken:
    with transaction.atomic():
        token = row_lock(AgentToken, pk=token.pk)
        if token.revoked_at is None:
            token.revoked_at = timezone.now()
            token.save(update_fields=["revoked_at"])
            audit_event_record(
                tenant_id=token.tenant_id,
                actor=actor,
                action=AuditAction.AGENT_TOKEN_REVOKE,
                object_type="agent_token",
                object_id=str(token.pk),
                reason=reason,
            )
    return token
