"""A curator's first look: an agent writes over HTTP, the curator finds it in Chromium.

Everything is real: the live server, the API, the Celery worker, PostgreSQL and
the browser.
"""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.browser.conftest import ARTIFACTS_ROOT, CHROMIUM, CHROMIUM_ARGS
from tests.factories import make_agent, make_member, make_tenant

ARTIFACTS = ARTIFACTS_ROOT
FIRST = "The customer wants quarterly reports as slides."
CONTENT = "The customer wants quarterly reports delivered as PDF, never as slides."

pytestmark = [
    pytest.mark.browser,
    pytest.mark.worker,
]


def post_write(base_url: str, token: str, body: dict) -> dict:
    """POST a write to the real API and wait for its outcome."""
    request = urllib.request.Request(
        f"{base_url}/api/v1/writes",
        data=json.dumps(body).encode(),
        method="POST",
        headers={
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
            "Prefer": "wait=30",
        },
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def test_curator_finds_a_fresh_memory(live_server, worker):
    tenant = make_tenant("journey", scopes=("/org/journey/user/1/",))
    make_member(tenant, username="journey-curator", password="journey-pass")
    _, token = make_agent(tenant, name="journey-assistant")

    answers = [
        post_write(
            live_server.url,
            token,
            {
                "scope": "/org/journey/user/1/",
                "layer": "episodic",
                "key": "report_format",
                "content": content,
                "source": "user_stated",
                "confidence": 0.9,
            },
        )
        for content in (FIRST, CONTENT)
    ]
    # The second write names the same key: it supersedes the first as v2.
    assert [a["status"] for a in answers] == ["committed", "committed"], answers
    assert answers[1]["version"] == 2
    memory_id = answers[1]["memory_id"]

    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS
        )
        try:
            page = browser.new_page(viewport={"width": 1440, "height": 900})
            page.goto(f"{live_server.url}/t/journey/memories/")
            expect(page).to_have_url(
                f"{live_server.url}/login/?next=/t/journey/memories/"
            )
            page.fill("#id_username", "journey-curator")
            page.fill("#id_password", "journey-pass")
            page.click("button[type=submit]")

            expect(page).to_have_url(f"{live_server.url}/t/journey/memories/")
            row = page.locator("#memory-results tbody tr", has_text=CONTENT)
            expect(row).to_have_count(1)
            expect(row).to_contain_text("report_format")
            page.screenshot(path=ARTIFACTS / "journey-1-memories.png", full_page=True)

            # The filter form swaps the results in place through htmx.
            page.fill("#filter-q", "no such words anywhere")
            page.press("#filter-q", "Enter")
            expect(page.locator("#memory-results")).to_contain_text("No memories match")
            expect(page).to_have_url(
                re.compile(r"/t/journey/memories/\?q=no(\+|%20)such")
            )
            page.fill("#filter-q", "quarterly")
            page.press("#filter-q", "Enter")
            expect(row).to_have_count(1)

            row.get_by_role("link").click()
            expect(page).to_have_url(
                f"{live_server.url}/t/journey/memories/{memory_id}/"
            )
            expect(page.locator(".content-block")).to_have_text(CONTENT)
            expect(page.locator("#memory-detail")).to_contain_text("journey-assistant")
            versions = page.locator("#memory-detail table").first.locator("tbody tr")
            expect(versions).to_have_count(2)
            expect(versions.nth(0)).to_contain_text("Active")
            expect(versions.nth(1)).to_contain_text("Superseded")
            expect(versions.nth(1)).to_contain_text(FIRST)
            expect(page.locator("#memory-detail")).to_contain_text("insert")
            expect(page.locator("#memory-detail")).to_contain_text("update")
            page.screenshot(
                path=ARTIFACTS / "journey-2-memory-detail.png", full_page=True
            )

            page.get_by_role("link", name="Writes", exact=True).click()
            expect(page.locator("#write-results")).to_contain_text(CONTENT)
            page.screenshot(path=ARTIFACTS / "journey-3-writes.png", full_page=True)
        finally:
            browser.close()
