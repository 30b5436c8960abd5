"""Erasure screens and POST /api/v1/forget: success, refusals, wrong tenant."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from approvals.erasure.requests import erasure_file
from approvals.models import ErasureRequest, ErasureStatus
from memory_core.models import Role
from tests.factories import make_member
from tests.memory_core.lifecycle.test_erasure import JANE_EMAIL

pytestmark = pytest.mark.django_db


@pytest.fixture
def officer(tenant):
    return make_member(tenant, Role.COMPLIANCE_OFFICER, username="olga")


def login(client, user):
    client.force_login(user)
    return client


def filed(tenant, user, email=JANE_EMAIL):
    return erasure_file(
        tenant=tenant,
        identifiers=[("email", email)],
        legal_basis="objection",
        user=user,
    )


def test_an_officer_files_previews_executes_and_gets_the_certificate(
    client, tenant, officer
):
    login(client, officer)
    response = client.post(
        reverse("erasure_new", args=[tenant.slug]),
        {"emails": JANE_EMAIL, "names": "Jane Doe", "legal_basis": "objection"},
    )
    request = ErasureRequest.objects.get()
    assert response.status_code == 302
    detail = client.get(reverse("erasure_detail", args=[tenant.slug, request.pk]))
    assert b"Nothing matches these identifiers" in detail.content
    assert b"left" in detail.content  # the SLA countdown
    assert JANE_EMAIL.encode() not in detail.content
    # Four eyes: another officer executes, typing the request id back.
    login(client, make_member(tenant, Role.COMPLIANCE_OFFICER, username="otis"))
    started = client.post(
        reverse("erasure_execute", args=[tenant.slug, request.pk]),
        {"confirm": str(request.pk)[:8]},
    )
    assert started.status_code == 302
    from approvals.erasure.job import erasure_run

    erasure_run(request_id=request.pk)
    page = client.get(reverse("erasure_certificate", args=[tenant.slug, request.pk]))
    assert request.subject_hash.encode() in page.content
    download = client.get(
        reverse("erasure_certificate_json", args=[tenant.slug, request.pk])
    )
    assert "attachment" in download["Content-Disposition"]
    certificate = json.loads(download.content)
    assert certificate["request_id"] == str(request.pk)
    assert "jane" not in download.content.decode().lower()


def test_the_list_flags_overdue_requests_and_the_nav_badge(client, tenant, officer):
    request = filed(tenant, officer)
    ErasureRequest.objects.filter(pk=request.pk).update(
        due_at=request.created_at.replace(year=2000)
    )
    page = login(client, officer).get(reverse("erasure_list", args=[tenant.slug]))
    assert b"overdue by" in page.content
    assert b"1 overdue" in page.content  # the navigation's badge


def test_an_invalid_form_is_refused_with_why(client, tenant, officer):
    response = login(client, officer).post(
        reverse("erasure_new", args=[tenant.slug]),
        {"emails": "not-an-email", "legal_basis": "objection"},
    )
    assert response.status_code == 422
    assert b"not an email address" in response.content
    assert not ErasureRequest.objects.exists()


def test_a_viewer_gets_403_and_nothing_changes(client, tenant, officer):
    request = filed(tenant, officer)
    viewer = make_member(tenant, Role.VIEWER, username="vic")
    login(client, viewer)
    assert client.get(reverse("erasure_list", args=[tenant.slug])).status_code == 403
    url = reverse("erasure_execute", args=[tenant.slug, request.pk])
    assert client.post(url).status_code == 403
    curator = make_member(tenant, Role.CURATOR, username="cora")
    login(client, curator)
    assert client.post(url).status_code == 403
    request.refresh_from_db()
    assert request.status == ErasureStatus.FILED


def test_another_tenants_request_is_404(client, tenant, other_tenant, officer):
    request = filed(tenant, officer)
    outsider = make_member(other_tenant, Role.COMPLIANCE_OFFICER, username="otto")
    login(client, outsider)
    for name in ("erasure_detail", "erasure_certificate"):
        url = reverse(name, args=[other_tenant.slug, request.pk])
        assert client.get(url).status_code == 404
    url = reverse("erasure_execute", args=[other_tenant.slug, request.pk])
    assert client.post(url).status_code == 404
    request.refresh_from_db()
    assert request.status == ErasureStatus.FILED


def test_a_curator_files_from_a_memory(client, tenant):
    curator = make_member(tenant, Role.CURATOR, username="cora")
    from tests.memory_core.lifecycle.test_erasure import orm_item

    item = orm_item(tenant, "Some memory.")
    login(client, curator)
    form = client.get(reverse("erasure_new", args=[tenant.slug]) + f"?memory={item.pk}")
    assert str(item.pk).encode() in form.content
    client.post(
        reverse("erasure_new", args=[tenant.slug]),
        {"memory": str(item.pk), "legal_basis": "objection"},
    )
    request = ErasureRequest.objects.get()
    assert request.identifier_kinds == ["memory"] and request.source == "memory"


# The agents' API


def test_forget_files_a_request(api, tenant):
    response = api.post(
        "/api/v1/forget",
        {
            "identifiers": [{"kind": "email", "value": JANE_EMAIL}],
            "legal_basis": "consent_withdrawn",
            "scope": "/org/acme/user/42/",
        },
        format="json",
    )
    assert response.status_code == 202, response.content
    request = ErasureRequest.objects.get(pk=response.json()["id"])
    assert response.json()["status"] == "filed"
    assert request.source == "api" and request.within_scope == "/org/acme/user/42/"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"identifiers": [], "legal_basis": "objection"}, "invalid_forget"),
        (
            {
                "identifiers": [{"kind": "email", "value": "x"}],
                "legal_basis": "objection",
            },
            "invalid_identifier",
        ),
        (
            {
                "identifiers": [{"kind": "pin", "value": "1"}],
                "legal_basis": "objection",
            },
            "invalid_forget",
        ),
        ({"identifiers": [{"kind": "email", "value": JANE_EMAIL}]}, "invalid_forget"),
    ],
)
def test_forget_refuses_bad_bodies_in_the_error_shape(api, body, code):
    response = api.post("/api/v1/forget", body, format="json")
    assert response.status_code == 422
    assert response.json()["error"]["code"] == code
    assert not ErasureRequest.objects.exists()


def test_forget_outside_the_agents_scopes_is_403(api, tenant):
    response = api.post(
        "/api/v1/forget",
        {
            "identifiers": [{"kind": "name", "value": "Jane Doe"}],
            "legal_basis": "objection",
            "scope": "/org/globex/user/1/",
        },
        format="json",
    )
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "scope_not_allowed"


def test_forget_needs_a_token(client):
    response = client.post("/api/v1/forget", {}, content_type="application/json")
    assert response.status_code == 401


def test_the_form_files_home_addresses_and_birth_dates(client, tenant, officer):
    from approvals.erasure.selectors import erasure_identifiers

    response = login(client, officer).post(
        reverse("erasure_new", args=[tenant.slug]),
        {
            "addresses": "18 Harbour Lane, Falmouth TR11 2AB",
            "birth_dates": "14 February 1979\n1979-02-14",
            "legal_basis": "objection",
        },
    )
    assert response.status_code == 302
    request = ErasureRequest.objects.get()
    assert [(i.kind, i.value) for i in erasure_identifiers(request)] == [
        ("address", "18 harbour lane falmouth tr11 2ab"),
        ("date_of_birth", "1979-02-14"),
    ]
    bad = client.post(
        reverse("erasure_new", args=[tenant.slug]),
        {"birth_dates": "next Tuesday", "legal_basis": "objection"},
    )
    assert bad.status_code == 422
    assert b"not a date of birth" in bad.content
