"""Factories that always thread a tenant through."""

from __future__ import annotations

import itertools

from django.contrib.auth.models import User

from audit.services import Actor
from memory_core.models import Agent, Role, Tenant
from memory_core.services.tenancy import (
    agent_create,
    agent_token_issue,
    membership_grant,
    scope_create,
    tenant_create,
)

SYSTEM = Actor.system("tests")
_counter = itertools.count(1)


def make_tenant(slug: str | None = None, *, scopes: tuple[str, ...] = ()) -> Tenant:
    slug = slug or f"t{next(_counter)}"
    tenant = tenant_create(slug=slug, name=slug.title(), actor=SYSTEM)
    for path in scopes:
        scope_create(tenant=tenant, path=path, actor=SYSTEM)
    return tenant


def make_agent(
    tenant: Tenant,
    *,
    scopes: list[str] | None = None,
    layers: list[str] | None = None,
    name: str | None = None,
) -> tuple[Agent, str]:
    agent = agent_create(
        tenant=tenant,
        name=name or f"agent-{next(_counter)}",
        allowed_scopes=scopes or [f"/org/{tenant.slug}/"],
        allowed_layers=layers or ["session", "episodic", "semantic", "procedural"],
        actor=SYSTEM,
    )
    _, token = agent_token_issue(agent=agent, actor=SYSTEM)
    return agent, token


def make_member(
    tenant: Tenant,
    role: str = Role.CURATOR,
    *,
    username: str | None = None,
    password: str = "pw-for-tests",
) -> User:
    user = User.objects.filter(username=username).first() if username else None
    if user is None:
        user = User.objects.create_user(
            username or f"user{next(_counter)}", password=password
        )
    membership_grant(tenant=tenant, user=user, role=role, actor=SYSTEM)
    return user
