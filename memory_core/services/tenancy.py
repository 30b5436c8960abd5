"""Tenants, members, scopes, agents and their tokens."""

from __future__ import annotations

import secrets

from django.contrib.auth.models import User
from django.db import transaction
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


def user_actor(user: User) -> Actor:
    return Actor(type="user", id=str(user.pk), label=user.get_username())


def agent_actor(agent: Agent) -> Actor:
    return Actor(type="agent", id=str(agent.pk), label=agent.name)


def tenant_create(*, slug: str, name: str, actor: Actor) -> Tenant:
    """Create a tenant with its root scopes /global/ and /org/{slug}/."""
    with transaction.atomic():
        tenant = Tenant(slug=slug, name=name)
        tenant.full_clean()
        tenant.save()
        root = Scope.objects.create(
            tenant=tenant, path="/global/", kind=ScopeKind.GLOBAL, name="Global"
        )
        Scope.objects.create(
            tenant=tenant,
            parent=root,
            path=f"/org/{slug}/",
            kind=ScopeKind.ORG,
            name=name,
        )
        audit_event_record(
            tenant_id=tenant.id,
            actor=actor,
            action="tenant.create",
            object_type="tenant",
            object_id=str(tenant.id),
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
