"""Dump every rule judgement: `python -m bench.judge_decisions OUT`.

For checking that a change to the rule judge (memory_core/pipeline/judges.py,
slots.py, wordnet.py) changes no decision: each labelled pair of
tests/data/pairs_*.jsonl (the lead's held-back set excepted) both ways, and
`bench.writes`' distinct sentences each against its next ten (the worker's
workload), are judged in one process; the judgement, `slots.compare`'s
reading and `slots.typed_clash` of each are written as JSON lines to OUT.
Run it before and after a change and `diff` the two files.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SETS = "dev heldout blind blind2 blind3 blind4 blind5 blind6 tune tune2 tune3".split()


def pairs() -> list[tuple[str, str]]:
    from bench.writes import distinct_texts

    found: list[tuple[str, str]] = []
    for name in SETS:
        path = ROOT / "tests" / "data" / f"pairs_{name}.jsonl"
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                found += [(row["a"], row["b"]), (row["b"], row["a"])]
    texts = distinct_texts(512, "judge")
    found += [
        (texts[j], texts[i])
        for i in range(len(texts))
        for j in range(i + 1, min(i + 11, len(texts)))
    ]
    return found


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memory_core.settings")
    import django

    django.setup()
    from memory_core.pipeline import judges, slots

    judge = judges.RuleJudge()
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        for premise, hypothesis in pairs():
            j = judge.judge(premise, hypothesis)
            row = {
                "a": premise,
                "b": hypothesis,
                "judgement": [j.contradicts, j.detector, j.reason],
                "compare": repr(slots.compare(premise, hypothesis)),
                "typed": slots.typed_clash(premise, hypothesis),
                "content": sorted(judges.content_stems(hypothesis)),
            }
            out.write(json.dumps(row, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
