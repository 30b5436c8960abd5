"""Sensitivity benchmark: `python -m bench.sensitivity [--split dev|heldout|all]`.

Scores the sensitivity detectors on the labelled sets in `tests/data/`
(`make_sensitivity_sets.py`): secrets recall (the gate refuses the text),
PII recall (the text is not refused and a finding covers the labelled
value), the share of clean texts stored untouched (no secret, no PII), the
precision of each refusal/redaction over all three sets, and the time per
text. Add `--misses` to print what was missed.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
SETS = ("secrets", "pii", "clean")


PROBES = ("blind1", "blind2")
LABELS = {"secrets": "secret", "pii": "pii", "clean": "clean"}


def load(name: str, split: str = "all") -> list[dict]:
    """Return one set's rows: a split of the labelled sets, or a blind probe."""
    if split in PROBES:
        path = DATA / f"sensitivity_{split}.jsonl"
        with path.open(encoding="utf-8") as lines:
            rows = [json.loads(line) for line in lines if line.strip()]
        return [r for r in rows if r["label"] == LABELS[name]]
    path = DATA / f"sensitivity_{name}.jsonl"
    with path.open(encoding="utf-8") as lines:
        rows = [json.loads(line) for line in lines if line.strip()]
    return [r for r in rows if split == "all" or r["split"] == split]


def _covers(findings, text: str, value: str) -> bool:
    start = text.find(value)
    if start < 0:
        return bool(findings)
    end = start + len(value)
    return any(f.start < end and f.end > start for f in findings)


def score(split: str = "all") -> dict:
    """Return the figures for one split, with the missed texts."""
    from memory_core.pipeline.gates.sensitivity import find_pii, find_secrets

    figures: dict = {"split": split, "misses": {name: [] for name in SETS}}
    refused = {name: 0 for name in SETS}
    redacted = {name: 0 for name in SETS}
    hits = {name: 0 for name in SETS}
    total, elapsed = 0, 0.0
    for name in SETS:
        rows = load(name, split)
        figures[f"{name}_n"] = len(rows)
        for row in rows:
            text = row["text"]
            began = time.perf_counter()
            secrets = find_secrets(text)
            pii = [] if secrets else find_pii(text)
            elapsed += time.perf_counter() - began
            total += 1
            refused[name] += bool(secrets)
            redacted[name] += bool(pii)
            if name == "secrets":
                hit = bool(secrets)
            elif name == "pii":
                hit = not secrets and _covers(pii, text, row["value"])
            else:
                hit = not secrets and not pii
            hits[name] += hit
            if not hit:
                figures["misses"][name].append(
                    {
                        "kind": row["kind"],
                        "text": text,
                        "secrets": sorted({f.type for f in secrets}),
                        "pii": [(f.kind, f.value) for f in pii],
                    }
                )
    figures["secrets_recall"] = hits["secrets"] / max(figures["secrets_n"], 1)
    figures["pii_recall"] = hits["pii"] / max(figures["pii_n"], 1)
    figures["clean_untouched"] = hits["clean"] / max(figures["clean_n"], 1)
    all_refused = sum(refused.values())
    all_redacted = sum(redacted[n] for n in ("pii", "clean"))
    figures["secrets_precision"] = refused["secrets"] / max(all_refused, 1)
    figures["pii_precision"] = redacted["pii"] / max(all_redacted, 1)
    figures["ms_per_text"] = 1000 * elapsed / max(total, 1)
    return figures


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--split", default="all", choices=("dev", "heldout", "all", *PROBES)
    )
    parser.add_argument("--misses", action="store_true")
    args = parser.parse_args()
    splits = ("dev", "heldout") if args.split == "all" else (args.split,)
    for split in splits:
        figures = score(split)
        misses = figures.pop("misses")
        print(
            json.dumps(
                {
                    k: round(v, 4) if isinstance(v, float) else v
                    for k, v in figures.items()
                }
            )
        )
        if args.misses:
            for name, rows in misses.items():
                for row in rows:
                    print(f"  MISS {name}: {json.dumps(row, ensure_ascii=False)}")


if __name__ == "__main__":
    main()
