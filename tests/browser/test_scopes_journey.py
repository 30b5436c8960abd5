"""An admin's journey through Admin → Scopes: create, rename, archive.

Real live server, real Chromium. The memory in the way of the archive is
committed through the write service and the pipeline, run in-process.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from memory_core.models import Role, Scope
from tests.browser.conftest import ARTIFACTS_ROOT, CHROMIUM, CHROMIUM_ARGS
from tests.factories import make_agent, make_member, make_tenant
from tests.memory_core.services.test_curation import committed

ARTIFACTS = ARTIFACTS_ROOT / "scopes"
SLUG = "scopejourney"
BUSY = f"/org/{SLUG}/user/1/"
NEW = f"/org/{SLUG}/user/u-2001/"

pytestmark = [pytest.mark.browser]


def shot(page: Page, name: str) -> None:
    page.screenshot(path=ARTIFACTS / f"{name}.png", full_page=True)


def row(page: Page, path: str):
    return page.locator(f"#scope-{Scope.objects.get(path=path).pk}")


def test_admin_creates_renames_and_archives_scopes(live_server):
    tenant = make_tenant(SLUG, scopes=(BUSY, f"/org/{SLUG}/user/1/task/intro/"))
    make_member(tenant, Role.ADMIN, username="scope-admin", password="admin-pass")
    agent, _ = make_agent(tenant, name="assistant")
    committed(agent, "The user prefers dark mode.", scope=BUSY)
    base = live_server.url
    scopes_path = f"/t/{SLUG}/admin/scopes/"

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS
        )
        try:
            page = browser.new_page(viewport={"width": 1440, "height": 900})
            page.on("dialog", lambda dialog: dialog.accept())
            page.goto(f"{base}{scopes_path}")
            page.fill("#id_username", "scope-admin")
            page.fill("#id_password", "admin-pass")
            page.click("button[type=submit]")
            expect(page).to_have_url(f"{base}{scopes_path}")
            expect(page.locator(".admin-tabs a.active")).to_have_text("Scopes")
            busy = row(page, BUSY)
            # Session, episodic, semantic, procedural: one episodic memory.
            expect(busy.locator("td.num").nth(1)).to_have_text("1")
            shot(page, "1-tree")

            # Create a user scope below the org.
            expect(page.locator("#scope-parent")).to_have_value(f"/org/{SLUG}/")
            page.select_option("#scope-kind", "user")
            page.fill("#scope-segment", "U 2001")
            page.click("#scope-create button[type=submit]")
            expect(page.locator("#scope-create [role=alert]")).to_contain_text(
                "The id 'U 2001' is not valid: use lowercase letters"
            )
            page.fill("#scope-segment", "u-2001")
            page.fill("#scope-name", "Customer 2001")
            page.click("#scope-create button[type=submit]")
            expect(page.locator(".admin-notices")).to_contain_text(
                f"{NEW} is created as “Customer 2001”."
            )
            created = row(page, NEW)
            expect(created).to_contain_text("Customer 2001")
            expect(created).to_contain_text("scope-admin")

            # Rename it.
            created.locator("summary", has_text="Rename").click()
            created.locator("input[name=name]").fill("Customer 2001 (trial)")
            created.locator("button", has_text="Save").click()
            expect(page.locator(".admin-notices")).to_contain_text(
                f"{NEW} is now called “Customer 2001 (trial)”."
            )
            expect(row(page, NEW)).to_contain_text("Customer 2001 (trial)")

            # Archiving the user scope that holds a memory is refused, with
            # the way out.
            page.fill("#scope-prefix", f"/org/{SLUG}/user/")
            page.press("#scope-prefix", "Enter")
            expect(page.locator("#scope-table tbody tr")).to_have_count(3)
            row(page, BUSY).locator("button", has_text="Archive").click()
            blocked = page.locator("#scope-blocked")
            expect(blocked).to_contain_text(
                f"1 active memory remains in {BUSY} and the scopes below it: "
                "promote, retract or erase it first (Memories → filter by scope)."
            )
            shot(page, "2-archive-refused")
            link = blocked.get_by_role("link", name=BUSY)
            expect(link).to_be_visible()
            assert Scope.objects.get(tenant=tenant, path=BUSY).archived_at is None

            # Archive the empty one.
            row(page, NEW).locator("button", has_text="Archive").click()
            expect(page.locator(".admin-notices")).to_contain_text(
                f"{NEW} is archived: it and the scopes below it take no writes."
            )
            archived = row(page, NEW)
            expect(archived.locator(".admin-tag-archived")).to_have_text("archived")
            expect(archived.locator("button", has_text="Unarchive")).to_be_visible()
            shot(page, "3-archived")
            assert Scope.objects.get(tenant=tenant, path=NEW).archived_at is not None

            # The way out leads to the memories in that scope.
            page.fill("#scope-prefix", f"/org/{SLUG}/user/1")
            page.press("#scope-prefix", "Enter")
            expect(page.locator("#scope-table tbody tr")).to_have_count(2)
            row(page, BUSY).locator("button", has_text="Archive").click()
            page.locator("#scope-blocked").get_by_role("link", name=BUSY).click()
            expect(page.locator("#memory-results")).to_contain_text(
                "The user prefers dark mode."
            )
        finally:
            browser.close()
