"""The Content-Security-Policy in Chromium: no page of the console breaks it.

The policy allows no inline script, no event-handler attribute and no inline
style; Chromium reports each refusal on the console ("Refused to execute
…", "Refused to apply inline style …") and as a `securitypolicyviolation`
event. An admin walks every section, uses htmx and the copy button, and
neither kind of report may appear.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect, sync_playwright

from memory_core.models import Role
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.factories import make_member, make_tenant

pytestmark = [pytest.mark.browser]

PAGES = [
    "/t/csp/memories/",
    "/t/csp/memories/search/",
    "/t/csp/writes/",
    "/t/csp/reviews/",
    "/t/csp/curation/conflicts/",
    "/t/csp/curation/as-of/",
    "/t/csp/audit/",
    "/t/csp/gc/",
    "/t/csp/gc/runs/",
    "/t/csp/compliance/",
    "/t/csp/compliance/print/",
    "/t/csp/erasure/",
    "/t/csp/erasure/new/",
    "/t/csp/admin/members/",
    "/t/csp/admin/agents/",
    "/t/csp/admin/policy/",
    "/t/csp/admin/scopes/",
    "/password/",
    "/api/docs/",
]
# Records violations from the first script on; Playwright's init script is
# not itself subject to the page's policy.
LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(e.violatedDirective + " " + (e.blockedURI || "inline"));
});
"""


def test_no_page_breaks_the_content_security_policy(live_server):
    tenant = make_tenant("csp", scopes=("/org/csp/user/1/",))
    make_member(tenant, Role.ADMIN, username="csp-admin", password="csp-pass")
    base = live_server.url
    reports: list[str] = []

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS
        )
        try:
            context = browser.new_context(
                permissions=["clipboard-read", "clipboard-write"]
            )
            context.add_init_script(LISTEN)
            page = context.new_page()
            page.on(
                "console",
                lambda msg: (
                    reports.append(msg.text)
                    if "Content Security Policy" in msg.text or "Refused to" in msg.text
                    else None
                ),
            )

            page.goto(f"{base}/login/")
            page.fill("#id_username", "csp-admin")
            page.fill("#id_password", "csp-pass")
            page.click("button[type=submit]")
            expect(page.locator(".session-user")).to_contain_text("csp-admin")

            for path in PAGES:
                response = page.goto(f"{base}{path}")
                assert response is not None and response.status == 200, path
                assert (
                    "script-src 'self'" in response.headers["content-security-policy"]
                )
                page.wait_for_load_state("networkidle")
                violations = page.evaluate("window.__violations")
                assert violations == [], (path, violations)

            # htmx works under the policy: a filter swaps the results in.
            page.goto(f"{base}/t/csp/memories/")
            with page.expect_response(lambda r: "q=pixel" in r.url):
                page.locator("#filter-q").press_sequentially("pixel")
            # The copy button, formerly an onclick attribute, is static JS now.
            page.goto(f"{base}/t/csp/admin/members/")
            page.fill("#invite-username", "csp-newcomer")
            page.click("text=Add member")
            copy = page.locator("button[data-copy]")
            expect(copy).to_be_visible()
            copy.click()
            expect(copy).to_have_text("Copied")
            secret = page.locator("#new-password-value").input_value()
            assert page.evaluate("navigator.clipboard.readText()") == secret
            assert page.evaluate("window.__violations") == []
        finally:
            browser.close()

    assert reports == []
