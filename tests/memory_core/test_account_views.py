"""The forced password change: a one-time password opens only the change page."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from audit.models import AuditEvent
from memory_core.models import PasswordChangeRequired, Role, Tenant
from tests.factories import make_agent, make_member

HTMX = {"HTTP_HX_REQUEST": "true"}
NEW_PASSWORD = "a-password-of-my-own"


@pytest.fixture
def onboarded(db) -> tuple[User, str]:
    """A tenant onboarded from the command line: its admin and one-time password."""
    out = StringIO()
    call_command(
        "tenant_create",
        "initech",
        name="Initech",
        region="us-east",
        admin_email="bill@initech.example",
        stdout=out,
    )
    password = out.getvalue().split("password: ")[1].split()[0]
    return User.objects.get(username="initech-admin"), password


def sign_in(client: Client, username: str, password: str, next: str = ""):
    data = {"username": username, "password": password}
    if next:
        data["next"] = next
    return client.post(reverse("login"), data, follow=True)


def change(client: Client, old: str, new: str = NEW_PASSWORD, next: str = ""):
    data = {"old_password": old, "new_password1": new, "new_password2": new}
    if next:
        data["next"] = next
    return client.post(reverse("password_change"), data)


def test_first_sign_in_leads_to_the_password_change(client, onboarded):
    admin, password = onboarded

    response = sign_in(client, admin.username, password)

    assert response.redirect_chain[-1][0].startswith(reverse("password_change"))
    body = response.content.decode()
    assert "Set your password" in body and "one-time password" in body


def test_every_console_page_redirects_until_changed(client, onboarded):
    admin, password = onboarded
    sign_in(client, admin.username, password)

    for address in (
        "/",
        "/t/initech/memories/",
        "/t/initech/writes/",
        "/t/initech/audit/",
        "/t/initech/admin/members/",
    ):
        response = client.get(address, follow=True)
        final, status = response.redirect_chain[-1]
        assert final.startswith(reverse("password_change")), address
        assert response.status_code == 200
    htmx = client.get("/t/initech/memories/", **HTMX)
    assert htmx.status_code == 200
    assert htmx["HX-Redirect"].startswith(reverse("password_change"))


def test_after_the_change_the_console_opens_and_it_is_audited(client, onboarded):
    admin, password = onboarded
    sign_in(client, admin.username, password)

    response = change(client, password, next="/t/initech/admin/members/")

    assert response.status_code == 302
    assert response["Location"] == "/t/initech/admin/members/"
    assert not PasswordChangeRequired.objects.filter(user=admin).exists()
    admin.refresh_from_db()
    assert admin.check_password(NEW_PASSWORD) and not admin.check_password(password)
    # Still signed in (the session hash was updated), and nothing redirects.
    assert client.get("/t/initech/memories/").status_code == 200
    assert client.get("/t/initech/admin/members/").status_code == 200
    tenant = Tenant.objects.get(slug="initech")
    event = AuditEvent.objects.get(tenant_id=tenant.id, action="user.password_change")
    assert event.actor_id == str(admin.pk) and event.object_id == str(admin.pk)
    assert event.metadata == {"one_time_password_retired": True}
    # The one-time password no longer signs in.
    other = Client()
    assert not other.login(username=admin.username, password=password)
    assert other.login(username=admin.username, password=NEW_PASSWORD)


def test_the_change_is_audited_in_each_of_the_users_tenants(
    client, onboarded, tenant, other_tenant
):
    admin, password = onboarded
    make_member(tenant, Role.VIEWER, username=admin.username)
    make_member(other_tenant, Role.VIEWER, username=admin.username)
    client.force_login(admin)

    change(client, password)

    events = AuditEvent.objects.filter(action="user.password_change")
    assert sorted(str(e.tenant_id) for e in events) == sorted(
        str(t.id) for t in Tenant.objects.all()
    )


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("wrong", NEW_PASSWORD, "Your old password was entered incorrectly."),
        (None, "short", "This password is too short."),
        (None, None, "Choose a password different from the current one."),
    ],
)
def test_a_bad_change_keeps_the_one_time_password(client, onboarded, old, new, message):
    admin, password = onboarded
    client.force_login(admin)

    response = change(client, old or password, new or password)

    assert response.status_code == 200
    assert message in response.content.decode()
    assert PasswordChangeRequired.objects.filter(user=admin).exists()
    assert not AuditEvent.objects.filter(action="user.password_change").exists()


def test_next_may_not_leave_the_site(client, onboarded):
    admin, password = onboarded
    client.force_login(admin)
    response = change(client, password, next="https://evil.example/")
    assert response["Location"] == "/"


def test_members_without_a_one_time_password_are_not_redirected(client, tenant):
    client.force_login(make_member(tenant, Role.CURATOR))
    assert client.get("/t/acme/memories/").status_code == 200
    page = client.get(reverse("password_change")).content.decode()
    assert "Change your password" in page


def test_the_api_is_not_affected(onboarded):
    admin, _ = onboarded
    _, token = make_agent(Tenant.objects.get(slug="initech"))
    client = Client(HTTP_AUTHORIZATION=f"Bearer {token}")
    client.force_login(admin)
    assert client.get("/api/v1/memories").status_code == 200


def test_the_password_page_needs_a_sign_in(client):
    response = client.get(reverse("password_change"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_an_invited_member_changes_the_one_time_password_too(client, tenant):
    admin = make_member(tenant, Role.ADMIN)
    client.force_login(admin)
    response = client.post(
        reverse("admin_member_invite", args=[tenant.slug]),
        {"username": "newbie", "role": Role.VIEWER},
    )
    password = response.content.decode().split('id="new-password-value" value="')[1]
    password = password.split('"')[0]
    newbie = Client()

    signed_in = sign_in(newbie, "newbie", password)

    assert signed_in.redirect_chain[-1][0].startswith(reverse("password_change"))
    assert change(newbie, password).status_code == 302
    assert newbie.get("/t/acme/memories/").status_code == 200
