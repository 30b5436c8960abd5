"""Pairs the rules set apart from a model judge's contradiction (issue 12,
`gates/contradiction.py`): one value written two ways, two notes of two
keys."""

from types import SimpleNamespace

import pytest

from memory_core.pipeline import slots
from memory_core.pipeline.gates.contradiction import _reworded


def pair(stored: str, written: str, similarity: float):
    return (
        SimpleNamespace(content=stored, similarity=similarity),
        SimpleNamespace(content=written),
    )


def test_one_value_written_two_ways_is_reworded_at_a_low_cosine():
    assert _reworded(
        *pair("The pool is heated to 28°C.", "The pool is kept at 82°F.", 0.5)
    )
    # Another value in another unit is no rewording.
    assert not _reworded(
        *pair("The pool is heated to 28°C.", "The pool is kept at 95°F.", 0.5)
    )


@pytest.mark.parametrize(
    ("premise", "hypothesis", "apart"),
    [
        ("Piano teacher: Ms Ruiz", "Violin teacher: Mr Lund", True),
        ("Biology exam board: OCR", "Bio exam board: AQA", False),  # a short form
        ("Piano teacher: Ms Ruiz", "Piano teacher: Mr Lund", False),
        ("Piano teacher: Ms Ruiz", "The violin teacher is Mr Lund.", False),
        ("Standup at 9:30 daily", "Standup at 10:00 daily", False),  # no keys
    ],
)
def test_two_notes_of_two_keys(premise, hypothesis, apart):
    assert slots.other_keys(premise, hypothesis) is apart
