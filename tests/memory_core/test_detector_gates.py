"""The detectors' cheap gates skip only what cannot match (issue 12, round 7).

The sensitivity gate is on the door's hot path, so each rule first asks a
substring test whether its regex can match a line at all (`_needs`, the
literals every match holds), the detect-secrets plugins and vendor prefixes
run only on lines with their words or a long token, and the national ids
only for countries whose number fits in the text's digits. A gate must be a
necessary condition: these tests run every rule on real labelled text (and
its upper- and lower-case forms) and check that no match was behind a
closed gate.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from memory_core import detectors, national_ids

DATA = Path(__file__).resolve().parent.parent / "data"
SETS = (
    "tune10",
    "tune10h",
    "tune10x",
    "tune10y",
    "tune10z",
    "tune11",
    "blind10",
    "tune12",
    "tune13",
    "tune13x",
)


def _texts() -> list[str]:
    texts: list[str] = []
    for name in SETS:
        with (DATA / f"sensitivity_{name}.jsonl").open(encoding="utf-8") as rows:
            texts += [json.loads(row)["text"] for row in rows if row.strip()]
    texts += [
        "The user reviewed the lantern and the pebble before the quartz (ref a-1234).",
        "PASSWORD=Hunter2Hunter2 and TOKEN: ghp_" + "a1B2" * 9,
    ]
    texts += ["ŞİFRE: Kx9#mPq2vL", "PAſſWORD=Hunter2Hunter2", "şıfre: Kx9#mPq2vL"]
    return [*texts, *(t.upper() for t in texts), *(t.lower() for t in texts)]


TEXTS = _texts()
LINES = sorted({line for text in TEXTS for line in text.splitlines() if line})


def _patterns() -> list[tuple[str, re.Pattern[str]]]:
    found = []
    for module in (detectors, national_ids):
        for name, value in vars(module).items():
            if isinstance(value, re.Pattern):
                found.append((name, value))
            elif isinstance(value, tuple):
                for i, item in enumerate(value):
                    if isinstance(item, re.Pattern):
                        found.append((f"{name}[{i}]", item))
                    elif isinstance(item, tuple) and isinstance(item[-1], re.Pattern):
                        found.append((f"{name}[{i}]", item[-1]))
    found += [(f"spec {s.kind}", s.pattern) for s in national_ids.SPECS]
    return [(name, p) for name, p in found if detectors._needs(p)]


@pytest.mark.parametrize(("name", "pattern"), _patterns(), ids=lambda v: str(v)[:40])
def test_a_literal_gate_never_hides_a_match(name, pattern):
    for line in LINES:
        if pattern.search(line):
            assert detectors._may_match(pattern, detectors._lower(line)), (name, line)


def test_the_gates_are_read_from_the_patterns():
    # `mysql … -p…`: the tool's name (or its common part) and the flag.
    needs = detectors._needs(re.compile(r"\b(?:mysql|mariadb)\b[^\n]*?\s-p\S+"))
    assert ("-p",) in needs
    assert all(any(w in "mysql -u root -pS3cret" for w in one) for one in needs)
    assert not detectors._may_match(
        re.compile(r"\bsshpass\s+-p\s*\S+"), "the user reviewed the lantern"
    )
    assert detectors._needs(re.compile(r"[A-Za-z0-9+/]{40,}")) == ()


def test_plugins_run_on_every_line_they_can_match():
    for line in LINES:
        runs = list(detectors.LONG_RUN_RE.finditer(line))
        for plugin, patterns in detectors._gated_plugins():
            if list(plugin.analyze_string(line)):
                assert detectors._plugin_may_match(
                    plugin, patterns, detectors._lower(line), runs
                ), (
                    type(plugin).__name__,
                    line,
                )


def test_vendor_prefixes_are_searched_where_they_can_be():
    for line in LINES:
        if detectors.ANY_PREFIXED_RE.search(line):
            runs = list(detectors.LONG_RUN_RE.finditer(line))
            assert detectors._prefixed_may_match(line, runs), line


def test_a_country_is_skipped_only_when_its_number_cannot_fit():
    for spec, fewest in zip(
        national_ids.SPECS, national_ids._spec_min_digits(), strict=True
    ):
        for text in TEXTS:
            for match in spec.pattern.finditer(text):
                digits = sum(c.isdigit() for c in match.group())
                assert digits >= fewest, (spec.kind, match.group())


def test_a_phone_region_is_skipped_only_when_no_number_fits():
    import phonenumbers

    texts = [
        *TEXTS[: len(TEXTS) // 3],
        "call 030 1234 or 0301 23",
        "ring 011 44 20 7946 0018 from the US",
        "Tel. 00 49 30 901820",
    ]
    for text in texts:
        if sum(c.isdigit() for c in text) < 7:
            continue
        regions = detectors._phone_regions(text)
        for region in detectors.PHONE_REGIONS:
            matcher = phonenumbers.PhoneNumberMatcher(
                text, region, leniency=phonenumbers.Leniency.VALID
            )
            if any(True for _ in matcher):
                assert region in regions, (region, text)
