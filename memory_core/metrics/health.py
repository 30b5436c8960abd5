"""The composite memory health score (003 §12.12.7).

    H_memory = Σ_i w_i · normalized(M_i),  Σ w_i = 1,  normalized(·) ∈ [0, 1]
    H ≥ 0.8 → HEALTHY;  0.6 ≤ H < 0.8 → DEGRADED;  H < 0.6 → CRITICAL

The seed's suggested weights go to downstream metrics (correctness impact,
retrieval precision, hallucination leakage, memory-induced errors) that need
task outcomes the console never sees. Their weight goes here to what it does
measure, each normalised by the healthy range its seed gives:

    write acceptance rate   0.20   1 inside 0.4–0.8 (003 §12.12.3), 0 at 0.1 and 1.0
    read hit ratio          0.20   1 at ≥ 0.3, 0 at ≤ 0.1 (000 §8; precision proxy)
    review SLA held         0.15   share of decisions made before the deadline
    dedup hit rate          0.10   1 at ≤ 0.5, 0 at ≥ 0.7 (000 §8)
    contradictions per day  0.10   1 at ≤ 10, 0 at ≥ 50 (000 §8)
    staleness p50           0.10   1 at ≤ 0.3, 0 at ≥ 0.5 (000 §8)
    erasure within 72 h     0.10   share on time, open overdue ones count as late
    GC running              0.05   a completed run in the last 2 h (003 §12.12.6)

A metric without data in the window is left out and the other weights are
scaled up to sum to 1; the page says which.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from memory_core.metrics.selectors import Dashboard

HEALTHY = 0.8
DEGRADED = 0.6

WEIGHTS = {
    "acceptance": 0.20,
    "read_hits": 0.20,
    "review_sla": 0.15,
    "dedup": 0.10,
    "contradictions": 0.10,
    "staleness": 0.10,
    "erasure": 0.10,
    "gc": 0.05,
}
assert abs(sum(WEIGHTS.values()) - 1.0) < 1e-9


def ramp_up(value: float, bad: float, good: float) -> float:
    """0 at or below `bad`, 1 at or above `good`, linear between."""
    return max(0.0, min(1.0, (value - bad) / (good - bad)))


def ramp_down(value: float, good: float, bad: float) -> float:
    """1 at or below `good`, 0 at or above `bad`, linear between."""
    return max(0.0, min(1.0, (bad - value) / (bad - good)))


def acceptance_score(war: float) -> float:
    if war < 0.4:
        return ramp_up(war, 0.1, 0.4)
    return ramp_down(war, 0.8, 1.0)


@dataclass(frozen=True)
class Input:
    key: str
    label: str
    raw: str
    weight: float
    score: float | None  # None: no data in the window

    @property
    def used_weight(self) -> float:
        return 0.0 if self.score is None else self.weight


@dataclass(frozen=True)
class Health:
    score: float | None
    status: str
    inputs: list[Input]
    weight_used: float


def status_for(score: float | None) -> str:
    if score is None:
        return "NO DATA"
    if score >= HEALTHY:
        return "HEALTHY"
    if score >= DEGRADED:
        return "DEGRADED"
    return "CRITICAL"


def _pct(value: float | None) -> str:
    return "no data" if value is None else f"{value:.1%}"


def health_for(board: Dashboard) -> Health:
    erasure = board.erasure
    finished = erasure.get("completed") or 0
    overdue = erasure.get("overdue") or 0
    erasure_share = (
        ((erasure.get("on_time") or 0) / (finished + overdue))
        if finished + overdue
        else None
    )
    last_gc = board.gc.get("last")
    gc_score = None
    if board.gc.get("runs") or last_gc:
        gc_score = 1.0 if last_gc and board.now - last_gc <= timedelta(hours=2) else 0.0
    war, reads, dedup = (
        board.acceptance_rate,
        board.reads.get("ratio"),
        board.dedup_rate,
    )
    inputs = [
        Input(
            "acceptance",
            "Write acceptance rate",
            _pct(war),
            WEIGHTS["acceptance"],
            None if war is None else acceptance_score(war),
        ),
        Input(
            "read_hits",
            "Read hit ratio",
            _pct(reads),
            WEIGHTS["read_hits"],
            None if reads is None else ramp_up(reads, 0.1, 0.3),
        ),
        Input(
            "review_sla",
            "Reviews decided within SLA",
            _pct(board.sla_on_time),
            WEIGHTS["review_sla"],
            board.sla_on_time,
        ),
        Input(
            "dedup",
            "Dedup hit rate",
            _pct(dedup),
            WEIGHTS["dedup"],
            None if dedup is None else ramp_down(dedup, 0.5, 0.7),
        ),
        Input(
            "contradictions",
            "Contradictions per day",
            f"{board.conflicts_per_day:.1f}" if board.writes else "no data",
            WEIGHTS["contradictions"],
            ramp_down(board.conflicts_per_day, 10, 50) if board.writes else None,
        ),
        Input(
            "staleness",
            "Staleness p50",
            "no data" if board.staleness_p50 is None else f"{board.staleness_p50:.2f}",
            WEIGHTS["staleness"],
            None
            if board.staleness_p50 is None
            else ramp_down(board.staleness_p50, 0.3, 0.5),
        ),
        Input(
            "erasure",
            "Erasures within 72 h",
            _pct(erasure_share),
            WEIGHTS["erasure"],
            erasure_share,
        ),
        Input(
            "gc",
            "GC ran in the last 2 h",
            "no data" if gc_score is None else ("yes" if gc_score else "no"),
            WEIGHTS["gc"],
            gc_score,
        ),
    ]
    used = sum(i.used_weight for i in inputs)
    score = (
        sum(i.weight * i.score for i in inputs if i.score is not None) / used
        if used
        else None
    )
    return Health(
        score=score, status=status_for(score), inputs=inputs, weight_used=used
    )
