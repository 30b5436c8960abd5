"""Precision and recall of the sensitivity detectors on a labelled corpus.

Each line of `tests/data/sensitivity_corpus.jsonl` is one agent-memory
sentence labelled `secret`, `pii` or `clean`. A text is predicted `secret`
when `find_secrets` finds anything (the gate rejects it), else `pii` when
`find_pii` does (the write is redacted), else `clean`. Run with `-s` to see
the table and the misclassified lines.
"""

import json
from collections import Counter
from pathlib import Path

import pytest

from memory_core.detectors import find_pii, find_secrets

CORPUS = Path(__file__).resolve().parents[3] / "data" / "sensitivity_corpus.jsonl"
LABELS = ("secret", "pii", "clean")
MIN_RECALL = {"secret": 0.95, "pii": 0.90}
MIN_PRECISION = 0.90


def load_corpus() -> list[dict]:
    with CORPUS.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def predict(text: str) -> str:
    if find_secrets(text):
        return "secret"
    return "pii" if find_pii(text) else "clean"


@pytest.fixture(scope="module")
def scores() -> dict[str, dict[str, float]]:
    rows = load_corpus()
    true_pos, false_pos, false_neg = Counter(), Counter(), Counter()
    for row in rows:
        predicted = predict(row["text"])
        if predicted == row["label"]:
            true_pos[predicted] += 1
            continue
        false_pos[predicted] += 1
        false_neg[row["label"]] += 1
        print(f"MISS {row['label']} -> {predicted} ({row['kind']}): {row['text']!r}")
    table = {}
    for label in LABELS:
        found = true_pos[label] + false_pos[label]
        relevant = true_pos[label] + false_neg[label]
        table[label] = {
            "precision": true_pos[label] / found if found else 1.0,
            "recall": true_pos[label] / relevant if relevant else 1.0,
            "support": relevant,
        }
        print(
            f"{label:>6}: precision {table[label]['precision']:.3f}  "
            f"recall {table[label]['recall']:.3f}  (n={relevant})"
        )
    return table


def test_the_corpus_is_large_and_well_formed():
    rows = load_corpus()
    counts = Counter(row["label"] for row in rows)
    assert len(rows) >= 200
    assert set(counts) == set(LABELS)
    assert counts["secret"] >= 70 and counts["pii"] >= 80 and counts["clean"] >= 70
    assert all(row["text"] and row["kind"] for row in rows)
    assert len({row["text"] for row in rows}) == len(rows)


@pytest.mark.parametrize("label", ["secret", "pii"])
def test_recall(scores, label):
    assert scores[label]["recall"] >= MIN_RECALL[label]


@pytest.mark.parametrize("label", LABELS)
def test_precision(scores, label):
    assert scores[label]["precision"] >= MIN_PRECISION
