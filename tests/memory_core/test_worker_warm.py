"""A worker process's warm-up besides the model (memory_core/celery.py):
WordNet's tables read, one BLAS thread, and the same numbers with it."""

import numpy as np
from threadpoolctl import threadpool_info, threadpool_limits

from memory_core import celery as worker_init
from memory_core.pipeline import wordnet


def _blas_threads() -> set[int]:
    return {
        pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas"
    }


def test_the_warm_up_reads_wordnet_and_leaves_one_blas_thread():
    with threadpool_limits(limits=2, user_api="blas"):
        worker_init.warm_worker_process()
        assert _blas_threads() == {1}
        assert wordnet.available()
        assert wordnet._database().lemmas["n"]


def test_one_blas_thread_computes_the_exact_neighbours_products_bit_for_bit():
    """The products of `BatchLookups._exact_neighbours` (a batch's unit
    vectors against a scope's, float64) and `_with_pending` (float32) are the
    same numbers on one BLAS thread as on two: no similarity, so no
    neighbour or decision, moves."""
    rng = np.random.default_rng(18)
    queries = rng.standard_normal((64, 384))
    queries /= np.linalg.norm(queries, axis=1, keepdims=True)
    stored = rng.standard_normal((700, 384))
    stored /= np.linalg.norm(stored, axis=1, keepdims=True)
    pending = stored[:63].astype(np.float32)
    query = queries[0].astype(np.float32)
    results = []
    for threads in (2, 1):
        with threadpool_limits(limits=threads, user_api="blas"):
            results.append((queries @ stored.T, pending @ query))
    assert np.array_equal(results[0][0], results[1][0])
    assert np.array_equal(results[0][1], results[1][1])
