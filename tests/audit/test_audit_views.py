"""The audit trail page: members only, newest first, filter by action, paginated."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.urls import reverse

from audit.models import AuditEvent
from audit.services import Actor, AuditEntry, audit_events_record
from tests.conftest import RLS_QUERIES
from tests.factories import make_member

HTMX = {"HTTP_HX_REQUEST": "true"}


def record(tenant, *actions: str) -> None:
    """Append events with these actions to the tenant's chain."""
    with transaction.atomic():
        audit_events_record(
            tenant_id=tenant.id,
            actor=Actor(type="user", id="1", label="auditor-bot"),
            entries=[
                AuditEntry(
                    action=a,
                    object_type="thing",
                    object_id=f"obj-{i}",
                    reason=f"reason {i}",
                )
                for i, a in enumerate(actions)
            ],
        )


def rows(response) -> int:
    body = response.content.decode()
    return body.split("<tbody>")[1].split("</tbody>")[0].count("<tr")


@pytest.fixture
def browser(client, tenant):
    client.force_login(make_member(tenant))
    return client


@pytest.fixture
def url(tenant) -> str:
    return reverse("audit_event_list", args=[tenant.slug])


def test_events_newest_first_with_hash_and_actor(browser, tenant, url):
    record(tenant, "memory.pin", "memory.unpin")
    last = AuditEvent.objects.filter(tenant_id=tenant.id).order_by("-seq").first()
    response = browser.get(url)
    assert response.status_code == 200
    assert b"<html" in response.content
    body = response.content.decode().split("<tbody>")[1]
    assert (
        body.index("memory.unpin")
        < body.index("memory.pin")
        < body.index("tenant.create")
    )
    assert last.hash[:10] in body and f'title="{last.hash}"' in body
    assert "auditor-bot" in body and "reason 1" in body


def test_htmx_request_gets_the_results_partial(browser, url):
    response = browser.get(url, **HTMX)
    assert response.status_code == 200
    assert b"<html" not in response.content
    assert response.content.strip().startswith(b'<section id="audit-results"')
    assert b"tenant.create" in response.content


def test_filter_by_action_prefix(browser, tenant, url):
    record(tenant, "memory.pin", "memory.unpin", "erasure.execute")
    memory = browser.get(url, {"action": "memory."}, **HTMX)
    assert rows(memory) == 2
    assert b"erasure.execute" not in memory.content
    exact = browser.get(url, {"action": "memory.unpin"}, **HTMX)
    assert rows(exact) == 1
    none = browser.get(url, {"action": "nothing."}, **HTMX)
    assert b"No events" in none.content
    # Known actions and their prefixes are offered as suggestions.
    page = browser.get(url).content.decode()
    assert '<option value="memory.">' in page and '<option value="memory.pin">' in page


def test_pagination(browser, tenant, url):
    record(tenant, *[f"test.event{n}" for n in range(60)])
    total = AuditEvent.objects.filter(tenant_id=tenant.id).count()
    first = browser.get(url, **HTMX)
    assert rows(first) == 50
    assert b"?page=2" in first.content
    second = browser.get(url, {"page": 2}, **HTMX)
    assert rows(second) == total - 50
    assert b"tenant.create" in second.content


def test_only_the_tenants_own_events(browser, other_tenant, url):
    record(other_tenant, "globex.secret")
    body = browser.get(url).content
    assert b"globex.secret" not in body
    assert str(other_tenant.id).encode() not in body


def test_anonymous_redirects_and_outsiders_get_404(client, other_tenant, url):
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    client.force_login(make_member(other_tenant))
    assert client.get(url).status_code == 404
    assert client.get(url, **HTMX).status_code == 404


def test_query_count_is_constant(browser, tenant, url, django_assert_num_queries):
    with django_assert_num_queries(7 + RLS_QUERIES):
        browser.get(url)
    record(tenant, *[f"test.event{n}" for n in range(30)])
    with django_assert_num_queries(7 + RLS_QUERIES):
        assert rows(browser.get(url)) > 30
