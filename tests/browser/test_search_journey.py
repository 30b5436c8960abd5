"""A curator searches the memories as an agent would, and opens the best hit.

Real live server, real Chromium, real embeddings: the memories are committed
through the write service and the pipeline, run in-process.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from memory_core.models import MemoryItem
from tests.browser.conftest import ARTIFACTS_ROOT, CHROMIUM, CHROMIUM_ARGS
from tests.factories import make_agent, make_member, make_tenant
from tests.memory_core.test_console_search_views import remember

ARTIFACTS = ARTIFACTS_ROOT / "search"
SLUG = "searchjourney"
USER = f"/org/{SLUG}/user/1/"
FACTS = [
    "The user's dog is called Pixel.",
    "Invoices go to the finance mailbox.",
    "Weekly reports are due on Fridays.",
    "The VPN client crashes on macOS 15.",
    "The user prefers dark mode in every app.",
]

pytestmark = [pytest.mark.browser]


def shot(page: Page, name: str) -> None:
    # A swapped-in results section fades in from the request's dimmed state.
    expect(page.locator("#search-results")).not_to_have_class(re.compile("htmx-"))
    page.wait_for_timeout(300)
    page.screenshot(path=ARTIFACTS / f"{name}.png", full_page=True)


def test_a_curator_searches_as_an_agent_and_opens_the_best_hit(live_server):
    tenant = make_tenant(SLUG, scopes=(USER,))
    make_member(tenant, username="search-curator", password="curator-pass")
    agent, _ = make_agent(tenant, name="assistant")
    make_agent(tenant, name="billing-bot", scopes=[f"/org/{SLUG}/user/2/"])
    items = {fact: remember(agent, fact, scope=USER) for fact in FACTS}
    dog = items[FACTS[0]]
    base = live_server.url

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS
        )
        try:
            page = browser.new_page(viewport={"width": 1440, "height": 900})
            page.goto(f"{base}/t/{SLUG}/memories/")
            page.fill("#id_username", "search-curator")
            page.fill("#id_password", "curator-pass")
            page.click("button[type=submit]")
            page.get_by_role("link", name="Search as an agent").click()
            expect(page).to_have_url(f"{base}/t/{SLUG}/memories/search/")
            expect(page.locator("#search-agent")).to_have_value(str(agent.pk))

            page.fill("#search-q", "What's the name of their pet?")
            page.press("#search-q", "Enter")
            first = page.locator(".search-hit").first
            expect(first).to_have_id(f"hit-{dog.pk}")
            expect(first.locator(".search-hit-content")).to_have_text(FACTS[0])
            expect(page.locator(".search-hit")).not_to_have_count(0)
            expect(first.locator(".breakdown-part.term-vector")).to_be_visible()
            expect(first.locator(".breakdown-terms .term-vector dd")).to_have_text(
                re.compile(r"^0\.\d{3}$")
            )
            expect(page.locator("#search-results .results-meta")).to_contain_text(
                "not counted as reads"
            )
            # The URL carries the question: it can be shared.
            expect(page).to_have_url(re.compile(r"\?q=What%27s%20the%20name"))
            shot(page, "1-results")

            # Another agent reads another user's scope: nothing of these.
            page.select_option("#search-agent", label="billing-bot")
            expect(page.locator("#search-results .empty")).to_contain_text(
                "Nothing billing-bot may read matches"
            )
            shot(page, "2-other-agent")

            # Back to the assistant, then open the best hit.
            page.go_back()
            expect(page.locator(".search-hit").first).to_have_id(f"hit-{dog.pk}")
            page.locator(".search-hit").first.locator(".search-hit-content").click()
            expect(page).to_have_url(f"{base}/t/{SLUG}/memories/{dog.pk}/")
            expect(page.locator("main")).to_contain_text(FACTS[0])
        finally:
            browser.close()
    # Searching from the console counted no reads.
    assert set(
        MemoryItem.objects.filter(tenant=tenant).values_list("access_count", flat=True)
    ) == {0}
