"""Two compliance officers in Chromium: one files and previews, the other
types the request id back and executes (four eyes); the page then shows the
result, the signed certificate downloads and verifies, the completed request
is found by id, the compliance report lists it and the audit chain verifies.

Everything is real: the live server, the agents' API and the Celery worker
(the pipeline redacts the subject's email; the erasure job runs on the
worker), PostgreSQL and the browser. Screenshots go to test-artifacts/erasure/.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from approvals.erasure.certificate import certificate_check
from approvals.models import ErasureRequest
from memory_core.models import MemoryItem, Role
from tests.browser.conftest import ARTIFACTS_ROOT, CHROMIUM, CHROMIUM_ARGS
from tests.browser.test_admin_journey import sign_in
from tests.browser.test_curation_journeys import api, note
from tests.factories import make_agent, make_member, make_tenant

ARTIFACTS = ARTIFACTS_ROOT / "erasure"
SCOPE = "/org/curation/user/1/"
EMAIL = "jane.doe@example.com"

pytestmark = [pytest.mark.browser, pytest.mark.worker]


def test_two_officers_erase_a_subject_and_prove_it(live_server, worker):
    tenant = make_tenant("curation", scopes=(SCOPE,))
    tenant.policy = {"async_review_at": 0.99, "sync_block_at": 0.999}
    tenant.save(update_fields=["policy"])
    make_member(tenant, Role.COMPLIANCE_OFFICER, username="olga", password="olga-pw-1")
    make_member(tenant, Role.COMPLIANCE_OFFICER, username="otis", password="otis-pw-1")
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
            # The filer is told another officer executes; there is no button.
            expect(page.locator("#erasure-four-eyes")).to_contain_text(
                "you filed this request"
            )
            expect(page.locator("#erasure-execute")).to_have_count(0)
            request = ErasureRequest.objects.get()
            short = str(request.pk)[:8]

            other = browser.new_page(
                viewport={"width": 1440, "height": 900}, accept_downloads=True
            )
            page.close()
            page = other
            sign_in(
                page, base, f"/t/curation/erasure/{request.pk}/", "otis", "otis-pw-1"
            )
            expect(page.locator("#erasure-preview")).to_contain_text("<EMAIL_1>")
            page.fill("#erasure-confirm", "12345678")
            page.click("#erasure-execute")
            expect(page.locator("#erasure-confirm-error")).to_contain_text(
                "not this request's id"
            )
            assert ErasureRequest.objects.get().status == "filed"
            page.fill("#erasure-confirm", short)
            page.click("#erasure-execute")
            expect(page.locator("#erasure-state")).to_have_text(
                "completed", timeout=60_000
            )
            # The result, not the stale preview and its links.
            expect(page.locator("#erasure-result")).to_contain_text("Erased.")
            expect(page.locator("#erasure-result")).to_contain_text("Memory versions")
            page.reload()
            expect(page.locator("#erasure-preview")).to_have_count(0)
            expect(page.locator("#erasure-result")).to_be_visible()
            page.screenshot(path=ARTIFACTS / "result.png", full_page=True)
            with page.expect_download() as download_info:
                page.click("#certificate-json")
            certificate = json.loads(Path(download_info.value.path()).read_text())
            assert certificate["counts"]["items"] == 1
            assert "jane" not in json.dumps(certificate).lower()
            assert certificate_check(certificate) == ""
            assert certificate["executor"]["username"] == "otis"
            page.click("#certificate-link")
            expect(page.locator("#certificate-items")).to_have_text("1")
            expect(page.locator("#certificate-erased")).to_contain_text(
                "Memory versions"
            )
            expect(page.locator("#certificate-erased")).not_to_contain_text(
                "memory_core_"
            )
            expect(page.locator(".topbar")).to_have_count(0)
            page.emulate_media(media="print")
            expect(page.locator(".no-print").first).to_be_hidden()
            page.emulate_media(media="screen")
            page.screenshot(path=ARTIFACTS / "certificate.png", full_page=True)

            # Findable later: by the "completed" filter and by its id.
            page.goto(f"{base}/t/curation/erasure/")
            page.select_option("#erasure-filters select[name=status]", "completed")
            expect(page.locator("#erasure-results")).to_contain_text(short)
            page.goto(f"{base}/t/curation/erasure/")
            page.fill("#erasure-search", short)
            page.click("#erasure-filters button[type=submit]")
            expect(page.locator("#erasure-results")).to_contain_text("1 request")
            expect(page.locator("#erasure-results")).to_contain_text("completed")

            # The compliance report counts it; the audit chain verifies.
            page.goto(f"{base}/t/curation/compliance/")
            expect(page.locator("#compliance-erasures-completed")).to_contain_text(
                str(request.pk)
            )
            expect(page.locator("#compliance-erasures-completed")).to_contain_text(
                "within"
            )
            page.click("#audit-verify")
            expect(page.locator("#audit-verify-outcome")).to_contain_text("Intact.")
            expect(page.locator("#audit-verify-last")).to_contain_text("#")
            page.screenshot(path=ARTIFACTS / "audit-verify.png", full_page=True)
        finally:
            browser.close()
    assert MemoryItem.objects.filter(pk=kept.pk).exists()
    assert not MemoryItem.objects.filter(head__content__contains="Jane").exists()
