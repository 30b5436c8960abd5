"""Admin → Scopes: the tree, its counts, and create, rename, archive, unarchive."""

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

from audit.models import AuditEvent
from memory_core.models import Role, Scope, WriteRequest, WriteStatus
from memory_core.services.scopes import admin_scope_create, scope_create_for_write
from memory_core.services.tenancy import scope_create
from tests.approvals.test_admin_views import policy_data
from tests.factories import SYSTEM, make_agent, make_member
from tests.memory_core.services.test_curation import committed

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def admin(tenant) -> User:
    return make_member(tenant, Role.ADMIN, username="ada")


@pytest.fixture
def browser(client: Client, admin) -> Client:
    client.force_login(admin)
    return client


@pytest.fixture
def agent(tenant):
    return make_agent(tenant, name="helper")[0]


def url(name: str, tenant, *args: Any) -> str:
    return reverse(name, args=[tenant.slug, *args])


def scope(tenant, path: str) -> Scope:
    return Scope.objects.get(tenant=tenant, path=path)


def rows(body: str) -> list[str]:
    """Return the scope ids of the table's rows, in order."""
    return re.findall(r'<tr id="scope-([0-9a-f-]+)"', body)


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


# The page


def test_the_page_shows_the_tree_in_order_with_counts(browser, tenant, agent):
    scope_create(tenant=tenant, path="/org/acme/user/42/task/t1/", actor=SYSTEM)
    scope_create(tenant=tenant, path="/org/acme/user/10/", actor=SYSTEM)
    committed(agent, "The user prefers dark mode.", scope="/org/acme/user/42/")
    committed(agent, "The user likes tea.", scope="/org/acme/user/42/", layer="session")
    WriteRequest.objects.create(
        tenant=tenant,
        agent=agent,
        idempotency_key="k",
        request_hash="h",
        content_token="t",
        payload={},
        scope_path="/org/acme/user/43/",
        layer="episodic",
        status=WriteStatus.QUEUED,
    )
    response = browser.get(url("admin_scopes", tenant))
    assert response.status_code == 200
    body = response.content.decode()
    # Byte order: a parent right before its children, user/10 after user/1…
    assert rows(body) == [
        str(scope(tenant, p).id)
        for p in (
            "/global/",
            "/org/acme/",
            "/org/acme/user/10/",
            "/org/acme/user/42/",
            "/org/acme/user/42/task/t1/",
            "/org/acme/user/43/",
        )
    ]
    row = body[body.index(f'id="scope-{scope(tenant, "/org/acme/user/42/").id}"') :]
    row = row[: row.index("</tr>")]
    cells = re.findall(r'<td class="num[^"]*">(\d+)</td>', row)
    assert cells == ["1", "1", "0", "0"]  # session, episodic, semantic, procedural
    assert 'class="admin-scope-cell admin-depth-2"' in row
    pending = body[body.index(f'id="scope-{scope(tenant, "/org/acme/user/43/").id}"') :]
    assert '<span class="badge badge-pending_review">1</span>' in pending[:3000]
    assert 'class="admin-tabs"' in body and ">Scopes</a>" in body


def test_the_page_says_who_created_each_scope(browser, tenant, admin, agent):
    admin_scope_create(
        tenant=tenant, user=admin, parent_path="/org/acme/", kind="user", segment="p"
    )
    scope_create_for_write(agent=agent, path="/org/acme/user/a/")
    body = text(browser.get(url("admin_scopes", tenant)))
    assert '<span class="actor-user">ada</span>' in body
    assert "Created by this agent's first write\">helper</span>" in body
    assert '<span class="muted">with the tenant</span>' in body  # the roots


def test_the_partial_and_the_filters(browser, tenant):
    for n in ("1", "2", "10"):
        scope_create(tenant=tenant, path=f"/org/acme/user/{n}/", actor=SYSTEM)
    part = browser.get(
        url("admin_scopes", tenant), {"prefix": "/org/acme/user/1"}, **HTMX
    )
    body = part.content.decode()
    assert "<html" not in body and body.lstrip().startswith(
        '<section id="admin-scopes"'
    )
    assert "HX-Request" in part["Vary"]
    assert rows(body) == [
        str(scope(tenant, p).id) for p in ("/org/acme/user/1/", "/org/acme/user/10/")
    ]
    # A prefix without its leading slash still filters.
    body = browser.get(url("admin_scopes", tenant), {"prefix": "org/acme/user/2"})
    assert rows(body.content.decode()) == [str(scope(tenant, "/org/acme/user/2/").id)]
    Scope.objects.filter(path="/org/acme/user/2/").update(
        archived_at="2026-01-01T00:00:00Z"
    )
    body = browser.get(url("admin_scopes", tenant), {"state": "archived"}).content
    assert rows(body.decode()) == [str(scope(tenant, "/org/acme/user/2/").id)]
    empty = text(browser.get(url("admin_scopes", tenant), {"prefix": "/nope/"}))
    assert "No scope matches." in empty


def test_the_list_is_paginated_with_the_filter_kept(browser, tenant):
    root = scope(tenant, "/org/acme/")
    Scope.objects.bulk_create(
        Scope(
            tenant=tenant,
            parent=root,
            path=f"/org/acme/user/u{n:03}/",
            kind="user",
            name=f"u{n:03}",
        )
        for n in range(120)
    )
    body = browser.get(url("admin_scopes", tenant), {"prefix": "/org/acme/user/u"})
    body = body.content.decode()
    assert len(rows(body)) == 50 and "Page 1 of 3" in body
    assert "?prefix=%2Forg%2Facme%2Fuser%2Fu&amp;page=2" in body
    last = browser.get(
        url("admin_scopes", tenant), {"prefix": "/org/acme/user/u", "page": 3}
    )
    assert len(rows(last.content.decode())) == 20


def test_the_list_takes_the_same_queries_for_few_and_many_scopes(
    browser, tenant, agent, django_assert_num_queries
):
    def count() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert browser.get(url("admin_scopes", tenant)).status_code == 200
        return len(captured)

    few = count()
    root = scope(tenant, "/org/acme/")
    made = Scope.objects.bulk_create(
        Scope(
            tenant=tenant,
            parent=root,
            path=f"/org/acme/user/m{n}/",
            kind="user",
            name=str(n),
        )
        for n in range(60)
    )
    for made_scope in made[:3]:
        committed(agent, f"A fact about {made_scope.path}.", scope=made_scope.path)
    scope_create(tenant=tenant, path="/org/acme/user/m1/task/x/", actor=SYSTEM)
    # Session, user, membership, the count, the page, three aggregates.
    with django_assert_num_queries(few):
        assert browser.get(url("admin_scopes", tenant)).status_code == 200


# Access


@pytest.mark.parametrize("role", [Role.CURATOR, Role.VIEWER, Role.COMPLIANCE_OFFICER])
def test_other_roles_get_the_admins_only_page(client, tenant, admin, role):
    client.force_login(make_member(tenant, role))
    response = client.get(url("admin_scopes", tenant))
    assert response.status_code == 403 and "Admins only" in response.content.decode()
    target = scope(tenant, "/org/acme/user/43/")
    for name in ("admin_scope_rename", "admin_scope_archive"):
        assert (
            client.post(url(name, tenant, target.pk), {"name": "x"}).status_code == 403
        )
    assert (
        client.post(
            url("admin_scope_create", tenant),
            {"parent": "/org/acme/", "kind": "user", "segment": "x"},
        ).status_code
        == 403
    )
    target.refresh_from_db()
    assert target.name == "43" and target.archived_at is None
    assert not Scope.objects.filter(path="/org/acme/user/x/").exists()


def test_non_members_get_404(client, tenant, other_tenant):
    client.force_login(make_member(other_tenant, Role.ADMIN))
    assert client.get(url("admin_scopes", tenant)).status_code == 404


def test_another_tenants_scope_is_404(browser, tenant, other_tenant):
    theirs = scope(other_tenant, "/org/globex/user/7/")
    for name in ("admin_scope_rename", "admin_scope_archive", "admin_scope_unarchive"):
        for scope_id in (theirs.pk, uuid.uuid4()):
            response = browser.post(url(name, tenant, scope_id), {"name": "Mine"})
            assert response.status_code == 404
    theirs.refresh_from_db()
    assert theirs.name == "7" and theirs.archived_at is None


def test_actions_refuse_get(browser, tenant):
    target = scope(tenant, "/org/acme/user/43/")
    assert browser.get(url("admin_scope_create", tenant)).status_code == 405
    assert browser.get(url("admin_scope_archive", tenant, target.pk)).status_code == 405


# Create


def test_create_a_user_scope(browser, tenant):
    response = browser.post(
        url("admin_scope_create", tenant),
        {"parent": "/org/acme/", "kind": "user", "segment": "u-7", "name": "Seven"},
        follow=True,
    )
    created = scope(tenant, "/org/acme/user/u-7/")
    assert created.name == "Seven"
    assert response.redirect_chain == [
        (url("admin_scopes", tenant) + "?prefix=%2Forg%2Facme%2Fuser%2Fu-7%2F", 302)
    ]
    body = text(response)
    assert "/org/acme/user/u-7/ is created as “Seven”." in body
    assert rows(body) == [str(created.id)]
    event = AuditEvent.objects.get(action="scope.create", object_id=str(created.id))
    assert event.actor_label == "ada"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"parent": "/org/acme/", "kind": "user", "segment": "Bob Smith"},
            "The id &#x27;Bob Smith&#x27; is not valid: use lowercase letters",
        ),
        (
            {"parent": "/org/acme/", "kind": "user", "segment": "42"},
            "The scope /org/acme/user/42/ already exists.",
        ),
        (
            {"parent": "/org/acme/user/9/", "kind": "task", "segment": "t"},
            "The parent scope /org/acme/user/9/ does not exist",
        ),
        (
            {"parent": "/org/acme/", "kind": "user", "segment": ""},
            "This field is required.",
        ),
        (
            {"parent": "/org/acme/", "kind": "team", "segment": "x"},
            "Select a valid choice.",
        ),
    ],
)
def test_create_with_invalid_input_rerenders_the_form(browser, tenant, data, message):
    before = Scope.objects.count()
    response = browser.post(url("admin_scope_create", tenant), data, **HTMX)
    assert response.status_code == 200
    body = text(response)
    assert message in body
    assert 'id="admin-scopes"' in body and "<html" not in body
    assert f'value="{data["parent"]}"' in body  # the input is kept
    assert Scope.objects.count() == before


def test_add_below_prefills_the_parent(browser, tenant):
    body = text(
        browser.get(url("admin_scopes", tenant), {"parent": "/org/acme/user/42/"})
    )
    assert 'id="scope-parent" class="mono" value="/org/acme/user/42/"' in body


# Rename


def test_rename_keeps_the_filter(browser, tenant):
    target = scope(tenant, "/org/acme/user/42/")
    address = (
        url("admin_scope_rename", tenant, target.pk) + "?prefix=%2Forg%2Facme%2Fuser%2F"
    )
    response = browser.post(address, {"name": "Customer 42"}, follow=True)
    assert response.redirect_chain == [
        (url("admin_scopes", tenant) + "?prefix=%2Forg%2Facme%2Fuser%2F", 302)
    ]
    assert "/org/acme/user/42/ is now called “Customer 42”." in text(response)
    target.refresh_from_db()
    assert target.name == "Customer 42"
    assert AuditEvent.objects.filter(
        action="scope.rename", object_id=str(target.id)
    ).exists()


def test_rename_to_nothing_says_so(browser, tenant):
    target = scope(tenant, "/org/acme/user/42/")
    response = browser.post(url("admin_scope_rename", tenant, target.pk), {"name": " "})
    assert response.status_code == 200
    assert "Name: This field is required." in text(response)
    target.refresh_from_db()
    assert target.name == "42"


# Archive


def test_archive_with_memories_shows_the_refusal_and_the_way_out(
    browser, tenant, agent
):
    committed(agent, "The user prefers dark mode.", scope="/org/acme/user/42/")
    target = scope(tenant, "/org/acme/user/42/")
    response = browser.post(url("admin_scope_archive", tenant, target.pk), **HTMX)
    assert response.status_code == 200
    body = text(response)
    assert 'id="scope-blocked"' in body
    assert (
        "1 active memory remains in /org/acme/user/42/ and the scopes below it: "
        "promote, retract or erase it first (Memories → filter by scope)."
    ) in body
    memories = url("memory_list", tenant) + "?scope=/org/acme/user/42/"
    assert f'href="{memories}"' in body
    target.refresh_from_db()
    assert target.archived_at is None


def test_archive_and_unarchive_an_empty_scope(browser, tenant):
    target = scope(tenant, "/org/acme/user/43/")
    response = browser.post(url("admin_scope_archive", tenant, target.pk), follow=True)
    body = text(response)
    assert (
        "/org/acme/user/43/ is archived: it and the scopes below it take no writes."
        in body
    )
    assert 'class="tag admin-tag-archived"' in body
    target.refresh_from_db()
    assert target.archived_at is not None
    response = browser.post(
        url("admin_scope_unarchive", tenant, target.pk), follow=True
    )
    assert "/org/acme/user/43/ takes writes again." in text(response)
    target.refresh_from_db()
    assert target.archived_at is None
    actions = AuditEvent.objects.filter(object_id=str(target.id)).values_list(
        "action", flat=True
    )
    assert {"scope.archive", "scope.unarchive"} <= set(actions)


def test_the_roots_have_no_archive_button_and_refuse_anyway(browser, tenant):
    body = browser.get(url("admin_scopes", tenant)).content.decode()
    for path in ("/global/", "/org/acme/"):
        root = scope(tenant, path)
        assert url("admin_scope_archive", tenant, root.pk) not in body
        response = browser.post(url("admin_scope_archive", tenant, root.pk))
        assert "cannot be archived" in text(response)
        root.refresh_from_db()
        assert root.archived_at is None


# The policy that lets agents create scopes


def test_the_policy_page_turns_auto_created_scopes_off_and_on(browser, tenant):
    body = text(browser.get(url("admin_policy", tenant)))
    assert 'id="policy-scopes"' in body and "Scopes agents may create" in body
    data = policy_data(tenant, reason="admins create scopes", auto_create_scopes=False)
    response = browser.post(url("admin_policy", tenant), data, follow=True)
    assert "The policy is saved: 1 value changed." in text(response)
    tenant.refresh_from_db()
    assert tenant.policy == {"auto_create_scopes": []}
    data = policy_data(tenant, reason="tasks only", auto_create_scopes=["task"])
    browser.post(url("admin_policy", tenant), data)
    tenant.refresh_from_db()
    assert tenant.policy == {"auto_create_scopes": ["task"]}
    data = policy_data(tenant, reason="no org", auto_create_scopes=["org"])
    response = browser.post(url("admin_policy", tenant), data)
    assert "Select a valid choice. org is not one of the available choices." in text(
        response
    )
