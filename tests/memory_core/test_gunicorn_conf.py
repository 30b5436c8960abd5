"""The web processes' gunicorn hooks (memory_core/gunicorn_conf.py)."""

from __future__ import annotations

from memory_core import embeddings, gunicorn_conf


def test_a_web_process_loads_the_embedding_model_before_its_first_request(
    monkeypatch,
):
    provider = embeddings.OnnxMiniLM(
        cache_dir=embeddings.get_provider().cache_dir, quantized=False
    )
    monkeypatch.setattr(embeddings, "get_provider", lambda: provider)
    assert provider._session is None
    gunicorn_conf.post_worker_init(worker=None)
    assert provider._session is not None


def test_a_remote_provider_is_not_called_at_start(monkeypatch):
    calls = []

    class Remote(embeddings.OpenAICompatible):
        def embed(self, texts):
            calls.append(texts)
            return []

    remote = Remote(url="http://127.0.0.1:9/", model="m", api_key="", dim=384)
    monkeypatch.setattr(embeddings, "get_provider", lambda: remote)
    gunicorn_conf.post_worker_init(worker=None)
    assert calls == []
