"""Retrieval (memory_core.retrieval): what a search may return, and how it ranks.

Memories are written through the pipeline (write_submit + write_process, in
this process) with real embeddings, so a paraphrase is found by meaning.
"""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from memory_core import retrieval
from memory_core.exceptions import Invalid, NotFound
from memory_core.lifecycle.deletion import items_hard_delete
from memory_core.models import MemoryItem, MemoryVersion, VersionStatus, WriteStatus
from memory_core.retrieval import access_record, memory_search
from memory_core.services.curation import memory_force_expire, memory_pin
from memory_core.services.writes import write_process, write_submit
from tests.factories import make_agent, make_member, make_tenant

pytestmark = pytest.mark.django_db

U42 = "/org/acme/user/42/"
U43 = "/org/acme/user/43/"


def remember(agent, content, *, scope=U42, layer="episodic", **extra):
    """Write `content` through the pipeline; return the write, refreshed."""
    payload = {
        "scope": scope,
        "layer": layer,
        "content": content,
        "source": "user_stated",
        "confidence": 0.9,
        "evidence": [{"source_type": "DOCUMENT", "uri": "doc://handbook"}],
        **extra,
    }
    write = write_submit(
        agent=agent, payload=payload, idempotency_key=uuid.uuid4().hex
    ).write
    write_process(write_id=write.id)
    write.refresh_from_db()
    return write


@pytest.fixture
def facts(reader):
    writes = {
        "theme": remember(reader, "The user prefers dark mode in every editor."),
        "deploy": remember(
            reader, "Deployments of user-service go to the us-east-1 region."
        ),
        "lunch": remember(reader, "The team eats lunch at noon on Fridays."),
        "sibling": remember(reader, "User 43 drinks green tea.", scope=U43),
    }
    assert all(w.status == WriteStatus.COMMITTED for w in writes.values()), [
        (w.status, w.reason) for w in writes.values()
    ]
    return writes


def search(agent, query, **kwargs):
    kwargs.setdefault("record_access", False)
    return memory_search(tenant=agent.tenant, agent=agent, query=query, **kwargs)


def ids(result):
    return [hit.memory_id for hit in result.hits]


def test_a_paraphrased_question_finds_the_fact(reader, facts):
    result = search(reader, "Which colour theme does the person like?")
    assert ids(result)[0] == facts["theme"].memory_item_id
    hit = result.hits[0]
    assert hit.content == "The user prefers dark mode in every editor."
    assert hit.scope == U42 and hit.layer == "episodic" and hit.version == 1
    assert hit.breakdown["vector"] > 0 and result.took_ms > 0


def test_keyword_finds_an_exact_token(reader, facts):
    result = search(reader, "us-east-1", ranking="keyword")
    assert ids(result) == [facts["deploy"].memory_item_id]
    assert result.hits[0].breakdown["keyword"] == 1.0


def test_a_rare_word_outranks_one_in_every_memory(reader):
    # ts_rank_cd counted three "Alice"s above one "kayak"; BM25 weighs a word
    # by how few of the candidates have it.
    remember(reader, "Alice said Alice would phone Alice's mother tonight.")
    kayak = remember(reader, "Alice keeps a red kayak in the garage.")
    remember(reader, "Alice reads history books on the train.")
    for ranking in ("keyword", "hybrid"):
        result = search(reader, "Alice kayak", ranking=ranking)
        assert ids(result)[0] == kayak.memory_item_id, ranking
    assert result.hits[0].breakdown["keyword"] > 0


def test_a_common_word_does_not_make_keyword_candidates(reader, monkeypatch):
    # A lexeme in at least KEYWORD_COMMON_FACTOR × k versions of the scope
    # set is left out of the candidate query; k is 10 here, so 2 is common.
    monkeypatch.setattr(retrieval, "KEYWORD_COMMON_FACTOR", 0.2)
    tenant = reader.tenant
    tenant.policy = {**tenant.policy, "retrieval_candidates": 10}
    tenant.save(update_fields=["policy"])
    remember(reader, "Alice said Alice would phone Alice's mother tonight.")
    kayak = remember(reader, "Alice keeps a red kayak in the garage.")
    remember(reader, "Alice reads history books on the train.")
    result = search(reader, "Alice kayak", ranking="keyword", limit=1)
    assert ids(result) == [kayak.memory_item_id]
    # Every word common: the candidates are the versions that have them all.
    result = search(reader, "Alice", ranking="keyword", limit=1)
    assert len(result.hits) == 1 and "Alice" in result.hits[0].content


def _plan_sql(reader, query):
    """Search; return the plan statement's SQL (the first after BEGIN) and the hits."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        result = search(reader, query)
    plan = next(q["sql"] for q in captured.captured_queries if "set_config" in q["sql"])
    return plan, ids(result)


def test_a_repeated_scope_set_reuses_its_counts(reader, settings):
    # The scope set's size and each lexeme's count are read once a minute:
    # the second search counts neither again, and ranks the same.
    settings.MGC_EXACT_SEARCH_MAX_ROWS = 1  # three versions: a large set
    remember(reader, "Alice keeps a red kayak in the garage.")
    remember(reader, "Alice reads history books on the train.")
    remember(reader, "Bob repairs bicycles on Saturdays.")
    first_sql, first_hits = _plan_sql(reader, "Where is the kayak kept?")
    assert "capped" in first_sql and '"kayak"' not in first_sql
    second_sql, second_hits = _plan_sql(reader, "Where is the kayak kept?")
    assert "capped" not in second_sql
    assert '"kayak": 1' in second_sql  # the count, from the cache
    assert second_hits == first_hits and first_hits
    # Another tenant's identical scope set and words are counted afresh.
    other = make_agent(make_tenant("other-plan"))[0]
    other_sql, _ = _plan_sql(other, "Where is the kayak kept?")
    assert "capped" in other_sql and '"kayak"' not in other_sql


def test_a_small_scope_set_is_counted_every_time(reader):
    # Only "large" is remembered: a small set may grow, so it is counted.
    remember(reader, "Alice keeps a red kayak in the garage.")
    for _ in range(2):
        sql, hits = _plan_sql(reader, "kayak")
        assert "capped" in sql and hits


def test_keyword_ties_are_broken_by_meaning(reader):
    # One shared word, the same length: equal keyword scores.
    sofa = remember(reader, "The cat sleeps on the warm sofa.")
    barn = remember(reader, "The cat chases mice in the barn.")
    for query, first in (
        ("cat napping on a couch", sofa),
        ("cat hunting rodents near a farm building", barn),
    ):
        result = search(reader, query, ranking="keyword")
        assert ids(result)[0] == first.memory_item_id, query
        assert [h.score for h in result.hits] == [1.0, 1.0]


def test_vector_ranking_uses_one_signal(reader, facts):
    result = search(reader, "dark theme", ranking="vector")
    assert ids(result)[0] == facts["theme"].memory_item_id
    for hit in result.hits:
        parts = {k: v for k, v in hit.breakdown.items() if k != "total"}
        assert parts.pop("vector") == hit.score
        assert set(parts.values()) == {0.0}


def test_the_breakdown_sums_to_the_score(reader, facts):
    for fusion in ("weighted", "rrf"):
        tenant = reader.tenant
        tenant.policy = {**tenant.policy, "retrieval_fusion": fusion}
        tenant.save(update_fields=["policy"])
        result = search(reader, "Where do deployments go?")
        assert result.hits
        for hit in result.hits:
            parts = sum(v for k, v in hit.breakdown.items() if k != "total")
            assert parts == pytest.approx(hit.score, abs=1e-5)
            assert 0.0 <= hit.score <= 1.0
        scores = [h.score for h in result.hits]
        assert scores == sorted(scores, reverse=True)


def test_structured_filters_limit_and_min_score(reader, facts):
    remember(reader, "The user's favourite colour is blue.", key="colour")
    keyed = search(reader, "colour", key="colour")
    assert [h.key for h in keyed.hits] == ["colour"]
    assert search(reader, "colour", layers=["semantic"]).hits == []
    assert len(search(reader, "the user", limit=2).hits) == 2
    assert search(reader, "dark mode", min_score=1.0).hits == []


def test_stale_memories_are_down_weighted(reader, facts):
    before = search(reader, "dark mode editor theme").hits[0]
    MemoryItem.objects.filter(pk=before.memory_id).update(
        soft_expires_at=timezone.now() - timedelta(days=1)
    )
    after = search(reader, "dark mode editor theme").hits[0]
    assert after.memory_id == before.memory_id
    assert after.breakdown["stale_penalty"] < 0
    assert after.score == pytest.approx(before.score * 0.5, abs=1e-3)


def test_pinned_memories_are_boosted(reader, facts, tenant):
    before = search(reader, "lunch on Fridays").hits[0]
    curator = make_member(tenant)
    memory_pin(tenant=tenant, item_id=before.memory_id, user=curator, reason="team")
    after = search(reader, "lunch on Fridays").hits[0]
    assert after.pinned and after.breakdown["pinned"] > 0
    assert after.score > before.score


# What never comes back


def test_drafts_rejected_expired_superseded_and_erased_never_come_back(
    reader, facts, tenant
):
    query = "Which colour theme does the person like?"
    tenant.policy = {"async_review_at": 0.0}
    tenant.save(update_fields=["policy"])
    pending = remember(reader, "The person likes a light colour theme.")
    assert pending.status == WriteStatus.PENDING_REVIEW
    tenant.policy = {"async_review_at": 0.95}
    tenant.save(update_fields=["policy"])
    rejected = remember(reader, "The colour theme key is AKIAIOSFODNN7EXAMPLE")
    assert rejected.status == WriteStatus.REJECTED
    returned = set(ids(search(reader, query, limit=100)))
    assert pending.memory_item_id not in returned
    drafts = MemoryVersion.objects.filter(tenant=tenant, status=VersionStatus.DRAFT)
    assert drafts.exists()
    assert not {h.version_id for h in search(reader, query, limit=100).hits} & set(
        drafts.values_list("id", flat=True)
    )

    # Expired by a curator, and past its hard TTL before GC ran.
    curator = make_member(tenant)
    theme = facts["theme"].memory_item_id
    memory_force_expire(tenant=tenant, item_id=theme, user=curator, reason="old")
    lunch = facts["lunch"].memory_item_id
    MemoryItem.objects.filter(pk=lunch).update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )
    returned = set(ids(search(reader, "theme lunch Fridays", limit=100)))
    assert theme not in returned and lunch not in returned

    # Erased: the rows are gone.
    deploy = facts["deploy"].memory_item_id
    with transaction.atomic():
        items_hard_delete(tenant_id=tenant.id, item_ids=[deploy])
    assert deploy not in ids(search(reader, "us-east-1 deployments", limit=100))


def test_a_superseded_version_only_comes_back_as_of_its_time(reader):
    first = remember(reader, "The office wifi password hint is pelican.", key="wifi")
    before_update = timezone.now()
    second = remember(reader, "The office wifi password hint is albatross.", key="wifi")
    assert second.memory_item_id == first.memory_item_id
    now_hits = search(reader, "wifi password hint pelican", limit=100).hits
    assert [h.version for h in now_hits if h.memory_id == first.memory_item_id] == [2]
    assert all("pelican" not in h.content for h in now_hits)
    then = search(reader, "wifi password hint", as_of=before_update).hits
    assert [(h.version, h.content) for h in then] == [
        (1, "The office wifi password hint is pelican.")
    ]


def test_as_of_in_the_future_is_refused(reader):
    with pytest.raises(Invalid):
        search(reader, "x", as_of=timezone.now() + timedelta(hours=1))


# Scopes


def test_another_tenants_memories_never_come_back(reader, facts, other_tenant):
    other_tenant.policy = {"async_review_at": 0.95}
    other_tenant.save(update_fields=["policy"])
    outsider, _ = make_agent(other_tenant)
    theirs = remember(
        outsider, "The user prefers dark mode in every editor.", scope="/org/globex/"
    )
    assert theirs.status == WriteStatus.COMMITTED
    mine = set(ids(search(reader, "dark mode editor", limit=100)))
    assert theirs.memory_item_id not in mine
    assert facts["theme"].memory_item_id in mine
    with pytest.raises(NotFound):
        search(reader, "dark mode", scopes=["/org/globex/"])


def test_a_sibling_user_scope_is_not_readable(tenant, facts):
    agent, _ = make_agent(tenant, scopes=[U42])
    returned = set(ids(search(agent, "green tea drinks", limit=100)))
    assert facts["sibling"].memory_item_id not in returned
    assert facts["theme"].memory_item_id in set(
        ids(search(agent, "dark mode", limit=100))
    )
    # Exists but not readable: the answer for a scope that does not exist.
    with pytest.raises(NotFound):
        search(agent, "green tea", scopes=[U43])


def test_a_grant_is_matched_as_a_path_not_a_pattern(tenant, reader):
    # The readable set is a subquery of the search (LIKE on the grant's
    # path): "_" in a granted path must not match any character.
    from audit.services import Actor
    from memory_core.services.tenancy import scope_create

    for path in ("/org/acme/user/a_1/", "/org/acme/user/ab1/"):
        scope_create(tenant=tenant, path=path, actor=Actor.system("test"))
    mine = remember(reader, "The a_1 user keeps bees.", scope="/org/acme/user/a_1/")
    theirs = remember(reader, "The ab1 user keeps bees.", scope="/org/acme/user/ab1/")
    assert mine.status == theirs.status == WriteStatus.COMMITTED
    agent, _ = make_agent(tenant, scopes=["/org/acme/user/a_1/"])
    returned = set(ids(search(agent, "who keeps bees", limit=100)))
    assert mine.memory_item_id in returned
    assert theirs.memory_item_id not in returned


def test_a_repeated_query_is_embedded_once(reader, facts):
    from memory_core.embeddings import _query_vector

    query = f"Which theme does the person like? {uuid.uuid4().hex}"
    first = search(reader, query)
    misses = _query_vector.cache_info().misses
    second = search(reader, query)
    assert _query_vector.cache_info().misses == misses
    assert [(h.memory_id, h.score) for h in second.hits] == [
        (h.memory_id, h.score) for h in first.hits
    ]


def test_explicit_scopes_include_their_ancestors(reader, facts):
    org = remember(reader, "Refunds need two approvers.", scope="/org/acme/")
    assert org.status == WriteStatus.COMMITTED, org.reason
    in_u43 = set(ids(search(reader, "refunds approvers tea", scopes=[U43])))
    assert org.memory_item_id in in_u43
    assert facts["sibling"].memory_item_id in in_u43
    assert facts["theme"].memory_item_id not in in_u43


# Access


def test_access_is_recorded_on_commit_by_one_task(
    reader, facts, django_capture_on_commit_callbacks, monkeypatch
):
    sent = []
    from memory_core import tasks

    monkeypatch.setattr(
        tasks.access_record_task, "delay", lambda *args: sent.append(args)
    )
    with django_capture_on_commit_callbacks(execute=True):
        result = search(reader, "dark mode", limit=3, record_access=True)
    assert len(sent) == 1
    tenant_id, item_ids, at, endpoint = sent[0]
    assert endpoint == "search"
    assert sorted(item_ids) == sorted(str(h.memory_id) for h in result.hits)
    tasks.access_record_task(tenant_id, item_ids, at, endpoint)
    tasks.access_record_task(tenant_id, item_ids, at, endpoint)
    counts = dict(
        MemoryItem.objects.filter(pk__in=item_ids).values_list("id", "access_count")
    )
    assert set(counts.values()) == {2}


def test_no_access_is_recorded_when_asked_not_to(
    reader, facts, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as callbacks:
        search(reader, "dark mode", record_access=False)
    assert callbacks == []


def test_access_record_keeps_the_latest_time_and_the_tenant(reader, facts):
    item = facts["theme"].memory_item_id
    later = timezone.now() + timedelta(minutes=5)
    assert access_record(tenant_id=reader.tenant_id, item_ids=[item], at=later) == 1
    assert access_record(
        tenant_id=reader.tenant_id, item_ids=[item], at=later - timedelta(days=1)
    )
    row = MemoryItem.objects.get(pk=item)
    assert row.access_count == 2 and row.last_accessed_at == later
    other = make_tenant("initech")
    assert access_record(tenant_id=other.id, item_ids=[item], at=later) == 0
