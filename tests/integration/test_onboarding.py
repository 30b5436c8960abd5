"""An organisation adopts the console from a fresh install (issue 10's journey).

The operator creates a tenant on the command line; its admin signs in with
the one-time password, must change it, registers an agent and issues a
token; the agent writes to a user scope nobody created (auto_create_scopes)
and reads the memory back, while another tenant sees none of it.
"""

from __future__ import annotations

import io
import re
import uuid

import pytest
from django.core.management import call_command
from django.urls import reverse
from rest_framework.test import APIClient

from audit.models import AuditEvent
from memory_core.models import Scope, Tenant

pytestmark = pytest.mark.worker

TOKEN = re.compile(r"mgc_[0-9a-f]{12}_[A-Za-z0-9-]{20,}")


def onboard(slug: str) -> tuple[str, str]:
    out = io.StringIO()
    call_command(
        "tenant_create",
        slug,
        "--name",
        f"{slug.title()} Ltd",
        "--region",
        "eu-central",
        "--admin-email",
        f"admin@{slug}.example",
        stdout=out,
    )
    text = out.getvalue()
    username = re.search(r"admin:\s+(\S+)", text).group(1)
    password = re.search(r"password:\s+(\S+)", text).group(1)
    return username, password


def admin_issues_a_token(client, slug: str, username: str, password: str) -> str:
    assert client.login(username=username, password=password)
    # The one-time password must be changed before anything else.
    page = client.get(reverse("admin_agents", args=[slug]))
    assert page.status_code == 302 and "/password/" in page["Location"]
    changed = client.post(
        "/password/",
        {
            "old_password": password,
            "new_password1": "a-long-new-passphrase-42",
            "new_password2": "a-long-new-passphrase-42",
        },
    )
    assert changed.status_code == 302
    registered = client.post(
        reverse("admin_agent_register", args=[slug]),
        {
            "name": "assistant",
            "role": "executor",
            "scopes": f"/org/{slug}/",
            "layers": ["episodic", "semantic"],
        },
    )
    assert registered.status_code == 302, registered.content.decode()[:2000]
    agent_page = registered["Location"]
    agent_id = agent_page.rstrip("/").split("/")[-1]
    issued = client.post(
        reverse("admin_token_issue", args=[slug, agent_id]), {"label": "prod"}
    )
    [token] = set(TOKEN.findall(issued.content.decode()))
    return token


def test_a_new_organisation_onboards_and_its_agent_writes_and_reads(worker, client):
    username, password = onboard("initech")
    token = admin_issues_a_token(client, "initech", username, password)
    agent = APIClient()
    agent.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    user_scope = f"/org/initech/user/{uuid.uuid4().hex[:8]}/"

    written = agent.post(
        "/api/v1/writes",
        {
            "scope": user_scope,
            "layer": "episodic",
            "content": "The user prefers replies in Portuguese.",
            "source": "user_stated",
        },
        format="json",
        HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()),
        HTTP_PREFER="wait=20",
    )

    assert written.status_code in (200, 202), written.json()
    assert written.json()["status"] == "committed", written.json()
    tenant = Tenant.objects.get(slug="initech")
    scope = Scope.objects.get(tenant=tenant, path=user_scope)
    assert scope.created_by_agent is not None
    assert AuditEvent.objects.filter(
        tenant_id=tenant.id, action="scope.create", actor_type="agent"
    ).exists()

    listed = agent.get("/api/v1/memories", {"scope": user_scope})
    assert listed.status_code == 200
    contents = [m["content"] for m in listed.json()["results"]]
    assert contents == ["The user prefers replies in Portuguese."]
    scopes = agent.get("/api/v1/scopes").json()["results"]
    assert user_scope in {s["path"] for s in scopes}

    # Another organisation onboarded the same way sees none of it.
    other_user, other_password = onboard("globex")
    client.logout()
    other_token = admin_issues_a_token(client, "globex", other_user, other_password)
    other = APIClient()
    other.credentials(HTTP_AUTHORIZATION=f"Bearer {other_token}")
    memory_id = written.json()["memory_id"]
    assert other.get(f"/api/v1/memories/{memory_id}").status_code == 404
    assert user_scope not in {
        s["path"] for s in other.get("/api/v1/scopes").json()["results"]
    }
