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


def test_one_blas_thread_computes_the_exact_neighbours_products_as_two_do():
    """The products of `BatchLookups._exact_neighbours` (a batch's unit
    vectors against a scope's, float64) and `_with_pending` (float32) on one
    BLAS thread are the same numbers run after run, and the numbers of two
    threads to the last bit or two: on some CPUs (AMD EPYC) two threads sum
    in another order and differ by one ulp (~1e-16), a millionth of a
    millionth of any similarity threshold, so no neighbour or decision moves."""
    rng = np.random.default_rng(18)
    queries = rng.standard_normal((64, 384))
    queries /= np.linalg.norm(queries, axis=1, keepdims=True)
    stored = rng.standard_normal((700, 384))
    stored /= np.linalg.norm(stored, axis=1, keepdims=True)
    pending = stored[:63].astype(np.float32)
    query = queries[0].astype(np.float32)
    results = []
    for threads in (2, 1, 1):
        with threadpool_limits(limits=threads, user_api="blas"):
            results.append((queries @ stored.T, pending @ query))
    (two, two_pending), (one, one_pending), (again, again_pending) = results
    assert np.array_equal(one, again)
    assert np.array_equal(one_pending, again_pending)
    assert np.abs(one - two).max() <= 1e-12
    assert np.abs(one_pending - two_pending).max() <= 1e-6
