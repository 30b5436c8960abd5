"""The process's Prometheus instruments (no Django: the pipeline imports them).

Read memory_core/metrics/prometheus.py for how they are scraped.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from prometheus_client import Counter, Histogram

MULTIPROCESS = bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))

REQUEST_SECONDS = Histogram(
    "mgc_http_request_duration_seconds",
    "Time to answer an HTTP request, by route pattern.",
    ["method", "route", "status"],
)
GATE_SECONDS = Histogram(
    "mgc_gate_duration_seconds",
    "Time one gate took on one write (submit: in the API; worker: in Celery).",
    ["gate", "phase", "decision"],
    buckets=(
        0.0001,
        0.00025,
        0.0005,
        0.001,
        0.0025,
        0.005,
        0.01,
        0.025,
        0.05,
        0.1,
        0.25,
        0.5,
        1.0,
        5.0,
    ),
)
WRITES = Counter(
    "mgc_writes",
    "Write outcomes: at submit (queued, rejected, deferred), in the worker, "
    "and by a person or a deadline (review).",
    ["stage", "status", "gate", "code"],
)
WORKER_BATCH = Histogram(
    "mgc_worker_batch_size",
    "Writes decided per worker batch.",
    buckets=(1, 2, 4, 8, 16, 32, 64, 128, 256),
)
EMBEDDING_SECONDS = Histogram(
    "mgc_embedding_duration_seconds",
    "Time of one embedding call for a batch of texts.",
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0),
)
GC_SECONDS = Histogram(
    "mgc_gc_run_duration_seconds",
    "Duration of a finished garbage-collection run.",
    ["dry_run", "status"],
    buckets=(0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600, 4 * 3600),
)
ERASURE_SECONDS = Histogram(
    "mgc_erasure_duration_seconds",
    "From filing to completion of an erasure request (SLA: 72 h).",
    buckets=(60, 600, 3600, 6 * 3600, 24 * 3600, 48 * 3600, 72 * 3600, 7 * 86400),
)


def observe_gate(gate: str, phase: str, decision: str, seconds: float) -> None:
    GATE_SECONDS.labels(gate, phase, decision).observe(seconds)


def observe_writes(stage: str, writes: Iterable) -> None:
    for write in writes:
        WRITES.labels(stage, write.status, write.gate or "", write.code or "").inc()


@contextmanager
def embedding_timer() -> Iterator[None]:
    started = time.perf_counter()
    try:
        yield
    finally:
        EMBEDDING_SECONDS.observe(time.perf_counter() - started)


def mark_process_dead(pid: int) -> None:
    """Drop a dead process's live gauges (multiprocess mode only)."""
    if MULTIPROCESS:
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid)
