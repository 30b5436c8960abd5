"""The learned pair head's pieces (bench/pair_head.py, an offline experiment).

The head's figures come from the bench (QUALITY.md); these check what it is
built of: the shipped weights fit the features, the combination never
overrides the rules, and the token alignment reads the real model's states.
"""

import numpy as np
import pytest

from bench import pair_head

A = "The billing service listens on port 8443."
B = "The billing service listens on port 80."
OTHER = "The user's cat is called Miso."


@pytest.fixture(scope="module")
def states():
    token_states = pair_head.TokenStates()
    token_states.ensure([A, B, OTHER])
    return token_states


def test_the_shipped_weights_load_once_and_fit_the_features(states):
    weights = pair_head.load()
    assert pair_head.load() is weights
    rng = np.random.default_rng(0)
    ua, ub = (v / np.linalg.norm(v) for v in rng.normal(size=(2, 1, 384)))
    tokens = None
    if bool(weights["tokens"]):
        tokens = pair_head.token_features(states[A], states[B])[None, :]
    x = pair_head.features(ua, ub, tokens)
    p = pair_head.probabilities(weights, x)
    assert p.shape == (1, 3)
    assert np.allclose(p.sum(1), 1.0)
    assert 0.5 <= float(weights["t_duplicate"]) <= 1.01


def test_the_head_only_adds_where_the_rules_let_a_write_pass():
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
    got = pair_head.combine(rules, p, 0.9, 0.85)
    assert got.tolist() == [
        "contradiction",
        "duplicate",
        "review",
        "contradiction",
        "duplicate",
        "pass",
    ]
    # A threshold above 1 turns that side of the head off.
    assert pair_head.combine(rules, p, 1.01, 1.01).tolist() == rules.tolist()


def test_token_alignment_finds_the_swapped_value(states):
    same = pair_head.token_features(states[A], states[A])
    swapped = pair_head.token_features(states[A], states[B])
    unrelated = pair_head.token_features(states[A], states[OTHER])
    # Feature 1: the worst-aligned content token's best cosine; 5: the share
    # of content tokens below 0.7 (each for the first side).
    assert same[1] == pytest.approx(1.0, abs=1e-4) and same[5] == 0
    assert 0 < swapped[5] < unrelated[5]
    assert unrelated[0] < swapped[0] < same[0]
    # The unaligned parts of both sides hold a digit (features 20-22).
    assert swapped[20] == swapped[21] == swapped[22] == 1
    assert same[22] == 0
