"""Provenance records: build, calibrate, sign and verify them (003 §12.4).

A record is a plain JSON object with JSON-native values only (strings,
floats, booleans, lists), so the copy stored in `MemoryVersion.provenance`
serialises to the same canonical bytes as the one that was signed. The
signature is HMAC-SHA256 over the canonical JSON (keys sorted, no spaces,
UTF-8) with the key of `settings.MGC_PROVENANCE_KEY` (003 §12.4.5). While
keys are rotated, checks also accept a signature under a previous key
(`memory_core/keys.py`); records are only ever signed with the current one.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from django.utils.dateparse import parse_datetime

from memory_core.hashing import content_hash as hash_content

# Bump when the record's fields change, so old records stay verifiable.
RECORD_VERSION = 1


class ProvenanceTampered(ValueError):
    """A record's signature does not match it."""


def adjusted_confidence(
    *,
    agent_confidence: float,
    v_fact: float,
    evidence_authority: float,
    human_approved: bool,
    betas: Sequence[float],
) -> float:
    """Return c_adj = β1·c_agent + β2·V_fact + β3·authority + β4·1[approved].

    003 §12.4.4. Clamped to [0, 1] in case a tenant's betas do not sum to 1.
    """
    b1, b2, b3, b4 = betas
    value = (
        b1 * agent_confidence
        + b2 * v_fact
        + b3 * evidence_authority
        + b4 * (1.0 if human_approved else 0.0)
    )
    return min(1.0, max(0.0, value))


def _timestamp(value: Any) -> str:
    """Return `value` as an ISO 8601 string, or "" when it is missing."""
    if value in (None, ""):
        return ""
    if isinstance(value, datetime):
        return value.isoformat()
    try:
        parsed = parse_datetime(str(value))
    except ValueError:
        parsed = None
    return parsed.isoformat() if parsed else str(value)


def _float_or_none(value: Any) -> float | None:
    return None if value is None else float(value)


def evidence_entry(ref: dict[str, Any]) -> dict[str, Any]:
    """Return the record's view of one evidence ref: the excerpt only hashed."""
    excerpt = ref.get("excerpt") or ""
    return {
        "source_type": str(ref.get("source_type") or ""),
        "uri": str(ref.get("uri") or ""),
        "authority": _float_or_none(ref.get("authority")),
        "accessed_at": _timestamp(ref.get("accessed_at")),
        "excerpt_sha256": hashlib.sha256(excerpt.encode()).hexdigest()
        if excerpt
        else "",
        "memory_id": str(ref.get("memory_id") or ""),
    }


def provenance_record(
    *,
    agent_id: Any,
    write_id: Any,
    task_id: str,
    session_id: str,
    source: str,
    evidence: Iterable[dict[str, Any]],
    content_hash: str,
    confidence: float,
    adjusted_confidence: float,
    v_fact: float,
    evidence_authority: float,
    validation_score: float,
    recorded_at: datetime,
) -> dict[str, Any]:
    """Return the provenance record of a write, not yet approved by a human."""
    return {
        "record_version": RECORD_VERSION,
        "agent_id": str(agent_id),
        "write_id": str(write_id),
        "task_id": task_id or "",
        "session_id": session_id or "",
        "source": source,
        "evidence": [evidence_entry(ref) for ref in evidence],
        "content_hash": content_hash,
        "confidence": float(confidence),
        "adjusted_confidence": float(adjusted_confidence),
        "v_fact": float(v_fact),
        "evidence_authority": float(evidence_authority),
        "validation_score": float(validation_score),
        "human_approved": False,
        "approved_by": "",
        "approved_at": "",
        "recorded_at": recorded_at.isoformat(),
    }


def provenance_canonical(record: dict[str, Any]) -> bytes:
    """Return the canonical serialisation of `record`, the bytes that are signed."""
    return json.dumps(
        record,
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        allow_nan=False,
    ).encode()


def provenance_sign(record: dict[str, Any], key: bytes) -> str:
    """Return the hex HMAC-SHA256 of the canonical record under `key`."""
    if not key:
        raise ValueError("The provenance key is empty.")
    return hmac.new(key, provenance_canonical(record), hashlib.sha256).hexdigest()


def provenance_verify(record: dict[str, Any], signature: str, key: bytes) -> bool:
    """Return whether `signature` is the record's signature under `key`."""
    if not (record and signature and key):
        return False
    try:
        expected = provenance_sign(record, key)
    except (TypeError, ValueError):
        return False
    return hmac.compare_digest(expected, signature)


def provenance_key_index(
    record: dict[str, Any], signature: str, keys: Sequence[bytes]
) -> int | None:
    """Return the position in `keys` of the key that signed the record, or None."""
    for index, key in enumerate(keys):
        if provenance_verify(record, signature, key):
            return index
    return None


def provenance_resign_approved(
    record: dict[str, Any],
    *,
    approved_by: str,
    key: bytes,
    betas: Sequence[float],
    approved_at: datetime | None = None,
    signature: str | None = None,
    previous_keys: Sequence[bytes] = (),
) -> tuple[dict[str, Any], str]:
    """Return a copy of `record` approved by a human, and its new signature.

    The adjusted confidence is recomputed with the human-approval term. Pass
    the stored `signature` to refuse re-signing (and so laundering) a record
    that was tampered with: `ProvenanceTampered` is raised. A signature under
    one of `previous_keys` is accepted; the new one is always under `key`.
    """
    if (
        signature is not None
        and provenance_key_index(record, signature, [key, *previous_keys]) is None
    ):
        raise ProvenanceTampered("The provenance record does not match its signature.")
    approved = {
        **record,
        "human_approved": True,
        "approved_by": approved_by,
        "approved_at": approved_at.isoformat() if approved_at else "",
    }
    approved["adjusted_confidence"] = adjusted_confidence(
        agent_confidence=record["confidence"],
        v_fact=record["v_fact"],
        evidence_authority=record["evidence_authority"],
        human_approved=True,
        betas=betas,
    )
    return approved, provenance_sign(approved, key)


def provenance_problems(
    *,
    record: dict[str, Any],
    signature: str,
    content: str,
    content_hash: str,
    key: bytes,
    previous_keys: Sequence[bytes] = (),
) -> list[str]:
    """Return what is wrong with a stored version's provenance; [] when intact.

    Beyond the signature, the record must name the version's content hash, and
    the content must still hash to it: the signature alone would not notice a
    version whose content was changed under an intact record. A signature
    under one of `previous_keys` is intact.
    """
    problems = []
    if not signature:
        problems.append("unsigned")
    elif provenance_key_index(record, signature, [key, *previous_keys]) is None:
        problems.append("signature")
    if record.get("content_hash") != content_hash:
        problems.append("content_hash")
    if hash_content(content) != content_hash:
        problems.append("content")
    return problems
