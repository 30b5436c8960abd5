"""Memories → Search as an agent: the agent's ranking, its ACL, and no read counted.

The memories are committed through the write service and the pipeline with
the real embedding model, so a paraphrased question finds its memory by
meaning.
"""

from __future__ import annotations

import re
import uuid

import pytest
from django.urls import reverse

from memory_core.models import MemoryItem, WriteStatus
from memory_core.services.writes import write_process, write_submit
from tests.conftest import RLS_QUERIES
from tests.factories import make_agent, make_member

HTMX = {"HTTP_HX_REQUEST": "true"}
USER_42 = "/org/acme/user/42/"
USER_43 = "/org/acme/user/43/"
FACTS = [
    "The user's dog is called Pixel.",
    "Invoices go to the finance mailbox.",
    "Weekly reports are due on Fridays.",
    "The VPN client crashes on macOS 15.",
]


def remember(
    agent, content: str, *, scope: str = USER_42, layer: str = "episodic"
) -> MemoryItem:
    """Commit a memory through the pipeline; the model embeds its content."""
    payload = {
        "scope": scope,
        "layer": layer,
        "content": content,
        "source": "user_stated",
        "confidence": 0.9,
        "evidence": [{"source_type": "DOCUMENT", "uri": "doc://runbook"}],
    }
    write = write_submit(agent=agent, payload=payload, idempotency_key=None).write
    write_process(write_id=write.id)
    write.refresh_from_db()
    assert write.status == WriteStatus.COMMITTED, (write.code, write.reason)
    return write.memory_item


@pytest.fixture
def agent(agent_and_token, tenant):
    agent = agent_and_token[0]
    agent.name = "assistant"
    agent.save(update_fields=["name"])
    return agent


@pytest.fixture
def memories(agent) -> list[MemoryItem]:
    return [remember(agent, fact) for fact in FACTS]


@pytest.fixture
def browser(client, tenant):
    client.force_login(make_member(tenant))
    return client


def search_url(tenant, **params) -> str:
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return f"{reverse('memory_search', args=[tenant.slug])}?{query}"


def hit_ids(response) -> list[str]:
    return re.findall(r'id="hit-([0-9a-f-]{36})"', response.content.decode())


def test_a_paraphrased_question_finds_its_memory_first_with_a_breakdown(
    browser, tenant, agent, memories
):
    response = browser.get(search_url(tenant, q="What is the name of the pet?"))
    assert response.status_code == 200
    ids = hit_ids(response)
    assert ids[0] == str(memories[0].pk)
    body = response.content.decode()
    assert reverse("memory_detail", args=[tenant.slug, memories[0].pk]) in body
    assert "as <strong>assistant</strong>" in body
    for term in ("Vector", "Keyword", "Recency", "Importance", "Provenance"):
        assert f"{term}</dt>" in body
    assert 'class="breakdown-part term-vector"' in body
    # The question stays in the form, so the URL can be shared.
    assert 'value="What is the name of the pet?"' in body


def test_the_search_reads_only_what_the_chosen_agent_may_read(
    browser, tenant, agent, memories
):
    narrow, _ = make_agent(tenant, scopes=[USER_43], name="narrow")
    theirs = remember(narrow, "The user's cat is called Miso.", scope=USER_43)
    response = browser.get(
        search_url(tenant, q="What is the pet called?", agent=narrow.pk)
    )
    assert hit_ids(response) == [str(theirs.pk)]
    assert "as <strong>narrow</strong>" in response.content.decode()
    # Its own scope is fine; another user's is refused with the service's
    # words, which are the agent's: a scope it may not read does not exist.
    refused = browser.get(
        search_url(tenant, q="pet", agent=narrow.pk, scope=USER_42), **HTMX
    )
    assert refused.status_code == 200
    assert "No such scope: /org/acme/user/42/." in refused.content.decode()
    assert hit_ids(refused) == []


def test_layers_and_limit_narrow_the_results(browser, tenant, agent, memories):
    response = browser.get(search_url(tenant, q="reports invoices dog", limit=2))
    assert len(hit_ids(response)) == 2
    nothing = browser.get(search_url(tenant, q="dog", layer="semantic"))
    assert hit_ids(nothing) == []
    assert "Nothing assistant may read matches" in nothing.content.decode()


def test_the_first_active_agent_by_name_is_the_default(browser, tenant, agent):
    make_agent(tenant, name="zeta")
    inactive, _ = make_agent(tenant, name="aardvark")
    inactive.is_active = False
    inactive.save(update_fields=["is_active"])
    body = browser.get(search_url(tenant)).content.decode()
    assert f'<option value="{agent.pk}" selected>assistant</option>' in body
    assert "aardvark" not in body


def test_no_query_shows_the_form_only(browser, tenant, agent, memories):
    response = browser.get(reverse("memory_search", args=[tenant.slug]))
    body = response.content.decode()
    assert 'id="search-form"' in body
    assert hit_ids(response) == []
    assert "results-meta" not in body


def test_a_tenant_without_agents_is_told_where_to_register_one(browser, tenant):
    body = browser.get(search_url(tenant, q="anything")).content.decode()
    assert "has no active agent to search as" in body
    assert reverse("admin_agents", args=[tenant.slug]) in body
    assert 'id="search-form"' not in body


def test_another_tenants_agent_is_not_found(browser, tenant, agent, other_tenant):
    theirs, _ = make_agent(other_tenant)
    for agent_id in (theirs.pk, uuid.uuid4(), "not-a-uuid"):
        response = browser.get(search_url(tenant, q="dog", agent=agent_id))
        assert response.status_code == 404, agent_id


def test_non_members_get_404_and_anonymous_logs_in(client, tenant, other_tenant):
    url = search_url(tenant, q="dog")
    anonymous = client.get(url)
    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith(reverse("login"))
    client.force_login(make_member(other_tenant))
    assert client.get(url).status_code == 404


def test_htmx_gets_the_results_partial_and_a_page_gets_everything(
    browser, tenant, agent, memories
):
    url = search_url(tenant, q="Where do invoices go?")
    partial = browser.get(url, **HTMX)
    body = partial.content.decode()
    assert body.lstrip().startswith('<section id="search-results"')
    assert "<html" not in body and 'id="search-form"' not in body
    assert hit_ids(partial)[0] == str(memories[1].pk)
    assert "HX-Request" in partial["Vary"]
    page = browser.get(url).content.decode()
    assert "<html" in page and 'id="search-form"' in page
    assert 'hx-get="/t/acme/memories/search/"' in page
    assert 'action="/t/acme/memories/search/"' in page


def test_searching_records_no_access(
    browser, tenant, agent, memories, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as callbacks:
        response = browser.get(search_url(tenant, q="dog"))
    assert hit_ids(response)
    assert callbacks == []
    assert list(
        MemoryItem.objects.filter(tenant=tenant).values_list(
            "access_count", "last_accessed_at"
        )
    ) == [(0, None)] * len(FACTS)


# The session, user and membership, the agents, then the search's own (the
# scope set is a subquery of its statements): one query for the size check,
# the query's lexemes and how common each is in the scope set, then the
# candidates with what their hits show, a savepoint and its release. The page
# adds the scope suggestions, the tenant switcher and the read hit ratio.
QUERIES_PARTIAL = 8 + RLS_QUERIES
QUERIES_PAGE = 11 + RLS_QUERIES


def test_the_query_count_does_not_grow_with_the_hits(
    browser, tenant, agent, memories, django_assert_num_queries
):
    url = search_url(tenant, q="user", limit=1)
    many = search_url(tenant, q="dog invoices reports VPN", limit=10)
    with django_assert_num_queries(QUERIES_PARTIAL):
        assert len(hit_ids(browser.get(url, **HTMX))) == 1
    with django_assert_num_queries(QUERIES_PARTIAL):
        assert len(hit_ids(browser.get(many, **HTMX))) == len(FACTS)
    with django_assert_num_queries(QUERIES_PAGE):
        assert len(hit_ids(browser.get(many))) == len(FACTS)


def test_the_page_shows_the_agents_read_hit_ratio_and_warns_when_low(
    browser, tenant, agent
):
    from datetime import timedelta

    from django.utils import timezone

    from memory_core.models import ReadTally

    url = reverse("memory_search", args=[tenant.slug])
    assert "No agent has searched in the last 7 days." in browser.get(url).text
    today = timezone.now().date()
    ReadTally.objects.create(
        tenant=tenant, day=today, endpoint="search", calls=30, answered=24, results=90
    )
    # Outside the window, and another endpoint: neither counts.
    ReadTally.objects.create(
        tenant=tenant, day=today - timedelta(days=7), endpoint="search", calls=500
    )
    ReadTally.objects.create(tenant=tenant, day=today, endpoint="context", calls=9)
    body = browser.get(url).text
    assert "last 7 days: 30, of which 24 (80%) found at least one memory" in body
    assert "may be too high" not in body
    ReadTally.objects.filter(endpoint="search", day=today).update(answered=2)
    assert "may be too high" in browser.get(url).text
    # The htmx results partial does not run the tally query.
    partial = browser.get(search_url(tenant, q="dog"), **HTMX).text
    assert "read-hits" not in partial
