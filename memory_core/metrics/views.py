"""The metrics dashboard (a tenant's landing page) and the Prometheus scrape."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from memory_core.access import member_required
from memory_core.metrics import charts
from memory_core.metrics.health import health_for
from memory_core.metrics.selectors import (
    DEFAULT_WINDOW,
    ROLLUP_CACHE_SECONDS,
    SERIES_STATUSES,
    WINDOWS,
    dashboard_for,
)
from memory_core.models import Tenant

LATENCY_KEYS = ("p50", "p95", "p99")


def _bin_label(board, start) -> str:
    if board.window.step.total_seconds() >= 86400:
        return f"{start:%d %b}"
    if board.window.key == "24h":
        return f"{start:%H:00}"
    return f"{start:%d %b %H:00}"


@member_required
def dashboard(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """Is memory getting healthier or worse, which agent misbehaves, do SLAs hold."""
    window = request.GET.get("window", DEFAULT_WINDOW)
    if window not in WINDOWS:
        window = DEFAULT_WINDOW
    board = dashboard_for(tenant, window, now=timezone.now())
    health = health_for(board)
    labels = [_bin_label(board, b["start"]) for b in board.series]
    context: dict[str, Any] = {
        "board": board,
        "health": health,
        "windows": WINDOWS.values(),
        "series_keys": SERIES_STATUSES,
        # The table behind the writes chart is kept in the template's
        # fragment cache under the rollup's key, like the charts.
        "rollup_cache_seconds": ROLLUP_CACHE_SECONDS,
        "series_rows": [
            {
                "label": label,
                "counts": [b["counts"].get(k, 0) for k in SERIES_STATUSES],
                "total": sum(b["counts"].values()),
                "conflicts": b["conflicts"],
            }
            for label, b in zip(labels, board.series, strict=True)
        ],
        "agents_chart": charts.bars(
            "Rejection rate per agent (%)",
            [
                (a["agent"].name, round((a["rejection_rate"] or 0) * 100, 1))
                for a in board.agents[:12]
            ],
            unit=" %",
            css="chart-s-rejected",
        ),
    }
    # The charts drawn from rollup rows only are kept with those rows' cache.
    drawn = cache.get(f"{board.cache_key}:charts")
    if drawn is None:
        drawn = _rollup_charts(board, labels)
        cache.set(f"{board.cache_key}:charts", drawn, ROLLUP_CACHE_SECONDS)
    context.update(drawn)
    return render(request, "memory_core/dashboard.html", context)


def _rollup_charts(board, labels: list[str]) -> dict[str, Any]:
    return {
        "legend": charts.legend(SERIES_STATUSES),
        "writes_chart": charts.stacked_columns(
            f"Writes per {board.window.step_label} by outcome",
            labels,
            [dict(b["counts"]) for b in board.series],
            SERIES_STATUSES,
        ),
        "conflicts_chart": charts.stacked_columns(
            f"Contradictions found per {board.window.step_label}",
            labels,
            [{"conflict": b["conflicts"]} for b in board.series],
            ("conflict",),
            height=120,
        ),
        "rejections_chart": charts.bars(
            "Rejections by gate and code",
            [(f"{r['gate']} · {r['code']}", r["count"]) for r in board.rejections[:12]],
            css="chart-s-rejected",
        ),
        "latency_chart": charts.grouped_bars(
            "Gate latency p50 / p95 / p99 (ms)",
            [(g["gate"], [g[k] for k in LATENCY_KEYS]) for g in board.gates],
            LATENCY_KEYS,
            unit=" ms",
        ),
        "staleness_chart": charts.bars(
            "Active memories by staleness score",
            [(s["label"], s["count"]) for s in board.staleness],
            css="chart-s-stale",
        ),
    }
