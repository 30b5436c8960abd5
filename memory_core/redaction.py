"""Redact personal data at write time to stable per-principal tokens (004).

The scheme:

- The **principal** is whose data it is: the user scope (`/org/x/user/u/`)
  for writes at or below a user scope, else the write's scope itself.
- Each value the sensitivity detectors find (`find_pii`) is replaced by a
  token `<KIND_N>`, e.g. `<EMAIL_1>`. N counts per (tenant, principal,
  kind), so the same principal's second email address is `<EMAIL_2>`, and
  another principal's first is `<EMAIL_1>` again.
- The same value gets the same token: a `RedactionToken` row is found by
  `value_digest = HMAC-SHA256(k_digest, "KIND:normalized value")`
  (lower-case emails, E.164 phones, bare card digits, compact IBANs,
  addresses lower-cased with their punctuation folded, dates of birth as
  `YYYY-MM-DD`), so
  `Alice@Example.com` and `alice@example.com` share one token. The digest
  also lets erasure find a subject's tokens from their identifiers without
  decrypting anything.
- The row keeps the normalized value encrypted with Fernet (AES-128-CBC and
  HMAC-SHA256, a random IV per value), `ciphertext`, never in clear.
- Both keys come from `settings.MGC_REDACTION_KEY`, separated by purpose:
  the Fernet key is urlsafe-base64(SHA-256(key)), the digest key is
  SHA-256("digest:" + key). Without the setting's value neither a digest
  can be recomputed nor a value decrypted; a wrong key raises `InvalidToken`.
- While keys are rotated (`memory_core/keys.py`), decryption and digest
  lookups also accept the previous keys; new rows use the current key.
- Only a compliance officer or an admin of the tenant can resolve a token
  (`services.redaction.redaction_resolve`), with a reason; each resolution
  is audited with ids only.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import uuid
from functools import lru_cache
from typing import Any

from cryptography.fernet import Fernet, MultiFernet
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Max

from memory_core.detectors import find_pii
from memory_core.hashing import content_hash, structural_fingerprint
from memory_core.keys import redaction_keys
from memory_core.models import RedactionToken
from memory_core.pipeline.types import Candidate

TOKEN_CREATE_ATTEMPTS = 5


def principal_for(scope_path: str) -> str:
    """Return whose data a write in `scope_path` is: its user scope, or itself."""
    parts = [p for p in scope_path.strip("/").split("/") if p]
    if len(parts) >= 4 and parts[0] == "org" and parts[2] == "user":
        return "/" + "/".join(parts[:4]) + "/"
    return scope_path


@lru_cache(maxsize=8)
def _fernet(key: str) -> Fernet:
    return Fernet(base64.urlsafe_b64encode(hashlib.sha256(key.encode()).digest()))


@lru_cache(maxsize=8)
def _multi_fernet(keys: tuple[str, ...]) -> MultiFernet:
    return MultiFernet([_fernet(key) for key in keys])


def _digest_key(key: str) -> bytes:
    return hashlib.sha256(f"digest:{key}".encode()).digest()


def value_digest(kind: str, normalized: str, *, key: str | None = None) -> str:
    """Return HMAC-SHA256 of `KIND:normalized value` under the redaction key."""
    key = settings.MGC_REDACTION_KEY if key is None else key
    message = f"{kind}:{normalized}".encode()
    return hmac.new(_digest_key(key), message, hashlib.sha256).hexdigest()


def value_digests(kind: str, normalized: str) -> list[str]:
    """Return the value's digest under the current key, then each previous key.

    A lookup by digest matches any of them, so a row still under a previous
    key is found while the keys are rotated.
    """
    return [value_digest(kind, normalized, key=key) for key in redaction_keys()]


def value_encrypt(value: str, *, key: str | None = None) -> bytes:
    """Encrypt a value for storage (Fernet: a fresh IV, so never deterministic)."""
    key = settings.MGC_REDACTION_KEY if key is None else key
    return _fernet(key).encrypt(value.encode())


def value_decrypt(ciphertext: bytes, *, key: str | None = None) -> str:
    """Decrypt a stored value; a wrong key raises `InvalidToken`.

    Without `key`, try the current key, then each previous key.
    """
    if key is not None:
        return _fernet(key).decrypt(bytes(ciphertext)).decode()
    return _multi_fernet(tuple(redaction_keys())).decrypt(bytes(ciphertext)).decode()


def _token_for(
    *, tenant_id: uuid.UUID, principal: str, kind: str, normalized: str
) -> str:
    """Return the principal's token for this value, creating it when new.

    Two writers may race for the same value (unique digest) or the same next
    number (unique number); the loser's insert fails in its savepoint and it
    looks again.
    """
    digests = value_digests(kind, normalized)
    digest = digests[0]
    tokens = RedactionToken.objects.filter(tenant_id=tenant_id, principal=principal)
    for _ in range(TOKEN_CREATE_ATTEMPTS):
        # A row still under a previous key is the same value: reuse its token.
        existing = tokens.filter(value_digest__in=digests).values_list(
            "token", flat=True
        )
        if token := existing.first():
            return token
        last = tokens.filter(kind=kind).aggregate(last=Max("number"))["last"] or 0
        row = RedactionToken(
            tenant_id=tenant_id,
            principal=principal,
            kind=kind,
            number=last + 1,
            token=f"<{kind}_{last + 1}>",
            value_digest=digest,
            ciphertext=value_encrypt(normalized),
        )
        try:
            with transaction.atomic():
                row.save(force_insert=True)
        except IntegrityError:
            continue
        return row.token
    raise RuntimeError(f"could not allocate a {kind} redaction token")


def redact_text(
    *, tenant_id: uuid.UUID, principal: str, text: str
) -> tuple[str, list[str]]:
    """Replace each piece of personal data in `text` with its token.

    Return the redacted text and the distinct tokens used, in order.
    """
    if not text:
        return text, []
    findings = find_pii(text)
    if not findings:
        return text, []
    pieces: list[str] = []
    used: list[str] = []
    position = 0
    for finding in findings:
        token = _token_for(
            tenant_id=tenant_id,
            principal=principal,
            kind=finding.kind,
            normalized=finding.normalized or finding.value,
        )
        pieces += [text[position : finding.start], token]
        position = finding.end
        if token not in used:
            used.append(token)
    pieces.append(text[position:])
    return "".join(pieces), used


def _redact_value(value: Any, redact) -> Any:
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {k: _redact_value(v, redact) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(_redact_value(v, redact) for v in value)
    return value


# An evidence ref's values that are not free text: a type from a fixed list,
# an id and a timestamp the schema checked (a timestamp's digits could pass
# for a phone number). Every other string of a ref (`uri`, `excerpt`, and
# whatever a ref may carry later) is redacted.
EVIDENCE_STRUCTURAL_KEYS = frozenset({"source_type", "memory_id", "accessed_at"})
# The identifiers an agent names its writes with: redacted before the gates
# run, so the rate gate's session budget compares like with like.
ID_FIELDS = ("session_id", "task_id")
# The other free text of a write besides its content.
METADATA_FIELDS = ("key", "subject", "predicate", "object", "residency")


class _Redactor:
    """Redact strings for one principal, remembering the distinct tokens used."""

    def __init__(self, *, tenant_id: uuid.UUID, scope_path: str) -> None:
        self.tenant_id = tenant_id
        self.principal = principal_for(scope_path)
        self.used: list[str] = []

    def __call__(self, text: str) -> str:
        redacted, tokens = redact_text(
            tenant_id=self.tenant_id, principal=self.principal, text=text
        )
        self.used.extend(t for t in tokens if t not in self.used)
        return redacted


def _redact_evidence(evidence: list[Any], redact) -> list[Any]:
    return [
        {
            k: v if k in EVIDENCE_STRUCTURAL_KEYS else _redact_value(v, redact)
            for k, v in ref.items()
        }
        if isinstance(ref, dict)
        else ref
        for ref in evidence
    ]


def redact_candidate_ids(candidate: Candidate, *, tenant_id: uuid.UUID) -> list[str]:
    """Redact the write's `session_id` and `task_id` in place; return the tokens.

    Deterministic (the same value is the same token for one principal), so
    writes of one session still share their `session_id`. The write is
    flagged `pii` when anything was redacted.
    """
    redact = _Redactor(tenant_id=tenant_id, scope_path=candidate.scope_path)
    _redact_fields(candidate, ID_FIELDS, redact)
    if redact.used and "pii" not in candidate.flags:
        candidate.flags = [*candidate.flags, "pii"]
    return redact.used


def _redact_fields(candidate: Candidate, names: tuple[str, ...], redact) -> None:
    for name in names:
        value = getattr(candidate, name)
        if isinstance(value, str) and value:
            setattr(candidate, name, redact(value))


def redact_candidate(
    candidate: Candidate, *, tenant_id: uuid.UUID, content: bool = True
) -> list[str]:
    """Redact a write in place and return the distinct tokens used.

    Rewrite every free text an agent supplies: the content (unless
    `content` is false: a refused write does not keep it), the key, the
    triple, the residency, the task and session ids, every string in
    `fields` and every string of the evidence refs but their type, memory
    id and timestamp (`uri` and `excerpt` included). Recompute the content
    hash and the structural fingerprint, and flag the write `pii` when
    anything was redacted. Keys stay readable and equal to themselves: a
    keyed write finds its item by the redacted key.
    """
    redact = _Redactor(tenant_id=tenant_id, scope_path=candidate.scope_path)
    # Already redacted before the gates at the door; tokens are left as they are.
    _redact_fields(candidate, ID_FIELDS, redact)
    if content:
        candidate.content = redact(candidate.content)
    _redact_fields(candidate, METADATA_FIELDS, redact)
    candidate.fields = _redact_value(candidate.fields, redact)
    candidate.evidence = _redact_evidence(candidate.evidence, redact)
    if redact.used:
        if content:
            candidate.content_hash = content_hash(candidate.content)
        if candidate.fingerprint:
            candidate.fingerprint = structural_fingerprint(
                candidate.subject, candidate.predicate, candidate.object
            )
        if "pii" not in candidate.flags:
            candidate.flags = [*candidate.flags, "pii"]
    return redact.used


# The Idempotency-Key is only ever compared: it is stored as a keyed hash.
IDEMPOTENCY_PREFIX = "ik:"


def _idempotency_key_key(key: str) -> bytes:
    return hashlib.sha256(f"idempotency:{key}".encode()).digest()


def idempotency_key_digest(raw: str, *, key: str | None = None) -> str:
    """Return `ik:` + HMAC-SHA256 of an agent's Idempotency-Key.

    Its own purpose-separated key beside the redaction keys; 67 characters,
    whatever the header's length.
    """
    key = settings.MGC_REDACTION_KEY if key is None else key
    mac = hmac.new(_idempotency_key_key(key), raw.encode(), hashlib.sha256)
    return IDEMPOTENCY_PREFIX + mac.hexdigest()


def idempotency_key_digests(raw: str) -> list[str]:
    """Return the header's digest under the current key, then each previous key."""
    return [idempotency_key_digest(raw, key=key) for key in redaction_keys()]
