"""Curators at the review queue, in Chromium, against agents writing over HTTP.

Everything is real: the live server, the agents' API, the Celery worker,
PostgreSQL and the browser. Screenshots go to test-artifacts/reviews/.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.request
from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.db import connections
from django.utils import timezone
from playwright.sync_api import Page, expect, sync_playwright

from approvals.services import reviews_escalate_overdue
from memory_core.models import Role, Tenant, WriteRequest, WriteStatus
from tests.approvals.test_review_queue_views import stage
from tests.browser.conftest import ARTIFACTS_ROOT, CHROMIUM, CHROMIUM_ARGS
from tests.conftest import wait_for
from tests.factories import make_agent, make_member, make_tenant

ARTIFACTS = ARTIFACTS_ROOT / "reviews"
SCOPE = "/org/reviews/user/1/"
ASYNC = {"async_review_at": 0.0, "sync_block_at": 1.01}
SYNC = {"async_review_at": 0.0, "sync_block_at": 0.0, "sync_deadline_seconds": 120}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.worker,
]


def post_write(base_url: str, token: str, content: str, wait: int = 30) -> dict:
    """POST a user-stated episodic write to the real API; wait for its outcome."""
    body = {
        "scope": SCOPE,
        "layer": "episodic",
        "content": content,
        "source": "user_stated",
        "confidence": 0.9,
        "evidence": [
            {
                "source_type": "HUMAN_INPUT",
                "uri": "chat://session/9#turn-3",
                "authority": 1.0,
                "excerpt": content[:40],
            }
        ],
    }
    request = urllib.request.Request(
        f"{base_url}/api/v1/writes",
        data=json.dumps(body).encode(),
        method="POST",
        headers={
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
            "Prefer": f"wait={wait}",
        },
    )
    with urllib.request.urlopen(request, timeout=90) as response:
        return json.loads(response.read())


def set_policy(tenant: Tenant, policy: dict) -> None:
    tenant.policy = policy
    tenant.save(update_fields=["policy"])


@pytest.fixture
def setting(live_server, worker):
    """A tenant with a curator, an agent and its token."""
    tenant = make_tenant("reviews", scopes=(SCOPE,))
    make_member(tenant, Role.CURATOR, username="cora", password="cora-pass")
    _, token = make_agent(tenant, name="support-assistant")
    return tenant, token


@pytest.fixture
def page(live_server) -> Iterator[Page]:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS
        )
        try:
            yield browser.new_page(viewport={"width": 1440, "height": 900})
        finally:
            browser.close()
            # Inside Playwright's context the ORM has connections of its own
            # (they are per context); close them, or the test database cannot
            # be dropped at the end of the session.
            connections.close_all()


def log_in(page: Page, base_url: str, username: str, password: str) -> None:
    page.goto(f"{base_url}/t/reviews/reviews/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    expect(page).to_have_url(f"{base_url}/t/reviews/reviews/")


def test_agent_waits_while_a_curator_approves(live_server, setting, page):
    tenant, token = setting
    set_policy(tenant, ASYNC)
    staged = [
        post_write(live_server.url, token, text)
        for text in (
            "The user's billing contact is finance@example.org.",
            "The user prefers invoices as PDF attachments.",
        )
    ]
    assert [s["status"] for s in staged] == ["pending_review"] * 2, staged

    log_in(page, live_server.url, "cora", "cora-pass")
    rows = page.locator("#review-results tbody tr")
    expect(rows).to_have_count(2)
    expect(page.locator("#review-results")).to_contain_text("<EMAIL_1>")
    page.screenshot(path=ARTIFACTS / "1-queue-async.png", full_page=True)

    # The agent's next write blocks it until a person decides.
    set_policy(tenant, SYNC)
    blocking = "Refunds above 500 EUR need the account owner's written consent."
    answer: dict = {}
    agent = threading.Thread(
        target=lambda: answer.update(post_write(live_server.url, token, blocking))
    )
    agent.start()
    row = page.locator("#review-results tbody tr", has_text=blocking)
    expect(row).to_have_count(1, timeout=15_000)  # appears without a reload
    expect(rows.first).to_contain_text(blocking)  # sync first
    expect(row.locator(".countdown")).to_contain_text("left")
    page.screenshot(path=ARTIFACTS / "2-queue-sync-arrived.png", full_page=True)

    row.locator("input[name=justification]").fill("Matches the refund policy.")
    row.get_by_role("button", name="Approve", exact=True).click()
    # The row leaves the list at once; the decision is sent after the undo
    # toast's few seconds (static/js/review_queue.js).
    expect(row).to_be_hidden()
    expect(page.locator(".toast", has_text="Approved")).to_be_visible()
    expect(page.locator("#queue-live strong")).to_have_text("2")
    page.screenshot(path=ARTIFACTS / "3-queue-approved.png", full_page=True)

    agent.join(60)
    assert not agent.is_alive()
    expect(row).to_have_count(0, timeout=10_000)
    assert answer["status"] == "committed", answer
    write = WriteRequest.objects.get(pk=answer["id"])
    assert write.decided_by == "cora" and write.tier == "sync"

    # The review page of one of the async rows: the full draft and its trace.
    page.locator("#review-results tbody tr", has_text="PDF attachments").get_by_role(
        "link", name="The user prefers invoices"
    ).click()
    expect(page.locator("#review-detail")).to_contain_text("Gate trace")
    expect(page.locator("#draft-content")).to_have_text(
        "The user prefers invoices as PDF attachments."
    )
    page.screenshot(path=ARTIFACTS / "4-review-detail.png", full_page=True)


def test_bulk_reject_of_two_rows(live_server, setting, page):
    tenant, token = setting
    set_policy(tenant, ASYNC)
    texts = [
        "The user said their password hint is their cat's name.",
        "The user wants to be called at night.",
        "The user's preferred language is Portuguese.",
    ]
    answers = [post_write(live_server.url, token, t) for t in texts]
    assert {a["status"] for a in answers} == {"pending_review"}, answers

    log_in(page, live_server.url, "cora", "cora-pass")
    rows = page.locator("#review-results tbody tr")
    expect(rows).to_have_count(3)
    for text in texts[:2]:
        rows.filter(has_text=text).locator("input[name=ids]").check()
    bulk = page.locator("#bulk-form")
    bulk.locator("select[name=reason_code]").select_option("POLICY_VIOLATION")
    bulk.locator("input[name=note]").fill("Not for memory.")
    page.screenshot(path=ARTIFACTS / "5-bulk-selected.png", full_page=True)
    bulk.get_by_role("button", name="Reject selected").click()

    expect(page.locator("#review-results")).to_contain_text("Rejected 2 requests.")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text(texts[2])
    page.screenshot(path=ARTIFACTS / "6-bulk-rejected.png", full_page=True)
    statuses = {
        w.payload["content"]: (w.status, w.code)
        for w in WriteRequest.objects.filter(tenant=tenant)
    }
    assert statuses[texts[0]] == (WriteStatus.REJECTED, "policy_violation")
    assert statuses[texts[1]] == (WriteStatus.REJECTED, "policy_violation")
    assert statuses[texts[2]][0] == WriteStatus.PENDING_REVIEW


def test_a_new_sync_request_appears_without_a_reload(live_server, setting, page):
    tenant, token = setting
    set_policy(tenant, SYNC)
    log_in(page, live_server.url, "cora", "cora-pass")
    expect(page.locator("#review-results")).to_contain_text("Nothing waits for review")
    page.evaluate("window.__sameDocument = true")

    text = "Ship orders to the warehouse in Porto from next week."
    thread = threading.Thread(
        target=lambda: post_write(live_server.url, token, text, wait=0)
    )
    thread.start()
    thread.join(30)
    write = wait_for(
        lambda: (
            WriteRequest.objects.filter(tenant=tenant)
            .exclude(status=WriteStatus.QUEUED)
            .first()
        ),
        interval=0.05,
    )
    staged_at = time.monotonic()
    assert write.status == WriteStatus.AWAITING_APPROVAL, write.reason

    row = page.locator("#review-results tbody tr", has_text=text)
    expect(row).to_have_count(1, timeout=5_000)
    seen_after = time.monotonic() - staged_at
    assert seen_after < 3.0, seen_after  # a 1 s poll, then one refresh
    assert page.evaluate("window.__sameDocument") is True  # no reload
    expect(page.locator("#queue-live")).to_contain_text("1 waiting")
    expect(row.locator(".countdown")).to_contain_text("left")
    page.screenshot(path=ARTIFACTS / "7-live-arrival.png", full_page=True)


def test_escalation_missing_reason_and_a_viewer(live_server, transactional_db, page):
    """No worker: the writes are staged in-process, the browser does the rest."""
    tenant = make_tenant("reviews", scopes=("/org/reviews/user/42/",))
    make_member(tenant, Role.ADMIN, username="ada", password="ada-pass")
    make_member(tenant, Role.VIEWER, username="vic", password="vic-pass")
    agent, _ = make_agent(tenant, name="support-assistant")
    late = stage(agent, "The user's phone is +44 20 7946 0958; call after 6pm.")
    stage(agent, "Escalations go to the on-call lead first.", tier="sync")
    WriteRequest.objects.filter(pk=late.pk).update(
        review_deadline=timezone.now() - timedelta(hours=3)
    )
    assert reviews_escalate_overdue() == 1

    log_in(page, live_server.url, "ada", "ada-pass")
    expect(page.locator("#notice-count")).to_have_text("1")
    page.locator("#notices summary").click()
    expect(page.locator(".notice-menu")).to_contain_text("Overdue review")
    row = page.locator(f"#review-{late.pk}")
    expect(row).to_contain_text("escalated")
    expect(row).to_contain_text("SLA passed")
    expect(row).to_contain_text("<PHONE_1>")
    page.screenshot(path=ARTIFACTS / "8-escalated-and-notified.png", full_page=True)

    # A reason is required: the browser asks first; without that check the
    # server answers in the row, keeping what was typed.
    row.locator("summary", has_text="Reject").click()
    reason = row.locator("select[name=reason_code]")
    reason.evaluate("select => select.removeAttribute('required')")
    row.locator("input[name=note]").fill("Wrong number")
    row.get_by_role("button", name="Reject", exact=True).click()
    # Sent after the undo window: the refusal brings the row back, saying why.
    expect(row).to_contain_text("Choose a reason for the rejection.", timeout=15_000)
    expect(row.locator("input[name=note]")).to_have_value("Wrong number")
    page.screenshot(path=ARTIFACTS / "9-missing-reason.png", full_page=True)
    late.refresh_from_db()
    assert late.status == WriteStatus.PENDING_REVIEW

    page.goto(f"{live_server.url}/t/reviews/reviews/{late.pk}/")
    expect(page.locator("#review-detail")).to_contain_text("escalated")
    page.screenshot(path=ARTIFACTS / "10-detail-escalated.png", full_page=True)

    page.context.clear_cookies()
    log_in(page, live_server.url, "vic", "vic-pass")
    expect(page.locator("#review-results tbody tr")).to_have_count(2)
    expect(page.locator("#bulk-form")).to_have_count(0)
    expect(page.get_by_role("button", name="Approve")).to_have_count(0)
    expect(page.locator("#review-results")).to_contain_text("View only")
    page.screenshot(path=ARTIFACTS / "11-viewer.png", full_page=True)
