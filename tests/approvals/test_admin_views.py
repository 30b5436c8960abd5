"""The admin pages: every page and action, for admins, other roles and outsiders."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from approvals.admin_forms import PolicyForm
from audit.models import AuditEvent
from memory_core.auth import hash_secret
from memory_core.models import Agent, AgentToken, Membership, Role
from memory_core.policy import policy_for
from tests.factories import make_agent, make_member

HTMX = {"HTTP_HX_REQUEST": "true"}
TOKEN = re.compile(r"mgc_[0-9a-f]{12}_[A-Za-z0-9-]{20,}")


@pytest.fixture
def admin(tenant) -> User:
    return make_member(tenant, Role.ADMIN, username="ada")


@pytest.fixture
def browser(client: Client, admin) -> Client:
    client.force_login(admin)
    return client


@pytest.fixture
def agent(tenant) -> Agent:
    return make_agent(tenant, name="helper")[0]


def url(name: str, tenant, *args: Any) -> str:
    return reverse(name, args=[tenant.slug, *args])


def page_urls(tenant, agent) -> list[str]:
    return [
        url("admin_members", tenant),
        url("admin_agents", tenant),
        url("admin_agent_detail", tenant, agent.pk),
        url("admin_policy", tenant),
    ]


def queries(client: Client, address: str) -> int:
    """Return how many SQL queries a GET of `address` takes."""
    with CaptureQueriesContext(connection) as captured:
        assert client.get(address).status_code == 200
    return len(captured)


def audit_count(tenant) -> int:
    """Count the tenant's audit events of changes (a refusal changes nothing)."""
    return (
        AuditEvent.objects.filter(tenant_id=tenant.id)
        .exclude(action="access.refused")
        .count()
    )


def api_status(token: str) -> int:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return api.get("/api/v1/memories").status_code


# Access


def test_every_page_renders_whole_and_as_a_partial(browser, tenant, agent):
    for address in page_urls(tenant, agent):
        whole = browser.get(address)
        assert whole.status_code == 200, address
        assert b"<html" in whole.content and b'class="admin-tabs"' in whole.content
        part = browser.get(address, **HTMX)
        assert part.status_code == 200, address
        assert b"<html" not in part.content and b"admin-tabs" not in part.content
        assert "HX-Request" in part["Vary"]


@pytest.mark.parametrize("role", [Role.CURATOR, Role.VIEWER, Role.COMPLIANCE_OFFICER])
def test_other_roles_get_the_admins_only_page(client, tenant, admin, agent, role):
    client.force_login(make_member(tenant, role))
    for address in page_urls(tenant, agent):
        response = client.get(address)
        assert response.status_code == 403, address
        body = response.content.decode()
        assert "Admins only" in body and "ada" in body
        assert "admin-tabs" not in body
    response = client.get(url("admin_members", tenant), **HTMX)
    assert response.status_code == 403
    assert response["HX-Refresh"] == "true"


def test_non_members_get_404_and_anonymous_users_sign_in(
    client, tenant, other_tenant, agent
):
    for address in page_urls(tenant, agent):
        assert client.get(address).status_code == 302
    client.force_login(make_member(other_tenant, Role.ADMIN))
    for address in page_urls(tenant, agent):
        assert client.get(address).status_code == 404, address


def test_another_tenants_agent_is_404(browser, tenant, other_tenant):
    theirs, _ = make_agent(other_tenant)
    token = theirs.tokens.get()
    for address in (
        url("admin_agent_detail", tenant, theirs.pk),
        url("admin_agent_detail", tenant, uuid.uuid4()),
    ):
        assert browser.get(address).status_code == 404
    for name in ("admin_token_issue", "admin_agent_deactivate", "admin_agent_update"):
        assert browser.post(url(name, tenant, theirs.pk)).status_code == 404
    revoke = url("admin_token_revoke", tenant, theirs.pk, token.pk)
    assert browser.post(revoke).status_code == 404
    token.refresh_from_db()
    assert token.revoked_at is None and theirs.is_active


def test_actions_refuse_get(browser, tenant, agent):
    assert browser.get(url("admin_member_invite", tenant)).status_code == 405
    assert browser.get(url("admin_token_issue", tenant, agent.pk)).status_code == 405


# Members


def test_members_page_lists_members_and_guards_yourself(browser, tenant, admin):
    make_member(tenant, Role.CURATOR, username="cora")
    body = browser.get(url("admin_members", tenant)).content.decode()
    assert "cora" in body and "ada" in body
    mine = Membership.objects.get(tenant=tenant, user=admin)
    assert url("admin_member_remove", tenant, mine.pk) not in body
    assert "Another admin can change your role." in body


def test_members_list_has_a_constant_query_count(browser, tenant):
    few = queries(browser, url("admin_members", tenant))
    for _ in range(8):
        make_member(tenant, Role.VIEWER)
    assert queries(browser, url("admin_members", tenant)) == few
    body = browser.get(url("admin_members", tenant)).content.decode()
    assert body.count('<tr id="member-') == 9


def test_invite_a_new_user_shows_the_password_once(browser, tenant):
    response = browser.post(
        url("admin_member_invite", tenant),
        {"username": "newbie", "email": "n@example.com", "role": Role.VIEWER},
    )
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    password = re.search(
        r'id="new-password-value" value="([^"]+)"', response.content.decode()
    ).group(1)
    user = User.objects.get(username="newbie")
    assert user.check_password(password)
    assert Membership.objects.get(tenant=tenant, user=user).role == Role.VIEWER
    again = browser.get(url("admin_members", tenant)).content.decode()
    assert password not in again and "newbie" in again


def test_invite_over_htmx_renders_the_partial(browser, tenant):
    response = browser.post(
        url("admin_member_invite", tenant),
        {"username": "hx-user", "role": Role.CURATOR},
        **HTMX,
    )
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body
    assert 'id="admin-members"' in body and 'id="new-password-value"' in body


def test_invite_an_existing_user_redirects_with_a_message(
    browser, tenant, other_tenant
):
    make_member(other_tenant, Role.ADMIN, username="globex-ann")
    response = browser.post(
        url("admin_member_invite", tenant),
        {"username": "globex-ann", "role": Role.CURATOR},
        follow=True,
    )
    assert response.redirect_chain == [(url("admin_members", tenant), 302)]
    body = response.content.decode()
    assert "globex-ann joined as Curator." in body
    assert "new-password-value" not in body


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"username": "", "role": "viewer"}, "This field is required."),
        ({"username": "x y", "role": "viewer"}, "Enter a valid username."),
        ({"username": "ok", "role": "owner"}, "Select a valid choice."),
        ({"username": "ok", "email": "nope", "role": "viewer"}, "valid email"),
        ({"username": "ada", "role": "viewer"}, "ada is already a member of Acme"),
    ],
)
def test_invite_invalid_input_rerenders_the_form(browser, tenant, data, message):
    users = User.objects.count()
    response = browser.post(url("admin_member_invite", tenant), data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert User.objects.count() == users


def test_role_change_full_page_and_htmx(browser, tenant):
    cora = make_member(tenant, Role.CURATOR, username="cora")
    membership = Membership.objects.get(tenant=tenant, user=cora)
    address = url("admin_member_role", tenant, membership.pk)
    response = browser.post(address, {"role": Role.VIEWER})
    assert response.status_code == 302
    assert response["Location"] == url("admin_members", tenant)
    membership.refresh_from_db()
    assert membership.role == Role.VIEWER
    # htmx follows the redirect with its headers, so the page answers a partial.
    response = browser.post(address, {"role": Role.ADMIN}, follow=True, **HTMX)
    body = response.content.decode()
    assert "<html" not in body and "cora is Admin." in body
    membership.refresh_from_db()
    assert membership.role == Role.ADMIN


def test_role_change_refusals_change_nothing(browser, tenant, admin, other_tenant):
    mine = Membership.objects.get(tenant=tenant, user=admin)
    response = browser.post(
        url("admin_member_role", tenant, mine.pk), {"role": Role.VIEWER}
    )
    assert response.status_code == 200
    assert "ada is the last admin of Acme" in response.content.decode()
    response = browser.post(url("admin_member_role", tenant, mine.pk), {"role": "x"})
    assert "Select a valid choice" in response.content.decode()
    theirs = Membership.objects.get(user=make_member(other_tenant, Role.CURATOR))
    response = browser.post(
        url("admin_member_role", tenant, theirs.pk), {"role": Role.VIEWER}
    )
    assert response.status_code == 404
    mine.refresh_from_db()
    theirs.refresh_from_db()
    assert (mine.role, theirs.role) == (Role.ADMIN, Role.CURATOR)


def test_remove_a_member(browser, tenant):
    cora = make_member(tenant, Role.CURATOR, username="cora")
    membership = Membership.objects.get(tenant=tenant, user=cora)
    response = browser.post(
        url("admin_member_remove", tenant, membership.pk), follow=True
    )
    assert "cora is no longer a member of Acme." in response.content.decode()
    assert not Membership.objects.filter(pk=membership.pk).exists()


def test_curators_cannot_post_member_actions(client, tenant, admin):
    curator = make_member(tenant, Role.CURATOR)
    client.force_login(curator)
    mine = Membership.objects.get(tenant=tenant, user=admin)
    before = audit_count(tenant)
    for address, data in (
        (url("admin_member_invite", tenant), {"username": "x", "role": "admin"}),
        (url("admin_member_role", tenant, mine.pk), {"role": Role.VIEWER}),
        (url("admin_member_remove", tenant, mine.pk), {}),
    ):
        assert client.post(address, data).status_code == 403
    assert not User.objects.filter(username="x").exists()
    mine.refresh_from_db()
    assert mine.role == Role.ADMIN
    assert audit_count(tenant) == before


# Agents


def test_agents_list_has_a_constant_query_count(browser, tenant, agent):
    few = queries(browser, url("admin_agents", tenant))
    for _ in range(6):
        make_agent(tenant)
    assert queries(browser, url("admin_agents", tenant)) == few
    body = browser.get(url("admin_agents", tenant)).content.decode()
    assert body.count('<td><a href="/t/acme/admin/agents/') == 7
    assert "Register an agent" in body


def test_agent_page_has_a_constant_query_count(browser, tenant, agent):
    address = url("admin_agent_detail", tenant, agent.pk)
    few = queries(browser, address)
    for _ in range(5):
        browser.post(url("admin_token_issue", tenant, agent.pk))
    assert queries(browser, address) == few


def test_create_an_agent_goes_to_its_page(browser, tenant):
    response = browser.post(
        url("admin_agent_register", tenant),
        {
            "name": "scribe",
            "role": "executor",
            "scopes": "/org/acme/user/42/\n/org/acme/user/43/\n",
            "layers": ["episodic", "semantic"],
        },
        follow=True,
    )
    agent = Agent.objects.get(tenant=tenant, name="scribe")
    assert response.redirect_chain == [
        (url("admin_agent_detail", tenant, agent.pk), 302)
    ]
    assert agent.allowed_scopes == ["/org/acme/user/42/", "/org/acme/user/43/"]
    assert agent.allowed_layers == ["episodic", "semantic"]
    assert "scribe is registered" in response.content.decode()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"scopes": "/org/acme/user/99/"}, "Acme has no scope /org/acme/user/99/"),
        ({"scopes": "/org/globex/"}, "Acme has no scope /org/globex/"),
        ({"layers": []}, "This field is required."),
        ({"layers": ["working"]}, "Select a valid choice."),
        ({"name": "helper"}, "already has an agent named"),
        ({"name": ""}, "This field is required."),
    ],
)
def test_create_an_agent_with_bad_input(browser, tenant, agent, data, message):
    fields = {"name": "scribe", "role": "executor", "scopes": "/org/acme/"}
    fields["layers"] = ["episodic"]
    response = browser.post(url("admin_agent_register", tenant), {**fields, **data})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Agent.objects.filter(tenant=tenant).count() == 1


def test_agent_update(browser, tenant, agent):
    address = url("admin_agent_update", tenant, agent.pk)
    response = browser.post(
        address,
        {
            "role": "verifier",
            "scopes": "/org/acme/user/42/",
            "layers": ["session"],
            "reason": "least privilege",
        },
    )
    assert response.status_code == 302
    agent.refresh_from_db()
    assert agent.role == "verifier" and agent.allowed_layers == ["session"]
    event = AuditEvent.objects.get(tenant_id=tenant.id, action="agent.update")
    assert event.reason == "least privilege"
    response = browser.post(
        address,
        {"role": "verifier", "scopes": "/nowhere/", "layers": ["session"]},
        **HTMX,
    )
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body
    assert "Acme has no scope /nowhere/" in body
    agent.refresh_from_db()
    assert agent.allowed_scopes == ["/org/acme/user/42/"]


# Tokens


def test_issue_a_token_shows_it_once_and_stores_its_hash(browser, tenant, agent):
    detail = url("admin_agent_detail", tenant, agent.pk)
    response = browser.post(
        url("admin_token_issue", tenant, agent.pk), {"label": "prod-eu"}
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    [full] = set(TOKEN.findall(body))
    _, prefix, secret = full.split("_")
    token = AgentToken.objects.get(prefix=prefix)
    assert token.agent == agent and token.label == "prod-eu"
    assert token.secret_hash == hash_secret(secret)
    assert "only time the full token is shown" in body
    assert api_status(full) == 200
    # Never again: not on the page, not in the list.
    again = browser.get(detail).content.decode()
    assert secret not in again and full not in again
    assert prefix in again


def test_issue_a_token_over_htmx_renders_the_partial(browser, tenant, agent):
    response = browser.post(url("admin_token_issue", tenant, agent.pk), {}, **HTMX)
    body = response.content.decode()
    assert "<html" not in body and 'id="admin-agent-detail"' in body
    assert len(set(TOKEN.findall(body))) == 1


def test_issue_a_token_refused_for_a_deactivated_agent(browser, tenant, agent):
    agent.is_active = False
    agent.save(update_fields=["is_active"])
    response = browser.post(url("admin_token_issue", tenant, agent.pk), {})
    assert "activate it before issuing tokens" in response.content.decode()
    assert agent.tokens.count() == 1


def test_revoke_a_token_and_the_api_refuses_it(browser, tenant):
    agent, full = make_agent(tenant)
    token = agent.tokens.get()
    assert api_status(full) == 200
    response = browser.post(
        url("admin_token_revoke", tenant, agent.pk, token.pk),
        {"reason": "leaked in a log"},
        follow=True,
    )
    assert f"Token {token.prefix} is revoked" in response.content.decode()
    token.refresh_from_db()
    assert token.revoked_at is not None
    assert api_status(full) == 401
    event = AuditEvent.objects.get(tenant_id=tenant.id, action="agent_token.revoke")
    assert event.reason == "leaked in a log"
    # Revoking twice says so and changes nothing.
    response = browser.post(url("admin_token_revoke", tenant, agent.pk, token.pk))
    assert "already revoked" in response.content.decode()


def test_curators_cannot_touch_agents_or_tokens(client, tenant, agent):
    client.force_login(make_member(tenant, Role.CURATOR))
    token = agent.tokens.get()
    before = audit_count(tenant)
    posts = [
        (url("admin_agent_register", tenant), {"name": "x", "scopes": "/org/acme/"}),
        (url("admin_agent_update", tenant, agent.pk), {"scopes": "/global/"}),
        (url("admin_agent_deactivate", tenant, agent.pk), {}),
        (url("admin_token_issue", tenant, agent.pk), {}),
        (url("admin_token_revoke", tenant, agent.pk, token.pk), {}),
    ]
    for address, data in posts:
        assert client.post(address, data).status_code == 403, address
    agent.refresh_from_db()
    token.refresh_from_db()
    assert agent.is_active and agent.allowed_scopes == ["/org/acme/"]
    assert token.revoked_at is None and agent.tokens.count() == 1
    assert not Agent.objects.filter(name="x").exists()
    assert audit_count(tenant) == before


def test_deactivate_activate_and_resume(browser, tenant):
    agent, full = make_agent(tenant)
    response = browser.post(
        url("admin_agent_deactivate", tenant, agent.pk), {"reason": "retired"}
    )
    assert response.status_code == 302
    assert api_status(full) == 401
    page = browser.get(url("admin_agent_detail", tenant, agent.pk)).content.decode()
    assert "Deactivated" in page and "Activate agent" in page
    browser.post(url("admin_agent_activate", tenant, agent.pk))
    assert api_status(full) == 200
    Agent.objects.filter(pk=agent.pk).update(
        writes_suspended_at="2026-01-01T00:00:00Z", suspension_reason="write storm"
    )
    page = browser.get(url("admin_agent_detail", tenant, agent.pk)).content.decode()
    assert "Writes suspended" in page and "Resume writes" in page
    response = browser.post(url("admin_agent_resume", tenant, agent.pk), follow=True)
    assert "may write again" in response.content.decode()
    agent.refresh_from_db()
    assert agent.writes_suspended_at is None


# The policy


def policy_data(tenant, reason: str = "tune", **edits: Any) -> dict[str, Any]:
    """Return the policy page's form as a browser would post it, with `edits`."""
    form = PolicyForm(policy=policy_for(tenant))
    data: dict[str, Any] = {"reason": reason}
    for name, field in form.fields.items():
        if name == "reason":
            continue
        value = field.initial
        data[f"initial-{name}"] = str(value) if isinstance(value, bool) else value
        if value is not False:
            data[name] = "on" if value is True else value
    for name, value in edits.items():
        if value is False:
            data.pop(name, None)
        else:
            data[name] = value
    return data


def test_policy_page_shows_groups_defaults_and_overrides(browser, tenant):
    tenant.policy = {"review_sla_hours": 8}
    tenant.save(update_fields=["policy"])
    body = browser.get(url("admin_policy", tenant)).content.decode()
    for title in (
        "Rate limits",
        "Evidence thresholds",
        "Contradiction and duplicates",
        "Risk weights and tier thresholds",
        "Review SLA and sync deadline",
        "TTL defaults",
    ):
        assert title in body
    row = re.search(r"<tr[^>]*>(?:(?!</tr>).)*review_sla_hours.*?</tr>", body, re.S)
    assert 'value="8"' in row.group(0) and "overridden" in row.group(0)
    assert ">24 h<" in row.group(0)
    assert body.count("badge-overridden") == 1


def test_policy_save_full_page(browser, tenant):
    data = policy_data(
        tenant,
        reason="faster reviews",
        review_sla_hours="8",
        rate_limits__semantic="20",
        auto_resolve_contradictions="on",
    )
    response = browser.post(url("admin_policy", tenant), data, follow=True)
    assert response.redirect_chain == [(url("admin_policy", tenant), 302)]
    assert "The policy is saved: 3 values changed." in response.content.decode()
    tenant.refresh_from_db()
    assert tenant.policy == {
        "review_sla_hours": 8,
        "rate_limits": {"semantic": 20},
        "auto_resolve_contradictions": True,
    }
    event = AuditEvent.objects.get(tenant_id=tenant.id, action="tenant.policy_update")
    assert event.reason == "faster reviews"
    assert event.metadata["changes"]["review_sla_hours"] == {"old": 24, "new": 8}


def test_policy_posts_only_what_changed(browser, tenant):
    data = policy_data(tenant, review_sla_hours="8")
    # Another admin saves a different value meanwhile; it survives this post.
    tenant.policy = {"storm_writes_per_minute": 500}
    tenant.save(update_fields=["policy"])
    browser.post(url("admin_policy", tenant), data)
    tenant.refresh_from_db()
    assert tenant.policy == {"storm_writes_per_minute": 500, "review_sla_hours": 8}


def test_policy_blank_resets_to_the_default(browser, tenant):
    tenant.policy = {"review_sla_hours": 8, "rate_limits": {"episodic": 3}}
    tenant.save(update_fields=["policy"])
    data = policy_data(tenant, review_sla_hours="", rate_limits__episodic="")
    browser.post(url("admin_policy", tenant), data)
    tenant.refresh_from_db()
    assert tenant.policy == {}


def test_policy_without_changes_says_so(browser, tenant):
    response = browser.post(
        url("admin_policy", tenant), policy_data(tenant), follow=True
    )
    assert "Nothing changed" in response.content.decode()
    assert not AuditEvent.objects.filter(action="tenant.policy_update").exists()


@pytest.mark.parametrize(
    ("edits", "message"),
    [
        ({"review_sla_hours": "0"}, "Must be a whole number of at least 1; got 0."),
        ({"rate_limits__semantic": "-3"}, "at least 1; got -3"),
        ({"topic_similarity": "1.5"}, "Must be a number from 0 to 1; got 1.5."),
        ({"sync_block_at": "0.2"}, "must not be below the async review threshold"),
        ({"risk_weights__layer": "0.5"}, "The weights must add up to 1"),
        ({"review_sla_hours": "soon"}, "Enter a whole number."),
        ({"reason": ""}, "This field is required."),
    ],
)
def test_policy_invalid_values_rerender_the_form(browser, tenant, edits, message):
    response = browser.post(url("admin_policy", tenant), policy_data(tenant, **edits))
    body = response.content.decode()
    assert response.status_code == 200
    assert "The policy was not saved." in body
    assert message in body
    tenant.refresh_from_db()
    assert tenant.policy == {}
    assert not AuditEvent.objects.filter(action="tenant.policy_update").exists()


def test_policy_invalid_over_htmx_renders_the_partial(browser, tenant):
    data = policy_data(tenant, review_sla_hours="0")
    response = browser.post(url("admin_policy", tenant), data, **HTMX)
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body
    assert body.startswith('\n<form id="admin-policy"') or 'id="admin-policy"' in body
    # The edited value stays in the input, so the admin can fix it.
    assert 'name="review_sla_hours" value="0"' in body


def test_curators_cannot_post_the_policy(client, tenant):
    client.force_login(make_member(tenant, Role.CURATOR))
    data = policy_data(tenant, review_sla_hours="1")
    assert client.post(url("admin_policy", tenant), data).status_code == 403
    tenant.refresh_from_db()
    assert tenant.policy == {}
