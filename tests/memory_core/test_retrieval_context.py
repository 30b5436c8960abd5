"""Keyword context at query time (memory_core.retrieval, bench/RETRIEVAL.md
"Sixth session"): a memory whose scope's previous memory has the question's
words scores part of that memory's keyword score, as the breakdown's
`context` term. Nothing of the neighbour is stored in the memory, so a
neighbour erased, expired, in another scope or another tenant lends nothing.
"""

from __future__ import annotations

import pytest
from django.db import transaction
from django.utils import timezone

from memory_core import retrieval
from memory_core.lifecycle.deletion import items_hard_delete
from memory_core.models import WriteStatus
from memory_core.policy import policy_for
from memory_core.services.curation import memory_force_expire
from tests.factories import make_agent, make_member, make_tenant
from tests.memory_core.test_retrieval import U42, U43, remember, search

pytestmark = pytest.mark.django_db

POTTERY = "Melanie signed up for a pottery class in March."
# Says what the class gives her without a word of the question.
AFTER = "She finds the slow work calming after long hospital shifts."
UNRELATED = "The user prefers dark mode in every editor."


def committed(*writes):
    assert all(w.status == WriteStatus.COMMITTED for w in writes), [
        (w.status, w.reason) for w in writes
    ]
    return writes


def hit_of(result, write):
    return next(h for h in result.hits if h.memory_id == write.memory_item_id)


def test_a_memory_is_found_through_the_words_of_the_one_before_it(reader):
    pottery, after, unrelated = committed(
        remember(reader, POTTERY),
        remember(reader, AFTER),
        remember(reader, UNRELATED),
    )
    result = search(reader, "What does Melanie get from her pottery class?")
    order = [h.memory_id for h in result.hits]
    assert order[:2] == [pottery.memory_item_id, after.memory_item_id]
    first, second = hit_of(result, pottery), hit_of(result, after)
    # Its own words do not match; the previous memory's lend W × its score.
    policy = policy_for(reader.tenant)
    weights = policy.retrieval_weights
    share = weights["keyword"] / sum(weights.values())
    assert second.breakdown["keyword"] == 0
    assert second.breakdown["context"] == pytest.approx(
        policy.retrieval_neighbour_weight * first.breakdown["keyword"], abs=1e-5
    )
    assert first.breakdown["keyword"] == pytest.approx(share, abs=1e-5)
    # The memory after one without the words gains only the decayed share of
    # the match two before it (retrieval_neighbours 2).
    assert hit_of(result, unrelated).breakdown["context"] == pytest.approx(
        policy.retrieval_neighbour_weight
        * policy.retrieval_neighbour_decay
        * first.breakdown["keyword"],
        abs=1e-5,
    )
    parts = sum(v for k, v in second.breakdown.items() if k != "total")
    assert parts == pytest.approx(second.score, abs=1e-5)


def test_the_policy_turns_keyword_context_off(reader):
    committed(remember(reader, POTTERY), remember(reader, AFTER))
    tenant = reader.tenant
    tenant.policy = {**tenant.policy, "retrieval_neighbour_weight": 0.0}
    tenant.save(update_fields=["policy"])
    result = search(reader, "What does Melanie get from her pottery class?")
    assert [h.breakdown["context"] for h in result.hits] == [0.0, 0.0]


def test_only_a_single_signal_ranking_leaves_context_out(reader):
    committed(remember(reader, POTTERY), remember(reader, AFTER))
    for ranking in ("keyword", "vector"):
        result = search(reader, "pottery class", ranking=ranking)
        assert all(h.breakdown["context"] == 0 for h in result.hits), ranking


def test_an_erased_neighbour_lends_nothing(reader):
    pottery, after = committed(remember(reader, POTTERY), remember(reader, AFTER))
    query = "What does Melanie get from her pottery class?"
    assert hit_of(search(reader, query), after).breakdown["context"] > 0
    with transaction.atomic():
        items_hard_delete(tenant_id=reader.tenant_id, item_ids=[pottery.memory_item_id])
    result = search(reader, query)
    assert [h.memory_id for h in result.hits] == [after.memory_item_id]
    assert result.hits[0].breakdown["context"] == 0
    assert result.hits[0].breakdown["keyword"] == 0


def test_an_expired_neighbour_lends_nothing(reader):
    pottery, after = committed(remember(reader, POTTERY), remember(reader, AFTER))
    curator = make_member(reader.tenant)
    memory_force_expire(
        tenant=reader.tenant,
        item_id=pottery.memory_item_id,
        user=curator,
        reason="wrong",
    )
    result = search(reader, "What does Melanie get from her pottery class?")
    assert [h.memory_id for h in result.hits] == [after.memory_item_id]
    assert result.hits[0].breakdown["context"] == 0


def test_a_neighbour_in_another_scope_lends_nothing(reader):
    # Written just before, but in the sibling user's scope; both scopes read.
    committed(remember(reader, POTTERY, scope=U43))
    (after,) = committed(remember(reader, AFTER, scope=U42))
    result = search(
        reader, "What does Melanie get from her pottery class?", scopes=[U42, U43]
    )
    assert hit_of(result, after).breakdown["context"] == 0
    assert all(h.breakdown["context"] == 0 for h in result.hits)


def test_a_neighbour_in_another_tenant_lends_nothing(reader):
    elsewhere = "/org/initech/user/42/"
    other = make_tenant("initech", scopes=(elsewhere,))
    other.policy = {"async_review_at": 0.95}
    other.save(update_fields=["policy"])
    stranger, _ = make_agent(other)
    committed(remember(stranger, POTTERY, scope=elsewhere))
    (after,) = committed(remember(reader, AFTER, scope=U42))
    result = search(reader, "What does Melanie get from her pottery class?")
    assert [h.memory_id for h in result.hits] == [after.memory_item_id]
    assert result.hits[0].breakdown["context"] == 0


def test_an_expired_memory_between_does_not_break_the_chain(reader):
    # The neighbours are the memories a search may read, in creation order;
    # one neighbour, so that the memory two before lends only once the one
    # between is gone.
    tenant = reader.tenant
    tenant.policy = {**tenant.policy, "retrieval_neighbours": 1}
    tenant.save(update_fields=["policy"])
    pottery, between, after = committed(
        remember(reader, POTTERY), remember(reader, UNRELATED), remember(reader, AFTER)
    )
    query = "What does Melanie get from her pottery class?"
    assert hit_of(search(reader, query), after).breakdown["context"] == 0
    memory_force_expire(
        tenant=reader.tenant,
        item_id=between.memory_item_id,
        user=make_member(reader.tenant),
        reason="wrong",
    )
    assert hit_of(search(reader, query), after).breakdown["context"] > 0


def test_the_memory_two_before_lends_a_decayed_share(reader):
    # POTTERY, UNRELATED, AFTER in one scope: the memory just after the match
    # borrows W × its keyword score, the one two after W × decay × it.
    pottery, between, after = committed(
        remember(reader, POTTERY), remember(reader, UNRELATED), remember(reader, AFTER)
    )
    policy = policy_for(reader.tenant)
    assert policy.retrieval_neighbours == 2
    weight, decay = policy.retrieval_neighbour_weight, policy.retrieval_neighbour_decay
    assert 0 < decay < 1
    query = "What does Melanie get from her pottery class?"
    result = search(reader, query)
    own = hit_of(result, pottery).breakdown["keyword"]
    assert own > 0
    assert hit_of(result, between).breakdown["context"] == pytest.approx(
        weight * own, abs=1e-5
    )
    assert hit_of(result, after).breakdown["context"] == pytest.approx(
        weight * decay * own, abs=1e-5
    )
    # Decay 0: only the memory just before lends.
    tenant = reader.tenant
    tenant.policy = {**tenant.policy, "retrieval_neighbour_decay": 0.0}
    tenant.save(update_fields=["policy"])
    result = search(reader, query)
    assert hit_of(result, after).breakdown["context"] == 0
    assert hit_of(result, between).breakdown["context"] > 0


POTTERY_TALK = (
    "Jon's pottery class meets on Tuesday evenings.",
    "The pottery class at the community centre costs forty dollars.",
    "Gina bought clay and glazes for her pottery class.",
    "A pottery class taught Tim how to centre clay on the wheel.",
    "The kiln of the pottery class broke in April.",
    "Maria met her best friend at a pottery class.",
    "Pottery class photos are on the shared drive.",
    "Sam skipped pottery class to watch the football final.",
    "The pottery class teacher is a retired architect.",
)


def test_the_successor_of_a_keyword_candidate_joins_the_candidates(reader):
    # k = 10 candidates per signal; 11 memories: the one least like the
    # question by meaning is no vector candidate, and has none of its words.
    tenant = reader.tenant
    tenant.policy = {**tenant.policy, "retrieval_candidates": 10}
    tenant.save(update_fields=["policy"])
    committed(*(remember(reader, text) for text in POTTERY_TALK))
    pottery, after = committed(remember(reader, POTTERY), remember(reader, AFTER))
    query = "pottery class"
    filters = retrieval._Filters(
        tenant_id=tenant.id,
        scope_ids=retrieval.search_scope_ids(tenant=tenant, agent=reader),
        now=timezone.now(),
    )

    def candidates(neighbours):
        with transaction.atomic():
            found = retrieval._candidates(
                filters=filters,
                embedding=retrieval._embed_start(query),
                text=query,
                k=10,
                neighbours=neighbours,
                lend=0.6,
            )
        return {c.version_id: c for c in found}

    version = after.version_id
    assert version not in candidates(0)
    joined = candidates(1)[version]
    assert joined.keyword_rank == 0 and joined.context_rank > 0
    assert joined.before == [pottery.version_id]
