"""The ONNX runs of all-MiniLM-L6-v2 keep the PyTorch model's vectors.

Stored vectors were made by the PyTorch model: a provider that replaces it
must give the same vectors (cosine >= 0.99) or dedup, contradiction and
search would compare apples and pears. Both are computed here on varied
texts: the write bench's sentences, LoCoMo conversation lines, short
fragments, long paragraphs past the 256-token limit, non-Latin scripts.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from bench import LOCOMO
from bench.writes import distinct_texts
from memory_core.embeddings import LocalMiniLM, OnnxMiniLM, get_provider

FAITHFUL = 0.99


def locomo_lines(limit: int) -> list[str]:
    assert LOCOMO.is_dir(), f"LoCoMo data missing at {LOCOMO}: set MGC_LOCOMO_DIR"
    lines: list[str] = []
    for path in sorted(LOCOMO.glob("*.json")):
        conversation = json.loads(path.read_text())
        for key, turns in conversation.items():
            if key.startswith("session_") and isinstance(turns, list):
                lines += [t["text"] for t in turns if t.get("text")]
    return lines[:: max(1, len(lines) // limit)][:limit]


@pytest.fixture(scope="module")
def texts() -> list[str]:
    long = " ".join(distinct_texts(40, "long"))  # far past 256 tokens
    texts = [
        *distinct_texts(100, "onnx"),
        *locomo_lines(150),
        "ok",
        "?",
        "",
        "Café crème, naïve façade — résumé",
        "Der Kunde hat die Rechnung für März storniert.",
        "用户喜欢在周末去公园散步。",
        "Пользователь предпочитает зелёный чай.",
        "🙂 thanks!!!",
        "SELECT * FROM users WHERE id = 42;",
        long,
        long[:700],
    ]
    assert len(texts) >= 250
    return texts


@pytest.fixture(scope="module")
def reference(texts: list[str]) -> np.ndarray:
    return np.array(LocalMiniLM().embed(texts))


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("models")


def cosines(provider: OnnxMiniLM, texts: list[str], reference: np.ndarray):
    vectors = np.array(provider.embed(texts))
    assert vectors.shape == reference.shape == (len(texts), 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    return (vectors * reference).sum(axis=1)


def test_float_export_gives_the_pytorch_vectors(texts, reference, cache_dir):
    onnx = OnnxMiniLM(cache_dir=cache_dir, quantized=False, batch_size=16)
    assert cosines(onnx, texts, reference).min() >= FAITHFUL


def test_int8_export_is_close_but_not_the_default(texts, reference, cache_dir):
    """int8 (opt-in: MGC_EMBEDDING_PROVIDER=onnx-int8) is close on average;
    some texts fall under 0.99, which is why the default stays in float."""
    cos = cosines(OnnxMiniLM(cache_dir=cache_dir, quantized=True), texts, reference)
    assert cos.mean() >= FAITHFUL
    assert cos.min() >= 0.95


def test_the_export_is_cached_and_reused(cache_dir):
    first = OnnxMiniLM(cache_dir=cache_dir, quantized=False).model_path()
    stamp = first.stat().st_mtime_ns
    again = OnnxMiniLM(cache_dir=cache_dir, quantized=False).model_path()
    assert again == first and again.stat().st_mtime_ns == stamp
    assert not [p for p in cache_dir.iterdir() if ".tmp" in p.name]


def test_batching_and_order_do_not_change_a_vector(texts, cache_dir):
    onnx = OnnxMiniLM(cache_dir=cache_dir, quantized=False, batch_size=7)
    together = np.array(onnx.embed(texts[:30]))
    alone = np.array([onnx.embed([t])[0] for t in texts[:30]])
    assert ((together * alone).sum(axis=1) > 0.9999).all()


def test_the_default_provider_is_the_faithful_onnx_export(settings, tmp_path):
    get_provider.cache_clear()
    try:
        settings.MGC_EMBEDDING_PROVIDER = "local"
        settings.DATA_DIR = tmp_path
        provider = get_provider()
        assert isinstance(provider, OnnxMiniLM) and not provider.quantized
        assert provider.cache_dir == tmp_path / "models"
        get_provider.cache_clear()
        settings.MGC_EMBEDDING_PROVIDER = "torch"
        assert isinstance(get_provider(), LocalMiniLM)
    finally:
        get_provider.cache_clear()


def test_idle_threads_sleep_unless_spinning_is_asked_for(texts, cache_dir):
    """onnxruntime's threads spin-wait after a run by default, taking the CPU
    from the database on a few shared cores: the provider turns that off
    (MGC_EMBEDDING_SPIN turns it back on), and the vectors are the same."""

    def spinning(provider: OnnxMiniLM) -> str:
        options = provider._load()[0].get_session_options()
        return options.get_session_config_entry("session.intra_op.allow_spinning")

    idle = OnnxMiniLM(cache_dir=cache_dir, quantized=False)
    spin = OnnxMiniLM(cache_dir=cache_dir, quantized=False, spin=True)
    assert spinning(idle) == "0" and spinning(spin) == "1"
    assert np.array_equal(
        np.array(idle.embed(texts[:20])), np.array(spin.embed(texts[:20]))
    )


def test_the_provider_spins_only_when_the_setting_says_so(settings, tmp_path):
    get_provider.cache_clear()
    try:
        settings.MGC_EMBEDDING_PROVIDER = "local"
        settings.DATA_DIR = tmp_path
        settings.MGC_EMBEDDING_SPIN = False
        assert get_provider().spin is False
        get_provider.cache_clear()
        settings.MGC_EMBEDDING_SPIN = True
        assert get_provider().spin is True
    finally:
        get_provider.cache_clear()
