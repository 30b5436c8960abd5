"""An admin in Chromium on the policy page: a refused save points at the value.

The error is next to the value's input, and the page scrolls to that input and
puts the cursor in it (static/js/policy.js). Screenshots go to test-artifacts/a11y/.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from memory_core.models import Role
from tests.browser.conftest import ARTIFACTS_ROOT
from tests.browser.test_curation_journeys import page  # noqa: F401
from tests.factories import make_member, make_tenant

ARTIFACTS = ARTIFACTS_ROOT / "a11y"

pytestmark = pytest.mark.browser


def in_viewport(page, locator) -> bool:  # noqa: F811
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_a_refused_policy_save_shows_and_focuses_the_value(live_server, page):  # noqa: F811
    tenant = make_tenant("policy")
    make_member(tenant, Role.ADMIN, username="ada", password="ada-pass-1")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.goto(f"{live_server.url}/t/policy/admin/policy/")
    page.fill("#id_username", "ada")
    page.fill("#id_password", "ada-pass-1")
    page.click("button[type=submit]")

    # Sections with plain words, each value with its default.
    for section in ("Rate limits", "Risk weights and tier thresholds", "Retrieval"):
        expect(page.get_by_role("heading", name=section, level=2)).to_be_visible()
    row = page.locator("tr", has=page.locator("#id_sync_block_at"))
    expect(row).to_contain_text("Hold for approval from risk")
    expect(row.locator(".policy-default")).to_have_text("0.7")
    expect(page.locator("#admin-policy")).not_to_contain_text("§")

    page.fill("#id_sync_block_at", "0.2")
    page.fill("#id_reason", "try a low hold threshold")
    # Saved from the bottom of the long page: the error is far above.
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.click("#admin-policy button:has-text('Save policy')")
    expect(page.locator("#admin-policy")).to_contain_text("The policy was not saved.")
    error = row.locator(".admin-field-error")
    expect(error).to_contain_text("must not be below the async review threshold")
    expect(page.locator("#id_sync_block_at")).to_be_focused()
    assert in_viewport(page, page.locator("#id_sync_block_at"))
    assert in_viewport(page, error)
    page.screenshot(path=ARTIFACTS / "policy-error-focused.png")
