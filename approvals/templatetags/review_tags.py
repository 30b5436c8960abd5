"""Template filters of the review screens."""

from __future__ import annotations

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from memory_core.detectors import POISONING_PATTERNS

register = template.Library()

LABELS = {
    "ignore_instructions": "tells the model to ignore its instructions",
    "system_prompt_override": "reaches for the system prompt",
    "role_override": "tries to change the model's role",
    "system_prompt_marker": "carries a prompt-format marker",
    "tool_call_syntax": "carries tool-call syntax",
}


def poisoning_spans(text: str) -> list[tuple[int, int, str]]:
    """Return the (start, end, pattern) of each poisoning match, left to right.

    Overlapping matches are merged into the first one.
    """
    spans = sorted(
        (match.start(), match.end(), name)
        for name, pattern in POISONING_PATTERNS
        for match in pattern.finditer(text)
        if match.end() > match.start()
    )
    merged: list[tuple[int, int, str]] = []
    for start, end, name in spans:
        if merged and start < merged[-1][1]:
            first = merged[-1]
            merged[-1] = (first[0], max(first[1], end), first[2])
        else:
            merged.append((start, end, name))
    return merged


@register.filter
def poisoning_marked(text: str) -> SafeString:
    """Escape `text`, marking the phrases the sensitivity gate took for poisoning."""
    text = text or ""
    parts, at = [], 0
    for start, end, name in poisoning_spans(text):
        label = LABELS.get(name, name.replace("_", " "))
        parts.append(escape(text[at:start]))
        title = escape(f"Possible memory poisoning: {label}")
        parts.append(
            f'<mark class="poisoning" title="{title}">{escape(text[start:end])}</mark>'
        )
        at = end
    parts.append(escape(text[at:]))
    return mark_safe("".join(parts).replace("\n", "<br>"))  # noqa: S308 - escaped above
