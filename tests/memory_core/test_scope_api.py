"""GET /api/v1/scopes: the scopes an agent may read and write, and nothing else."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from memory_core.models import Scope
from memory_core.services.scopes import scope_archive
from memory_core.services.tenancy import scope_create
from tests.conftest import RLS_QUERIES
from tests.factories import SYSTEM, make_agent

URL = "/api/v1/scopes"


def client_for(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def listing(client, **params) -> dict:
    response = client.get(URL, params)
    assert response.status_code == 200, response.content
    return response.json()


def by_path(body: dict) -> dict[str, dict]:
    return {row["path"]: row for row in body["results"]}


@pytest.fixture
def tree(tenant):
    for path in ("/org/acme/user/42/task/t1/", "/org/acme/task/shared/"):
        scope_create(tenant=tenant, path=path, actor=SYSTEM)
    return tenant


def test_an_org_grant_reads_and_writes_everything_below_and_reads_global(api, tree):
    body = listing(api)
    rows = by_path(body)
    assert list(rows) == [
        "/global/",
        "/org/acme/",
        "/org/acme/task/shared/",
        "/org/acme/user/42/",
        "/org/acme/user/42/task/t1/",
        "/org/acme/user/43/",
    ]
    assert body["count"] == 6
    assert rows["/global/"]["can_read"] and not rows["/global/"]["can_write"]
    assert all(rows[p]["can_write"] for p in list(rows)[1:])
    task = rows["/org/acme/user/42/task/t1/"]
    assert task["kind"] == "task" and task["name"] == "t1"
    assert task["parent"] == "/org/acme/user/42/"
    assert task["archived"] is False and task["created_at"]
    assert rows["/global/"]["parent"] is None


def test_a_user_grant_reads_its_ancestors_and_never_its_siblings(tree):
    _, token = make_agent(tree, scopes=["/org/acme/user/42/"])
    rows = by_path(listing(client_for(token)))
    assert list(rows) == [
        "/global/",
        "/org/acme/",
        "/org/acme/user/42/",
        "/org/acme/user/42/task/t1/",
    ]
    assert [r["can_write"] for r in rows.values()] == [False, False, True, True]
    assert all(r["can_read"] for r in rows.values())


def test_a_task_grant(tree):
    _, token = make_agent(tree, scopes=["/org/acme/user/42/task/t1/"])
    rows = by_path(listing(client_for(token)))
    assert [(p, r["can_write"]) for p, r in rows.items()] == [
        ("/global/", False),
        ("/org/acme/", False),
        ("/org/acme/user/42/", False),
        ("/org/acme/user/42/task/t1/", True),
    ]


def test_two_grants(tree):
    _, token = make_agent(tree, scopes=["/org/acme/user/43/", "/org/acme/task/shared/"])
    rows = by_path(listing(client_for(token)))
    assert set(rows) == {
        "/global/",
        "/org/acme/",
        "/org/acme/user/43/",
        "/org/acme/task/shared/",
    }


def test_another_tenants_scopes_are_never_listed(api, tree, other_tenant):
    # Same path shapes in the other tenant, even one the agent's grant names.
    scope_create(tenant=other_tenant, path="/org/globex/user/42/", actor=SYSTEM)
    paths = [r["path"] for r in listing(api, limit=500)["results"]]
    assert not any("globex" in p for p in paths)
    assert paths.count("/global/") == 1
    _, theirs = make_agent(other_tenant)
    assert "/org/acme/" not in [
        r["path"] for r in listing(client_for(theirs))["results"]
    ]


def test_archived_scopes_are_listed_but_not_writable(api, tree):
    user = Scope.objects.get(tenant=tree, path="/org/acme/user/43/")
    scope_archive(tenant=tree, scope_id=user.id, actor=SYSTEM)
    scope_create(tenant=tree, path="/org/acme/user/42/task/t2/", actor=SYSTEM)
    rows = by_path(listing(api))
    assert rows["/org/acme/user/43/"]["archived"] is True
    assert rows["/org/acme/user/43/"]["can_write"] is False
    assert rows["/org/acme/user/42/"]["can_write"] is True


def test_below_an_archived_scope_nothing_is_writable(api, tree):
    user = Scope.objects.get(tenant=tree, path="/org/acme/user/42/")
    Scope.objects.filter(pk=user.pk).update(archived_at="2026-01-01T00:00:00Z")
    rows = by_path(listing(api, prefix="/org/acme/user/42/"))
    task = rows["/org/acme/user/42/task/t1/"]
    assert task["archived"] is False and task["can_write"] is False


def test_prefix_limit_and_offset(api, tree):
    assert [r["path"] for r in listing(api, prefix="/org/acme/user/")["results"]] == [
        "/org/acme/user/42/",
        "/org/acme/user/42/task/t1/",
        "/org/acme/user/43/",
    ]
    page = listing(api, limit=2, offset=1)
    assert page["count"] == 6
    assert [r["path"] for r in page["results"]] == [
        "/org/acme/",
        "/org/acme/task/shared/",
    ]
    assert listing(api, offset=50)["results"] == []


@pytest.mark.parametrize(
    "params",
    [
        {"limit": 0},
        {"limit": 501},
        {"limit": "ten"},
        {"limit": ""},
        {"offset": -1},
        {"offset": 2**40},
        {"prefix": "org/acme/"},
        {"prefix": "/org/acme/\x00"},
    ],
)
def test_a_bad_parameter_is_422_naming_it(api, params):
    response = api.get(URL, params)
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["code"] == "invalid_parameter"
    [name] = params
    assert name in error["message"] and name in error["details"]


def test_an_unknown_parameter_is_422(api):
    response = api.get(URL, {"scope": "/org/acme/"})
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "unknown_parameter"


def test_without_a_valid_token_it_is_401(db):
    assert APIClient().get(URL).status_code == 401
    response = client_for("mgc_nope_nope").get(URL)
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "unauthenticated"


def test_a_tenant_with_many_scopes_answers_in_a_fixed_number_of_queries(
    api, tenant, django_assert_max_num_queries
):
    root = Scope.objects.get(tenant=tenant, path="/org/acme/")
    Scope.objects.bulk_create(
        Scope(
            tenant=tenant,
            parent=root,
            path=f"/org/acme/user/{n}/",
            kind="user",
            name=str(n),
        )
        for n in range(1000, 1300)
    )
    # The token (and its last use), the count, the page, archived ancestors.
    with django_assert_max_num_queries(5 + RLS_QUERIES):
        body = listing(api, limit=500)
    assert body["count"] == 304 and len(body["results"]) == 304
