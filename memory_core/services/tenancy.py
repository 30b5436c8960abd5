"""Tenants, members, scopes, agents and their tokens."""

from __future__ import annotations

import re
import secrets

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from audit.services import Actor, audit_event_record
from memory_core.auth import hash_secret
from memory_core.exceptions import Invalid, NotFound
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
            action="tenant.create",
            object_type="tenant",
            object_id=str(tenant.id),
            metadata={"slug": slug, "region": region or ""},
        )
    return tenant


def scope_path_kind(path: str) -> str:
    parts = [p for p in path.strip("/").split("/") if p]
    if path == "/global/":
        return ScopeKind.GLOBAL
    if len(parts) < 2 or len(parts) % 2 or parts[0] != "org":
        raise Invalid(
            f"Scope path {path!r} is not /org/{{org}}/[user/{{u}}/][task/{{t}}/].",
            code="invalid_scope_path",
        )
    kinds = parts[0::2]
    allowed = (["org"], ["org", "user"], ["org", "task"], ["org", "user", "task"])
    if kinds not in allowed:
        raise Invalid(
            f"Scope path {path!r} nests kinds as {'/'.join(kinds)}.",
            code="invalid_scope_path",
        )
    return kinds[-1]


def scope_create(*, tenant: Tenant, path: str, actor: Actor, name: str = "") -> Scope:
    """Create `path` under its existing parent scope."""
    if not path.startswith("/") or not path.endswith("/"):
        raise Invalid("Scope paths start and end with '/'.", code="invalid_scope_path")
    kind = scope_path_kind(path)
    parent_path = ancestor_paths(path)[1]
    with transaction.atomic():
        parent = Scope.objects.filter(tenant=tenant, path=parent_path).first()
        if parent is None:
            raise NotFound(f"Parent scope {parent_path!r} does not exist.")
        scope = Scope(
            tenant=tenant,
            parent=parent,
            path=path,
            kind=kind,
            name=name or path.strip("/").split("/")[-1],
        )
        scope.full_clean()
        scope.save()
        audit_event_record(
            tenant_id=tenant.id,
            actor=actor,
            action="scope.create",
            object_type="scope",
            object_id=str(scope.id),
            metadata={"path": path},
        )
    return scope


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
            action="membership.grant",
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
            action="agent.create",
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
            action="agent_token.issue",
            object_type="agent_token",
            object_id=str(token.pk),
            metadata={"agent_id": str(agent.pk), "prefix": prefix},
        )
    return token, f"mgc_{prefix}_{secret}"


def agent_token_revoke(
    *, token: AgentToken, actor: Actor, reason: str = ""
) -> AgentToken:
    with transaction.atomic():
        token = AgentToken.objects.select_for_update().get(pk=token.pk)
        if token.revoked_at is None:
            token.revoked_at = timezone.now()
            token.save(update_fields=["revoked_at"])
            audit_event_record(
                tenant_id=token.tenant_id,
                actor=actor,
                action="agent_token.revoke",
                object_type="agent_token",
                object_id=str(token.pk),
                reason=reason,
            )
    return token
