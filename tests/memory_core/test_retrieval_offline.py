"""The retrieval bench's offline mode (bench.retrieval --offline).

Its figures stand for the API's only if it ranks as the service does: these
check its hybrid ranking against the service's own BM25 and fusion on the
same candidates, and what it embeds for the multi-vector variants.
"""

from __future__ import annotations

import uuid

import numpy as np
import pytest
from django.utils import timezone

from bench.retrieval import (
    Conversation,
    Observation,
    Recipe,
    embedding_texts,
    maxsim,
    maxsim_rerank,
    memory_parts,
    mixed_vectors,
    nameless,
    offline_rank,
    offline_scores,
    previous,
    previous_indexes,
    recipe_parse,
    terms_with_context,
    token_keep,
)
from memory_core.policy import Policy
from memory_core.retrieval import _Candidate, _rank, bm25_score


def _service_order(
    cosine,
    terms,
    query,
    *,
    before: list[list[int]] | None = None,
    lend: float = 0.0,
    decay: float = 1.0,
) -> list[int]:
    """The service's hybrid order of every memory (all are candidates);
    `before[i]`: memory i's predecessors in its scope (keyword context)."""
    now = timezone.now()
    candidates = []
    for i, counts in enumerate(terms):
        candidates.append(
            _Candidate(
                version_id=uuid.UUID(int=i + 1),
                item_id=uuid.UUID(int=i + 1),
                layer="episodic",
                source="user_stated",
                confidence=0.9,
                created_at=now,
                pinned=False,
                retrieval_weight=1.0,
                soft_expired=False,
                stale=False,
                access_count=0,
                evidence_count=1,
                cosine=float(cosine[i]),
                keyword_rank=None,
                vector_position=None,
                keyword_position=None,
                term_counts={lx: c for lx, c in counts.items() if lx in query},
                length=sum(counts.values()),
                before=[uuid.UUID(int=p + 1) for p in (before or [[]] * 6)[i]],
            )
        )
    bm25_score(candidates, lend=lend, decay=decay)
    ranked = _rank(candidates, policy=Policy(), ranking="hybrid", now=now)
    return [c.version_id.int - 1 for c, _ in ranked]


def test_offline_ranking_is_the_services_on_the_same_candidates() -> None:
    terms = [
        {"carolin": 1, "attend": 1, "support": 1, "group": 1},
        {"melani": 1, "paint": 2, "lake": 1, "sunris": 1},
        {"carolin": 1, "plan": 1, "educ": 1, "counsel": 1},
        {"melani": 1, "swim": 1, "kid": 1},
        {"carolin": 1, "support": 2, "group": 1, "accept": 1},
        {"melani": 1, "paint": 1, "relax": 1},
    ]
    query = ["carolin", "support", "group"]
    cosine = np.array([0.55, 0.10, 0.42, 0.05, 0.40, 0.20])
    ts_rank = {0: 0.3, 2: 0.1, 4: 0.4}
    order = offline_rank(cosine, ts_rank, terms, query, [str(i) for i in range(6)])
    assert order == _service_order(cosine, terms, query)
    # The keyword signal counts: memory 4 (two of the rare words, twice
    # "support") passes memory 2 (the speaker's name only), nearer in meaning.
    assert order.index(4) < order.index(2)


def test_offline_keyword_context_is_the_services() -> None:
    # Every memory is a candidate, so lending is all that differs from base.
    terms = [
        {"carolin": 1, "attend": 1, "support": 1, "group": 1},
        {"carolin": 1, "found": 1, "stori": 1, "inspir": 1},
        {"melani": 1, "paint": 2, "lake": 1, "sunris": 1},
        {"melani": 1, "swim": 1, "kid": 1},
        {"carolin": 1, "plan": 1, "educ": 1, "counsel": 1},
        {"melani": 1, "paint": 1, "relax": 1},
    ]
    query = ["support", "group"]
    cosine = np.array([0.50, 0.30, 0.10, 0.05, 0.32, 0.20])
    ts_rank = {0: 0.2}
    before = [[], [0], [], [2], [1], [3]]  # two scopes, in writing order
    ties = [str(i) for i in range(6)]
    plain = offline_rank(cosine, ts_rank, terms, query, ties)
    lent = offline_scores(cosine, ts_rank, terms, query, ties, lend=0.6, before=before)[
        0
    ]
    assert lent == _service_order(cosine, terms, query, before=before, lend=0.6)
    # Memory 1 follows the only match and passes memory 4, nearer in meaning.
    assert plain.index(4) < plain.index(1) and lent.index(1) < lent.index(4)
    assert recipe_parse("lend0.6n1") == Recipe(lend=0.6, lend_n=1)


def test_offline_decaying_context_is_the_services() -> None:
    # One scope written 0, 1, 2, 3: only 0 has the question's words; 1 is
    # just after it, 2 two after. With two neighbours and decay 0.3, 2
    # borrows 0.6 × 0.3 of 0's keyword score and passes 4 (nearer in meaning,
    # no words, in another scope); with decay 0 it borrows nothing.
    terms = [
        {"carolin": 1, "attend": 1, "support": 1, "group": 1},
        {"carolin": 1, "found": 1, "stori": 1, "inspir": 1},
        {"carolin": 1, "felt": 1, "accept": 1},
        {"carolin": 1, "plan": 1, "educ": 1},
        {"melani": 1, "paint": 1, "relax": 1},
    ]
    query = ["support", "group"]
    cosine = np.array([0.50, 0.30, 0.30, 0.05, 0.34])
    ts_rank = {0: 0.2}
    before = [[], [0], [1, 0], [2, 1], []]
    ties = [str(i) for i in range(5)]
    orders = {}
    for decay in (0.0, 0.3):
        orders[decay] = offline_scores(
            cosine,
            ts_rank,
            terms,
            query,
            ties,
            lend=0.6,
            before=before,
            lend_decay=decay,
        )[0]
        assert orders[decay] == _service_order(
            cosine, terms, query, before=before, lend=0.6, decay=decay
        )
    assert orders[0.0].index(4) < orders[0.0].index(2)
    assert orders[0.3].index(2) < orders[0.3].index(4)
    assert recipe_parse("lend0.6n2r0.3") == Recipe(lend=0.6, lend_n=2, lend_decay=0.3)


def test_clauses_read_alone_with_speaker_and_date() -> None:
    content = (
        "Caroline attended an LGBTQ support group recently and found the "
        "transgender stories inspiring. (said on 8 May, 2023)"
    )
    assert memory_parts(content, "Caroline", "clause") == [
        "Caroline attended an LGBTQ support group recently (said on 8 May, 2023)",
        "Caroline: found the transgender stories inspiring. (said on 8 May, 2023)",
    ]
    assert embedding_texts(content, "Caroline", "prefix") == [
        "Caroline, 8 May, 2023: Caroline attended an LGBTQ support group "
        "recently and found the transgender stories inspiring."
    ]
    # Every multi-vector variant keeps the memory's own vector first.
    assert embedding_texts(content, "Caroline", "clause")[0] == content


def test_context_is_the_same_speakers_previous_memory_that_day() -> None:
    conv = Conversation(
        "x",
        ("Ann", "Bo"),
        [
            Observation("Ann", "Ann runs. (said on 1 May, 2023)", {"D1:1"}),
            Observation("Ann", "Ann swims. (said on 1 May, 2023)", {"D1:3"}),
            Observation("Bo", "Bo reads. (said on 1 May, 2023)", {"D1:2"}),
            Observation("Ann", "Ann rests. (said on 2 May, 2023)", {"D2:1"}),
        ],
        [],
    )
    assert [previous(conv, i) for i in range(4)] == [None, "Ann runs.", None, None]
    assert previous(conv, 1, pick=4) == "Ann runs."
    assert embedding_texts(
        conv.observations[1].content, "Ann", "context", before="Ann runs."
    ) == [
        "Ann swims. (said on 1 May, 2023)",
        "Ann runs. Ann swims. (said on 1 May, 2023)",
    ]


def test_fifth_session_recipes_parse() -> None:
    assert recipe_parse("context") == Recipe(vector="context")
    r = recipe_parse("kctx0.3n2+vmix1.0+maxsim0.4")
    assert (r.vector, r.keyword, r.keyword_n, r.mix, r.mix_n, r.mix_score) == (
        "base",
        0.3,
        2,
        1.0,
        1,
        "max",
    )
    assert (r.maxsim, r.maxsim_tokens, r.maxsim_norm, r.maxsim_depth) == (
        0.4,
        "content",
        "max",
        30,
    )
    r = recipe_parse("clause+vmix0.5n2-mean+maxsim0.2-all-mmd20")
    assert (r.vector, r.mix_n, r.mix_score) == ("clause", 2, "mean")
    assert (r.maxsim_tokens, r.maxsim_norm, r.maxsim_depth) == ("all", "minmax", 20)
    with pytest.raises(ValueError):
        recipe_parse("vmix")


def _day_conversation() -> Conversation:
    return Conversation(
        "x",
        ("Ann", "Bo"),
        [
            Observation("Ann", "Ann runs. (said on 1 May, 2023)", {"D1:1"}),
            Observation("Ann", "Ann swims. (said on 1 May, 2023)", {"D1:3"}),
            Observation("Ann", "Ann cooks. (said on 1 May, 2023)", {"D1:5"}),
            Observation("Bo", "Bo reads. (said on 1 May, 2023)", {"D1:2"}),
            Observation("Ann", "Ann rests. (said on 2 May, 2023)", {"D2:1"}),
        ],
        [],
    )


def test_neighbours_are_the_context_variants() -> None:
    conv = _day_conversation()
    assert [previous_indexes(conv, i) for i in range(5)] == [[], [0], [1], [], []]
    assert previous_indexes(conv, 2, 2) == [1, 0]
    assert previous_indexes(conv, 1, 3) == [0]
    # Picked at random among the last W same-day memories of the speaker.
    assert previous_indexes(conv, 2, 1, pick=4, seed=1)[0] in (0, 1)
    assert previous_indexes(conv, 4, 1, pick=4) == []


def test_vector_mix_reads_stored_vectors_only() -> None:
    stored = np.eye(3, dtype=np.float32)
    mixed = mixed_vectors(stored, [[], [0], [1, 0]], 0.5)
    assert np.allclose(mixed[0], stored[0])
    assert np.allclose(mixed[1], np.array([0.5, 1, 0]) / np.sqrt(1.25))
    assert np.allclose(mixed[2], np.array([0.25, 0.5, 1]) / np.sqrt(1.3125))


def test_keyword_context_adds_the_neighbours_lexemes_at_a_weight() -> None:
    terms = [{"ann": 1, "run": 1}, {"ann": 1, "swim": 2}]
    assert terms_with_context(terms, [[], [0]], 0.3) == [
        {"ann": 1, "run": 1},
        {"ann": 1.3, "swim": 2, "run": 0.3},
    ]


def test_maxsim_rerank_touches_the_head_only() -> None:
    assert token_keep(["[CLS]", "the", "paint", "##ing", ",", "[SEP]"], "content") == [
        2,
        3,
    ]
    assert token_keep(["[CLS]", "the", ",", "[SEP]"], "all") == [1, 2]
    q = np.array([[1, 0], [0, 1]], dtype=np.float16)
    assert maxsim(q, np.array([[1, 0], [0.6, 0.8]], dtype=np.float16)) == (
        pytest.approx(0.9, abs=1e-3)
    )
    order = [0, 1, 2, 3]
    scores = {0: 0.9, 1: 0.85, 2: 0.8, 3: 0.1}
    late = {0: 0.2, 1: 0.4, 2: 1.0}
    assert maxsim_rerank(order, scores, late, 0.4, depth=3) == [2, 1, 0, 3]
    assert maxsim_rerank(order, scores, late, 0.0, depth=3) == order


def test_seventh_session_recipes_parse() -> None:
    r = recipe_parse("lend0.6n1+xp0.3s3-d")
    assert (r.lend, r.expand, r.expand_senses, r.expand_derived) == (0.6, 0.3, 3, True)
    assert recipe_parse("xp0.1") == Recipe(expand=0.1)
    assert recipe_parse("lend0.6n1+qmix0.5") == Recipe(lend=0.6, lend_n=1, qmix=0.5)


def test_question_without_the_speakers_names() -> None:
    speakers = ("Caroline", "Melanie")
    assert nameless("When did Caroline go to Melanie's party?", speakers) == (
        "When did go to party?"
    )
    assert nameless("What does Carolineville host?", speakers) == (
        "What does Carolineville host?"
    )


def test_an_expansion_lexeme_counts_alpha_times_its_occurrences() -> None:
    """A memory with a synonym of the query's word only scores on the
    keyword side with the expansion, below one with the word itself."""
    terms = [{"car": 1, "red": 1}, {"automobil": 1, "red": 1}, {"tree": 1}]
    cosine = np.array([0.1, 0.1, 0.1])
    ts = {0: 0.1}
    plain = offline_scores(cosine, ts, terms, ["car"], ["a", "b", "c"])[1]
    assert plain[1] == plain[2]
    expanded = offline_scores(
        cosine, ts, terms, ["car"], ["a", "b", "c"], expansion={"automobil": 0.5}
    )[1]
    assert expanded[0] > expanded[1] > expanded[2]
