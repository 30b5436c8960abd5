"""A curator clears a large queue in Chromium (issue 14, "Speed for 200 items").

Compact rows (12+ on a 1440×900 screen), one count, keyboard triage with the
undo toast (the decision is sent only after the toast; Undo means it never
was; leaving the page sends it), focus mode with "n of N" and auto-advance,
a new sync request changing the tab title and notifying a background tab,
select-all and "all N matching this filter", busy buttons, nav badges; no
Content-Security-Policy violation and no serious axe-core issue. Writes are
staged in-process (no worker); everything else is real. Screenshots go to
test-artifacts/triage/.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.db import connections
from playwright.sync_api import Browser, Page, expect, sync_playwright

from memory_core.models import Role, WriteRequest, WriteStatus
from tests.approvals.test_review_queue_views import stage
from tests.browser.conftest import ARTIFACTS_ROOT, CHROMIUM, CHROMIUM_ARGS
from tests.factories import make_agent, make_member, make_tenant

ARTIFACTS = ARTIFACTS_ROOT / "triage"
SLUG = "triage"
QUEUE = f"/t/{SLUG}/reviews/"
ASYNC_ROWS = 28
LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(e.violatedDirective + " " + (e.blockedURI || "inline"));
});
"""
# Rows wholly inside the viewport.
ROWS_ON_SCREEN = """() => [...document.querySelectorAll('#review-results tr[data-row]')]
  .filter(r => !r.hidden)
  .filter(r => { const b = r.getBoundingClientRect();
                 return b.height > 0 && b.top >= 0 && b.bottom <= innerHeight; })
  .length"""
# A background tab whose notifications are allowed, recording what it shows.
BACKGROUND_TAB = """() => {
  window.__notified = [];
  Object.defineProperty(document, "hidden", { get: () => true, configurable: true });
  window.Notification = class {
    constructor(title, options) { window.__notified.push([title, options.body]); }
    static get permission() { return "granted"; }
    static requestPermission() { return Promise.resolve("granted"); }
  };
}"""

pytestmark = [pytest.mark.browser]


@pytest.fixture
def browser(live_server) -> Iterator[Browser]:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS
        )
        try:
            yield chromium
        finally:
            chromium.close()
            connections.close_all()


def sign_in(browser: Browser, base_url: str, *, bypass_csp: bool = False) -> Page:
    context = browser.new_context(
        viewport={"width": 1440, "height": 900}, bypass_csp=bypass_csp
    )
    context.add_init_script(LISTEN)
    page = context.new_page()
    page.goto(f"{base_url}{QUEUE}")
    page.fill("#id_username", "cora")
    page.fill("#id_password", "cora-pass")
    page.click("button[type=submit]")
    expect(page).to_have_url(f"{base_url}{QUEUE}")
    return page


def status(write: WriteRequest) -> str:
    write.refresh_from_db()
    return write.status


def wait_status(write: WriteRequest, wanted: str, timeout: float = 10) -> None:
    until = time.monotonic() + timeout
    while status(write) != wanted and time.monotonic() < until:
        time.sleep(0.1)
    assert write.status == wanted, (write.status, wanted)


def current_id(page: Page) -> str:
    return page.locator("#review-results tr.is-current").get_attribute("data-row")


def test_a_curator_clears_a_large_queue(live_server, transactional_db, browser):
    tenant = make_tenant(SLUG, scopes=(f"/org/{SLUG}/user/42/",))
    make_member(tenant, Role.CURATOR, username="cora", password="cora-pass")
    agent, _ = make_agent(tenant, name="support-assistant")
    sync = stage(agent, "Refunds above 500 EUR need the owner's consent.", tier="sync")
    rows = [
        stage(agent, f"The user's fact number {n} is noted.") for n in range(ASYNC_ROWS)
    ]
    total = ASYNC_ROWS + 1

    console: list[str] = []
    page = sign_in(browser, live_server.url)
    page.on(
        "console", lambda m: console.append(m.text) if "Refused" in m.text else None
    )
    # Compact rows: a dozen or more on a 1440×900 screen, without scrolling.
    page.screenshot(path=ARTIFACTS / "1-compact-queue.png")
    on_screen = page.evaluate(ROWS_ON_SCREEN)
    assert on_screen >= 12, on_screen
    # One count: the live "waiting", the nav badge, no second number.
    expect(page.locator("#queue-live strong")).to_have_text(str(total))
    expect(page.locator("#nav-reviews-badge")).to_have_text(str(total))
    expect(page.locator("#review-results")).not_to_contain_text(f"{total} requests")
    # Why it was flagged, and what added most to its risk, at a glance.
    first = page.locator(f"#review-{sync.pk}")
    expect(first.locator(".why")).to_contain_text("gate")
    expect(first.locator(".factor").first).to_contain_text("+0.")

    # Keyboard: j/k move, the help opens with `?`.
    page.evaluate("document.getElementById('toasts').dataset.undoSeconds = '1.5'")
    assert current_id(page) == str(sync.pk)
    page.keyboard.press("j")
    page.keyboard.press("j")
    page.keyboard.press("k")
    assert current_id(page) == str(rows[0].pk)
    page.keyboard.press("?")
    expect(page.locator("#triage-help")).to_be_visible()
    page.screenshot(path=ARTIFACTS / "2-keyboard-help.png")
    page.keyboard.press("Escape")
    expect(page.locator("#triage-help")).to_be_hidden()

    # `a` approves: the row leaves at once, the count follows, a toast offers
    # Undo; undone, nothing was sent.
    row = page.locator(f"#review-{rows[0].pk}")
    page.keyboard.press("a")
    expect(row).to_be_hidden()
    expect(page.locator("#queue-live strong")).to_have_text(str(total - 1))
    expect(page.locator(".toast", has_text="Approved")).to_be_visible()
    page.screenshot(path=ARTIFACTS / "3-undo-toast.png")
    assert current_id(page) == str(rows[1].pk)  # auto-advance
    page.keyboard.press("u")
    expect(row).to_be_visible()
    expect(page.locator("#queue-live strong")).to_have_text(str(total))
    time.sleep(2.5)
    assert status(rows[0]) == WriteStatus.PENDING_REVIEW  # never sent

    # Approved for real: sent after the toast, and the row is gone for good.
    page.keyboard.press("a")
    wait_status(rows[0], WriteStatus.COMMITTED)
    expect(row).to_have_count(0, timeout=5_000)
    expect(page.locator("#queue-live strong")).to_have_text(str(total - 1))
    assert WriteRequest.objects.get(pk=rows[0].pk).decided_by == "cora"

    # `r` opens the reject reasons of the current row.
    page.keyboard.press("r")
    expect(
        page.locator(f"#review-{rows[1].pk} select[name=reason_code]")
    ).to_be_focused()
    page.keyboard.press("Escape")

    # Leaving the page sends a decision still in its undo window.
    page.keyboard.press("a")
    expect(page.locator(f"#review-{rows[1].pk}")).to_be_hidden()
    page.goto(f"{live_server.url}/t/{SLUG}/memories/")
    wait_status(rows[1], WriteStatus.COMMITTED)
    page.reload()  # the beacon may land after the page was rendered
    expect(page.locator("#nav-reviews-badge")).to_have_text(str(total - 2))

    # A sync write needs a justification: `a` asks for it, Enter sends it.
    page.goto(f"{live_server.url}{QUEUE}")
    page.evaluate("document.getElementById('toasts').dataset.undoSeconds = '1'")
    assert current_id(page) == str(sync.pk)
    page.keyboard.press("a")
    justification = page.locator(f"#review-{sync.pk} input[name=justification]")
    expect(justification).to_be_focused()
    justification.fill("Matches the refund policy.")
    justification.press("Enter")
    wait_status(sync, WriteStatus.COMMITTED)

    # A new sync request while the tab is in the background: the title says
    # so and a notification is shown.
    page.evaluate(BACKGROUND_TAB)
    arrived = stage(agent, "Close the account of user 42 today.", tier="sync")
    expect(page.locator(f"#review-{arrived.pk}")).to_have_count(1, timeout=5_000)
    expect(page).to_have_title(re.compile(r"^\(1 new sync\) "))
    assert page.evaluate("window.__notified") == [
        ["New sync request", "An agent is waiting for a decision (1 sync waiting)."]
    ]

    # Focus mode: one at a time, "n of N", a decision advances.
    page.keyboard.press("f")
    page.wait_for_load_state()
    progress = page.locator("#focus-progress")
    waiting = total - 3 + 1
    expect(progress).to_have_text(f"1 of {waiting}")
    expect(page.locator("#draft-content")).to_contain_text("Close the account")
    page.screenshot(path=ARTIFACTS / "4-focus-mode.png", full_page=True)
    page.keyboard.press("a")  # a sync write: asks for the justification
    focused = page.locator("#decide input[name=justification]").first
    expect(focused).to_be_focused()
    focused.fill("The owner asked for it in writing.")
    focused.press("Enter")
    expect(progress).to_have_text(f"2 of {waiting}")
    wait_status(arrived, WriteStatus.COMMITTED)
    page.wait_for_load_state()  # the keys are wired once the script ran
    page.keyboard.press("j")
    expect(progress).to_have_text(f"3 of {waiting}")
    page.wait_for_load_state()
    page.keyboard.press("k")
    expect(progress).to_have_text(f"2 of {waiting}")

    # Select all, then "all N matching this filter"; the button is busy while
    # the request runs.
    page.goto(f"{live_server.url}{QUEUE}")
    left = WriteRequest.objects.filter(
        tenant=tenant, status=WriteStatus.PENDING_REVIEW
    ).count()
    assert left == ASYNC_ROWS - 2 > 25
    page.locator("#select-all").check()
    matching = page.locator("#select-matching")
    expect(matching).to_be_visible()
    expect(matching).to_contain_text(f"Select all {left} matching this filter")
    matching.locator("input").check()
    bulk = page.locator("#bulk-form")
    bulk.locator("select[name=reason_code]").select_option("DUPLICATE")
    button = bulk.get_by_role("button", name="Reject selected")
    # Record the button's state while the request runs (it is short here).
    button.evaluate(
        """b => { window.__busy = [];
                  new MutationObserver(() => window.__busy.push(
                    [b.disabled, b.closest('form').classList.contains('htmx-request')]
                  )).observe(b, {attributes: true}); }"""
    )
    button.click()
    expect(page.locator("#review-results")).to_contain_text(
        f"Rejected {left} requests.", timeout=30_000
    )
    expect(page.locator("#review-results")).to_contain_text("Nothing waits for review")
    expect(page.locator("#queue-live strong")).to_have_text("0")
    page.screenshot(path=ARTIFACTS / "5-queue-cleared.png")
    assert not WriteRequest.objects.filter(
        tenant=tenant,
        status__in=[WriteStatus.PENDING_REVIEW, WriteStatus.AWAITING_APPROVAL],
    ).exists()

    assert [True, True] in page.evaluate("window.__busy")  # disabled, in progress
    assert page.evaluate("window.__violations") == []
    assert console == []


def test_triage_pages_pass_axe(live_server, transactional_db, browser):
    tenant = make_tenant(SLUG, scopes=(f"/org/{SLUG}/user/42/",))
    make_member(tenant, Role.CURATOR, username="cora", password="cora-pass")
    agent, _ = make_agent(tenant, name="support-assistant")
    stage(agent, "Refunds above 500 EUR need the owner's consent.", tier="sync")
    for n in range(3):
        stage(agent, f"The user's fact number {n} is noted.")
    page = sign_in(browser, live_server.url, bypass_csp=True)
    found = {}
    for path in (QUEUE, f"{QUEUE}focus/", f"{QUEUE}focus/?skip=9"):
        page.goto(f"{live_server.url}{path}")
        if path == QUEUE:
            page.keyboard.press("?")  # the help, open
            page.locator("#select-all").check()
        results = Axe().run(page)
        found[path] = [
            f"{v['impact']} {v['id']}: {node['target']}"
            for v in results.response["violations"]
            if v["impact"] in {"serious", "critical"}
            for node in v["nodes"]
        ]
    assert not any(found.values()), found
