"""Formatting for the dashboard: rates, milliseconds, durations."""

from __future__ import annotations

from datetime import timedelta

from django import template

register = template.Library()


@register.filter
def pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.1%}"


@register.filter
def ms(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{value:.0f} ms" if value >= 10 else f"{value:.2f} ms"


@register.filter
def seconds(value: float | timedelta | None) -> str:
    """A duration as the largest sensible unit: 45 s, 12 min, 3.5 h, 2.1 d."""
    if value is None:
        return "—"
    if isinstance(value, timedelta):
        value = value.total_seconds()
    if value < 60:
        return f"{value:.0f} s"
    if value < 3600:
        return f"{value / 60:.0f} min"
    if value < 86400 * 2:
        return f"{value / 3600:.1f} h"
    return f"{value / 86400:.1f} d"


@register.filter
def score(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"
