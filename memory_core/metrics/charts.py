"""Server-side SVG charts: no script, no CDN, no `style=` (the CSP forbids it).

Colours come from classes (`chart-…` in console.css); every chart has a
<title> and is drawn from the same rows the page shows as a table.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

# Fills as SVG presentation attributes (allowed by the CSP, unlike `style=`);
# console.css may refine them through the chart-s-<key> classes.
FILLS = {
    "committed": "#2f9e44",
    "duplicate": "#868e96",
    "pending_review": "#f59f00",
    "awaiting_approval": "#e8590c",
    "rejected": "#e03131",
    "expired": "#862e9c",
    "deferred": "#1c7ed6",
    "queued": "#adb5bd",
    "conflict": "#c2255c",
    "p50": "#74c0fc",
    "p95": "#1c7ed6",
    "p99": "#1864ab",
    "bar": "#3b5bdb",
    "stale": "#f08c00",
}
WIDTH = 720
PAD_LEFT = 44
PAD_BOTTOM = 22
PAD_TOP = 8


def _nice_max(value: float) -> float:
    """A round axis maximum at or above `value`."""
    if value <= 0:
        return 1.0
    magnitude = 10 ** (len(str(int(value))) - 1) if value >= 1 else 1
    for step in (1, 2, 2.5, 5, 10):
        top = step * magnitude
        if top >= value:
            return float(top)
    return float(value)


def _fmt(value: float) -> str:
    return f"{value:,.0f}" if value >= 10 or value == int(value) else f"{value:.2g}"


def _svg(title: str, height: int, body: list[str], css: str) -> SafeString:
    return mark_safe(  # noqa: S308 - every dynamic part below is escaped
        f'<svg class="chart {escape(css)}" viewBox="0 0 {WIDTH} {height}" '
        f'width="{WIDTH}" height="{height}" role="img" aria-label="{escape(title)}" '
        'font-size="11" fill="#5f6b7a" font-family="sans-serif" '
        f'preserveAspectRatio="xMinYMin meet" xmlns="http://www.w3.org/2000/svg">'
        f"<title>{escape(title)}</title>{''.join(body)}</svg>"
    )


def _axis(top: float, height: int) -> list[str]:
    plot = height - PAD_BOTTOM - PAD_TOP
    lines = []
    for fraction in (0, 0.5, 1):
        y = PAD_TOP + plot * (1 - fraction)
        lines.append(
            format_html(
                '<line class="chart-grid" stroke="#dfe3e8" '
                'x1="{}" x2="{}" y1="{}" y2="{}"/>'
                '<text class="chart-label" x="{}" y="{}" text-anchor="end">{}</text>',
                PAD_LEFT,
                WIDTH,
                f"{y:.1f}",
                f"{y:.1f}",
                PAD_LEFT - 4,
                f"{y + 3:.1f}",
                _fmt(top * fraction),
            )
        )
    return lines


def stacked_columns(
    title: str,
    labels: Sequence[str],
    stacks: Sequence[dict[str, float]],
    keys: Sequence[str],
    height: int = 200,
) -> SafeString:
    """Columns over time, each stacked by `keys` (classes chart-s-<key>)."""
    top = _nice_max(max((sum(s.values()) for s in stacks), default=0))
    plot = height - PAD_BOTTOM - PAD_TOP
    slot = (WIDTH - PAD_LEFT) / max(len(stacks), 1)
    bar = max(slot * 0.8, 1)
    body = _axis(top, height)
    every = max(1, len(labels) // 8)
    for n, (label, stack) in enumerate(zip(labels, stacks, strict=True)):
        x = PAD_LEFT + n * slot + (slot - bar) / 2
        y = PAD_TOP + plot
        for key in keys:
            value = stack.get(key, 0)
            if not value:
                continue
            h = plot * value / top
            y -= h
            body.append(
                format_html(
                    '<rect class="chart-s-{}" fill="{}" x="{}" y="{}" width="{}" '
                    'height="{}"><title>{}: {} {}</title></rect>',
                    key,
                    FILLS.get(key, "#3b5bdb"),
                    f"{x:.1f}",
                    f"{y:.1f}",
                    f"{bar:.1f}",
                    f"{h:.1f}",
                    label,
                    _fmt(value),
                    key.replace("_", " "),
                )
            )
        if n % every == 0:
            body.append(
                format_html(
                    '<text class="chart-label" x="{}" y="{}">{}</text>',
                    f"{x:.1f}",
                    height - 6,
                    label,
                )
            )
    return _svg(title, height, body, "chart-columns")


def bars(
    title: str,
    rows: Sequence[tuple[str, float]],
    *,
    unit: str = "",
    css: str = "chart-s-bar",
) -> SafeString:
    """Horizontal bars, one per row, labelled with their value."""
    row_h = 22
    label_w = 220
    height = max(len(rows), 1) * row_h + PAD_TOP * 2
    top = _nice_max(max((v for _, v in rows), default=0))
    span = WIDTH - label_w - 80
    body = []
    for n, (label, value) in enumerate(rows):
        y = PAD_TOP + n * row_h
        w = max(span * value / top, 1 if value else 0)
        body.append(
            format_html(
                '<text class="chart-label" x="{}" y="{}" text-anchor="end">{}</text>'
                '<rect class="{}" fill="{}" x="{}" y="{}" width="{}" height="{}"/>'
                '<text class="chart-value" x="{}" y="{}">{}{}</text>',
                label_w - 6,
                y + 15,
                label,
                css,
                FILLS.get(css.removeprefix("chart-s-"), "#3b5bdb"),
                label_w,
                y + 3,
                f"{w:.1f}",
                row_h - 6,
                f"{label_w + w + 6:.1f}",
                y + 15,
                _fmt(value),
                unit,
            )
        )
    return _svg(title, height, body, "chart-bars")


def grouped_bars(
    title: str,
    rows: Sequence[tuple[str, Sequence[float | None]]],
    keys: Sequence[str],
    *,
    unit: str = "",
) -> SafeString:
    """Horizontal groups of bars (e.g. p50/p95/p99 per gate)."""
    bar_h = 6
    row_h = bar_h * len(keys) + 10
    label_w = 130
    text_w = 230
    height = max(len(rows), 1) * row_h + PAD_TOP * 2
    top = _nice_max(max((v or 0 for _, vs in rows for v in vs), default=0))
    span = WIDTH - label_w - text_w
    body = []
    for n, (label, values) in enumerate(rows):
        y0 = PAD_TOP + n * row_h
        summary = " · ".join(
            f"{key} {_fmt(value or 0)}" for key, value in zip(keys, values, strict=True)
        )
        body.append(
            format_html(
                '<text class="chart-label" x="{}" y="{}" text-anchor="end">{}</text>'
                '<text class="chart-value" x="{}" y="{}">{}{}</text>',
                label_w - 6,
                y0 + row_h / 2 + 2,
                label,
                WIDTH - text_w + 8,
                y0 + row_h / 2 + 2,
                summary,
                unit,
            )
        )
        for k, (key, value) in enumerate(zip(keys, values, strict=True)):
            value = value or 0
            w = max(span * value / top, 1 if value else 0)
            body.append(
                format_html(
                    '<rect class="chart-s-{}" fill="{}" x="{}" y="{}" width="{}" '
                    'height="{}"><title>{} {}: {}{}</title></rect>',
                    key,
                    FILLS.get(key, "#3b5bdb"),
                    label_w,
                    y0 + k * bar_h,
                    f"{w:.1f}",
                    bar_h - 1,
                    label,
                    key,
                    _fmt(value),
                    unit,
                )
            )
    return _svg(title, height, body, "chart-grouped")


def legend(keys: Sequence[str]) -> SafeString:
    """A row of colour keys, drawn as SVG so it needs no stylesheet."""
    body, x = [], 0.0
    for key in keys:
        label = key.replace("_", " ")
        body.append(
            format_html(
                '<rect fill="{}" x="{}" y="4" width="10" height="10"/>'
                '<text class="chart-label" x="{}" y="13">{}</text>',
                FILLS.get(key, "#3b5bdb"),
                f"{x:.1f}",
                f"{x + 14:.1f}",
                label,
            )
        )
        x += 14 + 6.2 * len(label) + 14
    return _svg("Legend", 18, body, "chart-legend")
