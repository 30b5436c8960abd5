"""The compliance report: roles, sections, month, exports, the printable view."""

from __future__ import annotations

import csv
import io
import sys
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from approvals.compliance import compliance_report, month_bounds, month_parse
from memory_core.lifecycle.retention import retention_enforce
from memory_core.models import MemoryItem, MemoryVersion, Role
from tests.factories import make_member
from tests.memory_core.lifecycle.test_retention import OPEN_POLICY, days, stored

HTMX = {"HTTP_HX_REQUEST": "true"}
PAGES = ("compliance_report", "compliance_print", "compliance_csv", "compliance_json")


@pytest.fixture
def agent(agent_and_token, tenant):
    tenant.policy = dict(OPEN_POLICY)
    tenant.save(update_fields=["policy"])
    return agent_and_token[0]


@pytest.fixture
def officer(tenant) -> User:
    return make_member(tenant, Role.COMPLIANCE_OFFICER, username="olga")


@pytest.fixture
def browser(client: Client, officer) -> Client:
    client.force_login(officer)
    return client


def url(name: str, tenant, **query: str) -> str:
    address = reverse(name, args=[tenant.slug])
    if query:
        address += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    return address


@pytest.fixture
def seeded(agent, tenant) -> dict[str, MemoryItem]:
    """One memory for each section, and one nobody should report."""
    items = {
        "pii_due": stored(agent, classification="pii", age=days(100)),
        "pinned_business": stored(
            agent, classification="business", age=days(400), pinned=True
        ),
        "fresh": stored(agent, classification="general", age=days(10)),
        "us_data": stored(agent, classification="general", age=days(1), residency="us"),
        "eu_data": stored(agent, classification="general", age=days(1), residency="eu"),
    }
    MemoryVersion.objects.filter(pk=items["fresh"].head_id).update(flags=["pii"])
    return items


# Who may see it


@pytest.mark.parametrize("role", [Role.COMPLIANCE_OFFICER, Role.ADMIN])
@pytest.mark.parametrize("page", PAGES)
def test_officers_and_admins_see_every_page(client, tenant, role, page):
    client.force_login(make_member(tenant, role))
    assert client.get(url(page, tenant)).status_code == 200


@pytest.mark.parametrize("role", [Role.CURATOR, Role.VIEWER])
@pytest.mark.parametrize("page", PAGES)
def test_curators_and_viewers_are_refused(client, tenant, role, page):
    client.force_login(make_member(tenant, role))
    response = client.get(url(page, tenant))
    assert response.status_code == 403
    assert "Compliance officers only" in response.content.decode()


@pytest.mark.parametrize("page", PAGES)
def test_another_tenants_report_is_404(client, tenant, other_tenant, page):
    client.force_login(make_member(other_tenant, Role.COMPLIANCE_OFFICER))
    assert client.get(url(page, tenant)).status_code == 404


def test_anonymous_users_are_sent_to_log_in(client, tenant):
    response = client.get(url("compliance_report", tenant))
    assert response.status_code == 302 and "login" in response["Location"]


def test_the_report_is_read_only(browser, tenant):
    assert browser.post(url("compliance_report", tenant)).status_code == 405


def test_the_nav_shows_compliance_to_officers_only(client, browser, tenant):
    link = f'href="{url("compliance_report", tenant)}"'
    assert link in browser.get(url("compliance_report", tenant)).content.decode()
    curator = Client()
    curator.force_login(make_member(tenant, Role.CURATOR))
    memories = reverse("memory_list", args=[tenant.slug])
    assert link not in curator.get(memories).content.decode()


# What it shows


def test_sections_list_what_is_due_held_violating_and_flagged(browser, tenant, seeded):
    body = browser.get(url("compliance_report", tenant)).content.decode()
    assert str(seeded["pii_due"].pk)[:10] in body
    assert "hard delete" in body
    assert "held: pinned" in body
    assert (
        str(seeded["fresh"].pk)[:10] not in body.split('id="compliance-residency"')[0]
    )
    residency = body.split('id="compliance-residency"')[1].split("</section>")[0]
    assert str(seeded["us_data"].pk)[:10] in residency
    assert "residency_region_not_allowed" in residency
    assert str(seeded["eu_data"].pk)[:10] not in residency
    pii = body.split('id="compliance-pii"')[1].split("</section>")[0]
    assert "/org/acme/user/42/" in pii


def test_the_report_data(tenant, seeded):
    report = compliance_report(tenant=tenant)
    outcomes = {row.item_id: row.outcome for row in report.retention}
    assert outcomes == {
        seeded["pii_due"].pk: "hard delete",
        seeded["pinned_business"].pk: "held: pinned",
    }
    assert report.retention_pending == 1
    (row,) = (r for r in report.retention if r.classification == "pii")
    assert row.limit_days == 90 and row.age_days >= 99
    assert [r.item_id for r in report.residency] == [seeded["us_data"].pk]
    assert [(r.scope, r.memories, r.classified_pii) for r in report.pii_by_scope] == [
        ("/org/acme/user/42/", 1, 0)
    ]


def test_a_policy_change_surfaces_stored_residency_violations(tenant, seeded):
    tenant.policy = {**OPEN_POLICY, "storage_region": "us-east"}
    tenant.save(update_fields=["policy"])
    report = compliance_report(tenant=tenant)
    assert [r.item_id for r in report.residency] == [seeded["eu_data"].pk]


def test_a_storage_region_outside_the_allowed_ones_flags_every_item(tenant, seeded):
    tenant.policy = {**OPEN_POLICY, "allowed_regions": ["us-east"]}
    tenant.save(update_fields=["policy"])
    report = compliance_report(tenant=tenant)
    assert len(report.residency) == MemoryItem.objects.filter(tenant=tenant).count()
    assert {r.code for r in report.residency} == {"storage_region_not_allowed"}


def test_expired_and_superseded_heads_are_not_counted_as_pii(tenant, seeded):
    MemoryVersion.objects.filter(pk=seeded["fresh"].head_id).update(status="expired")
    assert compliance_report(tenant=tenant).pii_by_scope == []


def test_an_empty_tenant_says_so(browser, tenant):
    body = browser.get(url("compliance_report", tenant)).content.decode()
    assert "No memory is past its retention." in body
    assert "No stored memory breaks the residency policy." in body
    assert "No active memory is flagged as holding PII." in body


def test_the_query_count_does_not_grow_with_the_items(browser, agent, tenant):
    def count() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert browser.get(url("compliance_report", tenant)).status_code == 200
        return len(captured)

    stored(agent, classification="pii", age=days(100), residency="us")
    few = count()
    for _ in range(4):
        stored(agent, classification="pii", age=days(100), residency="us")
    assert count() == few


# The month


def test_month_parsing_and_bounds():
    assert month_parse("2026-11") == datetime(2026, 11, 1).date()
    assert month_bounds(month_parse("2026-12")) == (
        datetime(2026, 12, 1, tzinfo=UTC),
        datetime(2027, 1, 1, tzinfo=UTC),
    )
    for bad in ("2026-13", "november", "2026-1", "26-11"):
        with pytest.raises(ValueError):
            month_parse(bad)


@pytest.mark.parametrize("page", PAGES)
def test_a_malformed_month_is_400(browser, tenant, page):
    response = browser.get(url(page, tenant, month="nov"))
    assert response.status_code == 400
    assert "YYYY-MM" in response.content.decode()


def test_retention_done_counts_only_the_chosen_month(browser, tenant, seeded):
    retention_enforce(tenant=tenant)
    now = timezone.now()
    this_month = f"{now:%Y-%m}"
    report = compliance_report(tenant=tenant, month=month_parse(this_month))
    assert dict(report.retention_done["pii"]) == {"hard deleted": 1}
    earlier = month_parse(f"{now - timedelta(days=40):%Y-%m}")
    assert compliance_report(tenant=tenant, month=earlier).retention_done == {}
    body = browser.get(url("compliance_report", tenant, month=this_month)).content
    assert b"1 hard deleted" in body


def test_the_printable_month(browser, tenant, seeded):
    response = browser.get(url("compliance_print", tenant, month="2026-11"))
    body = response.content.decode()
    assert "Compliance report · November 2026" in body
    # Print styles and the print button come from static files (the CSP).
    assert "css/console.css" in body and "js/console.js" in body
    assert "data-print" in body
    assert "@media print" in (settings.BASE_DIR / "static/css/console.css").read_text()
    assert 'class="nav"' not in body
    assert "Reviewed by" in body
    assert str(seeded["pii_due"].pk)[:10] in body


def test_the_month_picker_swaps_the_report_over_htmx(browser, tenant):
    response = browser.get(url("compliance_report", tenant, month="2026-10"), **HTMX)
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body
    assert 'id="compliance-report"' in body and "October 2026" in body
    assert "?month=2026-10" in body


# Exports


def csv_rows(response) -> list[dict[str, Any]]:
    return list(csv.DictReader(io.StringIO(response.content.decode())))


def test_the_csv_export_holds_every_section(browser, tenant, seeded):
    response = browser.get(url("compliance_csv", tenant, month="2026-11"))
    assert response["Content-Type"].startswith("text/csv")
    assert "compliance-acme-2026-11.csv" in response["Content-Disposition"]
    rows = csv_rows(response)
    by_section: dict[str, list] = {}
    for row in rows:
        by_section.setdefault(row["section"], []).append(row)
    assert {r["id"] for r in by_section["retention"]} == {
        str(seeded["pii_due"].pk),
        str(seeded["pinned_business"].pk),
    }
    assert [r["id"] for r in by_section["residency"]] == [str(seeded["us_data"].pk)]
    assert by_section["pii_by_scope"][0]["scope"] == "/org/acme/user/42/"
    # Ids, scopes and counts: never a memory's content.
    assert "Memory number" not in response.content.decode()


def test_the_json_export(browser, tenant, seeded):
    response = browser.get(url("compliance_json", tenant, month="2026-11"))
    data = response.json()
    assert data["tenant"] == "acme" and data["month"] == "2026-11"
    assert data["storage_region"] == "eu-west"
    assert len(data["retention"]["items"]) == 2
    assert data["retention"]["summary"]["pii"] == {"hard delete": 1}
    assert data["residency_violations"][0]["item_id"] == str(seeded["us_data"].pk)
    assert data["pii_by_scope"] == [
        {
            "scope": "/org/acme/user/42/",
            "memories": 1,
            "classified_pii": 0,
            "unclassified": 1,
        }
    ]
    assert "Memory number" not in response.content.decode()


# Erasure requests


def test_without_the_erasure_module_the_section_says_so(browser, tenant, monkeypatch):
    monkeypatch.setitem(sys.modules, "approvals.erasure.selectors", None)
    body = browser.get(url("compliance_report", tenant)).content.decode()
    assert "Erasure requests are not available" in body
    assert compliance_report(tenant=tenant).erasures is None
    assert browser.get(url("compliance_json", tenant)).json()["erasures"] is None


def test_open_erasures_against_the_sla(browser, tenant, officer):
    from approvals.erasure.requests import erasure_file
    from approvals.models import ErasureRequest, ErasureStatus

    def file(email: str) -> ErasureRequest:
        return erasure_file(
            tenant=tenant,
            identifiers=[("email", email)],
            legal_basis="consent_withdrawn",
            user=officer,
        )

    on_time, late, done = file("a@example.com"), file("b@example.com"), file("c@x.io")
    now = timezone.now()
    ErasureRequest.objects.filter(pk=late.pk).update(
        created_at=now - timedelta(hours=80), due_at=now - timedelta(hours=8)
    )
    ErasureRequest.objects.filter(pk=done.pk).update(status=ErasureStatus.COMPLETED)
    report = compliance_report(tenant=tenant, now=now)
    assert [r.request_id for r in report.erasures] == [str(late.pk), str(on_time.pk)]
    assert [r.overdue for r in report.erasures] == [True, False]
    assert report.erasures[0].hours_over == 8.0
    assert 71 < report.erasures[1].hours_left <= 72
    assert report.erasures_overdue == 1
    body = browser.get(url("compliance_report", tenant)).content.decode()
    assert "overdue by 8" in body and str(done.pk) not in body
    data = browser.get(url("compliance_json", tenant)).json()["erasures"]
    assert (data["open"], data["overdue"]) == (2, 1)
    # No identifier of the subject ever reaches the report.
    assert "example.com" not in body and "example.com" not in str(data)
    rows = csv_rows(browser.get(url("compliance_csv", tenant)))
    assert [r["outcome"] for r in rows if r["section"] == "erasure"] == [
        "overdue",
        "within SLA",
    ]


# Completed erasures against the SLA (issue 14)


def test_completed_erasures_with_time_to_completion(browser, tenant, officer):
    from approvals.erasure.requests import erasure_file
    from approvals.models import ErasureRequest, ErasureStatus

    def done(email: str, hours: float) -> ErasureRequest:
        request = erasure_file(
            tenant=tenant,
            identifiers=[("email", email)],
            legal_basis="consent_withdrawn",
            user=officer,
        )
        finished = timezone.now() - timedelta(minutes=5)
        created = finished - timedelta(hours=hours)
        ErasureRequest.objects.filter(pk=request.pk).update(
            status=ErasureStatus.COMPLETED,
            created_at=created,
            due_at=created + timedelta(hours=72),
            finished_at=finished,
        )
        return request

    quick, late = done("a@example.com", 2.5), done("b@example.com", 80)
    report = compliance_report(tenant=tenant)
    rows = {r.request_id: r for r in report.erasures_completed}
    assert rows[str(quick.pk)].hours_to_complete == 2.5
    assert rows[str(quick.pk)].within_sla is True
    assert rows[str(late.pk)].within_sla is False
    assert report.erasures_completed_late == 1
    body = browser.get(url("compliance_report", tenant)).content.decode()
    assert 'id="compliance-erasures-completed"' in body
    assert str(quick.pk) in body and "2.5 h" in body and "1 outside the SLA" in body
    printed = browser.get(url("compliance_print", tenant)).content.decode()
    assert str(late.pk) in printed and "80.0 h" in printed
    data = browser.get(url("compliance_json", tenant)).json()["erasures"]
    assert (data["completed_this_month"], data["completed_outside_sla"]) == (2, 1)
    by_id = {r["request_id"]: r for r in data["completed"]}
    assert by_id[str(quick.pk)]["hours_to_complete"] == 2.5
    assert by_id[str(late.pk)]["within_sla"] is False
    csv_done = [
        r
        for r in csv_rows(browser.get(url("compliance_csv", tenant)))
        if r["section"] == "erasure_completed"
    ]
    assert {r["id"]: r["outcome"] for r in csv_done} == {
        str(quick.pk): "within SLA",
        str(late.pk): "outside SLA",
    }
    assert {r["detail"] for r in csv_done} == {"2.5 h to complete", "80 h to complete"}
    # Another month does not list them.
    other = compliance_report(tenant=tenant, month=month_parse("2001-01"))
    assert other.erasures_completed == []


# Verifying the audit chain from the console


def verify_url(tenant) -> str:
    return reverse("compliance_audit_verify", args=[tenant.slug])


def test_an_officer_verifies_the_audit_chain(browser, tenant):
    from audit.models import AuditEvent

    last = AuditEvent.objects.filter(tenant_id=tenant.id).order_by("-seq").first()
    report = browser.get(url("compliance_report", tenant)).content.decode()
    assert 'id="audit-verify"' in report
    response = browser.post(verify_url(tenant))
    assert response.status_code == 200
    body = response.content.decode()
    assert "Intact." in body
    assert f"#{last.seq} ·" in body  # the last event checked, with its time
    assert last.created_at.strftime("%Y-%m-%d %H:%M:%S") in body
    recorded = AuditEvent.objects.filter(tenant_id=tenant.id).order_by("-seq").first()
    assert recorded.action == "audit.verify" and recorded.seq == last.seq + 1
    assert recorded.metadata["intact"] is True
    assert recorded.metadata["last_seq"] == last.seq


def test_a_broken_chain_is_reported_with_where(browser, tenant):
    from audit.models import AuditEvent
    from tests.audit.test_audit_chain import tamper

    first = AuditEvent.objects.filter(tenant_id=tenant.id).order_by("seq").first()
    tamper("UPDATE audit_auditevent SET reason = 'rewritten' WHERE id = %s", [first.pk])
    body = browser.post(verify_url(tenant)).content.decode()
    assert "Broken at event #" in body and "Intact." not in body
    recorded = AuditEvent.objects.filter(
        tenant_id=tenant.id, action="audit.verify"
    ).get()
    assert recorded.metadata["intact"] is False
    assert recorded.metadata["broken_seq"] == first.seq


@pytest.mark.parametrize("role", [Role.CURATOR, Role.VIEWER])
def test_other_members_may_not_verify(client, tenant, role):
    from audit.models import AuditEvent

    client.force_login(make_member(tenant, role, username=f"m-{role}"))
    assert client.post(verify_url(tenant)).status_code == 403
    assert not AuditEvent.objects.filter(action="audit.verify").exists()


def test_verify_is_a_post_and_tenant_bound(browser, tenant, other_tenant):
    assert browser.get(verify_url(tenant)).status_code == 405
    assert browser.post(verify_url(other_tenant)).status_code == 404
