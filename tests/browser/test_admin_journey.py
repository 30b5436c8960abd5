"""An admin's journey: register an agent, issue its token, use it, revoke it.

Real live server, real API over HTTP, real Chromium. No worker: the agent
only reads, so nothing is queued.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from memory_core.models import AgentToken, Role
from tests.browser.conftest import ARTIFACTS_ROOT, CHROMIUM, CHROMIUM_ARGS
from tests.factories import make_member, make_tenant

ARTIFACTS = ARTIFACTS_ROOT / "admin"

pytestmark = [
    pytest.mark.browser,
]


def api_get(base_url: str, token: str) -> tuple[int, dict]:
    """GET the agent's memories over HTTP; return the status and the JSON body."""
    request = urllib.request.Request(
        f"{base_url}/api/v1/memories",
        headers={"Authorization": f"Bearer {token}", "Accept": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def sign_in(page: Page, base_url: str, path: str, username: str, password: str):
    page.goto(f"{base_url}{path}")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    expect(page).to_have_url(f"{base_url}{path}")


def shot(page: Page, name: str) -> None:
    page.screenshot(path=ARTIFACTS / f"{name}.png", full_page=True)


def test_admin_issues_uses_and_revokes_a_token(live_server):
    tenant = make_tenant("adminjourney", scopes=("/org/adminjourney/user/1/",))
    make_member(tenant, Role.ADMIN, username="journey-admin", password="admin-pass")
    make_member(tenant, Role.CURATOR, username="journey-curator", password="cur-pass")
    base = live_server.url
    agents_path = "/t/adminjourney/admin/agents/"

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS
        )
        try:
            page = browser.new_page(viewport={"width": 1440, "height": 900})
            page.on("dialog", lambda dialog: dialog.accept())
            sign_in(page, base, agents_path, "journey-admin", "admin-pass")
            expect(page.locator("#admin-agents")).to_contain_text("No agents yet")
            shot(page, "1-agents-empty")

            # Register an agent: a plain form post, then its page.
            page.fill("#agent-name", "journey-bot")
            page.fill("#agent-create textarea[name=scopes]", "/org/adminjourney/")
            page.check("#agent-create input[name=layers][value=semantic]")
            page.click("#agent-create button[type=submit]")
            expect(page.locator("#admin-agent-detail h2").first).to_have_text(
                "journey-bot"
            )
            expect(page.locator("#admin-agent-detail")).to_contain_text(
                "journey-bot is registered"
            )
            expect(page.locator("#admin-agent-detail")).to_contain_text("No tokens")
            detail_url = page.url
            shot(page, "2-agent-registered")

            # Issue a token over htmx: shown in full once, on this response.
            page.fill("input[name=label]", "journey-laptop")
            page.click("#agent-tokens button:has-text('Issue token')")
            secret_input = page.locator("#new-token-value")
            expect(secret_input).to_be_visible()
            token = secret_input.input_value()
            assert token.startswith("mgc_")
            prefix = token.split("_")[1]
            row = page.locator("#token-table tbody tr", has_text=prefix)
            expect(row).to_contain_text("Live")
            expect(row).to_contain_text("journey-laptop")
            assert page.url == detail_url
            shot(page, "3-token-issued")

            status, body = api_get(base, token)
            assert status == 200, body
            assert body["results"] == [] or isinstance(body["results"], list)

            # Never again: a reload shows the prefix only.
            page.reload()
            expect(page.locator("#new-token-value")).to_have_count(0)
            assert token not in page.content()
            expect(row).to_contain_text("Live")

            # Revoke it in the browser (htmx, after a confirm).
            row.locator("input[name=reason]").fill("journey over")
            row.get_by_role("button", name="Revoke").click()
            expect(row).to_contain_text("Revoked")
            expect(page.locator("#admin-agent-detail")).to_contain_text(
                f"Token {prefix} is revoked"
            )
            shot(page, "4-token-revoked")

            status, body = api_get(base, token)
            assert status == 401, body
            assert body["error"]["code"] == "unauthenticated"

            # The other admin pages, for a look.
            page.get_by_role("link", name="Agents and tokens").click()
            expect(page.locator("#agent-table")).to_contain_text("journey-bot")
            shot(page, "5-agents")

            page.get_by_role("link", name="Members", exact=True).click()
            page.fill("#invite-username", "journey-newbie")
            page.select_option("#invite-role", "viewer")
            page.click("#admin-members button:has-text('Add member')")
            expect(page.locator("#new-password-value")).to_be_visible()
            expect(page.locator("#member-table")).to_contain_text("journey-newbie")
            shot(page, "6-members-invited")

            page.get_by_role("link", name="Policy", exact=True).click()
            # Shots of the whole long page: let the sticky save bar sit still.
            # A constructed stylesheet: the CSP refuses a <style> tag.
            page.evaluate(
                """() => {
                  const sheet = new CSSStyleSheet();
                  sheet.replaceSync(".policy-save { position: static; }");
                  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
                }"""
            )
            page.fill("#id_sync_block_at", "0.2")
            page.fill("#id_reason", "try a low sync threshold")
            page.click("#admin-policy button:has-text('Save policy')")
            expect(page.locator("#admin-policy")).to_contain_text(
                "The policy was not saved."
            )
            expect(page.locator("#admin-policy")).to_contain_text(
                "must not be below the async review threshold"
            )
            shot(page, "7-policy-invalid")
            page.locator("#policy-risk").screenshot(
                path=ARTIFACTS / "7-policy-invalid-risk-group.png"
            )

            page.fill("#id_sync_block_at", "0.8")
            page.fill("#id_review_sla_hours", "8")
            page.click("#admin-policy button:has-text('Save policy')")
            expect(page.locator("#admin-policy")).to_contain_text(
                "The policy is saved: 2 values changed."
            )
            expect(page.locator("#admin-policy .badge-overridden")).to_have_count(2)
            shot(page, "8-policy-saved")
            for group in ("rate", "evidence", "review"):
                page.locator(f"#policy-{group}").screenshot(
                    path=ARTIFACTS / f"8-policy-group-{group}.png"
                )

            # A curator sees the admins-only page.
            other = browser.new_page(viewport={"width": 1440, "height": 900})
            sign_in(
                other, base, "/t/adminjourney/memories/", "journey-curator", "cur-pass"
            )
            response = other.goto(f"{base}{agents_path}")
            assert response is not None and response.status == 403
            expect(other.locator("h1")).to_have_text("Admins only")
            shot(other, "9-admins-only")
        finally:
            browser.close()
    # ORM calls inside the Playwright block would run on another connection
    # (its greenlet has its own context) that nobody closes: check rows here.
    assert AgentToken.objects.get(prefix=prefix).revoked_at is not None
    tenant.refresh_from_db()
    assert tenant.policy == {"sync_block_at": 0.8, "review_sla_hours": 8}
