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


PROBES = (
    "blind1",
    "blind2",
    "blind3",
    "blind4",
    "blind5",
    "blind6",
    "blind7",
    "blind8",
    "tune9",
    "blind9",
    "tune10",
    "tune10h",
    "tune10x",
    "tune10y",
    "tune10z",
    "blind10",
    "tune11",
    "tune11b",
    "tune11c",
    "tune11d",
    "blind11",
    "tune12",
    "blind12",
    "tune13",
    "blind13",
    "tune13x",
    "blind14",
    "tune15",
    "tune16",
    "tune17",
    "blind15",
    "tune18",
    "tune19",
    "blind16",
    "tune20",
    "tune21",
    "blind17",
    "tune22",
    "blind18",
    "tune23",
    "blind19",
    "tune24",
)
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


def score(split: str = "all", ids: str = "") -> dict:
    """Return the figures for one split, with the missed texts.

    `ids`: only the rows whose id ends in one of these hex digits (a coder's
    held quarter of a dev hand is `--ids 0123`, the rest `--ids 456789abcdef`).
    """
    from memory_core.detectors import find_pii, find_secrets

    figures: dict = {"split": split, "misses": {name: [] for name in SETS}}
    refused = {name: 0 for name in SETS}
    redacted = {name: 0 for name in SETS}
    hits = {name: 0 for name in SETS}
    total, elapsed = 0, 0.0
    for name in SETS:
        rows = load(name, split)
        if ids:
            rows = [r for r in rows if r["id"][-1] in ids]
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


NUMBER_CONTEXTS = (
    "order {n}",
    "Order #{n} shipped",
    "invoice {n} paid",
    "tracking number {n}",
    "part no. {n}",
    "ticket {n} closed",
    "build {n} failed",
    "serial {n}",
    "account {n} balance 0",
    "ts={n}",
    "{n} rows copied",
    "ref {n}",
    "SKU {n}, qty 3",
    "job {n} done in 41 s",
    "{n}",
    "id {n}",
    "customer id {n}",
    "row {n}: ok",
)


def _number(rng) -> str:
    length = rng.randint(6, 18)
    digits = str(rng.randint(1, 9)) + "".join(
        str(rng.randint(0, 9)) for _ in range(length - 1)
    )
    style = rng.randrange(4)
    if style == 1:  # grouped by threes or fours with spaces or dashes
        size, sep = rng.choice((3, 4)), rng.choice((" ", "-"))
        return sep.join(digits[i : i + size] for i in range(0, len(digits), size))
    if style == 2:  # a decimal amount
        return f"{digits[:-2]}.{digits[-2:]}"
    return digits


def numbers_false_positives(count: int = 5000, seed: int = 7) -> dict:
    """Score clean texts full of numbers: order ids, serials, amounts, times.

    A checksum passes about one random number in ten, so this is where a
    national-id rule without a name nearby would show.
    """
    import random

    from memory_core.detectors import find_pii, find_secrets

    rng = random.Random(seed)
    altered: list[str] = []
    for _ in range(count):
        parts = [rng.choice(NUMBER_CONTEXTS).format(n=_number(rng)) for _ in range(3)]
        text = "; ".join(parts)
        if find_secrets(text) or find_pii(text):
            altered.append(text)
    return {"texts": count, "altered": len(altered), "examples": altered[:10]}


from bench import LOCOMO  # noqa: E402 - one location for every bench


def _locomo_texts() -> list[str]:
    """Every observation and dialog turn of the LoCoMo development split."""
    texts: list[str] = []
    for path in sorted(LOCOMO.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for key, value in data.items():
            if key.endswith("_observation") and isinstance(value, dict):
                for facts in value.values():
                    texts += [fact for fact, _ in facts]
            elif key.startswith("session_") and isinstance(value, list):
                texts += [turn.get("text", "") for turn in value if turn.get("text")]
    return texts


def _package_paragraphs(limit: int = 6000) -> list[str]:
    """Paragraphs of the installed packages' READMEs and metadata (real prose)."""
    import site

    paragraphs: list[str] = []
    for root in site.getsitepackages():
        for path in sorted(Path(root).glob("*.dist-info/METADATA")):
            text = path.read_text(encoding="utf-8", errors="replace")
            paragraphs += [p for p in text.split("\n\n") if len(p.strip()) > 40]
            if len(paragraphs) >= limit:
                return paragraphs[:limit]
    return paragraphs


def real_text(names: tuple[str, ...] = ("locomo", "packages")) -> dict:
    """Count refusals and redactions on real text nobody labelled.

    LoCoMo observations are everyday chat facts: none may be refused.
    """
    from memory_core.detectors import find_pii, find_secrets

    figures: dict = {}
    sources = {"locomo": _locomo_texts, "packages": _package_paragraphs}
    for name in names:
        texts = sources[name]()
        refused = [t for t in texts if find_secrets(t)]
        altered = [t for t in texts if not find_secrets(t) and find_pii(t)]
        figures[name] = {
            "texts": len(texts),
            "refused": len(refused),
            "altered": len(altered),
            "refused_examples": [t[:160] for t in refused[:5]],
            "altered_examples": [t[:160] for t in altered[:5]],
        }
    return figures


def speed(rounds: int = 5, ingest: int = 2000) -> dict:
    """CPU milliseconds per text of the door's three scans, by text group.

    The door runs `find_secrets`, `find_pii` and `find_poisoning` on each
    write's text; the groups are the ingest bench's sentences
    (`bench/writes.py --ingest-only`) and every labelled probe. CPU time of
    this process (`time.process_time`), the median of `rounds` passes, the
    PII cache cleared before each pass (every write is a new text).
    """
    import statistics

    from bench.writes import distinct_texts
    from memory_core.detectors import (
        _find_pii_cached,
        find_pii,
        find_poisoning,
        find_secrets,
    )

    groups = {"ingest": distinct_texts(ingest, "speed")}
    for probe in PROBES:
        groups[probe] = [r["text"] for name in SETS for r in load(name, probe)]
    for text in groups["ingest"][:50]:  # warm-up: compiled patterns, plugins
        find_secrets(text), find_pii(text), find_poisoning(text)
    figures: dict = {"rounds": rounds, "loadavg": os.getloadavg()[0], "groups": {}}
    for name, texts in groups.items():
        passes = []
        for _ in range(rounds):
            _find_pii_cached.cache_clear()
            began = time.process_time()
            for text in texts:
                find_secrets(text)
                find_pii(text)
                find_poisoning(text)
            passes.append(1000 * (time.process_time() - began) / len(texts))
        figures["groups"][name] = {
            "texts": len(texts),
            "cpu_ms_per_text": round(statistics.median(passes), 4),
        }
    figures["loadavg_after"] = os.getloadavg()[0]
    results = ROOT / "bench" / "results"
    results.mkdir(parents=True, exist_ok=True)
    (results / "sensitivity_speed.json").write_text(json.dumps(figures, indent=1))
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
    parser.add_argument(
        "--ids", default="", help="only rows whose id ends in one of these hex digits"
    )
    parser.add_argument(
        "--numbers", action="store_true", help="false positives on number-heavy text"
    )
    parser.add_argument(
        "--real", action="store_true", help="LoCoMo and package READMEs, unlabelled"
    )
    parser.add_argument(
        "--speed", action="store_true", help="CPU ms per text of the door's scans"
    )
    args = parser.parse_args()
    if args.speed:
        print(json.dumps(speed(), indent=1))
        return
    if args.real:
        print(json.dumps(real_text(), ensure_ascii=False, indent=1))
        return
    if args.numbers:
        print(json.dumps(numbers_false_positives(), ensure_ascii=False, indent=1))
        return
    splits = ("dev", "heldout") if args.split == "all" else (args.split,)
    for split in splits:
        figures = score(split, args.ids)
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
