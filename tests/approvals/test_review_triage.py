"""Speed for a curator with 200 items (issue 14), through the views.

One count for the queue (the heading and the live "waiting" agree under any
filter), bulk over "all N matching this filter", why a row was flagged in
plain words with risk as weighted contributions, the memory a write would
change as a word diff, the one-item focus mode with its progress count, the
keyboard and undo hooks, and the nav badges with a query count that does not
grow.
"""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.template.defaultfilters import floatformat
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from approvals.selectors import QueueFilters, review_queue_state
from memory_core.models import Conflict, Role, WriteStatus
from memory_core.services.writes import write_process, write_submit
from tests.approvals.test_review_queue_views import (
    HTMX,
    LIMITS,
    action_url,
    queue_url,
    stage,
    unit_vector,
)
from tests.factories import make_member


@pytest.fixture
def agent(agent_and_token):
    return agent_and_token[0]


@pytest.fixture
def curator(tenant):
    return make_member(tenant, Role.CURATOR, username="cora")


@pytest.fixture
def browser(client: Client, curator) -> Client:
    client.force_login(curator)
    return client


def waiting_count(body: str) -> int:
    match = re.search(r'id="queue-live".*?<strong>(\d+)</strong> waiting', body, re.S)
    assert match, body[:2000]
    return int(match.group(1))


# Counts agree


def test_heading_and_waiting_are_one_count_under_a_filter(browser, tenant, agent):
    for n in range(3):
        stage(agent, f"Async fact {n}.")
    stage(agent, "A blocking one.", tier="sync")
    everything = browser.get(queue_url(tenant)).content.decode()
    assert waiting_count(everything) == 4
    assert "4 requests" not in everything  # one count, not two
    only_sync = browser.get(queue_url(tenant, tier="sync"), **HTMX).content.decode()
    assert waiting_count(only_sync) == 1 and len(row_ids_of(only_sync)) == 1
    # The live indicator polls with the same filter, so it keeps agreeing.
    assert "tier=sync" in re.search(r'id="queue-live"[^>]*', only_sync).group(0)
    poll = browser.get(
        reverse("review_queue_poll", args=[tenant.slug]), {"tier": "sync"}, **HTMX
    )
    assert waiting_count(poll.content.decode()) == 1
    state = review_queue_state(tenant=tenant, filters=QueueFilters(tier="sync"))
    assert state.waiting == 1 and state.sync == 1


def row_ids_of(body: str) -> list[str]:
    return re.findall(r'<tr id="review-([0-9a-f-]{36})"', body)


def test_a_decision_elsewhere_changes_the_signature(browser, tenant, agent, curator):
    first = stage(agent, "Will be decided elsewhere.")
    stage(agent, "Stays.")
    seen = review_queue_state(tenant=tenant).signature
    from memory_core.services.reviews import write_review_approve

    write_review_approve(tenant=tenant, write_id=first.pk, user=curator)
    poll = browser.get(
        reverse("review_queue_poll", args=[tenant.slug]), {"seen": seen}, **HTMX
    )
    assert "HX-Trigger" in poll  # the results refresh, so both counts say 1
    assert waiting_count(poll.content.decode()) == 1


# Bulk: all N matching this filter


def test_bulk_all_matching_the_filter_beyond_one_page(browser, tenant, agent):
    asyncs = [stage(agent, f"Matching fact {n}.") for n in range(27)]
    sync = stage(agent, "Not matching: sync.", tier="sync")
    body = browser.get(queue_url(tenant, tier="async")).content.decode()
    assert 'name="select_all_matching"' in body
    assert "all 27 matching this filter" in body.lower()
    response = browser.post(
        reverse("review_bulk", args=[tenant.slug]),
        {
            "select_all_matching": "1",
            "filters": "tier=async",
            "action": "reject",
            "reason_code": "DUPLICATE",
            "next": queue_url(tenant, tier="async"),
        },
        follow=True,
    )
    assert "Rejected 27 requests." in response.content.decode()
    assert all(
        w.status == WriteStatus.REJECTED
        for w in type(sync).objects.filter(pk__in=[a.pk for a in asyncs])
    )
    sync.refresh_from_db()
    assert sync.status == WriteStatus.AWAITING_APPROVAL


def test_bulk_all_matching_still_refuses_open_contradictions(browser, tenant, agent):
    clean, contested = stage(agent, "Clean one."), stage(agent, "Contested one.")
    Conflict.objects.create(
        tenant=tenant,
        write_request=contested,
        new_version_id=contested.version_id,
        existing_version_id=clean.version_id,
        detector="test",
    )
    response = browser.post(
        reverse("review_bulk", args=[tenant.slug]),
        {"select_all_matching": "1", "filters": "", "action": "approve"},
        follow=True,
    )
    body = response.content.decode()
    assert "Approved 1 request." in body and "bulk-failure" in body
    contested.refresh_from_db()
    assert contested.status == WriteStatus.PENDING_REVIEW


# Why it was flagged, at a glance


def test_row_says_which_gate_sent_it_and_risk_as_contributions(browser, tenant, agent):
    write = stage(agent, "The user's team moved to the Porto office.")
    body = browser.get(queue_url(tenant)).content.decode()
    row = re.search(rf'<tr id="review-{write.pk}".*?</tr>', body, re.S).group(0)
    assert 'class="why"' in row
    assert "Risk gate" in row  # the gate that sent it, in words
    # Contributions (weight × value), largest first, not raw factor values.
    contributions = sorted(
        (
            (0.25 * write.risk_factors["layer"], "layer"),
            (0.15 * write.risk_factors["blast_radius"], "blast_radius"),
        ),
        reverse=True,
    )
    assert f"+{floatformat(contributions[0][0], 2)}" in row
    assert "layer&nbsp;0.30" not in row


def test_detail_lists_contributions_sorted_in_plain_words(browser, tenant, agent):
    write = stage(agent, "The user's team moved to the Porto office.")
    body = browser.get(action_url("review_detail", write)).content.decode()
    section = re.search(r'id="risk-contributions".*?</section>', body, re.S).group(0)
    adds = [float(x) for x in re.findall(r'data-adds="([0-9.]+)"', section)]
    assert adds and adds == sorted(adds, reverse=True)
    assert abs(sum(adds) - write.risk_score) < 0.01
    assert "adds" in section and "the layer it writes to" in section.lower()


def keyed_write(writer, content: str, *, review: bool):
    tenant = writer.tenant
    tenant.policy = {
        **LIMITS,
        "async_review_at": 0.0 if review else 1.01,
        "sync_block_at": 1.01,
    }
    tenant.save(update_fields=["policy"])
    payload = {
        "scope": f"/org/{tenant.slug}/user/42/",
        "layer": "episodic",
        "key": "billing.contact",
        "content": content,
        "source": "user_stated",
        "confidence": 0.9,
        "embedding": unit_vector(),
        "evidence": [
            {"source_type": "DOCUMENT", "uri": "doc://runbook", "authority": 0.9}
        ],
    }
    result = write_submit(agent=writer, payload=payload, idempotency_key=None)
    write_process(write_id=result.write.id)
    return type(result.write).objects.get(pk=result.write.id)


def test_detail_shows_the_memory_it_would_change_as_a_diff(browser, tenant, agent):
    first = keyed_write(agent, "Invoices go to the finance team monthly.", review=False)
    assert first.status == WriteStatus.COMMITTED, first.reason
    update = keyed_write(agent, "Invoices go to the legal team monthly.", review=True)
    assert update.status == WriteStatus.PENDING_REVIEW, update.reason
    body = browser.get(action_url("review_detail", update)).content.decode()
    diff = re.search(r'id="would-change".*?</section>', body, re.S).group(0)
    assert "<del>finance</del>" in diff and "<ins>legal</ins>" in diff


# Focus mode, keyboard and undo hooks


def test_focus_mode_shows_one_item_with_progress(browser, tenant, agent):
    sync = stage(agent, "First: sync.", tier="sync")
    later = [stage(agent, f"Then {n}.") for n in range(2)]
    url = reverse("review_focus", args=[tenant.slug])
    body = browser.get(url).content.decode()
    assert 'id="review-detail"' in body and str(sync.pk) in body
    assert "1 of 3" in body
    # A decision posts plainly and comes back to the next item, one further on.
    assert 'name="next" value="' + url + "?done=1" in body
    body = browser.get(url, {"done": 1}).content.decode()
    assert "2 of 4" in body  # one decided before, three waiting: 2nd of 4
    assert "/static/js/review_queue.js" in body
    skipped = browser.get(url, {"skip": 1}).content.decode()
    assert str(later[0].pk) in skipped and "2 of 3" in skipped
    done = browser.get(url, {"skip": 5}).content.decode()
    assert "Nothing left" in done


def test_queue_carries_keyboard_undo_and_busy_hooks(browser, tenant, agent):
    stage(agent, "Hooks.")
    body = browser.get(queue_url(tenant)).content.decode()
    assert "/static/js/review_queue.js" in body
    assert 'data-triage="queue"' in body
    assert "data-defer-decision" in body  # row decisions go through the undo toast
    assert 'id="triage-help"' in body  # the `?` help
    assert 'id="select-all"' in body
    assert 'hx-disabled-elt="find button"' in body
    assert reverse("review_focus", args=[tenant.slug]) in body


# Nav badges


def test_nav_badges_count_pending_reviews_and_open_conflicts(browser, tenant, agent):
    one = stage(agent, "Badge one.")
    stage(agent, "Badge two.", tier="sync")
    Conflict.objects.create(
        tenant=tenant,
        write_request=one,
        new_version_id=one.version_id,
        existing_version_id=one.version_id,
        detector="test",
    )
    body = browser.get(reverse("memory_list", args=[tenant.slug])).content.decode()
    assert re.search(r'id="nav-reviews-badge"[^>]*>2<', body)
    assert re.search(r'id="nav-conflicts-badge"[^>]*>1<', body)
    with CaptureQueriesContext(connection) as few:
        browser.get(reverse("memory_list", args=[tenant.slug]))
    for n in range(10):
        stage(agent, f"More {n}.")
    with CaptureQueriesContext(connection) as many:
        body = browser.get(reverse("memory_list", args=[tenant.slug])).content.decode()
    assert len(many) == len(few)
    assert re.search(r'id="nav-reviews-badge"[^>]*>12<', body)
