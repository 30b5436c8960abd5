"""Curators in Chromium: resolve a contradiction as keep-new; roll back a memory.

Everything is real: the live server, the agents' API, the Celery worker with
the embedding model and the contradiction judge, PostgreSQL and the browser.
Screenshots go to test-artifacts/curation/.
"""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from memory_core.models import Conflict, MemoryVersion
from tests.browser.conftest import ARTIFACTS_ROOT, CHROMIUM, CHROMIUM_ARGS
from tests.factories import make_agent, make_member, make_tenant

ARTIFACTS = ARTIFACTS_ROOT / "curation"
SCOPE = "/org/curation/user/1/"
MONDAY = "The team standup is on Monday at 9:30."
TUESDAY = "The team standup is on Tuesday at 9:30."

pytestmark = [
    pytest.mark.browser,
    pytest.mark.worker,
]


def api(base_url: str, token: str, method: str, path: str, body=None) -> dict:
    request = urllib.request.Request(
        f"{base_url}{path}",
        data=json.dumps(body).encode() if body is not None else None,
        method=method,
        headers={
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
            "Prefer": "wait=30",
        },
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def note(content: str, **extra) -> dict:
    return {
        "scope": SCOPE,
        "layer": "episodic",
        "content": content,
        "source": "user_stated",
        "confidence": 0.9,
        "evidence": [{"source_type": "HUMAN_INPUT", "uri": "chat://session/1#turn-4"}],
        **extra,
    }


@pytest.fixture
def setup(live_server, worker):
    tenant = make_tenant("curation", scopes=(SCOPE,))
    # Every write without a contradiction commits; contradictions wait.
    tenant.policy = {"async_review_at": 0.99, "sync_block_at": 0.999}
    tenant.save(update_fields=["policy"])
    make_member(tenant, username="carla", password="carla-pass-1")
    _, token = make_agent(tenant, name="planner")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return live_server.url, token


@pytest.fixture
def page():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS
        )
        try:
            context = browser.new_context(viewport={"width": 1440, "height": 900})
            yield context.new_page()
        finally:
            browser.close()


def log_in(page: Page, base_url: str, path: str) -> None:
    page.goto(f"{base_url}{path}")
    page.fill("#id_username", "carla")
    page.fill("#id_password", "carla-pass-1")
    page.click("button[type=submit]")
    expect(page).to_have_url(f"{base_url}{path}")


def test_a_contradiction_resolved_as_keep_new(setup, page):
    base_url, token = setup
    old = api(
        base_url,
        token,
        "POST",
        "/api/v1/writes",
        note(MONDAY, source="agent_inferred", confidence=0.5),
    )
    assert old["status"] == "committed", old
    new = api(
        base_url,
        token,
        "POST",
        "/api/v1/writes",
        note(TUESDAY, source="agent_inferred", confidence=0.95),
    )
    assert new["status"] == "pending_review", new
    case = Conflict.objects.get(write_request_id=new["id"])

    log_in(page, base_url, "/t/curation/curation/conflicts/")
    row = page.locator("#conflict-results tbody tr", has_text=TUESDAY)
    expect(row).to_have_count(1)
    expect(row).to_contain_text(MONDAY)
    page.screenshot(path=ARTIFACTS / "1-conflict-list.png", full_page=True)

    row.get_by_role("link", name="Resolve").click()
    expect(page).to_have_url(f"{base_url}/t/curation/curation/conflicts/{case.pk}/")
    existing = page.get_by_role("region", name="Existing version")
    proposed = page.get_by_role("region", name="New version")
    expect(existing).to_contain_text(MONDAY)
    expect(existing).to_contain_text("0.50")
    expect(proposed).to_contain_text(TUESDAY)
    expect(proposed).to_contain_text("0.95")
    expect(proposed).to_contain_text("chat://session/1#turn-4")
    page.screenshot(path=ARTIFACTS / "2-conflict-detail.png", full_page=True)

    # Without a reason the browser does not even send the form.
    page.get_by_role("button", name="Keep new").click()
    expect(page.locator("#conflict-detail .callout-success")).to_have_count(0)
    page.fill("#resolve-reason", "The standup moved to Tuesdays in March.")
    page.get_by_role("button", name="Keep new").click()
    expect(page.locator("#conflict-detail .callout-success")).to_have_text(
        "Resolved: keep new."
    )
    expect(page.locator("#conflict-detail")).to_contain_text("Kept the new value")
    expect(page.locator("#conflict-detail")).to_contain_text("by carla")
    expect(existing).to_contain_text("Superseded")
    expect(proposed).to_contain_text("Active")
    page.screenshot(path=ARTIFACTS / "3-conflict-resolved.png", full_page=True)

    # The agent's write is committed, and the memory page shows the new value.
    assert api(base_url, token, "GET", f"/api/v1/writes/{new['id']}")["status"] == (
        "committed"
    )
    proposed.get_by_role("link").first.click()
    expect(page.locator(".content-block")).to_have_text(TUESDAY)
    assert MemoryVersion.objects.get(pk=case.existing_version_id).status == (
        "superseded"
    )


def test_a_rollback(setup, page):
    base_url, token = setup
    first = api(
        base_url,
        token,
        "POST",
        "/api/v1/writes",
        note("Reports go out as PDF on Fridays.", key="report_format"),
    )
    second = api(
        base_url,
        token,
        "POST",
        "/api/v1/writes",
        note("Reports go out as slides on Fridays.", key="report_format"),
    )
    assert [first["status"], second["status"]] == ["committed", "committed"]
    assert second["version"] == 2
    memory = f"/t/curation/memories/{second['memory_id']}/"

    log_in(page, base_url, memory)
    detail = page.locator("#memory-detail")
    expect(page.locator(".content-block")).to_have_text(
        "Reports go out as slides on Fridays."
    )
    expect(page.locator("#memory-changes del")).to_have_text("PDF")
    expect(page.locator("#memory-changes ins")).to_have_text("slides")
    # A second tab holds the same rollback form, soon stale.
    other = page.context.new_page()
    other.goto(f"{base_url}{memory}")
    page.locator("summary", has_text="Roll back v2").click()
    page.screenshot(path=ARTIFACTS / "4-memory-rollback-form.png", full_page=True)

    form = page.locator("#memory-actions form", has_text="Restore")
    expect(form.get_by_label("Restore")).to_have_value(re.compile(".+"))
    expect(form.get_by_label("Restore").locator("option:checked")).to_contain_text(
        "v1 · superseded"
    )
    form.get_by_label("Reason").fill("The user asked for PDF; slides was a mistake.")
    form.get_by_role("button", name="Roll back v2").click()
    expect(detail.locator(".callout-success")).to_contain_text("Rolled back")
    expect(page.locator(".content-block")).to_have_text(
        "Reports go out as PDF on Fridays."
    )
    versions = detail.locator("table").first.locator("tbody tr")
    expect(versions).to_have_count(3)
    expect(versions.nth(0)).to_contain_text("Active")
    expect(versions.nth(1)).to_contain_text("Retracted")
    expect(detail).to_contain_text("restored v1 after rollback of v2")
    page.screenshot(path=ARTIFACTS / "5-memory-rolled-back.png", full_page=True)

    # The stale tab is told why, and shows the memory as it is now.
    other.locator("summary", has_text="Roll back v2").click()
    stale = other.locator("#memory-actions form", has_text="Restore")
    stale.get_by_label("Reason").fill("Same mistake, seen late.")
    stale.get_by_role("button", name="Roll back v2").click()
    expect(other.locator("#memory-actions .callout-error")).to_contain_text(
        "v2 is not the current version"
    )
    expect(other.locator(".content-block")).to_have_text(
        "Reports go out as PDF on Fridays."
    )
    other.screenshot(path=ARTIFACTS / "5b-stale-rollback.png", full_page=True)
    other.close()

    # A note, and the promotion form.
    page.get_by_text("Add note").first.click()
    page.get_by_label("Note").fill("Confirmed by the customer on the phone.")
    page.get_by_role("button", name="Add note").last.click()
    expect(page.locator("#memory-notes")).to_contain_text("Confirmed by the customer")
    page.locator("#memory-actions summary", has_text="Promote").click()
    page.screenshot(path=ARTIFACTS / "5c-note-and-promote.png", full_page=True)

    # The audit trail links each event to its scope as of that moment: as of
    # the second write, the scope held the slides version.
    page.goto(f"{base_url}/t/curation/audit/?action=memory.update")
    page.screenshot(path=ARTIFACTS / "6-audit-as-of-links.png", full_page=True)
    page.locator("#audit-results tbody tr").last.get_by_role(
        "link", name="as of this"
    ).click()
    expect(page).to_have_url(re.compile(r"/curation/as-of/\?"))
    results = page.locator("#asof-results")
    expect(results).to_contain_text("Reports go out as slides on Fridays.")
    expect(results).not_to_contain_text("as PDF")
    page.screenshot(path=ARTIFACTS / "7-scope-as-of.png", full_page=True)

    # The picker: now, the PDF version is back.
    page.get_by_role("link", name="Now").click()
    expect(results).to_contain_text("Reports go out as PDF on Fridays.")
    expect(results).to_contain_text("v3")
