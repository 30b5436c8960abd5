"""The memory page's curation actions and the as-of view, over HTTP."""

# ruff: noqa: F811 - the fixtures imported below are arguments of the tests

from __future__ import annotations

import re
import uuid
from urllib.parse import parse_qs, urlparse

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from audit.models import AuditEvent
from memory_core.models import (
    MemoryAnnotation,
    MemoryItem,
    MemoryLogEntry,
    MemoryVersion,
    Role,
)
from memory_core.services.curation import memory_promote, version_rollback
from tests.conftest import RLS_QUERIES
from tests.factories import make_member
from tests.memory_core.services.test_curation import (  # noqa: F401
    TASK_SCOPE,
    agent,
    committed,
    curator,
    memory,
    outsider,
    task_scope,
    updated,
    viewer,
)

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "memory-detail"}
# Session, user, membership, item, versions, log, notes, promotion targets,
# switcher tenants.
QUERIES_PER_MEMORY_PAGE = 9 + RLS_QUERIES


@pytest.fixture
def browser(client: Client, curator) -> Client:
    client.force_login(curator)
    return client


def detail_url(tenant, item) -> str:
    return reverse("memory_detail", args=[tenant.slug, item.pk])


def action_url(tenant, item, action: str) -> str:
    return reverse(f"memory_{action}", args=[tenant.slug, item.pk])


def state(item) -> tuple:
    """What an action may change: versions, log, notes, audit, pinned."""
    item.refresh_from_db()
    return (
        MemoryVersion.objects.filter(item=item).count(),
        MemoryLogEntry.objects.filter(item=item).count(),
        MemoryAnnotation.objects.filter(item=item).count(),
        AuditEvent.objects.exclude(action="access.refused").count(),
        item.pinned,
        item.head_id,
        item.status,
    )


def posts(item) -> dict[str, dict[str, str]]:
    """A valid body for each action on `item` (v1 dark → v2 light)."""
    return {
        "pin": {"reason": "core preference"},
        "rollback": {"reason": "bad update", "version": str(item.head_id)},
        "expire": {"reason": "obsolete"},
        "reclassify": {"reason": "lasting", "layer": "semantic"},
        "promote": {"reason": "org-wide", "scope": "/org/acme/"},
        "annotate": {"text": "Checked with the user."},
    }


# The memory page


def test_curators_see_the_actions_viewers_do_not(client, tenant, updated, viewer):
    client.force_login(make_member(tenant, Role.CURATOR))
    body = client.get(detail_url(tenant, updated)).content.decode()
    assert 'id="memory-actions"' in body
    for action in ("pin", "rollback", "expire", "reclassify", "promote", "annotate"):
        url = action_url(tenant, updated, action)
        assert f'action="{url}"' in body and f'hx-post="{url}"' in body, action
    assert body.count('name="csrfmiddlewaretoken"') >= 6
    assert "Roll back v2" in body
    # The earlier versions to restore, the head's predecessor chosen.
    v1 = updated.versions.get(number=1)
    assert f'<option value="{v1.pk}" selected>v1 · superseded' in body

    client.force_login(viewer)
    body = client.get(detail_url(tenant, updated)).content.decode()
    assert 'id="memory-actions"' not in body
    assert "/curation/memories/" not in body
    assert "The user prefers light mode now." in body  # viewers still read


def test_the_page_shows_diffs_provenance_evidence_use_and_history(
    browser,
    tenant,
    updated,
):
    body = browser.get(detail_url(tenant, updated)).content.decode()
    assert "v1 → v2" in body
    assert "<del>dark</del>" in body and "<ins>light</ins>" in body
    assert 'id="memory-provenance"' in body and "doc://runbook" in body
    assert "HMAC " in body  # the signature, shortened
    assert 'id="memory-access"' in body and "reads" in body
    assert '<span class="outcome outcome-active">active</span>' in body
    # The versions table is still the page's first table (the journey test).
    first_table = body.split('id="memory-detail"')[1].split("<table")[1]
    assert "Valid from (UTC)" in first_table.split("</thead>")[0]


def test_diffs_escape_content(browser, tenant, agent):
    committed(agent, "Say <b>hello</b> & wave.", key="greeting")
    item = committed(agent, "Say <script>alert(1)</script> & wave.", key="greeting")
    body = browser.get(detail_url(tenant, item)).content.decode()
    assert "<script>alert(1)</script>" not in body
    assert "<ins>&lt;script&gt;alert(1)&lt;/script&gt;</ins>" in body
    assert "<del>&lt;b&gt;hello&lt;/b&gt;</del>" in body


def test_the_page_query_count_does_not_grow_with_versions(
    browser,
    tenant,
    agent,
    django_assert_num_queries,
):
    item = committed(agent, "Version 0 of the counter.", key="counter")
    with django_assert_num_queries(QUERIES_PER_MEMORY_PAGE):
        browser.get(detail_url(tenant, item))
    for n in range(1, 8):
        committed(agent, f"Version {n} of the counter.", key="counter")
    browser.post(action_url(tenant, item, "annotate"), {"text": "A note."}, **HTMX)
    with django_assert_num_queries(QUERIES_PER_MEMORY_PAGE):
        body = browser.get(detail_url(tenant, item)).content.decode()
    assert "v7 → v8" in body and "A note." in body


# Every action: success, full page and htmx


@pytest.mark.parametrize(
    "action", ["pin", "rollback", "expire", "reclassify", "promote", "annotate"]
)
def test_an_action_redirects_a_plain_post_with_a_message(
    browser,
    tenant,
    updated,
    action,
):
    before = state(updated)
    response = browser.post(action_url(tenant, updated, action), posts(updated)[action])
    assert response.status_code == 302
    assert response["Location"] == detail_url(tenant, updated)
    assert state(updated) != before
    page = browser.get(response["Location"]).content.decode()
    assert "callout-success" in page


@pytest.mark.parametrize(
    ("action", "done"),
    [
        ("pin", "Pinned."),
        ("rollback", "Rolled back"),
        ("expire", "Expired"),
        ("reclassify", "Reclassified."),
        ("promote", "Promoted."),
        ("annotate", "Note added."),
    ],
)
def test_an_action_answers_htmx_with_the_page_partial(
    browser,
    tenant,
    updated,
    action,
    done,
):
    response = browser.post(
        action_url(tenant, updated, action), posts(updated)[action], **HTMX
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert body.strip().startswith('<article id="memory-detail"')
    assert "<html" not in body
    assert f'<div class="callout callout-success" role="status">{done}' in body


def test_pin_then_unpin_changes_the_button(browser, tenant, memory):
    body = browser.post(
        action_url(tenant, memory, "pin"), {"reason": "x"}, **HTMX
    ).content.decode()
    assert "tag-pin" in body and action_url(tenant, memory, "unpin") in body
    body = browser.post(
        action_url(tenant, memory, "unpin"), {"reason": "y"}, **HTMX
    ).content.decode()
    assert action_url(tenant, memory, "pin") in body
    assert not MemoryItem.objects.get(pk=memory.pk).pinned


def test_rollback_restores_the_previous_content(browser, tenant, updated):
    body = browser.post(
        action_url(tenant, updated, "rollback"), posts(updated)["rollback"], **HTMX
    ).content.decode()
    block = re.search(r'<blockquote class="content-block">(.*?)</blockquote>', body)
    assert block and block.group(1) == "The user prefers dark mode."
    assert "badge-retracted" in body and "v2 → v3" in body


def test_rollback_restores_the_version_the_curator_chose(
    browser, tenant, agent, updated
):
    committed(agent, "The user prefers high-contrast mode.", key="theme")
    updated.refresh_from_db()
    v1 = updated.versions.get(number=1)
    body = browser.post(
        action_url(tenant, updated, "rollback"),
        {"reason": "back to the first", "version": str(updated.head_id)}
        | {"to_version": str(v1.pk)},
        **HTMX,
    ).content.decode()
    block = re.search(r'<blockquote class="content-block">(.*?)</blockquote>', body)
    assert block and block.group(1) == "The user prefers dark mode."
    updated.refresh_from_db()
    assert updated.head.number == 4
    response = browser.post(
        action_url(tenant, updated, "rollback"),
        {"reason": "x", "version": str(updated.head_id), "to_version": "v1"},
        **HTMX,
    )
    assert "Choose one of the earlier versions." in response.content.decode()


# Refusals


@pytest.mark.parametrize(
    "action", ["pin", "rollback", "expire", "reclassify", "promote", "annotate"]
)
def test_a_missing_reason_changes_nothing(browser, tenant, updated, action):
    body = {k: v for k, v in posts(updated)[action].items() if k not in ("reason",)}
    body.pop("text", None)
    before = state(updated)
    response = browser.post(action_url(tenant, updated, action), body)
    assert response.status_code == 422
    page = response.content.decode()
    assert "<html" in page and 'class="callout callout-error"' in page
    message = "Write the note." if action == "annotate" else "Give a reason"
    assert message in page
    assert state(updated) == before
    # htmx: the partial with the message, the failed action's form left open.
    response = browser.post(action_url(tenant, updated, action), body, **HTMX)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert '<details class="action" open>' in response.content.decode()
    assert state(updated) == before


def test_a_stale_rollback_form_is_refused(browser, tenant, updated, curator):
    stale = posts(updated)["rollback"]
    version_rollback(
        tenant=tenant,
        item_id=updated.pk,
        version_id=updated.head_id,
        user=curator,
        reason="someone else was faster",
    )
    before = state(updated)
    response = browser.post(action_url(tenant, updated, "rollback"), stale)
    assert response.status_code == 409
    assert "v2 is not the current version" in response.content.decode()
    response = browser.post(action_url(tenant, updated, "rollback"), stale, **HTMX)
    assert response.status_code == 200
    body = response.content.decode()
    assert "v2 is not the current version" in body
    assert "The user prefers dark mode." in body  # the page as it is now
    assert state(updated) == before


def test_rollback_of_a_version_that_is_not_the_head(browser, tenant, updated):
    v1 = updated.versions.get(number=1)
    response = browser.post(
        action_url(tenant, updated, "rollback"), {"reason": "x", "version": v1.pk}
    )
    assert response.status_code == 409
    assert "v1 is not the current version" in response.content.decode()


@pytest.mark.parametrize(
    ("scope", "message"),
    [
        ("/org/acme/user/43/", "sibling or another branch"),
        (TASK_SCOPE, "is below"),
        ("/nowhere/", "There is no scope"),
    ],
)
def test_promote_to_a_sibling_or_descendant_is_refused(
    browser,
    tenant,
    memory,
    task_scope,
    scope,
    message,
):
    before = state(memory)
    response = browser.post(
        action_url(tenant, memory, "promote"), {"reason": "x", "scope": scope}
    )
    assert response.status_code == 422
    assert message in response.content.decode()
    assert state(memory) == before


def test_invalid_layer_and_already_pinned(browser, tenant, memory):
    response = browser.post(
        action_url(tenant, memory, "reclassify"), {"reason": "x", "layer": "L9"}
    )
    assert response.status_code == 422
    assert "Choose one of the four layers." in response.content.decode()
    browser.post(action_url(tenant, memory, "pin"), {"reason": "x"})
    response = browser.post(action_url(tenant, memory, "pin"), {"reason": "x"})
    assert response.status_code == 409
    assert "already pinned" in response.content.decode()


@pytest.mark.parametrize(
    "action", ["pin", "rollback", "expire", "reclassify", "promote", "annotate"]
)
def test_a_viewer_is_forbidden(client, tenant, updated, viewer, action):
    client.force_login(viewer)
    before = state(updated)
    url = action_url(tenant, updated, action)
    assert client.post(url, posts(updated)[action]).status_code == 403
    assert client.post(url, posts(updated)[action], **HTMX).status_code == 403
    assert state(updated) == before


@pytest.mark.parametrize(
    "action", ["pin", "rollback", "expire", "reclassify", "promote", "annotate"]
)
def test_another_tenant_gets_not_found(
    client,
    tenant,
    other_tenant,
    updated,
    outsider,
    action,
):
    client.force_login(outsider)
    before = state(updated)
    body = posts(updated)[action]
    # Through the other tenant's slug: not a member there.
    assert client.post(action_url(tenant, updated, action), body).status_code == 404
    # Through their own slug: the memory is not theirs.
    url = reverse(f"memory_{action}", args=[other_tenant.slug, updated.pk])
    assert client.post(url, body).status_code == 404
    url = reverse(f"memory_{action}", args=[tenant.slug, uuid.uuid4()])
    assert client.post(url, body).status_code == 404
    assert state(updated) == before


def test_actions_need_post_and_csrf(tenant, updated, curator):
    client = Client(enforce_csrf_checks=True)
    client.force_login(curator)
    url = action_url(tenant, updated, "pin")
    assert client.get(url).status_code == 405
    assert client.post(url, {"reason": "x"}).status_code == 403
    assert not MemoryItem.objects.get(pk=updated.pk).pinned


def test_anonymous_is_sent_to_login(client, tenant, updated):
    response = client.post(action_url(tenant, updated, "pin"), {"reason": "x"})
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


# As of


def as_of_url(tenant) -> str:
    return reverse("scope_as_of", args=[tenant.slug])


def shown(response) -> str:
    body = response.content.decode()
    return body.split('id="asof-results"')[1] if 'id="asof-results"' in body else ""


def test_as_of_shows_the_scope_as_it_was(browser, tenant, updated, curator):
    v1, v2 = updated.versions.order_by("number")
    version_rollback(
        tenant=tenant, item_id=updated.pk, version_id=v2.pk, user=curator, reason="x"
    )
    v2.refresh_from_db()
    url = as_of_url(tenant)
    params = {"scope": "/org/acme/user/42/"}
    then = shown(browser.get(url, {**params, "at": v2.valid_from.isoformat()}))
    assert "The user prefers light mode now." in then and "dark" not in then
    before = shown(browser.get(url, {**params, "at": v1.valid_from.isoformat()}))
    assert "The user prefers dark mode." in before and "light" not in before
    now = shown(browser.get(url, params))
    assert "The user prefers dark mode." in now and "v3" in now
    other = shown(browser.get(url, {"scope": "/org/acme/user/43/"}))
    assert "Nothing was visible" in other


def test_as_of_full_page_and_partial(browser, tenant, memory):
    url = as_of_url(tenant)
    page = browser.get(url)
    body = page.content.decode()
    assert page.status_code == 200 and "<html" in body
    assert 'type="datetime-local"' in body and 'name="at"' in body
    assert f'hx-get="{url}"' in body and f'action="{url}"' in body
    assert "The user prefers dark mode." in body
    fragment = browser.get(url, HTTP_HX_REQUEST="true")
    assert fragment.content.decode().strip().startswith('<section id="asof-results"')


def test_as_of_counts_up_to_a_cap(browser, tenant, agent, monkeypatch):
    """Past the cap the page says "more than" and reads no further rows."""
    monkeypatch.setattr("memory_core.pagination.CappedPaginator.cap", 4)
    for n in range(4):
        committed(agent, f"Capped memory number {n}.")
    exact = shown(browser.get(as_of_url(tenant), {"scope": "/org/acme/user/42/"}))
    assert "<strong>4</strong> memories visible" in exact and "More than" not in exact
    committed(agent, "Capped memory number 4.")
    with CaptureQueriesContext(connection) as queries:
        body = shown(browser.get(as_of_url(tenant), {"scope": "/org/acme/user/42/"}))
    assert "More than <strong>4</strong> memories visible" in body
    assert "pick a scope, layer or moment" in body
    assert body.count("<tr") == 5  # the header and the four counted rows
    counted = 'SELECT COUNT(*) FROM (SELECT "memory_core_memoryversion"'
    counts = [
        q["sql"] for q in queries.captured_queries if q["sql"].startswith(counted)
    ]
    assert len(counts) == 1 and "LIMIT 5" in counts[0]


def test_as_of_follows_a_promoted_memory(browser, tenant, agent, curator, task_scope):
    item = committed(agent, "Lesson: retry the export once.", scope=TASK_SCOPE)
    first = item.head
    memory_promote(
        tenant=tenant,
        item_id=item.pk,
        user=curator,
        scope_path="/org/acme/user/42/",
        reason="x",
    )
    at = first.valid_from.isoformat()
    assert "Lesson" in shown(
        browser.get(as_of_url(tenant), {"scope": TASK_SCOPE, "at": at})
    )
    assert "Lesson" not in shown(browser.get(as_of_url(tenant), {"scope": TASK_SCOPE}))
    # The memory's own link finds the scope it was in at the time.
    then = shown(browser.get(as_of_url(tenant), {"memory": item.pk, "at": at}))
    assert TASK_SCOPE in then and "Lesson" in then


def test_as_of_bad_input(browser, tenant, memory):
    response = browser.get(as_of_url(tenant), {"at": "yesterday"})
    assert response.status_code == 200
    body = response.content.decode()
    assert "Enter a date and time" in body and "Showing the present" in body
    assert "The user prefers dark mode." in body
    assert browser.get(as_of_url(tenant), {"scope": "/nope/"}).status_code == 404
    assert browser.get(as_of_url(tenant), {"memory": uuid.uuid4()}).status_code == 404


def test_as_of_is_tenant_scoped(client, tenant, other_tenant, memory, outsider):
    client.force_login(outsider)
    assert client.get(as_of_url(tenant)).status_code == 404
    own = client.get(as_of_url(other_tenant)).content.decode()
    assert "dark mode" not in own
    assert client.get(as_of_url(other_tenant), {"memory": memory.pk}).status_code == 404


def test_as_of_query_count_is_constant(
    browser,
    tenant,
    agent,
    django_assert_num_queries,
):
    committed(agent, "The first memory.")
    with django_assert_num_queries(8 + RLS_QUERIES):
        browser.get(as_of_url(tenant), {"scope": "/org/acme/user/42/"})
    for n in range(10):
        committed(agent, f"Memory {n} for the count.")
    with django_assert_num_queries(8 + RLS_QUERIES):
        body = shown(browser.get(as_of_url(tenant), {"scope": "/org/acme/user/42/"}))
    assert body.count("<tr") == 12  # the header and eleven rows


def test_audit_events_link_to_their_scope_as_of_then(browser, tenant, updated):
    body = browser.get(reverse("audit_event_list", args=[tenant.slug])).content
    links = re.findall(r'class="asof-link" href="([^"]+)"', body.decode())
    assert links
    for link in links:
        query = parse_qs(urlparse(link.replace("&amp;", "&")).query)
        assert set(query) & {"scope", "memory"} and "at" in query
        assert browser.get(link.replace("&amp;", "&")).status_code == 200
    insert = AuditEvent.objects.filter(action="memory.insert").first()
    response = browser.get(
        as_of_url(tenant),
        {"scope": insert.metadata["scope_id"], "at": insert.created_at.isoformat()},
    )
    assert "The user prefers dark mode." in shown(response)
