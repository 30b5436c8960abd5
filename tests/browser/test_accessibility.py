"""Every console page, as every role, through axe-core: no serious or critical issue.

The pages come from the URLconf (memory_core/console_urls.py and the apps'
url modules), each with data present: memories with and without a key, a
write waiting for review with its contradiction case, a GC run, erasure
requests (one completed, with its certificate), an agent, a second tenant for
the platform operator. axe-core is the one `axe-playwright-python` ships; the
browser context bypasses the Content-Security-Policy only so that the test can
inject it (tests/browser/test_content_security_policy.py checks the real
policy). At 390 px the review queue and a memory's page fit the screen: the
body does not scroll sideways and every action is on screen. Screenshots go to
test-artifacts/a11y/.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
import uuid
from collections.abc import Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect, sync_playwright

from memory_core.models import Agent, Conflict, MemoryItem, Role, WriteRequest
from tests.browser.conftest import ARTIFACTS_ROOT, CHROMIUM, CHROMIUM_ARGS
from tests.factories import make_agent, make_member, make_tenant

ARTIFACTS = ARTIFACTS_ROOT / "a11y"
SLUG = "access"
SCOPE = f"/org/{SLUG}/user/1/"
PASSWORD = "access-pass-1"
KEYED = "The customer wants quarterly reports delivered as PDF, never as slides."
# Longer than a title: a memory without a key is titled by its first words.
ROOM = "at 9:30 in the small meeting room by the stairs."
MONDAY = f"The team standup is on Monday {ROOM}"
TUESDAY = f"The team standup is on Tuesday {ROOM}"
EMAIL = "jane.doe@example.com"
# axe-core's impact levels the issue forbids.
FORBIDDEN = {"serious", "critical"}
ROLES = (Role.ADMIN, Role.CURATOR, Role.COMPLIANCE_OFFICER, Role.VIEWER)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.worker,
    pytest.mark.slow,
]


def api(base_url: str, token: str, body: dict) -> dict:
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


def seed(base_url: str) -> dict[str, str]:
    """Fill one tenant with something for every page; return the object ids."""
    from approvals.erasure.requests import erasure_execute, erasure_file
    from approvals.models import ErasureRequest
    from memory_core.lifecycle.gc.runs import gc_run_execute
    from memory_core.views import PAGE_SIZE
    from tests.memory_core.lifecycle.test_gc import NoJudge, stored

    tenant = make_tenant(SLUG, scopes=(SCOPE,))
    make_tenant("other-tenant")
    # Every write without a contradiction commits; contradictions wait.
    tenant.policy = {"async_review_at": 0.99, "sync_block_at": 0.999}
    tenant.save(update_fields=["policy"])
    users = {
        role: make_member(tenant, role, username=f"a11y-{role}", password=PASSWORD)
        for role in ROLES
    }
    User.objects.create_superuser("a11y-operator", password=PASSWORD)
    agent, token = make_agent(tenant, name="planner")
    keyed = api(base_url, token, note(KEYED, key="report_format"))
    assert keyed["status"] == "committed", keyed
    old = api(base_url, token, note(MONDAY, source="agent_inferred", confidence=0.5))
    assert old["status"] == "committed", old
    new = api(base_url, token, note(TUESDAY, source="agent_inferred", confidence=0.95))
    assert new["status"] == "pending_review", new
    pii = api(base_url, token, note(f"Jane Doe prefers email: {EMAIL}."))
    assert pii["status"] == "committed", pii

    officer = users[Role.COMPLIANCE_OFFICER]
    # Four eyes: a curator files, the compliance officer executes.
    done = erasure_file(
        tenant=tenant,
        identifiers=[("email", EMAIL)],
        legal_basis="consent_withdrawn",
        user=users[Role.CURATOR],
    )
    erasure_execute(tenant=tenant, request_id=done.pk, user=officer)
    deadline = time.monotonic() + 60
    while ErasureRequest.objects.get(pk=done.pk).status != "completed":
        assert time.monotonic() < deadline, "the erasure did not complete"
        time.sleep(0.5)
    waiting = erasure_file(
        tenant=tenant,
        identifiers=[("email", "someone.else@example.com")],
        legal_basis="consent_withdrawn",
        user=officer,
    )
    # More than a page of memories: the list shows its pagination (and the
    # disabled end of it).
    for n in range(PAGE_SIZE):
        stored(tenant, f"Filler note {n} for the second page.", scope=SCOPE)
    run = gc_run_execute(tenant_id=tenant.id, judge=NoJudge())
    return {
        "keyed": keyed["memory_id"],
        "unkeyed": old["memory_id"],
        "write": keyed["id"],
        "review": new["id"],
        "conflict": str(Conflict.objects.get(write_request_id=new["id"]).pk),
        "erasure_done": str(done.pk),
        "erasure_waiting": str(waiting.pk),
        "gc_run": str(run.pk),
        "agent": str(agent.pk),
    }


def console_pages(ids: dict[str, str]) -> list[str]:
    """Every page of the console a member can GET (the URLconf, with ids filled)."""
    t = f"/t/{SLUG}"
    return [
        "/password/",
        f"{t}/memories/",
        f"{t}/memories/?q=standup",
        f"{t}/memories/?page=2",
        f"{t}/memories/search/",
        f"{t}/memories/search/?q=standup&scope={SCOPE}",
        f"{t}/memories/{ids['keyed']}/",
        f"{t}/memories/{ids['unkeyed']}/",
        f"{t}/writes/",
        f"{t}/writes/{ids['write']}/",
        f"{t}/reviews/",
        f"{t}/reviews/{ids['review']}/",
        f"{t}/curation/conflicts/",
        f"{t}/curation/conflicts/{ids['conflict']}/",
        f"{t}/curation/as-of/",
        f"{t}/curation/as-of/?scope={SCOPE}",
        f"{t}/audit/",
        f"{t}/gc/",
        f"{t}/gc/runs/",
        f"{t}/gc/runs/{ids['gc_run']}/",
        f"{t}/compliance/",
        f"{t}/compliance/print/",
        f"{t}/erasure/",
        f"{t}/erasure/new/",
        f"{t}/erasure/{ids['erasure_done']}/",
        f"{t}/erasure/{ids['erasure_waiting']}/",
        f"{t}/erasure/{ids['erasure_done']}/certificate/",
        f"{t}/admin/members/",
        f"{t}/admin/agents/",
        f"{t}/admin/agents/{ids['agent']}/",
        f"{t}/admin/policy/",
        f"{t}/admin/scopes/",
        # The 404 page, inside and outside a tenant.
        f"{t}/memories/{uuid.uuid4()}/",
        "/no-such-page/",
    ]


PLATFORM_PAGES = ["/platform/", f"/platform/tenants/{SLUG}/"]


@pytest.fixture
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


def signed_in(browser: Browser, base_url: str, username: str, **viewport) -> Page:
    context = browser.new_context(
        viewport=viewport or {"width": 1280, "height": 900}, bypass_csp=True
    )
    page = context.new_page()
    page.goto(f"{base_url}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    expect(page).not_to_have_url(f"{base_url}/login/")
    return page


def serious(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page, one line each."""
    results = Axe().run(page)
    return [
        f"{v['impact']} {v['id']}: {node['target']} {node['failureSummary'][:160]!r}"
        for v in results.response["violations"]
        if v["impact"] in FORBIDDEN
        for node in v["nodes"]
    ]


def test_every_console_page_passes_axe_as_every_role(live_server, worker, browser):
    base_url = live_server.url
    ids = seed(base_url)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    found: dict[str, list[str]] = {}
    visited = 0

    def check(page: Page, who: str, path: str) -> None:
        nonlocal visited
        response = page.goto(f"{base_url}{path}")
        assert response is not None
        assert response.status in (200, 403, 404), (who, path, response.status)
        assert "Traceback" not in page.content(), (who, path)
        visited += 1
        problems = serious(page)
        if problems:
            found[f"{who} {path} ({response.status})"] = problems

    anonymous = browser.new_context(bypass_csp=True).new_page()
    for path in ("/login/", "/no-such-page/", f"/t/{SLUG}/memories/{uuid.uuid4()}/"):
        check(anonymous, "anonymous", path)
    for role in ROLES:
        page = signed_in(browser, base_url, f"a11y-{role}")
        for path in console_pages(ids):
            check(page, role, path)
    page = signed_in(browser, base_url, "a11y-operator")
    for path in PLATFORM_PAGES:
        check(page, "operator", path)

    (ARTIFACTS / "axe-serious.json").write_text(json.dumps(found, indent=2))
    pages = len(found)
    nodes = sum(len(v) for v in found.values())
    assert not found, (
        f"{nodes} serious/critical axe violations on {pages} of {visited} page "
        f"visits:\n" + "\n".join(f"{k}\n  " + "\n  ".join(v) for k, v in found.items())
    )


def assert_fits(page: Page) -> None:
    """The page body does not scroll sideways at this width."""
    widths = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], f"the page is {widths[0]}px wide in {widths[1]}px"


def assert_on_screen(page: Page, locator) -> None:
    """The control can be scrolled to and lies within the screen's width."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box


def test_queue_and_memory_page_at_390_px(live_server, worker, browser):
    base_url = live_server.url
    ids = seed(base_url)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = signed_in(browser, base_url, f"a11y-{Role.CURATOR}", width=390, height=844)

    page.goto(f"{base_url}/t/{SLUG}/reviews/")
    row = page.locator("table.review-table tbody tr", has_text=TUESDAY)
    expect(row).to_have_count(1)
    page.screenshot(path=ARTIFACTS / "390-review-queue.png", full_page=True)
    assert_fits(page)
    assert_on_screen(page, row.get_by_role("link", name=TUESDAY[:30]))
    assert_on_screen(page, row.get_by_role("button", name="Approve"))
    reject = row.locator("summary", has_text="Reject")
    assert_on_screen(page, reject)
    reject.click()
    assert_on_screen(page, row.get_by_role("button", name="Reject", exact=True))
    assert_fits(page)

    page.goto(f"{base_url}/t/{SLUG}/memories/{ids['keyed']}/")
    expect(page.locator(".content-block")).to_have_text(KEYED)
    page.screenshot(path=ARTIFACTS / "390-memory-detail.png", full_page=True)
    assert_fits(page)
    assert_on_screen(page, page.get_by_role("link", name="Request erasure"))
    curate = page.get_by_role("region", name="Curate")
    actions = curate.locator("summary")
    assert actions.count() >= 5
    for index in range(actions.count()):
        assert_on_screen(page, actions.nth(index))
    # An action opens in place, its form within the screen.
    curate.locator("summary", has_text="Force-expire").click()
    form = curate.locator("details[open] form")
    for field in ("textarea, input:not([type=hidden])", "button[type=submit]"):
        assert_on_screen(page, form.locator(field).first)
    assert_fits(page)

    # A memory without a key is titled by its content, never by its UUID.
    page.goto(f"{base_url}/t/{SLUG}/memories/{ids['unkeyed']}/")
    title = page.get_by_role("heading", level=1)
    expect(title).to_have_text(re.compile(r"^The team standup is on Monday .*…$"))
    expect(title).not_to_contain_text(ids["unkeyed"])
    expect(page).to_have_title(re.compile(r"^The team standup is on Monday"))
    assert_fits(page)

    # The nav is reachable too: every section link can be scrolled to; one word
    # for contradiction cases, and the as-of view one click away.
    nav = page.get_by_role("navigation", name="Sections").get_by_role("link")
    for index in range(nav.count()):
        assert_on_screen(page, nav.nth(index))
    expect(nav.filter(has_text="Contradictions")).to_have_count(1)
    expect(nav.filter(has_text="Conflicts")).to_have_count(0)
    nav.filter(has_text="As of").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Memories as of a moment")
    expect(page.get_by_label("As of (UTC)")).to_be_visible()
    assert MemoryItem.objects.filter(pk=ids["keyed"]).exists()
    assert WriteRequest.objects.filter(pk=ids["review"]).exists()
    assert Agent.objects.filter(pk=ids["agent"]).exists()
