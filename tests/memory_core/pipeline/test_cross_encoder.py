"""The cross-encoder judge's pieces (memory_core/pipeline/cross_encoder.py).

Its figures come from the bench (bench/pair_xenc.py, QUALITY.md); these check
what it is built of: the shipped adapters merge into the package's weights
as trained, the answer does not depend on the order of the two statements,
and the real model reads pairs the rules miss.
"""

import numpy as np
import pytest
import torch

from bench import pair_xenc
from memory_core.pipeline import cross_encoder as xe


@pytest.fixture(scope="module")
def judge():
    return xe.get_judge()


def test_the_adapters_merge_into_the_package_weights_as_trained():
    with np.load(xe.ADAPTERS) as stored:
        adapters = {k: stored[k] for k in stored.files}
    _, base = xe.base_model()
    _, merged = xe.base_model()
    xe.merge(merged, adapters)
    scale = float(adapters["scale"])
    for i, (before, after) in enumerate(
        zip(base.encoder.layer, merged.encoder.layer, strict=True)
    ):
        for name in xe.ADAPTED:
            w0 = before.get_submodule(name).weight
            w1 = after.get_submodule(name).weight
            key = f"{i}.{name}"
            if f"{key}.A" not in adapters:
                assert torch.equal(w0, w1), key  # a frozen layer is left as is
                continue
            delta = torch.from_numpy(
                adapters[f"{key}.B"].astype(np.float32)
                @ adapters[f"{key}.A"].astype(np.float32)
            )
            assert torch.allclose(w1 - w0, scale * delta, atol=1e-6), key
    # Small enough to commit beside the code.
    assert xe.ADAPTERS.stat().st_size < 3_000_000


def test_probabilities_are_a_distribution_whatever_the_order(judge):
    a = "The billing service listens on port 8443."
    b = "The billing service listens on port 80."
    p = judge.probabilities([(a, b), (b, a)])
    assert p.shape == (2, 3)
    assert np.allclose(p.sum(1), 1.0, atol=1e-5)
    assert np.allclose(p[0], p[1], atol=1e-5)
    assert judge.probabilities([]).shape == (0, 3)


@pytest.mark.parametrize(
    ("a", "b", "label"),
    [
        # The rules let these pass (bench.gates_quality, rules_only).
        (
            "The user drives a Toyota Corolla.",
            "The user's car is a Corolla made by Toyota.",
            "duplicate",
        ),
        (
            "The user's apartment has two bedrooms.",
            "The apartment the user rents has four bedrooms.",
            "contradiction",
        ),
        (
            "The user's cat is called Miso.",
            "The user's dog is called Miso.",
            "compatible",
        ),
    ],
)
def test_the_judge_reads_what_the_rules_miss(judge, a, b, label):
    [p] = judge.probabilities([(a, b)])
    assert xe.LABELS[int(p.argmax())] == label, p


def test_the_judge_adds_only_where_the_rules_let_a_write_pass():
    rules = np.array(["contradiction", "duplicate", "review", "pass", "pass", "pass"])
    p = np.array(
        [
            [0.0, 0.0, 1.0],
            [0.0, 1.0, 0.0],
            [0.0, 1.0, 0.0],
            [0.0, 0.95, 0.05],
            [0.1, 0.0, 0.9],
            [0.5, 0.3, 0.2],
        ]
    )
    judged = np.ones(len(rules), dtype=bool)
    got = pair_xenc.combine(rules, p, judged, 0.9, 0.85)
    assert got.tolist() == [
        "contradiction",
        "duplicate",
        "review",
        "contradiction",
        "duplicate",
        "pass",
    ]
    # Beyond the band (or the nearest few) the judge is not asked.
    assert pair_xenc.combine(rules, p, ~judged, 0.9, 0.85).tolist() == list(rules)
    # The veto: a rule duplicate the judge reads as a contradiction.
    assert pair_xenc.combine(rules, p, judged, 0.9, 0.85, 0.9)[1] == "contradiction"
