"""The demo seed: two tenants (acme, globex), their people, agents and memories.

Demo agent tokens are derived from SECRET_KEY, so `demo_credentials` can print
them again while the database keeps only their hashes.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from audit.services import Actor
from memory_core.auth import hash_secret
from memory_core.lifecycle.gc.runs import gc_run_execute
from memory_core.models import (
    Agent,
    AgentToken,
    MemoryItem,
    MemoryVersion,
    Role,
    Tenant,
    WriteRequest,
    WriteStatus,
)
from memory_core.services.reviews import write_review_approve
from memory_core.services.tenancy import (
    agent_create,
    membership_grant,
    scope_create,
    tenant_create,
)
from memory_core.services.writes import write_process, write_submit

DEMO_PASSWORD = "memory-demo"
TENANTS = {"acme": "Acme Corp", "globex": "Globex Corporation"}
ROLES = {
    "curator": Role.CURATOR,
    "compliance": Role.COMPLIANCE_OFFICER,
    "admin": Role.ADMIN,
}
# A curator of both tenants shows the tenant switcher.
MULTI_TENANT_USER = "ops-curator"

MEMORIES = {
    "acme": [
        (
            "/org/acme/",
            "semantic",
            "refund_policy",
            "Refunds over 500 EUR need a second approver in finance.",
            "tool_verified",
        ),
        (
            "/org/acme/",
            "procedural",
            "deploy_checklist",
            "Before a deploy: run the migrations check, then notify #ops.",
            "user_stated",
        ),
        (
            "/org/acme/user/42/",
            "episodic",
            "color_preference",
            "The user prefers dark mode in every dashboard.",
            "user_stated",
        ),
        (
            "/org/acme/user/42/",
            "episodic",
            None,
            "The user asked for invoices to be sent on the first Monday of the month.",
            "user_stated",
        ),
        (
            "/org/acme/user/42/task/onboarding/",
            "session",
            None,
            "Onboarding step 3 of 5 is done; the SSO setup is next.",
            "agent_inferred",
        ),
        (
            "/org/acme/user/77/",
            "episodic",
            None,
            "Jane Doe (jane.doe@example.com) asked to be called back on "
            "+44 7911 123456 about her contract.",
            "user_stated",
        ),
    ],
    "globex": [
        (
            "/org/globex/",
            "semantic",
            "support_hours",
            "Support is staffed from 08:00 to 20:00 CET on weekdays.",
            "tool_verified",
        ),
        (
            "/org/globex/user/7/",
            "episodic",
            "language",
            "The user writes in German and wants answers in German.",
            "user_stated",
        ),
        (
            "/org/globex/user/7/",
            "episodic",
            None,
            "The user's last order was delayed by the carrier.",
            "agent_inferred",
        ),
    ],
}
SCOPES = {
    "acme": [
        "/org/acme/user/42/",
        "/org/acme/user/42/task/onboarding/",
        "/org/acme/user/77/",
    ],
    "globex": ["/org/globex/user/7/"],
}


def demo_agent_token(tenant_slug: str) -> tuple[str, str]:
    """Return the (prefix, secret) of the demo agent's token for a tenant."""
    digest = hmac.new(
        settings.SECRET_KEY.encode(),
        f"demo-agent:{tenant_slug}".encode(),
        hashlib.sha256,
    ).hexdigest()
    return f"demo{tenant_slug}"[:12], digest[:40]


def demo_seed() -> bool:
    """Seed the demo once; return False when it is already there."""
    if Tenant.objects.filter(slug__in=TENANTS).exists():
        return False
    actor = Actor.system("demo seed")
    ops = User.objects.create_user(MULTI_TENANT_USER, password=DEMO_PASSWORD)
    agents = []
    for slug, name in TENANTS.items():
        tenant = tenant_create(slug=slug, name=name, actor=actor)
        for path in SCOPES[slug]:
            scope_create(tenant=tenant, path=path, actor=actor)
        for suffix, role in ROLES.items():
            user = User.objects.create_user(f"{slug}-{suffix}", password=DEMO_PASSWORD)
            membership_grant(tenant=tenant, user=user, role=role, actor=actor)
        membership_grant(tenant=tenant, user=ops, role=Role.CURATOR, actor=actor)
        agent = agent_create(
            tenant=tenant,
            name=f"{slug}-assistant",
            allowed_scopes=[f"/org/{slug}/"],
            allowed_layers=["session", "episodic", "semantic", "procedural"],
            actor=actor,
        )
        prefix, secret = demo_agent_token(slug)
        with transaction.atomic():
            AgentToken.objects.create(
                tenant=tenant,
                agent=agent,
                prefix=prefix,
                secret_hash=hash_secret(secret),
                label="demo",
            )
        agents.append(agent)
    for agent in agents:
        for scope, layer, key, content, source in MEMORIES[agent.tenant.slug]:
            payload = {
                "scope": scope,
                "layer": layer,
                "content": content,
                "key": key,
                "source": source,
                "confidence": 0.9,
                "kind": "note",
            }
            if layer in ("semantic", "procedural"):
                payload["evidence"] = [
                    {
                        "source_type": "DOCUMENT",
                        "uri": f"https://wiki.{agent.tenant.slug}.example/{key}",
                        "authority": 0.95,
                    }
                ]
            result = write_submit(agent=agent, payload=payload, idempotency_key=None)
            write_process(write_id=result.write.id)
        _approve_all_but_the_last(agent)
    _age_the_session_memories()
    for agent in agents:
        gc_run_execute(tenant_id=agent.tenant_id, triggered_by="demo seed")
    # The dashboard reads rollups, which beat refreshes every 5 minutes: make
    # the first ones now, so the landing page has figures at once.
    from memory_core.metrics.rollups import rollup_all

    rollup_all()
    return True


def _age_the_session_memories() -> None:
    """Move the session memories two days back, so the seed's GC run expires them.

    The session layer's idle limit is one hour (003 §12.7.3): the GC screen
    then shows a recently expired memory a curator can recover.
    """
    then = timezone.now() - timedelta(days=2)
    items = MemoryItem.objects.filter(layer="session")
    MemoryVersion.objects.filter(item__in=items).update(
        created_at=then, valid_from=then
    )
    items.update(created_at=then, updated_at=then, last_accessed_at=then)


def _approve_all_but_the_last(agent: Agent) -> None:
    """Publish the seed's reviewed writes, leaving one in each review queue."""
    curator = User.objects.get(username=f"{agent.tenant.slug}-curator")
    pending = list(
        WriteRequest.objects.filter(
            agent=agent,
            status__in=[WriteStatus.PENDING_REVIEW, WriteStatus.AWAITING_APPROVAL],
        ).order_by("created_at")
    )
    for write in pending[:-1]:
        write_review_approve(
            tenant=agent.tenant,
            write_id=write.id,
            user=curator,
            justification="checked against the wiki (demo seed)",
        )


def demo_credentials(url: str = "http://127.0.0.1:8000") -> dict[str, Any]:
    users = []
    for slug in TENANTS:
        for suffix, role in ROLES.items():
            users.append(
                {
                    "username": f"{slug}-{suffix}",
                    "password": DEMO_PASSWORD,
                    "role": role.value,
                    "tenant": slug,
                }
            )
        users.append(
            {
                "username": MULTI_TENANT_USER,
                "password": DEMO_PASSWORD,
                "role": Role.CURATOR.value,
                "tenant": slug,
            }
        )
    agents = []
    # In a stable order (tenant, then name): scripts pick the first one.
    for agent in (
        Agent.objects.filter(tenant__slug__in=TENANTS)
        .select_related("tenant")
        .order_by("tenant__slug", "name")
    ):
        prefix, secret = demo_agent_token(agent.tenant.slug)
        agents.append(
            {
                "tenant": agent.tenant.slug,
                "name": agent.name,
                "token": f"mgc_{prefix}_{secret}",
                "scopes": agent.allowed_scopes,
            }
        )
    return {"url": url, "users": users, "agents": agents}
