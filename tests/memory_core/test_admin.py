"""Django's /admin/: superusers read every tenant's records; nobody changes them."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from approvals.models import ErasureRequest
from audit.models import AuditEvent
from memory_core.models import Membership, Role, Scope, WriteRequest
from tests.factories import make_agent, make_member

# (app_label, model_name) of every model registered read-only.
MODELS = [
    ("memory_core", "tenant"),
    ("memory_core", "scope"),
    ("memory_core", "agent"),
    ("memory_core", "membership"),
    ("memory_core", "writerequest"),
    ("audit", "auditevent"),
    ("approvals", "erasurerequest"),
    ("auth", "user"),
]


@pytest.fixture
def records(tenant) -> dict:
    """One row of each registered model; return each row's primary key."""
    agent, token = make_agent(tenant)
    member = make_member(tenant, Role.CURATOR, username="cora")
    write = WriteRequest.objects.create(
        tenant=tenant,
        agent=agent,
        idempotency_key="k1",
        request_hash="h",
        content_token="t",
        payload={"content": "The user's secret diary entry."},
        scope_path="/org/acme/",
        layer="episodic",
    )
    now = timezone.now()
    erasure = ErasureRequest.objects.create(
        tenant=tenant,
        legal_basis="consent_withdrawn",
        identifiers_ciphertext=b"ciphertext",
        identifier_kinds=["email"],
        subject_hash="f" * 64,
        created_at=now,
        due_at=now,
    )
    return {
        "tenant": tenant.pk,
        "scope": Scope.objects.get(tenant=tenant, path="/org/acme/").pk,
        "agent": agent.pk,
        "membership": Membership.objects.get(user=member).pk,
        "writerequest": write.pk,
        "auditevent": AuditEvent.objects.filter(tenant_id=tenant.id).first().pk,
        "erasurerequest": erasure.pk,
        "user": member.pk,
        "token": token,
    }


@pytest.fixture
def operator_client(client: Client, db) -> Client:
    client.force_login(User.objects.create_superuser("root", "r@example.com", "pw"))
    return client


@pytest.mark.parametrize(("app", "model"), MODELS)
def test_a_superuser_views_every_list_and_record(operator_client, records, app, model):
    changelist = reverse(f"admin:{app}_{model}_changelist")
    assert operator_client.get(changelist).status_code == 200
    detail = reverse(f"admin:{app}_{model}_change", args=[records[model]])
    response = operator_client.get(detail)
    assert response.status_code == 200
    assert b'name="_save"' not in response.content


@pytest.mark.parametrize(("app", "model"), MODELS)
def test_nothing_can_be_added_changed_or_deleted(operator_client, records, app, model):
    pk = records[model]
    add = reverse(f"admin:{app}_{model}_add")
    assert operator_client.get(add).status_code == 403
    assert operator_client.post(add, {}).status_code == 403
    change = reverse(f"admin:{app}_{model}_change", args=[pk])
    assert operator_client.post(change, {}).status_code == 403
    delete = reverse(f"admin:{app}_{model}_delete", args=[pk])
    assert operator_client.get(delete).status_code == 403
    assert operator_client.post(delete, {"post": "yes"}).status_code == 403
    # No bulk actions either: "delete selected" is not offered, nor done.
    changelist = reverse(f"admin:{app}_{model}_changelist")
    assert b"delete_selected" not in operator_client.get(changelist).content
    operator_client.post(
        changelist,
        {"action": "delete_selected", "_selected_action": [pk], "post": "yes"},
    )
    assert apps.get_model(app, model).objects.filter(pk=pk).exists()


def test_no_secrets_or_content_are_shown(operator_client, records):
    pages = [
        reverse("admin:memory_core_agent_change", args=[records["agent"]]),
        reverse("admin:memory_core_agent_changelist"),
        reverse(
            "admin:memory_core_writerequest_change", args=[records["writerequest"]]
        ),
        reverse(
            "admin:approvals_erasurerequest_change", args=[records["erasurerequest"]]
        ),
    ]
    secret = records["token"].split("_")[2]
    for address in pages:
        body = operator_client.get(address).content.decode()
        assert secret not in body, address
        assert "secret diary" not in body, address
        assert "ciphertext" not in body.lower(), address


def test_staff_who_are_not_superusers_see_nothing(client, records):
    staff = User.objects.create_user("staffer", password="pw", is_staff=True)
    client.force_login(staff)
    index = client.get(reverse("admin:index"))
    assert index.status_code == 200
    assert b"memory_core" not in index.content
    for app, model in MODELS:
        changelist = reverse(f"admin:{app}_{model}_changelist")
        assert client.get(changelist).status_code == 403


def test_groups_are_not_offered_and_users_cannot_be_edited(operator_client):
    index = operator_client.get(reverse("admin:index")).content
    assert b"/admin/auth/group/" not in index
    assert b"/admin/auth/user/" in index
    root = User.objects.get(username="root")
    change = reverse("admin:auth_user_change", args=[root.pk])
    operator_client.post(change, {"username": "renamed", "is_superuser": ""})
    root.refresh_from_db()
    assert (root.username, root.is_superuser) == ("root", True)


def test_tenant_members_cannot_reach_the_admin(client, tenant):
    client.force_login(make_member(tenant, Role.ADMIN))
    response = client.get(reverse("admin:memory_core_tenant_changelist"))
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_searching_writes_by_a_malformed_id_is_no_error(operator_client, records):
    changelist = reverse("admin:memory_core_writerequest_changelist")
    assert operator_client.get(changelist, {"q": "not-a-uuid"}).status_code == 200
    found = operator_client.get(changelist, {"q": str(records["writerequest"])})
    assert str(records["writerequest"]) in found.content.decode()
