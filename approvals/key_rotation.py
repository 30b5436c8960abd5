"""The keyed rows `manage.py rotate_keys` moves to the current keys.

The rotation itself is `memory_core.services.key_rotation`; this module adds
the one keyed row of this app, an erasure request's encrypted identifiers,
and lists every kind in the order the command runs them.

An erasure request's `subject_hash` is not recomputed. It is a pseudonym
already written into the insert-only audit trail and into issued
certificates, never checked against the key, and once a request completes
its identifiers are gone, so it could only be recomputed for open requests,
whose later events would then disagree with their filing event. The price:
a subject's requests filed before and after a rotation hash differently.
"""

from __future__ import annotations

import uuid

from django.db.models import QuerySet

from approvals.models import ErasureRequest
from memory_core.services.key_rotation import (
    REDACTION_MAPPINGS,
    VERSION_SIGNATURES,
    Look,
    RowKind,
    ciphertext_look,
    ciphertext_rotate,
)


def _held_identifiers(tenant_id: uuid.UUID) -> QuerySet:
    # Completed and cancelled requests hold none: their identifiers were wiped.
    return (
        ErasureRequest.objects.filter(tenant_id=tenant_id)
        .exclude(identifiers_ciphertext=b"")
        .only("id", "identifiers_ciphertext")
    )


def _identifiers_look(row: ErasureRequest) -> Look:
    return ciphertext_look(
        row.identifiers_ciphertext, what=f"erasure request {row.pk}'s identifiers"
    )


def _identifiers_rotate(rows: list[ErasureRequest]) -> list[str]:
    """Re-encrypt each request's identifiers under the current key."""
    for row in rows:
        row.identifiers_ciphertext = ciphertext_rotate(row.identifiers_ciphertext)
    ErasureRequest.objects.bulk_update(rows, ["identifiers_ciphertext"])
    return []


ERASURE_IDENTIFIERS = RowKind(
    name="erasure_identifiers",
    label="erasure identifiers",
    verb="re-encrypted",
    key="redaction",
    rows=_held_identifiers,
    look=_identifiers_look,
    rotate=_identifiers_rotate,
)

# Every keyed row, in the order `rotate_keys` moves them.
KEYED_ROWS = (REDACTION_MAPPINGS, ERASURE_IDENTIFIERS, VERSION_SIGNATURES)
