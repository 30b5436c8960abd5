"""`manage.py tenant_create`: a tenant, its scopes and a first admin, audited."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from audit.models import AuditEvent
from audit.services import audit_chain_verify
from memory_core.models import Membership, PasswordChangeRequired, Role, Scope, Tenant
from memory_core.policy import REGIONS, policy_for

pytestmark = pytest.mark.django_db


def onboard(slug: str = "acme-eu", **options) -> str:
    """Run the command; return what it printed."""
    out = StringIO()
    options = {
        "name": "Acme Europe",
        "region": "eu-central",
        "admin_email": "ops@acme.example",
        **options,
    }
    call_command("tenant_create", slug, stdout=out, **options)
    return out.getvalue()


def printed_password(output: str) -> str:
    return re.search(r"password: (\S+)", output).group(1)


def test_creates_the_tenant_its_scopes_and_a_first_admin():
    output = onboard(by="ops-jane")

    tenant = Tenant.objects.get(slug="acme-eu")
    assert tenant.name == "Acme Europe"
    assert tenant.policy == {"storage_region": "eu-central"}
    assert policy_for(tenant).storage_region == "eu-central"
    assert not tenant.is_suspended
    scopes = dict(Scope.objects.filter(tenant=tenant).values_list("path", "kind"))
    assert scopes == {"/global/": "global", "/org/acme-eu/": "org"}

    admin = User.objects.get(username="acme-eu-admin")
    assert admin.email == "ops@acme.example"
    assert not admin.is_superuser and not admin.is_staff
    assert Membership.objects.get(tenant=tenant, user=admin).role == Role.ADMIN
    assert PasswordChangeRequired.objects.filter(user=admin).exists()
    password = printed_password(output)
    assert len(password) >= 16
    assert admin.check_password(password)
    assert "only this once" in output


def test_the_onboarding_is_audited_in_the_tenants_trail_by_the_operator():
    onboard(by="ops-jane")

    tenant = Tenant.objects.get(slug="acme-eu")
    admin = User.objects.get(username="acme-eu-admin")
    events = list(AuditEvent.objects.filter(tenant_id=tenant.id).order_by("seq"))
    assert [e.action for e in events] == ["tenant.create", "membership.grant"]
    assert {(e.actor_type, e.actor_label) for e in events} == {
        ("system", "operator:ops-jane")
    }
    assert events[0].metadata == {"slug": "acme-eu", "region": "eu-central"}
    assert events[1].object_id == str(admin.pk)
    assert events[1].metadata == {
        "role": "admin",
        "new_account": True,
        "one_time": True,
    }
    # Ids and roles only: neither the email nor the password is in the trail.
    assert "ops@acme.example" not in str([e.metadata for e in events])
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []


def test_the_admin_username_can_be_chosen():
    onboard(admin_username="jane")

    admin = User.objects.get(username="jane")
    assert Membership.objects.get(user=admin).tenant.slug == "acme-eu"
    assert not User.objects.filter(username="acme-eu-admin").exists()


@pytest.mark.parametrize(
    "slug",
    ["Acme", "acme_eu", "acme-", "acme--eu", "acme eu", "acmé", "a" * 65],
)
def test_a_malformed_slug_is_refused_with_the_rule(slug):
    with pytest.raises(CommandError) as error:
        onboard(slug)

    assert "use lowercase letters, digits and single hyphens" in str(error.value)
    assert not Tenant.objects.exists()
    assert not User.objects.exists()


def test_a_taken_slug_is_refused_and_nothing_is_created():
    onboard()

    with pytest.raises(CommandError) as error:
        onboard(admin_username="second-admin", admin_email="b@example.com")

    assert str(error.value) == (
        "The slug 'acme-eu' is taken by another tenant; choose another one."
    )
    assert Tenant.objects.count() == 1
    assert not User.objects.filter(username="second-admin").exists()


def test_an_unknown_region_is_refused_naming_the_regions():
    with pytest.raises(CommandError) as error:
        onboard(region="mars-north")

    assert "Unknown region 'mars-north'" in str(error.value)
    assert ", ".join(REGIONS) in str(error.value)
    assert not Tenant.objects.exists()


def test_region_and_admin_email_are_required():
    with pytest.raises(CommandError, match="--region"):
        call_command("tenant_create", "acme", name="Acme", admin_email="a@b.example")
    with pytest.raises(CommandError, match="--admin-email"):
        call_command("tenant_create", "acme", name="Acme", region="eu-west")


def test_a_taken_admin_username_rolls_the_tenant_back():
    User.objects.create_user("acme-eu-admin")

    with pytest.raises(CommandError) as error:
        onboard()

    assert "The username 'acme-eu-admin' is taken" in str(error.value)
    assert not Tenant.objects.exists()
    assert not AuditEvent.objects.exists()


def test_an_invalid_admin_email_is_refused():
    with pytest.raises(CommandError, match="valid email"):
        onboard(admin_email="not-an-email")

    assert not Tenant.objects.exists()
