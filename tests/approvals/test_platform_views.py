"""The platform operator's pages, and what a suspension does to a tenant."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from audit.models import AuditEvent
from memory_core.models import (
    Membership,
    PasswordChangeRequired,
    Role,
    Tenant,
    WriteRequest,
)
from tests.conftest import RLS_OPERATOR_QUERIES
from tests.factories import make_agent, make_member, make_tenant

HTMX = {"HTTP_HX_REQUEST": "true"}
NEW_TENANT = {
    "slug": "initech",
    "name": "Initech",
    "region": "us-east",
    "admin_email": "bill@initech.example",
    "admin_username": "",
}


@pytest.fixture
def operator(db) -> User:
    return User.objects.create_superuser("root", "root@example.com", "root-pass")


@pytest.fixture
def platform(client: Client, operator) -> Client:
    client.force_login(operator)
    return client


def api_for(token: str) -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return api


def api_write(token: str):
    return api_for(token).post(
        "/api/v1/writes",
        data=json.dumps(
            {"scope": "/org/acme/", "layer": "episodic", "content": "A fact."}
        ),
        content_type="application/json",
    )


def suspend(platform: Client, tenant: Tenant, reason: str = "Unpaid invoices."):
    return platform.post(
        reverse("platform_tenant_suspend", args=[tenant.slug]), {"reason": reason}
    )


def page_urls(tenant: Tenant) -> list[str]:
    return [
        reverse("platform_tenants"),
        reverse("platform_tenant_detail", args=[tenant.slug]),
    ]


# Access


def test_operators_see_every_tenant_with_its_counts(platform, tenant, other_tenant):
    make_member(tenant, Role.ADMIN)
    make_member(tenant, Role.CURATOR)
    agent, _ = make_agent(tenant)
    WriteRequest.objects.create(
        tenant=tenant,
        agent=agent,
        idempotency_key="k",
        request_hash="h",
        content_token="t",
        payload={},
        scope_path="/org/acme/",
        layer="episodic",
    )

    response = platform.get(reverse("platform_tenants"))

    assert response.status_code == 200
    rows = {t.slug: t for t in response.context["page_obj"].object_list}
    assert list(rows) == ["acme", "globex"]
    acme = rows["acme"]
    assert (
        acme.member_count,
        acme.agent_count,
        acme.scope_count,
        acme.active_memory_count,
        acme.pending_write_count,
    ) == (2, 1, 4, 0, 1)
    assert rows["globex"].member_count == 0 and rows["globex"].scope_count == 3
    body = response.content.decode()
    assert 'id="tenant-acme"' in body and 'id="tenant-globex"' in body


def test_the_tenant_list_has_a_constant_query_count(
    platform, tenant, django_assert_num_queries
):
    with django_assert_num_queries(5 + RLS_OPERATOR_QUERIES):
        platform.get(reverse("platform_tenants"))
    for _ in range(5):
        make_agent(make_tenant())
    with django_assert_num_queries(5 + RLS_OPERATOR_QUERIES):
        response = platform.get(reverse("platform_tenants"))
    assert len(response.context["page_obj"].object_list) == 6


def test_pages_render_whole_and_as_a_partial(platform, tenant):
    for address in page_urls(tenant):
        whole = platform.get(address)
        assert whole.status_code == 200 and b"<html" in whole.content, address
        part = platform.get(address, **HTMX)
        assert part.status_code == 200 and b"<html" not in part.content, address


def test_non_operators_get_404_even_tenant_admins(client, tenant):
    client.force_login(make_member(tenant, Role.ADMIN))
    for address in page_urls(tenant):
        assert client.get(address).status_code == 404, address
    create = client.post(reverse("platform_tenant_create"), NEW_TENANT)
    assert create.status_code == 404
    assert suspend(client, tenant).status_code == 404
    assert not Tenant.objects.filter(slug="initech").exists()
    tenant.refresh_from_db()
    assert not tenant.is_suspended


def test_anonymous_users_sign_in_first(client, tenant):
    response = client.get(reverse("platform_tenants"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_an_unknown_tenant_is_404(platform):
    assert platform.get("/platform/tenants/nope/").status_code == 404
    assert platform.post("/platform/tenants/nope/suspend/").status_code == 404


def test_actions_refuse_get(platform, tenant):
    assert platform.get(reverse("platform_tenant_create")).status_code == 405
    suspend_url = reverse("platform_tenant_suspend", args=[tenant.slug])
    assert platform.get(suspend_url).status_code == 405


def test_the_platform_link_is_for_operators_only(platform, client, tenant):
    assert 'href="/platform/"' in platform.get(reverse("platform_tenants")).text
    other = Client()
    other.force_login(make_member(tenant, Role.ADMIN))
    assert 'href="/platform/"' not in other.get(f"/t/{tenant.slug}/memories/").text


def test_home_leads_an_operator_without_tenants_to_the_platform(platform):
    response = platform.get(reverse("home"))
    assert response.status_code == 302
    assert response["Location"] == reverse("platform_tenants")


# Onboarding


def test_operator_onboards_a_tenant_and_sees_the_password_once(platform, operator):
    response = platform.post(reverse("platform_tenant_create"), NEW_TENANT)

    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    body = response.content.decode()
    password = re.search(r'id="new-password-value" value="([^"]+)"', body).group(1)
    tenant = Tenant.objects.get(slug="initech")
    assert tenant.policy == {"storage_region": "us-east"}
    admin = User.objects.get(username="initech-admin")
    assert admin.check_password(password) and admin.email == "bill@initech.example"
    assert Membership.objects.get(tenant=tenant, user=admin).role == Role.ADMIN
    assert PasswordChangeRequired.objects.filter(user=admin).exists()
    events = AuditEvent.objects.filter(tenant_id=tenant.id).order_by("seq")
    assert [(e.action, e.actor_id, e.actor_label) for e in events] == [
        ("tenant.create", str(operator.pk), "root (operator)"),
        ("membership.grant", str(operator.pk), "root (operator)"),
    ]
    again = platform.get(reverse("platform_tenants")).content.decode()
    assert password not in again and 'id="tenant-initech"' in again


def test_onboarding_over_htmx_renders_the_partial(platform):
    response = platform.post(reverse("platform_tenant_create"), NEW_TENANT, **HTMX)
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body
    assert 'id="platform-tenants"' in body and 'id="new-password-value"' in body


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"slug": "Init_Tech"}, "use lowercase letters, digits and single hyphens"),
        ({"slug": "acme"}, "The slug &#x27;acme&#x27; is taken by another tenant"),
        ({"region": "mars"}, "Select a valid choice."),
        ({"admin_email": "bill"}, "Enter a valid email address."),
        ({"name": ""}, "This field is required."),
    ],
)
def test_invalid_onboarding_rerenders_the_form(platform, tenant, change, message):
    response = platform.post(
        reverse("platform_tenant_create"), {**NEW_TENANT, **change}
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert message in body
    assert "new-password-value" not in body
    assert not Tenant.objects.filter(slug="initech").exists()
    assert Tenant.objects.count() == 1


# Suspension


@pytest.fixture
def acme_agent_token(tenant) -> str:
    return make_agent(tenant)[1]


@pytest.fixture
def globex_agent_token(other_tenant) -> str:
    return make_agent(other_tenant, scopes=["/org/globex/"])[1]


def test_operator_suspends_and_lifts_with_audit(platform, operator, tenant):
    response = suspend(platform, tenant)

    detail = reverse("platform_tenant_detail", args=[tenant.slug])
    assert response.status_code == 302 and response["Location"] == detail
    tenant.refresh_from_db()
    assert tenant.is_suspended and tenant.suspension_reason == "Unpaid invoices."
    page = platform.get(detail).content.decode()
    assert "is suspended: its agents and members are refused." in page
    assert "Lift the suspension" in page

    lifted = platform.post(
        reverse("platform_tenant_unsuspend", args=[tenant.slug]),
        {"reason": "Paid."},
        follow=True,
    )
    assert "is active again" in lifted.content.decode()
    tenant.refresh_from_db()
    assert not tenant.is_suspended and tenant.suspension_reason == ""
    events = AuditEvent.objects.filter(
        tenant_id=tenant.id,
        action__in=["tenant.suspend", "tenant.unsuspend"],
        object_id=str(tenant.id),
    ).order_by("seq")
    assert [(e.action, e.reason, e.actor_id) for e in events] == [
        ("tenant.suspend", "Unpaid invoices.", str(operator.pk)),
        ("tenant.unsuspend", "Paid.", str(operator.pk)),
    ]


def test_suspending_needs_a_reason(platform, tenant):
    response = suspend(platform, tenant, reason="  ")
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    tenant.refresh_from_db()
    assert not tenant.is_suspended


def test_suspending_twice_says_so(platform, tenant):
    suspend(platform, tenant)
    response = suspend(platform, tenant, reason="Again.")
    assert response.status_code == 200
    assert "Acme is already suspended." in response.content.decode()
    assert (
        AuditEvent.objects.filter(tenant_id=tenant.id, action="tenant.suspend").count()
        == 1
    )


def test_a_suspended_tenants_agents_get_403_tenant_suspended(
    platform, tenant, acme_agent_token, globex_agent_token
):
    suspend(platform, tenant)

    for response in (
        api_write(acme_agent_token),
        api_for(acme_agent_token).get("/api/v1/memories"),
    ):
        assert response.status_code == 403
        error = response.json()["error"]
        assert error["code"] == "tenant_suspended"
        assert "suspended" in error["message"]
    assert not WriteRequest.objects.filter(tenant=tenant).exists()
    # Another tenant's agents are not affected.
    assert api_for(globex_agent_token).get("/api/v1/memories").status_code == 200


def test_a_bad_token_is_still_401_for_a_suspended_tenant(platform, tenant):
    suspend(platform, tenant)
    response = api_for("mgc_000000000000_nope").get("/api/v1/memories")
    assert response.status_code == 401


def test_agents_are_let_in_again_when_lifted(platform, tenant, acme_agent_token):
    suspend(platform, tenant)
    platform.post(reverse("platform_tenant_unsuspend", args=[tenant.slug]))
    response = api_for(acme_agent_token).get("/api/v1/memories")
    assert response.status_code == 200


def test_a_suspended_tenants_members_see_the_suspended_page(
    platform, tenant, other_tenant
):
    member = make_member(tenant, Role.ADMIN)
    make_member(other_tenant, Role.CURATOR, username=member.username)
    suspend(platform, tenant)
    client = Client()
    client.force_login(member)

    for address in (
        "/t/acme/memories/",
        "/t/acme/reviews/",
        "/t/acme/audit/",
        "/t/acme/admin/members/",
    ):
        response = client.get(address)
        assert response.status_code == 403, address
        body = response.content.decode()
        assert "This organisation is suspended" in body
        assert "Unpaid invoices." in body
        assert 'href="/t/globex/memories/"' in body
    htmx = client.get("/t/acme/memories/", **HTMX)
    assert htmx.status_code == 403 and htmx["HX-Refresh"] == "true"
    # Their other tenant is unaffected, and home leads there first.
    assert client.get("/t/globex/memories/").status_code == 200
    assert client.get(reverse("home"))["Location"] == "/t/globex/dashboard/"


def test_suspension_deletes_nothing(platform, tenant, acme_agent_token):
    member = make_member(tenant)
    before = AuditEvent.objects.filter(tenant_id=tenant.id).count()
    suspend(platform, tenant)
    platform.post(reverse("platform_tenant_unsuspend", args=[tenant.slug]))
    assert Membership.objects.filter(tenant=tenant, user=member).exists()
    assert tenant.agents.count() == 1 and tenant.scopes.count() == 4
    assert AuditEvent.objects.filter(tenant_id=tenant.id).count() == before + 2
