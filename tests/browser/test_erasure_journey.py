"""A compliance officer in Chromium files, previews, executes and downloads.

Everything is real: the live server, the agents' API and the Celery worker
(the pipeline redacts the subject's email; the erasure job runs on the
worker), PostgreSQL and the browser. Screenshots go to test-artifacts/erasure/.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from memory_core.models import MemoryItem, Role
from tests.browser.conftest import ARTIFACTS_ROOT, CHROMIUM, CHROMIUM_ARGS
from tests.browser.test_admin_journey import sign_in
from tests.browser.test_curation_journeys import api, note
from tests.factories import make_agent, make_member, make_tenant

ARTIFACTS = ARTIFACTS_ROOT / "erasure"
SCOPE = "/org/curation/user/1/"
EMAIL = "jane.doe@example.com"

pytestmark = [pytest.mark.browser, pytest.mark.worker]


def test_an_officer_erases_a_subject_and_downloads_the_certificate(live_server, worker):
    tenant = make_tenant("curation", scopes=(SCOPE,))
    tenant.policy = {"async_review_at": 0.99, "sync_block_at": 0.999}
    tenant.save(update_fields=["policy"])
    make_member(tenant, Role.COMPLIANCE_OFFICER, username="olga", password="olga-pw-1")
    _, token = make_agent(tenant, name="planner")
    base = live_server.url
    for content in (f"Jane Doe prefers email: {EMAIL}.", "The office opens at 9."):
        written = api(base, token, "POST", "/api/v1/writes", note(content))
        assert written["status"] == "committed", written
    kept = MemoryItem.objects.get(head__content="The office opens at 9.")

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS
        )
        try:
            page = browser.new_page(
                viewport={"width": 1440, "height": 900}, accept_downloads=True
            )
            sign_in(page, base, "/t/curation/erasure/", "olga", "olga-pw-1")
            page.click("text=File a request")
            page.fill("textarea[name=emails]", EMAIL)
            page.fill("textarea[name=names]", "Jane Doe")
            page.select_option("select[name=legal_basis]", "consent_withdrawn")
            page.click("#erasure-form button[type=submit]")
            expect(page.locator("#erasure-preview-total")).to_contain_text("1 memory")
            expect(page.locator("#erasure-preview")).to_contain_text("<EMAIL_1>")
            expect(page.locator("#erasure-sla")).to_contain_text("left")
            page.screenshot(path=ARTIFACTS / "preview.png", full_page=True)
            page.click("#erasure-execute")
            expect(page.locator("#erasure-state")).to_have_text(
                "completed", timeout=60_000
            )
            with page.expect_download() as download_info:
                page.click("#certificate-json")
            certificate = json.loads(Path(download_info.value.path()).read_text())
            assert certificate["counts"]["items"] == 1
            assert "jane" not in json.dumps(certificate).lower()
            page.click("#certificate-link")
            expect(page.locator("#certificate-items")).to_have_text("1")
            page.screenshot(path=ARTIFACTS / "certificate.png", full_page=True)
        finally:
            browser.close()
    assert MemoryItem.objects.filter(pk=kept.pk).exists()
    assert not MemoryItem.objects.filter(head__content__contains="Jane").exists()
