"""Contradiction cases over HTTP: the list, a case side by side, its resolution."""

# ruff: noqa: F811 - the fixtures imported below are arguments of the tests

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.urls import reverse

from memory_core.models import (
    Conflict,
    ConflictPairAllowance,
    MemoryVersion,
    Role,
    WriteRequest,
)
from memory_core.services.conflicts import conflict_resolve
from tests.conftest import RLS_QUERIES
from tests.factories import make_member
from tests.memory_core.services.test_curation import (  # noqa: F401
    agent,
    contradiction_case,
    curator,
    keyed_contradiction,
    outsider,
    viewer,
)

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "conflict-detail"}


@pytest.fixture
def browser(client: Client, curator) -> Client:
    client.force_login(curator)
    return client


@pytest.fixture
def case(agent) -> Conflict:
    return contradiction_case(agent)


def list_url(tenant) -> str:
    return reverse("conflict_list", args=[tenant.slug])


def case_url(tenant, case) -> str:
    return reverse("conflict_detail", args=[tenant.slug, case.pk])


def resolve_url(tenant, case) -> str:
    return reverse("conflict_resolve", args=[tenant.slug, case.pk])


def statuses(case) -> tuple[str, str, str, str]:
    case.refresh_from_db()
    return (
        case.status,
        MemoryVersion.objects.get(pk=case.new_version_id).status,
        MemoryVersion.objects.get(pk=case.existing_version_id).status,
        WriteRequest.objects.get(pk=case.write_request_id).status,
    )


OPEN = ("open", "draft", "active", "pending_review")


def rows(body: str) -> int:
    return body.split("<tbody>")[1].split("</tbody>")[0].count("<tr")


# The list


def test_the_list_shows_open_cases(browser, tenant, case):
    page = browser.get(list_url(tenant))
    body = page.content.decode()
    assert page.status_code == 200 and "<html" in body
    assert "The team standup is on Monday." in body
    assert "The team standup is on Tuesday." in body
    assert case_url(tenant, case) in body and ">Resolve<" in body
    assert f'hx-get="{list_url(tenant)}"' in body
    fragment = browser.get(list_url(tenant), HTTP_HX_REQUEST="true").content.decode()
    assert fragment.strip().startswith('<section id="conflict-results"')


def test_the_list_filters_by_status(browser, tenant, case, curator):
    conflict_resolve(
        tenant=tenant,
        conflict_id=case.pk,
        user=curator,
        resolution="keep_both",
        reason="x",
    )
    assert "No open contradictions" in browser.get(list_url(tenant)).content.decode()
    resolved = browser.get(list_url(tenant), {"status": "resolved"}).content.decode()
    assert "kept both" in resolved and "cora" in resolved
    assert rows(browser.get(list_url(tenant), {"status": ""}).content.decode()) == 1


def test_viewers_see_cases_without_resolving(client, tenant, case, viewer):
    client.force_login(viewer)
    body = client.get(list_url(tenant)).content.decode()
    assert ">View<" in body and ">Resolve<" not in body
    body = client.get(case_url(tenant, case)).content.decode()
    assert "The team standup is on Tuesday." in body
    assert resolve_url(tenant, case) not in body


def test_the_list_query_count_is_constant(
    browser, tenant, agent, django_assert_num_queries
):
    contradiction_case(agent, scope="/org/acme/user/42/")
    with django_assert_num_queries(6 + RLS_QUERIES):
        assert rows(browser.get(list_url(tenant)).content.decode()) == 1
    contradiction_case(agent, scope="/org/acme/user/43/")
    contradiction_case(agent, scope="/org/acme/")
    with django_assert_num_queries(6 + RLS_QUERIES):
        assert rows(browser.get(list_url(tenant)).content.decode()) == 3


# A case


def test_a_case_shows_both_versions_side_by_side(browser, tenant, case):
    body = browser.get(case_url(tenant, case)).content.decode()
    existing = body.index('aria-label="Existing version"')
    new = body.index('aria-label="New version"')
    assert existing < new
    assert body.index("The team standup is on Monday.") < new
    assert body.index("The team standup is on Tuesday.") > new
    assert "0.50" in body and "0.95" in body  # both confidences
    assert f"{case.similarity:.2f}" in body  # similarity
    assert case.detector in body
    assert body.count("doc://runbook") == 2  # both sides' evidence
    assert "HMAC " in body  # provenance signatures
    for resolution in ("keep_new", "keep_existing", "keep_both", "merge"):
        assert f'name="resolution" value="{resolution}"' in body
    assert f'hx-post="{resolve_url(tenant, case)}"' in body
    assert 'name="csrfmiddlewaretoken"' in body
    fragment = browser.get(case_url(tenant, case), **HTMX).content.decode()
    assert fragment.strip().startswith('<article id="conflict-detail"')


def test_cases_of_other_tenants_are_not_found(
    client, tenant, other_tenant, case, outsider
):
    client.force_login(outsider)
    assert client.get(case_url(tenant, case)).status_code == 404
    url = reverse("conflict_detail", args=[other_tenant.slug, case.pk])
    assert client.get(url).status_code == 404
    url = reverse("conflict_resolve", args=[other_tenant.slug, case.pk])
    assert client.post(url, {"resolution": "keep_new", "reason": "x"}).status_code == (
        404
    )
    assert "Monday" not in client.get(list_url(other_tenant)).content.decode()
    assert statuses(case) == OPEN


# Resolving


@pytest.mark.parametrize(
    ("resolution", "after"),
    [
        ("keep_new", ("resolved", "active", "superseded", "committed")),
        ("keep_existing", ("resolved", "retracted", "active", "rejected")),
        ("keep_both", ("resolved", "active", "active", "committed")),
        ("merge", ("resolved", "active", "superseded", "committed")),
    ],
)
def test_resolve_with_a_plain_post(browser, tenant, case, resolution, after):
    response = browser.post(
        resolve_url(tenant, case),
        {
            "resolution": resolution,
            "reason": "decided in the weekly sync",
            "merged_content": "The standup moved from Monday to Tuesday.",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == case_url(tenant, case)
    assert statuses(case) == after
    assert case.resolution == resolution
    page = browser.get(response["Location"]).content.decode()
    assert "callout-success" in page and "callout-resolved" in page
    assert resolve_url(tenant, case) not in page  # no form on a resolved case


def test_resolve_with_htmx(browser, tenant, case):
    response = browser.post(
        resolve_url(tenant, case),
        {"resolution": "keep_both", "reason": "two teams"},
        **HTMX,
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert body.strip().startswith('<article id="conflict-detail"')
    assert "Resolved: keep both." in body and "Kept both" in body
    assert ConflictPairAllowance.objects.count() == 1


def test_merge_publishes_the_edited_text(browser, tenant, case):
    browser.post(
        resolve_url(tenant, case),
        {
            "resolution": "merge",
            "reason": "both, in order",
            "merged_content": "The standup moved from Monday to Tuesday.",
        },
    )
    merged = MemoryVersion.objects.get(pk=case.new_version_id)
    assert merged.content == "The standup moved from Monday to Tuesday."
    memory = reverse("memory_detail", args=[tenant.slug, merged.item_id])
    assert "The standup moved" in browser.get(memory).content.decode()


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"resolution": "keep_new"}, "Give a reason"),
        ({"resolution": "keep_new", "reason": "  "}, "Give a reason"),
        ({"reason": "x"}, "Choose how to resolve"),
        ({"resolution": "delete_all", "reason": "x"}, "Choose keep new"),
        ({"resolution": "merge", "reason": "x"}, "Write the merged content."),
    ],
)
def test_invalid_input_changes_nothing(browser, tenant, case, body, message):
    response = browser.post(resolve_url(tenant, case), body)
    assert response.status_code == 422
    page = response.content.decode()
    assert (
        "<html" in page and message in page and 'class="callout callout-error"' in page
    )
    assert statuses(case) == OPEN
    response = browser.post(resolve_url(tenant, case), body, **HTMX)
    assert response.status_code == 200 and message in response.content.decode()
    assert statuses(case) == OPEN


def test_keep_both_of_one_keyed_memory_explains_why_not(browser, tenant, agent):
    _, staged = keyed_contradiction(agent)
    case = Conflict.objects.get(write_request=staged)
    response = browser.post(
        resolve_url(tenant, case), {"resolution": "keep_both", "reason": "x"}
    )
    assert response.status_code == 422
    assert "holds one value at a time" in response.content.decode()


def test_a_second_curator_is_told_who_decided_first(client, tenant, case, curator):
    conflict_resolve(
        tenant=tenant,
        conflict_id=case.pk,
        user=curator,
        resolution="keep_new",
        reason="first",
    )
    client.force_login(make_member(tenant, Role.CURATOR, username="late"))
    response = client.post(
        resolve_url(tenant, case), {"resolution": "keep_existing", "reason": "late"}
    )
    assert response.status_code == 409
    body = response.content.decode()
    assert "already resolved by cora: keep new" in body
    assert "Kept the new value" in body  # the case as it is now
    response = client.post(
        resolve_url(tenant, case),
        {"resolution": "keep_existing", "reason": "late"},
        **HTMX,
    )
    assert response.status_code == 200
    assert "already resolved by cora" in response.content.decode()
    assert statuses(case) == ("resolved", "active", "superseded", "committed")


def test_a_viewer_is_forbidden(client, tenant, case, viewer):
    client.force_login(viewer)
    body = {"resolution": "keep_new", "reason": "x"}
    assert client.post(resolve_url(tenant, case), body).status_code == 403
    assert client.post(resolve_url(tenant, case), body, **HTMX).status_code == 403
    assert statuses(case) == OPEN


def test_unknown_case_get_and_csrf(tenant, case, curator):
    client = Client(enforce_csrf_checks=True)
    client.force_login(curator)
    missing = reverse("conflict_detail", args=[tenant.slug, uuid.uuid4()])
    assert client.get(missing).status_code == 404
    assert client.get(resolve_url(tenant, case)).status_code == 405
    body = {"resolution": "keep_new", "reason": "x"}
    assert client.post(resolve_url(tenant, case), body).status_code == 403
    assert statuses(case) == OPEN
