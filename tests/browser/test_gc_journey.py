"""A curator in Chromium on the GC screen: recover an expired memory, pin a candidate.

GC runs for real (in the test process) over memories whose timestamps were
moved into the past; the page, its htmx forms and the services are the
product's. Screenshots go to test-artifacts/gc/.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from audit.models import AuditEvent
from memory_core.models import MemoryItem
from tests.browser.conftest import ARTIFACTS_ROOT
from tests.browser.test_curation_journeys import log_in, page  # noqa: F401
from tests.factories import make_member, make_tenant
from tests.memory_core.lifecycle.test_gc import NoJudge, stored

ARTIFACTS = ARTIFACTS_ROOT / "gc"
SCOPE = "/org/curation/user/1/"
EXPIRED = "The printer on floor 2 is out of toner."
CANDIDATE = "The quarterly review moved to the big room."

pytestmark = pytest.mark.browser


@pytest.fixture
def setup(live_server, transactional_db):
    from memory_core.lifecycle.gc.runs import gc_run_execute

    tenant = make_tenant("curation", scopes=(SCOPE,))
    make_member(tenant, username="carla", password="carla-pass-1")
    now = timezone.now()
    expired = stored(tenant, EXPIRED, scope=SCOPE, expires_at=now - timedelta(hours=1))
    candidate = stored(
        tenant, CANDIDATE, scope=SCOPE, soft_expires_at=now - timedelta(hours=1)
    )
    run = gc_run_execute(tenant_id=tenant.id, judge=NoJudge())
    assert run.counts["hard_ttl"] == 1 and run.counts["soft_ttl"] == 1
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return live_server.url, expired, candidate


def test_a_curator_recovers_an_expired_memory_and_pins_a_candidate(setup, page):  # noqa: F811
    base_url, expired, candidate = setup
    log_in(page, base_url, "/t/curation/gc/")
    expired_row = page.locator("tr", has_text=EXPIRED)
    expect(expired_row).to_contain_text("hard_ttl")
    expect(page.locator("tr", has_text=CANDIDATE)).to_contain_text("soft_ttl")
    page.screenshot(path=ARTIFACTS / "1-gc-screen.png", full_page=True)

    expired_row.get_by_label("Reason to recover").fill("Still true; toner is on order.")
    expired_row.get_by_role("button", name="Recover").click()
    expect(page.locator("tr", has_text=EXPIRED)).to_have_count(0)
    page.screenshot(path=ARTIFACTS / "2-recovered.png", full_page=True)
    expired.refresh_from_db()
    assert expired.status == "active" and expired.head.number == 2
    assert expired.head.justification == "Still true; toner is on order."

    candidate_row = page.locator("tr", has_text=CANDIDATE)
    candidate_row.get_by_label("Reason to pin").fill("Needed for the audit.")
    candidate_row.get_by_role("button", name="Pin").click()
    expect(page.locator("tr", has_text=CANDIDATE)).to_have_count(0)
    assert MemoryItem.objects.get(pk=candidate.pk).pinned
    actions = set(
        AuditEvent.objects.filter(
            object_id__in=[str(expired.pk), str(candidate.pk)]
        ).values_list("action", flat=True)
    )
    assert {"memory.recover", "memory.pin"} <= actions
