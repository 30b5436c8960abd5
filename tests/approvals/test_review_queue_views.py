"""The review queue and review pages: listing, filters, decisions, access, queries."""

from __future__ import annotations

import json
import re
import uuid
from itertools import count

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from approvals.models import Notification
from approvals.selectors import review_queue_state
from audit.models import AuditEvent
from audit.services import audit_chain_verify
from memory_core.models import (
    MemoryVersion,
    Role,
    VersionStatus,
    WriteRequest,
    WriteStatus,
)
from memory_core.provenance import provenance_problems
from memory_core.services.reviews import write_review_approve
from memory_core.services.writes import write_process, write_submit
from tests.factories import make_agent, make_member

HTMX = {"HTTP_HX_REQUEST": "true"}
SCOPE = "/org/acme/user/42/"
LIMITS = {
    "rate_limits": dict.fromkeys(
        ["session", "episodic", "semantic", "procedural"], 1000
    ),
    "storm_writes_per_minute": 1000,
}
_vectors = count()


def unit_vector() -> list[float]:
    """Return a one-hot 384-d vector: no two staged writes look alike."""
    vector = [0.0] * 384
    vector[next(_vectors) % 384] = 1.0
    return vector


def stage(
    agent,
    content: str,
    *,
    tier: str = "async",
    layer: str = "episodic",
    scope: str | None = None,
) -> WriteRequest:
    """Submit a write the risk gate sends to `tier` review; return it staged."""
    tenant = agent.tenant
    tenant.policy = {
        **LIMITS,
        "async_review_at": 0.0,
        "sync_block_at": 0.0 if tier == "sync" else 1.01,
    }
    tenant.save(update_fields=["policy"])
    payload = {
        "scope": scope or f"/org/{tenant.slug}/user/42/",
        "layer": layer,
        "content": content,
        "source": "user_stated",
        "confidence": 0.9,
        "embedding": unit_vector(),
        "evidence": [
            {"source_type": "DOCUMENT", "uri": "doc://runbook", "authority": 0.9}
        ],
    }
    result = write_submit(agent=agent, payload=payload, idempotency_key=None)
    write_process(write_id=result.write.id)
    write = WriteRequest.objects.get(pk=result.write.id)
    expected = "awaiting_approval" if tier == "sync" else "pending_review"
    assert write.status == expected, (write.status, write.reason)
    return write


@pytest.fixture
def agent(agent_and_token):
    return agent_and_token[0]


@pytest.fixture
def curator(tenant):
    return make_member(tenant, Role.CURATOR, username="cora")


@pytest.fixture
def browser(client: Client, curator) -> Client:
    client.force_login(curator)
    return client


@pytest.fixture
def viewer_client(tenant) -> Client:
    client = Client()
    client.force_login(make_member(tenant, Role.VIEWER, username="vic"))
    return client


@pytest.fixture
def pending(agent) -> WriteRequest:
    return stage(agent, "The user's invoices go to billing@acme.example monthly.")


def queue_url(tenant, **params) -> str:
    url = reverse("review_queue", args=[tenant.slug])
    if params:
        url += "?" + "&".join(f"{k}={v}" for k, v in params.items())
    return url


def row_ids(response) -> list[str]:
    """Return the write ids of the queue's rows, in order."""
    return re.findall(r'<tr id="review-([0-9a-f-]{36})"', response.content.decode())


def action_url(name: str, write: WriteRequest) -> str:
    return reverse(name, args=[write.tenant.slug, write.pk])


# The queue


def test_anonymous_is_sent_to_login(client, tenant, pending):
    for url in (queue_url(tenant), action_url("review_detail", pending)):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    response = client.post(action_url("review_approve", pending))
    assert response.status_code == 302
    pending.refresh_from_db()
    assert pending.status == WriteStatus.PENDING_REVIEW


def test_queue_lists_sync_first_with_every_column(browser, tenant, agent):
    older = stage(agent, "The user moved to Lisbon in May.")
    sync = stage(agent, "Never refund orders above 500 EUR.", tier="sync")
    response = browser.get(queue_url(tenant))
    assert response.status_code == 200
    assert row_ids(response) == [str(sync.pk), str(older.pk)]
    body = response.content.decode()
    assert "The user moved to Lisbon in May." in body
    assert agent.name in body and SCOPE in body and "episodic" in body
    assert "sync · blocking" in body and 'data-kind="sync"' in body
    assert f"{sync.risk_score:.2f}" in body
    assert "&nbsp;+0." in body  # the factor that added most to R(w), and how much
    assert ">approval_required</span>" in body  # a gate finding, its gate in the title
    assert ">review_required</span>" in body and 'title="risk: Risk' in body
    assert "/static/js/countdown.js" in body
    assert "HX-Request" in response["Vary"]


def test_queue_shows_the_redacted_draft_and_flags(browser, tenant, pending):
    body = browser.get(queue_url(tenant)).content.decode()
    assert "billing@acme.example" not in body
    assert "&lt;EMAIL_1&gt;" in body
    assert 'tag-flag-pii">pii<' in body


def test_queue_partial_for_htmx(browser, tenant, pending):
    response = browser.get(queue_url(tenant), **HTMX)
    assert response.status_code == 200
    body = response.content.decode()
    assert body.strip().startswith('<section id="review-results"')
    assert "<html" not in body and 'id="review-filters"' not in body
    assert str(pending.pk) in body


def test_every_hx_get_link_has_a_matching_href(browser, tenant, agent):
    for n in range(27):
        stage(agent, f"Fact number {n} about the account.")
    body = browser.get(queue_url(tenant)).content.decode()
    links = re.findall(r"<a [^>]*>", body)
    with_hx = [a for a in links if "hx-get=" in a and 'id="queue-live"' not in a]
    assert len(with_hx) >= 2  # refresh and the next page
    for link in with_hx:
        assert re.search(r'href="([^"]*)"', link).group(1) == re.search(
            r'hx-get="([^"]*)"', link
        ).group(1)
    assert 'href="?page=2"' in body
    page2 = browser.get(queue_url(tenant, page=2))
    assert len(row_ids(page2)) == 2
    assert "Page 2 of 2" in page2.content.decode()


def test_filters(browser, tenant, agent):
    stage(agent, "Async episodic at user 42.")
    semantic = stage(
        agent,
        "Sync semantic at user 43.",
        tier="sync",
        layer="semantic",
        scope="/org/acme/user/43/",
    )
    other_agent, _ = make_agent(tenant, name="second-agent")
    by_other = stage(other_agent, "Written by the second agent.")

    def ids(**params) -> set[str]:
        return set(row_ids(browser.get(queue_url(tenant, **params), **HTMX)))

    assert ids(tier="sync") == {str(semantic.pk)}
    assert ids(layer="semantic") == {str(semantic.pk)}
    assert ids(scope="/org/acme/user/43/") == {str(semantic.pk)}
    assert ids(scope="/org/acme/") == ids()  # a scope covers its subtree
    assert ids(agent=other_agent.pk) == {str(by_other.pk)}
    assert ids(min_risk=semantic.risk_score) == {str(semantic.pk)}
    assert str(semantic.pk) not in ids(max_risk=semantic.risk_score - 0.01)
    assert len(ids()) == 3
    # Nonsense filters mean "any", never an error.
    for junk in ({"tier": "auto"}, {"min_risk": "high"}, {"agent": "x"}, {"sort": "?"}):
        assert len(ids(**junk)) == 3, junk
    by_risk = row_ids(browser.get(queue_url(tenant, sort="risk"), **HTMX))
    assert by_risk[0] == str(semantic.pk)
    newest = row_ids(browser.get(queue_url(tenant, sort="newest"), **HTMX))
    assert newest[0] == str(by_other.pk)


def test_empty_queue(browser, tenant):
    body = browser.get(queue_url(tenant)).content.decode()
    assert "Nothing waits for review" in body
    body = browser.get(queue_url(tenant, tier="sync")).content.decode()
    assert "with these filters" in body


def test_query_count_does_not_grow_with_rows(
    browser, tenant, agent, curator, django_assert_num_queries
):
    stage(agent, "The only row.")
    Notification.objects.create(
        tenant=tenant, user=curator, message="Escalated.", created_at=timezone.now()
    )
    with CaptureQueriesContext(connection) as page_one_row:
        assert len(row_ids(browser.get(queue_url(tenant)))) == 1
    with CaptureQueriesContext(connection) as partial_one_row:
        browser.get(queue_url(tenant), **HTMX)
    for n in range(19):
        stage(agent, f"Row {n} of twenty.", tier="sync" if n % 3 else "async")
    with django_assert_num_queries(len(page_one_row)):
        assert len(row_ids(browser.get(queue_url(tenant)))) == 20
    with django_assert_num_queries(len(partial_one_row)):
        assert len(row_ids(browser.get(queue_url(tenant), **HTMX))) == 20
    assert len(partial_one_row) < len(page_one_row)


# Live updates


def test_poll_says_when_a_request_arrived(browser, tenant, agent):
    stage(agent, "Already there.")
    seen = review_queue_state(tenant=tenant).signature
    poll = reverse("review_queue_poll", args=[tenant.slug])
    quiet = browser.get(poll, {"seen": seen}, **HTMX)
    assert quiet.status_code == 200
    assert "HX-Trigger" not in quiet
    assert 'id="queue-live"' in quiet.content.decode()
    assert "<html" not in quiet.content.decode()

    stage(agent, "A new sync request.", tier="sync")
    changed = browser.get(poll, {"seen": seen}, **HTMX)
    assert json.loads(changed["HX-Trigger"]) == {"queue-changed": {}}
    body = changed.content.decode()
    assert "<strong>2</strong> waiting" in body
    new_seen = review_queue_state(tenant=tenant).signature
    assert new_seen != seen and f"seen={new_seen}" in body


def test_queue_page_polls_and_refreshes_on_change(browser, tenant, pending):
    body = browser.get(queue_url(tenant)).content.decode()
    assert 'hx-trigger="every 1s"' in body
    assert 'hx-trigger="click, queue-changed from:body"' in body


# Detail


def test_detail_full_page_and_partial(browser, tenant, pending):
    url = action_url("review_detail", pending)
    page = browser.get(url)
    assert page.status_code == 200
    body = page.content.decode()
    assert "<html" in body and 'id="review-detail"' in body
    assert "&lt;EMAIL_1&gt;" in body and "billing@acme.example" not in body
    assert "doc://runbook" in body  # evidence
    assert "content_hash" in body and "signed (HMAC-SHA256" in body  # provenance
    assert "blast_radius" in body  # risk factors
    assert "Gate trace" in body and ">sensitivity<" in body
    assert 'action="' + action_url("review_edit_approve", pending) in body
    fragment = browser.get(url, **HTMX)
    assert fragment.content.decode().strip().startswith('<article id="review-detail"')


def test_detail_of_a_decided_write_has_no_forms(browser, tenant, pending, curator):
    write_review_approve(tenant=tenant, write_id=pending.pk, user=curator)
    body = browser.get(action_url("review_detail", pending)).content.decode()
    assert "Committed by cora" in body
    assert action_url("review_approve", pending) not in body


def test_other_tenants_reviews_are_not_found(client, tenant, other_tenant, pending):
    outsider = make_member(other_tenant)
    client.force_login(outsider)
    assert client.get(queue_url(tenant)).status_code == 404
    assert client.get(action_url("review_detail", pending)).status_code == 404
    for name in ("review_approve", "review_reject", "review_edit_approve"):
        response = client.post(action_url(name, pending), {"reason_code": "PII"})
        assert response.status_code == 404, name
    # A member of both tenants cannot reach one tenant's write through the other.
    make_member(other_tenant, username="cora-both")
    both = make_member(tenant, username="cora-both")
    client.force_login(both)
    theirs = reverse("review_detail", args=[other_tenant.slug, pending.pk])
    assert client.get(theirs).status_code == 404
    approve = reverse("review_approve", args=[other_tenant.slug, pending.pk])
    assert client.post(approve).status_code == 404
    assert (
        client.get(
            reverse("review_detail", args=[tenant.slug, uuid.uuid4()])
        ).status_code
        == 404
    )
    pending.refresh_from_db()
    assert pending.status == WriteStatus.PENDING_REVIEW


# Approve


def test_approve_with_htmx_answers_the_row(browser, tenant, pending):
    response = browser.post(
        action_url("review_approve", pending),
        {"justification": "Matches the billing runbook."},
        HTTP_HX_TARGET=f"review-{pending.pk}",
        **HTMX,
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert body.strip().startswith(f'<tr id="review-{pending.pk}"')
    assert "Approved" in body and "review-decided" in body and "by cora" in body
    pending.refresh_from_db()
    assert pending.status == WriteStatus.COMMITTED and pending.decided_by == "cora"
    version = MemoryVersion.objects.get(pk=pending.version_id)
    assert version.status == VersionStatus.ACTIVE
    assert version.justification == "Matches the billing runbook."
    assert AuditEvent.objects.filter(
        tenant_id=tenant.id, action="write.approve", object_id=str(pending.pk)
    ).exists()


def test_approve_without_htmx_redirects_back_with_a_message(browser, tenant, pending):
    back = queue_url(tenant, tier="async")
    response = browser.post(action_url("review_approve", pending), {"next": back})
    assert response.status_code == 302 and response["Location"] == back
    page = browser.get(back).content.decode()
    assert "Approved: the memory is published." in page
    assert str(pending.pk) not in row_ids(browser.get(back))


def test_next_must_stay_on_this_site(browser, tenant, pending):
    response = browser.post(
        action_url("review_approve", pending), {"next": "https://evil.example/"}
    )
    assert response["Location"] == queue_url(tenant)


def test_approve_from_the_detail_page_answers_the_panel(browser, tenant, pending):
    response = browser.post(
        action_url("review_approve", pending), HTTP_HX_TARGET="review-detail", **HTMX
    )
    body = response.content.decode()
    assert body.strip().startswith('<article id="review-detail"')
    assert "Approved: the memory is published." in body
    assert "Committed by cora" in body


def test_the_losing_decision_hears_who_won(browser, tenant, pending):
    rival = make_member(tenant, Role.CURATOR, username="rita")
    write_review_approve(tenant=tenant, write_id=pending.pk, user=rival)
    response = browser.post(
        action_url("review_reject", pending),
        {"reason_code": "PII", "note": "late"},
        HTTP_HX_TARGET=f"review-{pending.pk}",
        **HTMX,
    )
    body = response.content.decode()
    assert "already decided by rita" in body
    assert "review-decided" in body and "Committed" in body
    assert action_url("review_reject", pending) not in body  # no forms left
    pending.refresh_from_db()
    assert pending.status == WriteStatus.COMMITTED and pending.decided_by == "rita"
    # Without htmx: back to the queue with the same message.
    response = browser.post(action_url("review_approve", pending), follow=True)
    assert "already decided by rita" in response.content.decode()


# Reject


def test_reject_needs_a_reason(browser, tenant, pending):
    response = browser.post(
        action_url("review_reject", pending),
        {"note": "no reason given"},
        HTTP_HX_TARGET=f"review-{pending.pk}",
        **HTMX,
    )
    assert response.status_code == 200
    assert "Choose a reason for the rejection." in response.content.decode()
    response = browser.post(
        action_url("review_reject", pending), {"reason_code": "BECAUSE"}, follow=True
    )
    assert "Choose a reason for the rejection." in response.content.decode()
    pending.refresh_from_db()
    assert pending.status == WriteStatus.PENDING_REVIEW
    assert not AuditEvent.objects.filter(action="write.reject").exists()


def test_reject_with_a_reason(browser, tenant, pending):
    response = browser.post(
        action_url("review_reject", pending),
        {"reason_code": "FACTUAL_ERROR", "note": "Billing goes quarterly."},
        HTTP_HX_TARGET=f"review-{pending.pk}",
        **HTMX,
    )
    body = response.content.decode()
    assert "Rejected (FACTUAL_ERROR)." in body and "review-decided" in body
    pending.refresh_from_db()
    assert pending.status == WriteStatus.REJECTED
    assert (
        pending.code == "factual_error" and pending.reason == "Billing goes quarterly."
    )
    assert (
        MemoryVersion.objects.get(pk=pending.version_id).status != VersionStatus.ACTIVE
    )
    event = AuditEvent.objects.get(action="write.reject", object_id=str(pending.pk))
    assert event.reason == "FACTUAL_ERROR" and event.actor_label == "cora"


# Edit, then approve


def test_edit_then_approve_redacts_rehashes_and_reembeds(browser, tenant, pending):
    before = MemoryVersion.objects.get(pk=pending.version_id)
    edited = "Invoices go to ap@acme.example every quarter."
    response = browser.post(
        action_url("review_edit_approve", pending),
        {"content": edited, "justification": "Fixed the cadence."},
        HTTP_HX_TARGET="review-detail",
        **HTMX,
    )
    body = response.content.decode()
    assert "Edited and approved" in body, body[:2000]
    version = MemoryVersion.objects.get(pk=pending.version_id)
    assert version.status == VersionStatus.ACTIVE
    assert "ap@acme.example" not in version.content
    assert re.fullmatch(r"Invoices go to <EMAIL_\d+> every quarter\.", version.content)
    assert version.content_hash != before.content_hash
    assert list(version.embedding) != list(before.embedding)
    assert "pii" in version.flags
    assert (
        provenance_problems(
            record=version.provenance,
            signature=version.signature,
            content=version.content,
            content_hash=version.content_hash,
            key=settings.MGC_PROVENANCE_KEY.encode(),
        )
        == []
    )
    edit = AuditEvent.objects.get(action="memory.edit")
    assert edit.metadata["previous_content_hash"] == before.content_hash
    assert "ap@acme.example" not in str(edit.metadata) + edit.reason
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []


def test_edit_with_empty_content_changes_nothing(browser, tenant, pending):
    before = MemoryVersion.objects.get(pk=pending.version_id)
    response = browser.post(
        action_url("review_edit_approve", pending),
        {"content": "   "},
        HTTP_HX_TARGET="review-detail",
        **HTMX,
    )
    assert "Write the content to approve." in response.content.decode()
    response = browser.post(
        action_url("review_edit_approve", pending), {"content": ""}, follow=True
    )
    assert "Write the content to approve." in response.content.decode()
    after = MemoryVersion.objects.get(pk=pending.version_id)
    assert (after.content, after.status) == (before.content, VersionStatus.DRAFT)
    assert not AuditEvent.objects.filter(action="memory.edit").exists()


# Roles


def test_viewer_sees_the_queue_without_decisions(viewer_client, tenant, pending):
    body = viewer_client.get(queue_url(tenant)).content.decode()
    assert str(pending.pk) in body
    assert "View only" in body
    assert 'id="bulk-form"' not in body and 'name="ids"' not in body
    assert action_url("review_approve", pending) not in body
    detail = viewer_client.get(action_url("review_detail", pending)).content.decode()
    assert "curators and admins decide it" in detail
    assert action_url("review_approve", pending) not in detail


def test_viewer_cannot_decide(viewer_client, tenant, pending):
    assert viewer_client.post(action_url("review_approve", pending)).status_code == 403
    response = viewer_client.post(
        action_url("review_reject", pending), {"reason_code": "PII"}, **HTMX
    )
    assert "Only curators and admins decide reviews." in response.content.decode()
    response = viewer_client.post(
        action_url("review_edit_approve", pending), {"content": "Mine now."}
    )
    assert response.status_code == 403
    response = viewer_client.post(
        reverse("review_bulk", args=[tenant.slug]),
        {"ids": [pending.pk], "action": "approve"},
    )
    assert response.status_code == 403
    pending.refresh_from_db()
    assert pending.status == WriteStatus.PENDING_REVIEW
    assert (
        not AuditEvent.objects.filter(action__startswith="write.")
        .exclude(action__in=["write.submit", "write.review_requested"])
        .exists()
    )


def test_admin_decides_too(client, tenant, pending):
    client.force_login(make_member(tenant, Role.ADMIN))
    client.post(action_url("review_approve", pending))
    pending.refresh_from_db()
    assert pending.status == WriteStatus.COMMITTED


def test_posts_need_the_csrf_token(tenant, curator, pending):
    client = Client(enforce_csrf_checks=True)
    client.force_login(curator)
    assert client.post(action_url("review_approve", pending)).status_code == 403
    page = client.get(queue_url(tenant)).content.decode()
    assert 'hx-headers=\'{"X-CSRFToken": "' in page
    assert page.count('name="csrfmiddlewaretoken"') >= 3  # bulk, approve, reject
    pending.refresh_from_db()
    assert pending.status == WriteStatus.PENDING_REVIEW


def test_decisions_are_posts_only(browser, pending):
    for name in ("review_approve", "review_reject", "review_edit_approve"):
        assert browser.get(action_url(name, pending)).status_code == 405


# Bulk


def test_bulk_reject_reports_each_failed_row(browser, tenant, agent, curator):
    first, second, taken = (stage(agent, f"Bulk candidate {n}.") for n in range(3))
    rival = make_member(tenant, Role.CURATOR, username="rita")
    write_review_approve(tenant=tenant, write_id=taken.pk, user=rival)
    response = browser.post(
        reverse("review_bulk", args=[tenant.slug]),
        {
            "ids": [first.pk, second.pk, taken.pk, uuid.uuid4()],
            "action": "reject",
            "reason_code": "DUPLICATE",
            "note": "Seen before.",
            "next": queue_url(tenant),
        },
        follow=True,
    )
    body = response.content.decode()
    assert "Rejected 2 requests." in body
    assert f"Request {str(taken.pk)[:8]}" in body and "already decided by rita" in body
    assert "No such write." in body
    assert body.count("bulk-failure") == 2
    for write in (first, second):
        write.refresh_from_db()
        assert write.status == WriteStatus.REJECTED and write.code == "duplicate"
    taken.refresh_from_db()
    assert taken.status == WriteStatus.COMMITTED


def test_bulk_with_htmx_swaps_the_results(browser, tenant, agent):
    first, second = stage(agent, "Bulk one."), stage(agent, "Bulk two.")
    back = queue_url(tenant, sort="oldest")
    response = browser.post(
        reverse("review_bulk", args=[tenant.slug]),
        {"ids": [first.pk, second.pk], "action": "approve", "next": back},
        **HTMX,
    )
    assert response.status_code == 302 and response["Location"] == back
    # The browser follows the redirect with the same htmx headers.
    fragment = browser.get(back, **HTMX).content.decode()
    assert fragment.strip().startswith('<section id="review-results"')
    assert "Approved 2 requests." in fragment
    assert "Nothing waits for review" in fragment


def test_bulk_reject_without_a_reason_changes_nothing(browser, tenant, pending):
    response = browser.post(
        reverse("review_bulk", args=[tenant.slug]),
        {"ids": [pending.pk], "action": "reject"},
        follow=True,
    )
    assert "Choose a reason for the rejection." in response.content.decode()
    response = browser.post(
        reverse("review_bulk", args=[tenant.slug]), {"action": "approve"}, follow=True
    )
    assert "Select at least one request." in response.content.decode()
    pending.refresh_from_db()
    assert pending.status == WriteStatus.PENDING_REVIEW


def test_bulk_cannot_reach_another_tenant(client, tenant, other_tenant, pending):
    outsider = make_member(other_tenant, Role.CURATOR)
    client.force_login(outsider)
    response = client.post(
        reverse("review_bulk", args=[other_tenant.slug]),
        {"ids": [pending.pk], "action": "approve"},
        follow=True,
    )
    assert "No such write." in response.content.decode()
    pending.refresh_from_db()
    assert pending.status == WriteStatus.PENDING_REVIEW


# Notifications


def test_notification_badge_and_mark_read(browser, tenant, curator, pending):
    for n in range(3):
        Notification.objects.create(
            tenant=tenant,
            user=curator,
            message=f"Review {n} is past its SLA.",
            url=action_url("review_detail", pending),
            created_at=pending.created_at,
        )
    body = browser.get(queue_url(tenant)).content.decode()
    assert '<span class="notice-count" id="notice-count">3</span>' in body
    assert "Review 2 is past its SLA." in body
    response = browser.post(reverse("review_notifications_read", args=[tenant.slug]))
    assert response.status_code == 302
    body = browser.get(queue_url(tenant)).content.decode()
    assert '<span class="notice-count" id="notice-count">0</span>' in body
    assert Notification.objects.filter(read_at__isnull=True).count() == 0


def test_edit_with_a_secret_is_refused_and_changes_nothing(browser, tenant, pending):
    before = MemoryVersion.objects.get(pk=pending.version_id)
    response = browser.post(
        action_url("review_edit_approve", pending),
        {"content": "Use key AKIAIOSFODNN7EXAMPLE for the nightly backup."},
        follow=True,
    )
    body = response.content.decode()
    assert "looks like a credential" in body
    assert "AKIAIOSFODNN7EXAMPLE" not in body
    after = MemoryVersion.objects.get(pk=pending.version_id)
    assert (after.content, after.status) == (before.content, VersionStatus.DRAFT)
    assert not AuditEvent.objects.filter(action="memory.edit").exists()
