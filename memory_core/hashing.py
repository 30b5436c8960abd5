"""Canonical hashes of writes and content."""

from __future__ import annotations

import hashlib
import json
import uuid
from typing import Any


def canonical_json(value: Any) -> str:
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str
    )


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def normalize_content(content: str) -> str:
    """Collapse whitespace so reformatted copies hash alike."""
    return " ".join(content.split())


def content_hash(content: str) -> str:
    return sha256(normalize_content(content))


def request_hash(payload: dict[str, Any]) -> str:
    return sha256(canonical_json(payload))


def content_token(payload: dict[str, Any], *, agent_id: uuid.UUID, layer: str) -> str:
    """SHA-256(canonical content ‖ agent ‖ layer), 003 §12.1.7.

    The "content" is what the memory says and where: scope, text, key and triple.
    """
    content = {
        k: payload.get(k)
        for k in ("scope", "content", "key", "subject", "predicate", "object")
    }
    content["content"] = normalize_content(content["content"] or "")
    return sha256(f"{canonical_json(content)}|{agent_id}|{layer}")


def normalize_value(value: str) -> str:
    """Lower-case and collapse whitespace and trailing punctuation of a value."""
    return " ".join(str(value).lower().split()).strip(" .,;:!")


def structural_fingerprint(
    subject: str | None, predicate: str | None, obj: str | None
) -> str:
    """Return hash(subject ‖ predicate ‖ normalize(object)) (003 §12.3.2), or ""."""
    if not (subject and predicate and obj):
        return ""
    return sha256(
        f"{normalize_value(subject)}|{normalize_value(predicate)}|"
        f"{normalize_value(obj)}"
    )
