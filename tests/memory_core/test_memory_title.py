"""A memory's title: its key, else its content's first words, never its UUID."""

from __future__ import annotations

from memory_core.models import MemoryItem, MemoryVersion


def item(content: str, key: str | None = None) -> MemoryItem:
    return MemoryItem(memory_key=key, head=MemoryVersion(content=content))


def test_the_key_is_the_title():
    assert item("Anything at all.", key="report_format").title == "report_format"


def test_short_content_is_the_title():
    assert item("The office opens at 9.").title == "The office opens at 9."


def test_long_content_is_cut_at_a_word_near_60_characters():
    memory = item(
        "The team standup is on Monday at 9:30 in the small meeting room by the stairs."
    )
    assert memory.title == "The team standup is on Monday at 9:30 in the small meeting…"
    assert len(memory.title) <= MemoryItem.TITLE_CHARS + 1
    assert str(memory.pk) not in memory.title


def test_whitespace_is_folded_and_no_content_has_a_plain_title():
    assert item("Two\n\nlines   here").title == "Two lines here"
    assert MemoryItem(memory_key=None).title == "Untitled memory"
