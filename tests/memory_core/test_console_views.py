"""The console's memory and write pages: access, filters, partials, pagination."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from memory_core.models import MemoryItem, VersionStatus, WriteRequest, WriteStatus
from memory_core.services.writes import write_process, write_submit
from tests.conftest import RLS_QUERIES
from tests.factories import make_agent, make_member

HTMX = {"HTTP_HX_REQUEST": "true"}
_vectors = iter(range(10_000))


def unit_vector() -> list[float]:
    """Return a fresh one-hot 384-d vector: no two writes look semantically alike."""
    vector = [0.0] * 384
    vector[next(_vectors) % 384] = 1.0
    return vector


def write(
    agent,
    content: str,
    *,
    scope: str | None = None,
    layer: str = "episodic",
    key: str | None = None,
    process: bool = True,
) -> WriteRequest:
    """Submit a write through the service, run the pipeline, return the stored write."""
    payload = {
        "scope": scope or f"/org/{agent.tenant.slug}/user/42/",
        "layer": layer,
        "content": content,
        "key": key,
        "source": "user_stated",
        "confidence": 0.9,
        "embedding": unit_vector(),
        "evidence": [{"source_type": "DOCUMENT", "uri": "doc://runbook"}],
    }
    result = write_submit(agent=agent, payload=payload, idempotency_key=None)
    if process and result.write.status == WriteStatus.QUEUED:
        write_process(write_id=result.write.id)
    result.write.refresh_from_db()
    return result.write


@pytest.fixture
def agent(agent_and_token, tenant):
    # These tests fill pages: lift rate limits, and let every write commit.
    tenant.policy = {
        "rate_limits": dict.fromkeys(
            ["session", "episodic", "semantic", "procedural"], 1000
        ),
        "storm_writes_per_minute": 1000,
        "async_review_at": 0.99,
        "sync_block_at": 0.999,
    }
    tenant.save(update_fields=["policy"])
    return agent_and_token[0]


@pytest.fixture
def curator(tenant):
    return make_member(tenant)


@pytest.fixture
def browser(client: Client, curator) -> Client:
    client.force_login(curator)
    return client


@pytest.fixture
def outsider(other_tenant):
    return make_member(other_tenant)


@pytest.fixture
def memory(agent) -> MemoryItem:
    committed = write(agent, "The user prefers dark mode.", key="theme")
    assert committed.status == WriteStatus.COMMITTED
    return committed.memory_item


def tenant_urls(tenant, item_id, write_id) -> list[str]:
    return [
        reverse("memory_list", args=[tenant.slug]),
        reverse("memory_detail", args=[tenant.slug, item_id]),
        reverse("write_list", args=[tenant.slug]),
        reverse("write_detail", args=[tenant.slug, write_id]),
        reverse("audit_event_list", args=[tenant.slug]),
    ]


def rows(response) -> int:
    """Return the number of body rows in the response's (first) results table."""
    body = response.content.decode()
    return body.split("<tbody>")[1].split("</tbody>")[0].count("<tr")


# Access


def test_home_sends_a_member_to_their_first_tenant(browser, tenant):
    # A curator's landing page is the dashboard (tests/metrics/test_dashboard.py).
    response = browser.get(reverse("home"))
    assert response.status_code == 302
    assert response["Location"] == reverse("metrics_dashboard", args=[tenant.slug])


def test_home_without_a_tenant_says_so(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("loner", password="pw"))
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert b"not a member of any tenant" in response.content


def test_anonymous_is_sent_to_login(client, tenant, memory):
    write_id = WriteRequest.objects.get(memory_item=memory).pk
    for url in [reverse("home"), *tenant_urls(tenant, memory.pk, write_id)]:
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login") + "?next="), url


def test_login_and_logout(client, tenant):
    make_member(tenant, username="carol", password="s3cret-pass")
    page = client.get(reverse("login"))
    assert page.status_code == 200
    assert b'name="password"' in page.content
    response = client.post(
        reverse("login"), {"username": "carol", "password": "s3cret-pass"}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert client.get(reverse("memory_list", args=[tenant.slug])).status_code == 200
    assert client.post(reverse("logout")).status_code == 302
    assert client.get(reverse("memory_list", args=[tenant.slug])).status_code == 302


def test_wrong_password_shows_an_error(client, tenant):
    make_member(tenant, username="dave", password="right-password")
    response = client.post(reverse("login"), {"username": "dave", "password": "wrong"})
    assert response.status_code == 200
    assert b"callout-rejected" in response.content


def test_other_tenants_pages_are_not_found(client, outsider, tenant, memory):
    client.force_login(outsider)
    write_id = WriteRequest.objects.get(memory_item=memory).pk
    for url in tenant_urls(tenant, memory.pk, write_id):
        assert client.get(url).status_code == 404, url
        assert client.get(url, **HTMX).status_code == 404, url


def test_unknown_tenant_is_not_found(browser):
    assert browser.get(reverse("memory_list", args=["no-such-org"])).status_code == 404


def test_other_tenants_objects_under_own_slug_are_not_found(
    client, tenant, other_tenant, memory
):
    """A member of both tenants still cannot reach B's objects through A's pages."""
    user = make_member(tenant)
    make_member(other_tenant, username=user.username)
    client.force_login(user)
    agent_b, _ = make_agent(other_tenant)
    theirs = write(
        agent_b, "Globex keeps its own memories.", scope="/org/globex/user/7/"
    )
    assert theirs.status == WriteStatus.COMMITTED
    urls = [
        reverse("memory_detail", args=[tenant.slug, theirs.memory_item_id]),
        reverse("write_detail", args=[tenant.slug, theirs.pk]),
        reverse("memory_detail", args=[tenant.slug, uuid.uuid4()]),
        reverse("write_detail", args=[tenant.slug, uuid.uuid4()]),
    ]
    for url in urls:
        assert client.get(url).status_code == 404, url
    own = reverse("memory_detail", args=[other_tenant.slug, theirs.memory_item_id])
    assert client.get(own).status_code == 200


# Layout


def test_layout_has_nav_csrf_headers_and_vendored_htmx(browser, tenant, curator):
    body = browser.get(reverse("memory_list", args=[tenant.slug])).content.decode()
    assert "Memory Governance Console" in body
    assert 'hx-headers=\'{"X-CSRFToken": "' in body
    assert "/static/js/htmx.min.js" in body
    for name in ("memory_list", "write_list", "audit_event_list"):
        assert f'href="{reverse(name, args=[tenant.slug])}"' in body
    assert curator.username in body
    assert f'action="{reverse("logout")}"' in body
    assert tenant.name in body


def test_switcher_only_for_members_of_several_tenants(
    client, tenant, other_tenant, memory
):
    single = make_member(tenant)
    client.force_login(single)
    page = client.get(reverse("memory_list", args=[tenant.slug]))
    assert b'id="tenant-switcher"' not in page.content

    make_member(other_tenant, username=single.username)
    page = client.get(reverse("memory_list", args=[tenant.slug]))
    assert b'id="tenant-switcher"' in page.content
    assert f'href="{reverse("memory_list", args=[other_tenant.slug])}"'.encode() in (
        page.content
    )

    # The same kind of page in the other tenant; an object page goes to its list.
    page = client.get(reverse("audit_event_list", args=[tenant.slug]))
    assert (
        f'href="{reverse("audit_event_list", args=[other_tenant.slug])}"'.encode()
        in (page.content)
    )
    page = client.get(reverse("memory_detail", args=[tenant.slug, memory.pk]))
    assert f'href="{reverse("memory_list", args=[other_tenant.slug])}"'.encode() in (
        page.content
    )


# Memory browser


def test_memory_list_full_page_and_partial(browser, tenant, memory):
    url = reverse("memory_list", args=[tenant.slug])
    page = browser.get(url)
    assert page.status_code == 200
    assert b"<html" in page.content
    assert b"The user prefers dark mode." in page.content
    assert (
        reverse("memory_detail", args=[tenant.slug, memory.pk]).encode() in page.content
    )
    assert b'hx-get="' + url.encode() + b'"' in page.content
    assert "HX-Request" in page["Vary"]

    fragment = browser.get(url, **HTMX)
    assert fragment.status_code == 200
    assert b"<html" not in fragment.content
    assert b"<form" not in fragment.content
    assert fragment.content.strip().startswith(b'<section id="memory-results"')
    assert b"The user prefers dark mode." in fragment.content


def test_history_restore_gets_the_full_page(browser, tenant, memory):
    url = reverse("memory_list", args=[tenant.slug])
    page = browser.get(url, HTTP_HX_HISTORY_RESTORE_REQUEST="true", **HTMX)
    assert b"<html" in page.content


def test_memory_filters(browser, tenant, agent):
    write(agent, "Invoices go out on Mondays.", layer="episodic")
    write(agent, "Deploys need a green build.", layer="procedural", scope="/org/acme/")
    write(agent, "The user's cat is called Miso.", scope="/org/acme/user/43/")
    gone = write(agent, "An old fact that expired.")
    MemoryItem.objects.filter(pk=gone.memory_item_id).update(
        status=VersionStatus.EXPIRED
    )
    url = reverse("memory_list", args=[tenant.slug])

    def shown(**params) -> str:
        return browser.get(url, params, **HTMX).content.decode()

    everything = shown()
    assert "Invoices" in everything and "Miso" in everything
    assert "An old fact" not in everything  # active by default
    assert "An old fact" in shown(status="")
    assert "An old fact" in shown(status="expired")
    assert "Invoices" not in shown(status="expired")
    by_layer = shown(layer="procedural")
    assert "Deploys" in by_layer and "Invoices" not in by_layer
    by_scope = shown(scope="/org/acme/user/43/")
    assert "Miso" in by_scope and "Invoices" not in by_scope
    by_text = shown(q="invoices")
    assert "Invoices" in by_text and "Miso" not in by_text
    # An unknown layer is ignored rather than matching nothing.
    assert "Invoices" in shown(layer="bogus")


def test_memory_filter_form_shows_scopes_and_selection(browser, tenant):
    body = browser.get(
        reverse("memory_list", args=[tenant.slug]),
        {"scope": "/org/acme/user/43/", "layer": "semantic"},
    ).content.decode()
    for path in ("/global/", "/org/acme/", "/org/acme/user/42/"):
        assert f'<option value="{path}">' in body
    assert '<option value="/org/acme/user/43/" selected>' in body
    assert '<option value="semantic" selected>' in body
    assert '<option value="active" selected>' in body


def test_memory_pagination(browser, tenant, agent):
    for n in range(51):
        write(agent, f"Memory number {n} of the pagination test.")
    url = reverse("memory_list", args=[tenant.slug])
    first = browser.get(url, {"q": "pagination"}, **HTMX)
    assert rows(first) == 50
    body = first.content.decode()
    assert "51 memories" in body
    link = re.search(r'<a href="([^"]+)" hx-get="([^"]+)"[^>]*rel="next"', body)
    assert link and link.group(1) == link.group(2)
    assert "page=2" in link.group(1) and "q=pagination" in link.group(1)
    second = browser.get(url, {"q": "pagination", "page": 2}, **HTMX)
    assert rows(second) == 1
    assert "Memory number 0 " in second.content.decode()  # oldest last


def test_memory_list_query_count_is_constant(
    browser, tenant, agent, django_assert_num_queries
):
    url = reverse("memory_list", args=[tenant.slug])
    write(agent, "The first memory.")
    with django_assert_num_queries(7 + RLS_QUERIES):
        assert rows(browser.get(url)) == 1
    for n in range(12):
        write(
            agent,
            f"One more memory, number {n}.",
            key=f"k{n}",
            layer="semantic",
            scope="/org/acme/",
        )
    with django_assert_num_queries(7 + RLS_QUERIES):
        assert rows(browser.get(url)) == 13
    # No scopes and no switcher in the fragment.
    with django_assert_num_queries(5 + RLS_QUERIES):
        assert rows(browser.get(url, **HTMX)) == 13


# Memory detail


def test_memory_detail_shows_versions_and_log(browser, tenant, agent, memory):
    update = write(agent, "The user prefers light mode now.", key="theme")
    assert update.status == WriteStatus.COMMITTED
    assert update.memory_item_id == memory.pk
    url = reverse("memory_detail", args=[tenant.slug, memory.pk])
    body = browser.get(url).content.decode()
    assert "The user prefers light mode now." in body
    assert "The user prefers dark mode." in body
    assert "v1" in body and "v2" in body
    assert "badge-superseded" in body and "badge-active" in body
    assert ">insert<" in body and ">update<" in body
    assert "update by the write pipeline" in body
    assert agent.name in body

    fragment = browser.get(url, **HTMX)
    assert b"<html" not in fragment.content
    assert fragment.content.strip().startswith(b'<article id="memory-detail"')


# Writes


def test_write_list_and_status_filter(browser, tenant, agent, memory):
    refused = write(agent, "Where does this go?", scope="/org/acme/no-such-scope/")
    assert refused.status == WriteStatus.REJECTED
    url = reverse("write_list", args=[tenant.slug])
    page = browser.get(url)
    body = page.content.decode()
    assert "<html" in body
    assert "The user prefers dark mode." in body
    assert "badge-committed" in body and "badge-rejected" in body
    assert reverse("write_detail", args=[tenant.slug, refused.pk]) in body

    rejected = browser.get(url, {"status": "rejected"}, **HTMX)
    assert b"<html" not in rejected.content
    assert rows(rejected) == 1
    assert refused.code.encode() in rejected.content
    committed = browser.get(url, {"status": "committed"}, **HTMX)
    assert rows(committed) == 1
    assert b"The user prefers dark mode." in committed.content


def test_write_pagination(browser, tenant, agent):
    for n in range(51):
        write(agent, f"Queued write {n}.", process=False)
    url = reverse("write_list", args=[tenant.slug])
    assert rows(browser.get(url, **HTMX)) == 50
    assert rows(browser.get(url, {"page": 2}, **HTMX)) == 1


def test_write_list_query_count_is_constant(
    browser, tenant, agent, django_assert_num_queries
):
    url = reverse("write_list", args=[tenant.slug])
    write(agent, "A single write.")
    with django_assert_num_queries(6 + RLS_QUERIES):
        assert rows(browser.get(url)) == 1
    other_agent, _ = make_agent(tenant)
    for n in range(6):
        write(agent, f"Write {n} by the first agent.")
        write(other_agent, f"Write {n} by the second agent.")
    with django_assert_num_queries(6 + RLS_QUERIES):
        assert rows(browser.get(url)) == 13


def test_write_detail_shows_content_and_gate_decisions(browser, tenant, agent, memory):
    committed = WriteRequest.objects.get(memory_item=memory)
    url = reverse("write_detail", args=[tenant.slug, committed.pk])
    body = browser.get(url).content.decode()
    assert "The user prefers dark mode." in body
    for decision in committed.gate_decisions:
        assert f'<td class="mono">{decision["gate"]}</td>' in body
    assert "badge-accept" in body
    assert reverse("memory_detail", args=[tenant.slug, memory.pk]) in body
    assert "0.0, 0.0" not in body  # the vector is not dumped on the page

    fragment = browser.get(url, **HTMX)
    assert fragment.content.strip().startswith(b'<article id="write-detail"')


def test_refused_write_detail_shows_why_and_no_content(browser, tenant, agent):
    refused = write(agent, "Where does this go?", scope="/org/acme/no-such-scope/")
    body = browser.get(reverse("write_detail", args=[tenant.slug, refused.pk])).content
    body = body.decode()
    assert "badge-reject" in body
    assert "unknown_scope" in body
    assert "Where does this go?" not in body
    assert "content was not stored" in body
