"""GC screens: roles, cross-tenant 404s, htmx partials, recover and pin, runs."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from audit.models import AuditEvent
from memory_core.lifecycle.gc.runs import gc_run_execute
from memory_core.models import GcRun, MemoryItem, Role
from tests.factories import make_member
from tests.memory_core.lifecycle.test_gc import NoJudge, stored

pytestmark = pytest.mark.django_db
DAY = timedelta(days=1)


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def expired_item(tenant):
    item = stored(tenant, "expired note", expires_at=timezone.now() - DAY)
    gc_run_execute(tenant_id=tenant.id, judge=NoJudge())
    item.refresh_from_db()
    assert item.status == "expired"
    return item


def test_overview_lists_candidates_and_expired_items(tenant, expired_item):
    stored(tenant, "candidate note", soft_expires_at=timezone.now() - DAY, age=9 * DAY)
    gc_run_execute(tenant_id=tenant.id, judge=NoJudge())
    viewer = make_member(tenant, Role.VIEWER)
    response = client_for(viewer).get(reverse("gc_overview", args=[tenant.slug]))
    body = response.content.decode()
    assert response.status_code == 200
    assert "candidate note" in body and "expired note" in body
    assert "hard_ttl" in body and "left)" in body
    assert "Recover</button>" not in body  # a viewer sees no actions


def test_htmx_gets_the_partial(tenant, expired_item):
    curator = make_member(tenant, Role.CURATOR)
    response = client_for(curator).get(
        reverse("gc_overview", args=[tenant.slug]), HTTP_HX_REQUEST="true"
    )
    body = response.content.decode()
    assert body.lstrip().startswith('<section id="gc-screen"')
    assert "<html" not in body and "Recover</button>" in body


def test_curator_recovers_within_grace(tenant, expired_item):
    curator = make_member(tenant, Role.CURATOR)
    url = reverse("gc_recover", args=[tenant.slug, expired_item.pk])
    response = client_for(curator).post(
        url, {"reason": "needed"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert "Recovered" in response.content.decode()
    expired_item.refresh_from_db()
    assert expired_item.status == "active"
    assert AuditEvent.objects.filter(action="memory.recover").count() == 1


def test_recover_refusals(tenant, other_tenant, expired_item):
    curator = make_member(tenant, Role.CURATOR)
    viewer = make_member(tenant, Role.VIEWER)
    url = reverse("gc_recover", args=[tenant.slug, expired_item.pk])
    assert client_for(viewer).post(url, {"reason": "x"}).status_code == 403
    assert client_for(curator).post(url, {"reason": ""}).status_code == 422
    MemoryItem.objects.filter(pk=expired_item.pk).update(
        expired_at=timezone.now() - 31 * DAY
    )
    response = client_for(curator).post(url, {"reason": "late"})
    assert response.status_code == 409
    assert "grace period ended" in response.content.decode()
    # Another tenant's curator: the item does not exist for them.
    outsider = make_member(other_tenant, Role.CURATOR)
    foreign = reverse("gc_recover", args=[other_tenant.slug, expired_item.pk])
    assert client_for(outsider).post(foreign, {"reason": "x"}).status_code == 404
    assert (
        client_for(outsider).get(reverse("gc_overview", args=[tenant.slug])).status_code
        == 404
    )


def test_pin_a_candidate(tenant):
    item = stored(tenant, soft_expires_at=timezone.now() - DAY, age=9 * DAY)
    curator = make_member(tenant, Role.CURATOR)
    url = reverse("gc_pin", args=[tenant.slug, item.pk])
    response = client_for(curator).post(url, {"reason": "keep"})
    assert response.status_code == 302
    item.refresh_from_db()
    assert item.pinned


def test_runs_list_report_and_dry_run_button(tenant, other_tenant, expired_item):
    admin = make_member(tenant, Role.ADMIN)
    viewer = make_member(tenant, Role.VIEWER)
    run = GcRun.objects.get(tenant=tenant)
    listing = client_for(viewer).get(reverse("gc_run_list", args=[tenant.slug]))
    assert listing.status_code == 200 and "Dry run now" not in listing.content.decode()
    report = client_for(viewer).get(
        reverse("gc_run_detail", args=[tenant.slug, run.pk])
    )
    assert report.status_code == 200 and "hard_ttl" in report.content.decode()
    outsider = make_member(other_tenant, Role.ADMIN)
    assert (
        client_for(outsider)
        .get(reverse("gc_run_detail", args=[other_tenant.slug, run.pk]))
        .status_code
        == 404
    )
    dry = reverse("gc_dry_run", args=[tenant.slug])
    assert client_for(viewer).post(dry).status_code == 403
    response = client_for(admin).post(dry, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "Dry run queued" in response.content.decode()
    assert AuditEvent.objects.filter(action="gc.run.request").count() == 1
