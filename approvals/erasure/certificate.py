"""The erasure certificate: built when a request completes, signed (Ed25519)."""

from __future__ import annotations

import base64
import hashlib
import json
import uuid
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User

from approvals.erasure.selectors import erasure_get, erasure_role_check
from approvals.models import (
    ErasureRequest,
    ErasureStatus,
    LegalBasis,
)
from audit.models import AuditEvent
from memory_core.exceptions import NotFound
from memory_core.models import (
    Tenant,
)
from memory_core.permissions import Capability


def _person(user: User | None) -> dict[str, Any] | None:
    return None if user is None else {"id": user.pk, "username": user.get_username()}


def certificate_build(
    request: ErasureRequest, event: AuditEvent, *, probes: int
) -> dict[str, Any]:
    """Return the receipt: ids, the keyed subject hash, counts, times; no PII."""
    counts = request.counts or {}
    return {
        "certificate": "right-to-erasure",
        "request_id": str(request.id),
        "tenant": request.tenant.slug,
        "subject_hash": request.subject_hash,
        "subject_hash_algorithm": "HMAC-SHA256, key derived from MGC_REDACTION_KEY "
        "for erasure subjects",
        "identifier_kinds": request.identifier_kinds,
        "legal_basis": request.legal_basis,
        "legal_basis_label": LegalBasis(request.legal_basis).label,
        "filed_at": request.created_at.isoformat(),
        "due_at": request.due_at.isoformat(),
        "started_at": request.started_at.isoformat() if request.started_at else None,
        "finished_at": request.finished_at.isoformat(),
        "within_sla": request.finished_at <= request.due_at,
        "executor": _person(request.executed_by),
        "approver": _person(request.approved_by),
        "counts": {
            "items": counts.get("items", 0),
            "layers": counts.get("layers", {}),
            "tables": counts.get("tables", {}),
        },
        "erased": erased_categories(counts.get("tables", {})),
        "verification": {
            "rescan": "clean",
            "nearest_neighbour_probes": min(probes, 1000),
            "survivors": 0,
        },
        "audit": {
            "action": event.action,
            "seq": event.seq,
            "hash": event.hash,
            "prev_hash": event.prev_hash,
        },
    }


# What a table's rows are, for people: the certificate says "Memory versions",
# not memory_core_memoryversion. A table not named here gets its model's name.
TABLE_LABELS = {
    "memory_core_memoryitem": "Memories",
    "memory_core_memoryversion": "Memory versions (content, embeddings)",
    "memory_core_memorylogentry": "Memory log entries",
    "memory_core_writerequest": "Write requests (payloads, idempotency records)",
    "memory_core_conflict": "Contradiction cases",
    "memory_core_memoryannotation": "Curator notes",
    "memory_core_redactiontoken": "Redaction mappings",
    "memory_core_readtally": "Read counts",
    "approvals_reviewescalation": "Review escalations",
    "approvals_notification": "Notifications",
    "audit_auditevent": "Audit event reasons",
}


def table_label(table: str) -> str:
    """Return what a table's rows are, in words."""
    if table in TABLE_LABELS:
        return TABLE_LABELS[table]
    from django.apps import apps

    for model in apps.get_models():
        if model._meta.db_table == table:
            return str(model._meta.verbose_name_plural).capitalize()
    return table.replace("_", " ").capitalize()


def erased_categories(tables: dict[str, int]) -> list[dict[str, Any]]:
    """Return what was erased per data category, labelled, largest first."""
    return [
        {"category": table_label(table), "table": table, "rows": n}
        for table, n in sorted(tables.items(), key=lambda kv: (-kv[1], kv[0]))
    ]


# Certificate signatures (Ed25519). The private key is derived from
# MGC_CERTIFICATE_KEY, or from the audit key when that is unset; the public
# key travels in the certificate and `manage.py certificate_verify` checks
# both the signature and that the key is this installation's.

SIGNATURE_ALGORITHM = "Ed25519"


def _certificate_private_key():
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    secret = (
        settings.MGC_CERTIFICATE_KEY or f"erasure-certificate:{settings.MGC_AUDIT_KEY}"
    )
    seed = hashlib.sha256(f"mgc-erasure-certificate-v1:{secret}".encode()).digest()
    return Ed25519PrivateKey.from_private_bytes(seed)


def certificate_public_key() -> str:
    """Return this installation's certificate public key (raw, hex)."""
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    return (
        _certificate_private_key()
        .public_key()
        .public_bytes(Encoding.Raw, PublicFormat.Raw)
        .hex()
    )


def certificate_payload(certificate: dict[str, Any]) -> bytes:
    """Return the bytes a certificate's signature covers: canonical JSON, unsigned."""
    unsigned = {k: v for k, v in certificate.items() if k != "signature"}
    return json.dumps(
        unsigned, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    ).encode()


def certificate_sign(certificate: dict[str, Any]) -> dict[str, Any]:
    """Return the certificate with its Ed25519 signature."""
    signature = _certificate_private_key().sign(certificate_payload(certificate))
    return {
        **{k: v for k, v in certificate.items() if k != "signature"},
        "signature": {
            "algorithm": SIGNATURE_ALGORITHM,
            "public_key": certificate_public_key(),
            "value": base64.b64encode(signature).decode(),
        },
    }


def certificate_check(certificate: Any, *, public_key: str | None = None) -> str:
    """Return why a certificate does not verify, or "" when it does.

    The key is this installation's unless `public_key` (hex) names another:
    a certificate re-signed under any other key is refused.
    """
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    if not isinstance(certificate, dict):
        return "Not a certificate: expected a JSON object."
    signature = certificate.get("signature")
    if not isinstance(signature, dict) or not signature.get("value"):
        return "The certificate is not signed."
    if signature.get("algorithm") != SIGNATURE_ALGORITHM:
        return f"Unknown signature algorithm {signature.get('algorithm')!r}."
    expected = (public_key or certificate_public_key()).lower()
    if str(signature.get("public_key", "")).lower() != expected:
        return "The certificate is signed under another key than this installation's."
    try:
        key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(expected))
        key.verify(
            base64.b64decode(str(signature["value"]), validate=True),
            certificate_payload(certificate),
        )
    except (InvalidSignature, ValueError):
        return "The signature does not match: the certificate was altered."
    return ""


def erasure_certificate(
    *, tenant: Tenant, request_id: uuid.UUID | str, user: User
) -> dict[str, Any]:
    """Return a completed request's certificate (the same every time)."""
    erasure_role_check(
        tenant=tenant,
        user=user,
        capability=Capability.ERASURE_VIEW,
        message="Only compliance officers, curators and admins see erasures.",
    )
    request = erasure_get(tenant=tenant, request_id=request_id)
    if request.status != ErasureStatus.COMPLETED or not request.certificate:
        raise NotFound("This request has no certificate yet.")
    certificate = request.certificate
    if "signature" not in certificate:  # completed before certificates were signed
        tables = (certificate.get("counts") or {}).get("tables", {})
        certificate = certificate_sign(
            {"erased": erased_categories(tables), **certificate}
        )
    return certificate
