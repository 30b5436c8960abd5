"""What the model judge is asked, and what a pair costs: `python -m bench.judge_cost`.

    .venv/bin/python -m bench.judge_cost [--sets tune8b] [--adapters PATH]
        [--neighbours 3] [--similarity 0.4] [--no-locomo]

- Pairs a write: LoCoMo's observations in order, each write against its ten
  nearest earlier ones (as `bench.gates_quality --locomo`), under the
  default policy with the judge on (`--neighbours`, `--similarity` as the
  policy's `cross_encoder_neighbours` / `_similarity`): how many pairs each
  write puts to the judge, as a distribution, and LoCoMo's share without a
  person.
- CPU a pair by length: the judge (`OnnxCrossEncoder`, one thread) on one
  pair at a time, as a write asks, over the pairs of `--sets` and of
  `bench.writes`' sentences, binned by the pair's token count.

Writes bench/results/judge_cost[_TAG].json. Never give it a held-back set.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import time
from collections import Counter
from pathlib import Path

import numpy as np

from bench import gates_quality as gq

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
BINS = (0, 24, 32, 48, 64, 96, 128)


def judge_for(adapters: Path | None):  # noqa: ANN201
    """The judge the gates ask: the shipped one, or `adapters`' export."""
    from django.conf import settings

    from memory_core.pipeline import cross_encoder as xe

    if adapters is None:
        return xe.get_judge()
    judge = xe.OnnxCrossEncoder(
        cache_dir=settings.DATA_DIR / "models", adapters=adapters
    )
    xe.get_judge = lambda: judge  # the gates ask the module's get_judge
    return judge


def locomo_pairs(policy, judge) -> dict:  # noqa: ANN001
    """Pairs each LoCoMo write puts to the judge; the gate's share."""
    asked: list[int] = []
    probabilities = judge.probabilities

    def counted(pairs):  # noqa: ANN001, ANN202
        asked[-1] += len(pairs)
        return probabilities(pairs)

    judge.probabilities = counted
    counts = Counter()
    cpu = time.process_time()
    for text, stored in gq.locomo_writes(gq.Embeddings()):
        asked.append(0)
        counts[gq.outcome(text, stored, policy)] += 1
    judge.probabilities = probabilities
    total = sum(counts.values())
    spread = Counter(asked)
    return {
        "writes": len(asked),
        "pairs": int(sum(asked)),
        "pairs_per_write": round(sum(asked) / len(asked), 3),
        "distribution": {str(k): spread[k] for k in sorted(spread)},
        "cpu_s": round(time.process_time() - cpu, 1),
        "outcomes": dict(counts),
        "without_a_person": round((counts["pass"] + counts["duplicate"]) / total, 4),
    }


def cost_by_length(judge, pairs: list[tuple[str, str]]) -> dict:  # noqa: ANN001
    """CPU ms a pair (both orders, as the gates ask), one pair a call, by tokens."""
    tokenizer, _ = judge._load()
    judge.probabilities(pairs[:4])  # warm
    by_bin: dict[str, list[float]] = {}
    for a, b in pairs:
        tokens = len(tokenizer.encode(a, b).ids)
        started = time.process_time()
        judge.probabilities([(a, b)])
        ms = (time.process_time() - started) * 1000
        low = max(x for x in BINS if x <= tokens)
        by_bin.setdefault(f"{low}-", []).append(ms)
    return {
        k: {"pairs": len(v), "cpu_ms": round(float(np.mean(v)), 2)}
        for k, v in sorted(by_bin.items(), key=lambda kv: int(kv[0][:-1]))
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sets", nargs="*", default=["tune8b"])
    parser.add_argument("--adapters", type=Path)
    parser.add_argument("--neighbours", type=int, default=3)
    parser.add_argument("--similarity", type=float, default=0.4)
    parser.add_argument("--no-locomo", action="store_true")
    parser.add_argument("--tag", default="")
    args = parser.parse_args()
    if any("blind" in name for name in args.sets):
        raise SystemExit("held-back sets are the lead's to score")
    gq.setup()
    from bench.writes import distinct_texts

    judge = judge_for(args.adapters)
    policy = dataclasses.replace(
        gq.with_judge(),
        cross_encoder_neighbours=args.neighbours,
        cross_encoder_similarity=args.similarity,
    )
    result: dict = {
        "adapters": str(args.adapters or "shipped"),
        "policy": {"neighbours": args.neighbours, "similarity": args.similarity},
    }
    sentences = distinct_texts(81, "jc")
    pairs = [(r["a"], r["b"]) for name in args.sets for r in gq.read_pairs(name)]
    pairs += list(zip(sentences[:-1], sentences[1:], strict=True))
    result["cost_by_tokens"] = cost_by_length(judge, pairs)
    if not args.no_locomo:
        result["locomo"] = locomo_pairs(policy, judge)
    result["loadavg"] = os.getloadavg()
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / f"judge_cost{('_' + args.tag) if args.tag else ''}.json"
    out.write_text(json.dumps(result, indent=1))
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
