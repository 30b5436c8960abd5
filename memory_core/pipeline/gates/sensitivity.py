"""Gate 5: sensitivity (000 §6, 001, 004).

The detectors live in `memory_core.detectors` (figures: `SENSITIVITY.md`).
`check` rejects secrets (only their type and line are reported). PII and
poisoning are noted on the candidate as flags: PII is redacted by
`memory_core.redaction` when the write is stored, poisoning raises the risk.
External content has its confidence capped.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from memory_core.detectors import (
    find_pii,
    find_poisoning,
    find_redaction_tokens,
    find_secrets,
)
from memory_core.pipeline.types import Candidate, GateContext, GateResult

NAME = "sensitivity"


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def candidate_texts(candidate: Candidate) -> list[str]:
    """Return every free text of a write: content, triple, fields, excerpts."""
    texts = [
        candidate.content,
        candidate.subject,
        candidate.predicate,
        candidate.object,
        *_strings(candidate.fields),
        *(
            ref.get("excerpt")
            for ref in candidate.evidence
            if isinstance(ref, dict) and isinstance(ref.get("excerpt"), str)
        ),
    ]
    return [t for t in texts if t]


def _add_flag(candidate: Candidate, flag: str) -> None:
    if flag not in candidate.flags:
        candidate.flags.append(flag)


def check(candidate: Candidate, ctx: GateContext) -> GateResult:
    """Reject secrets; flag PII, poisoning and external content."""
    texts = candidate_texts(candidate)
    findings = find_secrets("\n".join(texts))
    if findings:
        kinds = sorted({f.type for f in findings})
        return GateResult.reject(
            NAME,
            "secret_detected",
            f"The write contains what looks like a credential ({', '.join(kinds)}); "
            "secrets are never stored in memory.",
            findings=[{"type": f.type, "line": f.line} for f in findings],
        )

    pii: Counter[str] = Counter()
    redacted: Counter[str] = Counter()
    poisoning: list[str] = []
    for text in texts:
        pii.update(f.kind for f in find_pii(text))
        redacted.update(find_redaction_tokens(text))
        poisoning += [p for p in find_poisoning(text) if p not in poisoning]

    details: dict[str, Any] = {}
    if pii or redacted:
        _add_flag(candidate, "pii")
        details["pii"] = dict(sorted(pii.items()))
        details["redacted"] = dict(sorted(redacted.items()))
    if poisoning:
        _add_flag(candidate, "poisoning")
        details["poisoning"] = poisoning
    if candidate.source == "external":
        _add_flag(candidate, "external_source")
        cap = ctx.policy.external_confidence_cap
        if candidate.confidence > cap:
            details["confidence_capped_from"] = candidate.confidence
            candidate.confidence = cap
    noted = [f for f in ("pii", "poisoning", "external_source") if f in candidate.flags]
    reason = f"Flagged: {', '.join(noted)}." if noted else ""
    return GateResult.accept(NAME, reason, **details)
