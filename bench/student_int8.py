"""The student judge in int8: decisions that flip, CPU a pair saved.

    .venv/bin/python -m bench.student_int8 [--sets tune8b tune10b tune10c]
        [--adapters PATH] [--repeat 2]

- Flips: each pair of `--sets` through the gates (`bench.gates_quality`'s
  `outcome`, the default policy: the cascade) twice, once with the student
  exported in float, once in int8 (the 6-layer judge behind it in float
  both times); the pairs whose outcome differs, and each run's figures.
- CPU a pair: the student alone, one pair a call (as a write asks), float
  and int8 interleaved `--repeat` times over the same pairs (one thread).

Writes bench/results/student_int8.json. Never give it a held-back set.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from bench import gates_quality as gq

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sets", nargs="*", default=["tune8b", "tune10b", "tune10c"])
    parser.add_argument("--adapters", type=Path, default=None)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    if any("blind" in n for n in args.sets):
        raise SystemExit("held-back sets are the lead's to score")
    gq.setup()
    from django.conf import settings

    from memory_core.pipeline import cross_encoder as xe

    adapters = args.adapters or xe.SMALL
    cache = settings.DATA_DIR / "models"
    full = xe.OnnxCrossEncoder(cache_dir=cache, adapters=xe.ADAPTERS)
    students = {
        runtime: xe.OnnxCrossEncoder(
            cache_dir=cache, adapters=adapters, quantized=runtime == "int8"
        )
        for runtime in ("fp32", "int8")
    }
    embeddings = gq.Embeddings()
    result: dict = {"adapters": str(adapters), "sets": {}}
    all_pairs: list[tuple[str, str]] = []
    for name in args.sets:
        rows = gq.read_pairs(name)
        embeddings.ensure([r["a"] for r in rows] + [r["b"] for r in rows])
        outcomes: dict[str, list[str]] = {}
        for runtime, student in students.items():
            cascade = xe.CascadeJudge(student, full)
            xe.get_judge = lambda cascade=cascade: cascade  # what the gates ask
            got = []
            for row in rows:
                similarity = float(embeddings[row["a"]] @ embeddings[row["b"]])
                stored = [gq.stored_version(row["a"], similarity)]
                got.append(gq.outcome(row["b"], stored))
            outcomes[runtime] = got
        flips = [
            {"a": r["a"], "b": r["b"], "label": r["label"], "fp32": x, "int8": y}
            for r, x, y in zip(rows, outcomes["fp32"], outcomes["int8"], strict=True)
            if x != y
        ]
        result["sets"][name] = {
            "pairs": len(rows),
            "flips": len(flips),
            "flipped": flips,
            **{k: gq.figures_of(rows, v) for k, v in outcomes.items()},
        }
        print(name, "flips", len(flips), flush=True)
        for runtime in ("fp32", "int8"):
            print(" ", runtime, json.dumps(result["sets"][name][runtime]))
        all_pairs += [(r["a"], r["b"]) for r in rows]
    cpu: dict[str, list[float]] = {k: [] for k in students}
    for student in students.values():
        student.probabilities(all_pairs[:8])  # load and warm up
    for _ in range(args.repeat):
        for runtime, student in students.items():
            started = time.process_time()
            for pair in all_pairs:
                student.probabilities([pair])
            cpu[runtime].append(
                round((time.process_time() - started) / len(all_pairs) * 1000, 3)
            )
    result["cpu_ms_a_pair"] = cpu
    result["pairs_timed"] = len(all_pairs)
    print("student cpu ms a pair (one pair a call):", json.dumps(cpu))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "student_int8.json").write_text(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
