"""The console's 404 page: the console layout with a way back, never Django's own."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.urls import reverse

from memory_core.models import Role
from tests.factories import make_member

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def assert_console_404(response, back: str) -> str:
    body = response.content.decode()
    assert response.status_code == 404
    assert "Page not found" in body
    assert 'class="topbar"' in body  # the console layout
    assert f'href="{back}"' in body  # the way back
    # Neither Django's technical page nor the raised exception's text.
    for leak in ("Traceback", "Using the URLconf", "Raised by", "No MemoryItem"):
        assert leak not in body, leak
    return body


def test_an_unknown_memory_id_in_a_tenant_shows_the_console_404(client: Client, tenant):
    client.force_login(make_member(tenant))
    url = reverse("memory_detail", args=[tenant.slug, uuid.uuid4()])
    body = assert_console_404(
        client.get(url), reverse("memory_list", args=[tenant.slug])
    )
    assert 'aria-label="Sections"' in body  # the tenant's nav is there


def test_an_unknown_tenant_shows_the_console_404(client: Client, tenant):
    client.force_login(make_member(tenant))
    response = client.get(reverse("memory_list", args=["no-such-org"]))
    assert_console_404(response, reverse("home"))


def test_an_unknown_page_shows_the_console_404_to_anonymous_visitors(client: Client):
    response = client.get("/no-such-page/")
    assert_console_404(response, reverse("login"))


def test_an_unknown_id_through_htmx_is_a_short_notice(client: Client, tenant):
    client.force_login(make_member(tenant))
    url = reverse("memory_detail", args=[tenant.slug, uuid.uuid4()])
    response = client.get(url, **HTMX)
    assert response.status_code == 404
    assert 'role="alert"' in response.content.decode()
    assert "<html" not in response.content.decode()


def test_the_api_keeps_its_json_404(client: Client):
    response = client.get("/api/v1/no-such-endpoint")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")


@pytest.mark.parametrize("page", ["admin_members", "admin_policy", "compliance_report"])
def test_a_refused_page_is_the_console_403(client: Client, tenant, page):
    client.force_login(make_member(tenant, Role.VIEWER))
    response = client.get(reverse(page, args=[tenant.slug]))
    body = response.content.decode()
    assert response.status_code == 403
    assert 'class="topbar"' in body and 'aria-label="Sections"' in body
    assert "Traceback" not in body and "403 Forbidden" not in body
