"""The cross-encoder judge's pieces (memory_core/pipeline/cross_encoder.py).

Its figures come from the bench (bench/pair_xenc.py, QUALITY.md); these check
what it is built of: the shipped adapters (the 6-layer judge's and the
small student's) merge into the package's weights as trained, the student
keeps the package's first layers, the 6-layer judge's answer does not
depend on the order of the two statements (a one-order judge reads
(stored, new) alone), and the real model reads pairs the rules miss.
"""

import numpy as np
import pytest
import torch

from bench import pair_xenc
from memory_core.pipeline import cross_encoder as xe


@pytest.fixture(scope="module")
def judge():
    return xe.get_judge()


@pytest.fixture(scope="module")
def full():
    """The 6-layer judge the small one was distilled from (both orders)."""
    from django.conf import settings

    return xe.OnnxCrossEncoder(cache_dir=settings.DATA_DIR / "models")


@pytest.mark.parametrize("path", [xe.ADAPTERS, xe.SMALL], ids=["full", "small"])
def test_the_adapters_merge_into_the_package_weights_as_trained(path):
    with np.load(path) as stored:
        adapters = {k: stored[k] for k in stored.files}
    _, base = xe.base_model()
    _, merged = xe.base_model()
    xe.merge(merged, adapters)
    # The student keeps the package's first layers only.
    kept = int(adapters.get("layers", len(base.encoder.layer)))
    assert len(merged.encoder.layer) == kept
    assert merged.config.num_hidden_layers == kept
    scale = float(adapters["scale"])
    for i, (before, after) in enumerate(
        zip(base.encoder.layer[:kept], merged.encoder.layer, strict=True)
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
    assert path.stat().st_size < 3_000_000


def test_the_default_judge_is_the_cascade_and_a_setting_picks_one(settings):
    xe.get_judge.cache_clear()
    try:
        judge = xe.get_judge()
        assert isinstance(judge, xe.CascadeJudge)
        assert judge.small.adapters_path == xe.SMALL
        assert judge.full.adapters_path == xe.ADAPTERS
        for model, path in (("small", xe.SMALL), ("full", xe.ADAPTERS)):
            settings.MGC_CROSS_ENCODER_MODEL = model
            xe.get_judge.cache_clear()
            assert xe.get_judge().adapters_path == path
    finally:
        xe.get_judge.cache_clear()


def test_the_cascade_reads_again_only_what_the_small_judge_may_contradict(full):
    from django.conf import settings

    small = xe.OnnxCrossEncoder(
        cache_dir=settings.DATA_DIR / "models", adapters=xe.SMALL
    )
    asked: list[tuple[str, str]] = []
    read = full.probabilities

    def spy(pairs):
        asked.extend(pairs)
        return read(pairs)

    cascade = xe.CascadeJudge(small, full)
    cascade.full = type("Spy", (), {"probabilities": staticmethod(spy)})()
    # An ordinal changed: the student alone reads one fact, the 6-layer no.
    pairs = [*PAIRS, ("First note of the minute.", "Second note of the minute.")]
    got = cascade.probabilities(pairs)
    first = small.probabilities(pairs)
    again = [
        pair
        for pair, p in zip(pairs, first, strict=True)
        if p[1] >= xe.ESCALATE or p[2] >= xe.CONFIRM
    ]
    # The student sends some of these to the 6-layer judge, not all.
    assert 0 < len(again) < len(pairs)
    assert asked == again
    by_full = dict(zip(again, read(again), strict=True))
    for pair, row, small_row in zip(pairs, got, first, strict=True):
        if pair not in by_full:
            assert np.allclose(row, small_row, atol=1e-6)
            continue
        assert row[1] == pytest.approx(by_full[pair][1], abs=1e-6)
        confirmed = by_full[pair][2] >= xe.CONFIRM
        expected = small_row[2] if confirmed else by_full[pair][2]
        assert row[2] == pytest.approx(expected, abs=1e-6)
    assert first[-1][2] >= 0.9 > got[-1][2]
    assert cascade.probabilities([]).shape == (0, 3)


def test_probabilities_are_a_distribution_whatever_the_order(full):
    a = "The billing service listens on port 8443."
    b = "The billing service listens on port 80."
    p = full.probabilities([(a, b), (b, a)])
    assert p.shape == (2, 3)
    assert np.allclose(p.sum(1), 1.0, atol=1e-5)
    assert np.allclose(p[0], p[1], atol=1e-5)
    assert full.probabilities([]).shape == (0, 3)


def test_a_one_order_judge_reads_stored_then_new_only(tmp_path):
    # The shipped judge's file, marked one-order: its answer for (a, b) is
    # the model's on that order alone, not the mean of both.
    with np.load(xe.ADAPTERS) as stored:
        adapters = {k: stored[k] for k in stored.files}
    one = tmp_path / "one.npz"
    np.savez(one, **adapters, orders=np.int32(1))
    assert xe.orders_of(one) == 1
    assert xe.orders_of(xe.ADAPTERS) == 2
    reversed_pairs = [pair[::-1] for pair in PAIRS]
    one_way = xe.CrossEncoderJudge(one)
    p_one = one_way.probabilities(PAIRS)
    p_reversed = one_way.probabilities(reversed_pairs)
    torch_judge = xe.CrossEncoderJudge()
    p_both = torch_judge.probabilities(PAIRS)
    assert np.allclose(p_both, torch_judge.probabilities(reversed_pairs), atol=1e-5)
    # Averaged with the reversed reading, the one-order answer gives the
    # two-order one back; alone, it differs from the reversed one.
    assert np.allclose((p_one + p_reversed) / 2, p_both, atol=1e-5)
    assert np.abs(p_one - p_reversed).max() > 1e-3


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


# Pairs from the dev sets (tests/data/pairs_tune8*.jsonl) and the gates' tests:
# the ONNX judge must read them as the merged model does in PyTorch.
PAIRS = [
    (
        "The internal Grafana listens on port 3000.",
        "Grafana (internal) is served on port 8080.",
    ),
    ("prod db: pg 15, eu-west-1", "Production database is PostgreSQL 13 in eu-west-1."),
    (
        "The user drives a Toyota Corolla.",
        "The user's car is a Corolla made by Toyota.",
    ),
    ("The user's cat is called Miso.", "The user's dog is called Miso."),
    (
        "The payments API is deployed in eu-central-1 (Frankfurt).",
        "Heads-up from the March infra review: the payments API was migrated and "
        "now runs out of us-east-1, and the Frankfurt deployment has been torn down.",
    ),
    ("Uploads are capped at 10MB.", "The upload limit is ten megabytes."),
    ("x", "The user's apartment has two bedrooms. " * 40),  # truncated at 128
]


@pytest.mark.parametrize("path", [xe.ADAPTERS, xe.SMALL], ids=["full", "small"])
def test_the_onnx_judge_reads_pairs_as_the_torch_model_does(path):
    from django.conf import settings

    judge = xe.OnnxCrossEncoder(cache_dir=settings.DATA_DIR / "models", adapters=path)
    expected = xe.CrossEncoderJudge(path).probabilities(PAIRS)
    # One call of them all (sorted by length, padded per run) and one per pair.
    together = judge.probabilities(PAIRS)
    alone = np.vstack([judge.probabilities([pair]) for pair in PAIRS])
    assert np.allclose(together, expected, atol=1e-4), np.abs(together - expected)
    assert np.allclose(alone, expected, atol=1e-4), np.abs(alone - expected)
    assert (together.argmax(1) == expected.argmax(1)).all()


def test_a_changed_adapters_file_is_exported_again(tmp_path):
    adapters = tmp_path / "cross_encoder.npz"
    adapters.write_bytes(xe.ADAPTERS.read_bytes())
    cache = tmp_path / "models"
    first = xe.OnnxCrossEncoder(cache_dir=cache, adapters=adapters)
    path = first.model_path()
    exported_at = path.stat().st_mtime_ns
    pair = [PAIRS[3]]
    before = first.probabilities(pair)
    # The same adapters: the cached file, not exported again.
    assert xe.OnnxCrossEncoder(cache_dir=cache, adapters=adapters).model_path() == path
    assert path.stat().st_mtime_ns == exported_at
    # Retrained (here: the head leans to "contradiction"): a new file, read.
    with np.load(adapters) as stored:
        changed = {k: stored[k] for k in stored.files}
    changed["head.bias"] = changed["head.bias"] + np.array([0, 20, 0], np.float32)
    np.savez_compressed(adapters, **changed)
    second = xe.OnnxCrossEncoder(cache_dir=cache, adapters=adapters)
    assert second.model_path() != path
    after = second.probabilities(pair)
    assert xe.LABELS[int(before.argmax())] == "compatible"
    assert xe.LABELS[int(after.argmax())] == "contradiction"
    assert sorted(p.name for p in cache.glob("*.onnx")) == sorted(
        [path.name, second.model_path().name]
    )
