"""The retrieval bench's offline mode (bench.retrieval --offline).

Its figures stand for the API's only if it ranks as the service does: these
check its hybrid ranking against the service's own BM25 and fusion on the
same candidates, and what it embeds for the multi-vector variants.
"""

from __future__ import annotations

import uuid

import numpy as np
from django.utils import timezone

from bench.retrieval import (
    Conversation,
    Observation,
    embedding_texts,
    memory_parts,
    offline_rank,
    previous,
)
from memory_core.policy import Policy
from memory_core.retrieval import _Candidate, _rank, bm25_score


def _service_order(cosine, terms, query) -> list[int]:
    """The service's hybrid order of every memory (all are candidates)."""
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
            )
        )
    bm25_score(candidates)
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
