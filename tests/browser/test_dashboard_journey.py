"""A curator signs in after the demo seed and lands on a dashboard with data.

The demo seed runs its writes through the real pipeline (in this process)
and rolls up the first figures; the page's charts are server-side SVG.
Screenshots go to test-artifacts/dashboard/.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS_ROOT
from tests.browser.test_curation_journeys import page  # noqa: F401

ARTIFACTS = ARTIFACTS_ROOT / "dashboard"

pytestmark = pytest.mark.browser


@pytest.fixture
def seeded(live_server, transactional_db):
    from memory_core.demo import DEMO_PASSWORD, demo_seed

    assert demo_seed() is True
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return live_server.url, DEMO_PASSWORD


def test_a_curator_lands_on_the_dashboard_and_sees_charts(seeded, page):  # noqa: F811
    base_url, password = seeded
    page.goto(f"{base_url}/login/")
    page.fill("#id_username", "acme-curator")
    page.fill("#id_password", password)
    page.click("button[type=submit]")

    expect(page).to_have_url(f"{base_url}/t/acme/dashboard/")
    expect(page.locator("h1")).to_have_text("Dashboard")
    expect(page.get_by_role("link", name="Dashboard", exact=True)).to_have_attribute(
        "aria-current", "page"
    )
    # Non-empty charts: columns of writes, gate latency bars, staleness bins.
    expect(page.locator("#metrics-writes svg.chart-columns rect").first).to_be_visible()
    assert page.locator("#metrics-writes svg.chart-columns rect").count() > 0
    assert page.locator("#metrics-latency svg rect").count() > 0
    assert page.locator("#metrics-staleness svg rect").count() > 0
    expect(page.locator("#metrics-health .metrics-health-status")).to_have_text(
        __import__("re").compile("HEALTHY|DEGRADED|CRITICAL")
    )
    expect(page.locator("#metrics-agent-table")).to_contain_text("acme-assistant")
    expect(page.locator("#metrics-stats")).not_to_contain_text("Writes\n0")
    page.screenshot(path=ARTIFACTS / "1-dashboard.png", full_page=True)

    # Every chart reads as a table too.
    latency = page.locator("#metrics-latency details")
    latency.locator("summary").click()
    expect(latency.locator("tbody tr").first).to_contain_text("ms")
    writes = page.locator("#metrics-writes details")
    writes.locator("summary").click()
    assert writes.locator("tbody tr").count() == 28  # 7 days in 6-hour bins

    page.get_by_role("link", name="24 hours").click()
    expect(page).to_have_url(f"{base_url}/t/acme/dashboard/?window=24h")
    assert page.locator("#metrics-writes svg.chart-columns rect").count() > 0
    page.screenshot(path=ARTIFACTS / "2-dashboard-24h.png", full_page=True)


def test_the_dashboard_passes_axe(seeded):
    """No serious or critical axe-core issue (CSP bypassed only to inject axe)."""
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

    base_url, password = seeded
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS
        )
        try:
            page = browser.new_context(bypass_csp=True).new_page()
            page.goto(f"{base_url}/login/")
            page.fill("#id_username", "acme-admin")
            page.fill("#id_password", password)
            page.click("button[type=submit]")
            expect(page).to_have_url(f"{base_url}/t/acme/dashboard/")
            for window in ("24h", "7d", "30d"):
                page.goto(f"{base_url}/t/acme/dashboard/?window={window}")
                violations = Axe().run(page).response["violations"]
                serious = [
                    f"{v['impact']} {v['id']}: {n['target']}"
                    for v in violations
                    if v["impact"] in ("serious", "critical")
                    for n in v["nodes"]
                ]
                assert not serious, (window, serious)
        finally:
            browser.close()
