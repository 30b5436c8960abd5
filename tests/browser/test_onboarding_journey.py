"""An operator onboards an organisation; its first admin sets a password and is in.

Real live server, real Chromium. The operator creates the tenant on
/platform/, the new admin signs in with the one-time password shown once,
is made to choose their own, and lands on the console; then the operator
suspends the tenant and the admin sees why the console is closed.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect, sync_playwright

from memory_core.models import PasswordChangeRequired, Tenant
from tests.browser.conftest import ARTIFACTS_ROOT, CHROMIUM, CHROMIUM_ARGS

ARTIFACTS = ARTIFACTS_ROOT / "onboarding"
NEW_PASSWORD = "correct horse battery"

pytestmark = [pytest.mark.browser]


def sign_in(page: Page, base_url: str, username: str, password: str) -> None:
    page.goto(f"{base_url}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")


def shot(page: Page, name: str) -> None:
    page.screenshot(path=ARTIFACTS / f"{name}.png", full_page=True)


def test_operator_onboards_a_tenant_whose_admin_sets_a_password(live_server):
    User.objects.create_superuser("operator", "ops@example.com", "operator-pass")
    base = live_server.url

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS
        )
        try:
            operator = browser.new_page(viewport={"width": 1440, "height": 900})
            operator.on("dialog", lambda dialog: dialog.accept())
            sign_in(operator, base, "operator", "operator-pass")
            # No tenant of their own: home leads the operator to the platform.
            expect(operator).to_have_url(f"{base}/platform/")
            expect(operator.locator("#platform-tenants")).to_contain_text(
                "No tenants yet"
            )
            shot(operator, "1-platform-empty")

            operator.fill("#tenant-slug", "hooli-eu")
            operator.fill("#tenant-name", "Hooli Europe")
            operator.select_option("#tenant-region", "eu-central")
            operator.fill("#tenant-admin-email", "gavin@hooli.example")
            operator.click("#tenant-create button[type=submit]")
            secret = operator.locator("#new-password-value")
            expect(secret).to_be_visible()
            password = secret.input_value()
            username = operator.locator("#new-admin-username").inner_text()
            assert username == "hooli-eu-admin"
            row = operator.locator("#tenant-hooli-eu")
            expect(row).to_contain_text("Hooli Europe")
            expect(row).to_contain_text("Active")
            shot(operator, "2-tenant-onboarded")

            # Shown once: a reload lists the tenant, not the password.
            operator.reload()
            expect(operator.locator("#new-password-value")).to_have_count(0)
            assert password not in operator.content()

            # The new admin: the one-time password opens only the change page.
            admin = browser.new_page(viewport={"width": 1440, "height": 900})
            sign_in(admin, base, username, password)
            expect(admin.locator("h1")).to_have_text("Set your password")
            assert "/password/" in admin.url
            shot(admin, "3-set-your-password")
            admin.goto(f"{base}/t/hooli-eu/admin/members/")
            expect(admin.locator("h1")).to_have_text("Set your password")

            admin.fill("#id_old_password", password)
            admin.fill("#id_new_password1", NEW_PASSWORD)
            admin.fill("#id_new_password2", NEW_PASSWORD)
            admin.click("#password-change button[type=submit]")
            expect(admin).to_have_url(f"{base}/t/hooli-eu/admin/members/")
            expect(admin.locator("#member-table")).to_contain_text(username)
            admin.get_by_role("link", name="Memories", exact=True).click()
            expect(admin).to_have_url(f"{base}/t/hooli-eu/memories/")
            shot(admin, "4-console")

            # The operator suspends the tenant; the admin's console closes.
            operator.click("#tenant-hooli-eu a")
            operator.fill("#suspend-reason", "Contract ended on 31 October.")
            operator.click("#tenant-suspension button[type=submit]")
            expect(operator.locator("#platform-tenant")).to_contain_text(
                "Hooli Europe is suspended"
            )
            expect(operator.locator("#platform-tenant .head-badges")).to_contain_text(
                "Suspended"
            )
            shot(operator, "5-tenant-suspended")

            admin.reload()
            expect(admin.locator("h1")).to_have_text("This organisation is suspended")
            expect(admin.locator("#tenant-suspended")).to_contain_text(
                "Contract ended on 31 October."
            )
            shot(admin, "6-member-sees-suspension")

            operator.click("#tenant-suspension button[type=submit]")
            expect(operator.locator("#platform-tenant")).to_contain_text(
                "Hooli Europe is active again"
            )
            admin.reload()
            expect(admin).to_have_url(f"{base}/t/hooli-eu/memories/")
        finally:
            browser.close()
    # ORM calls inside the Playwright block would run on another connection
    # (its greenlet has its own context) that nobody closes: check rows here.
    tenant = Tenant.objects.get(slug="hooli-eu")
    assert tenant.policy == {"storage_region": "eu-central"}
    assert not tenant.is_suspended
    admin_user = User.objects.get(username="hooli-eu-admin")
    assert admin_user.check_password(NEW_PASSWORD)
    assert not PasswordChangeRequired.objects.filter(user=admin_user).exists()
