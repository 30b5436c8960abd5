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
    gunicorn_conf._warm_up()
    assert provider._session is not None


def test_a_remote_provider_is_not_called_at_start(monkeypatch):
    calls = []

    class Remote(embeddings.OpenAICompatible):
        def embed(self, texts):
            calls.append(texts)
            return []

    remote = Remote(url="http://127.0.0.1:9/", model="m", api_key="", dim=384)
    monkeypatch.setattr(embeddings, "get_provider", lambda: remote)
    gunicorn_conf._warm_up()
    assert calls == []


def test_the_warm_up_runs_beside_the_process_not_before_it(monkeypatch):
    import threading

    started, release, finished = (threading.Event() for _ in range(3))

    def slow():
        started.set()
        release.wait(5)
        finished.set()

    monkeypatch.setattr(gunicorn_conf, "_warm_up", slow)
    gunicorn_conf.post_worker_init(worker=None)
    # The hook has returned while the warm-up still runs.
    assert started.wait(5) and not finished.is_set()
    release.set()
    assert finished.wait(5)
