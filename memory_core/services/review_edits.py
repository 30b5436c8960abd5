"""Edit a staged draft's content, then approve it (edit-then-approve).

A curator may fix what an agent wrote before publishing it. The edited text
goes through the same personal-data redaction as a write, gets a fresh
content hash and embedding, and its provenance record is re-signed over the
new hash; the edit is audited (`memory.edit`, hashes only) before the usual
approval (`write_review_approve`) publishes the draft.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction

from audit.services import audit_event_record
from memory_core.embeddings import get_provider
from memory_core.exceptions import Invalid, NotFound, TooLarge
from memory_core.hashing import content_hash
from memory_core.models import MemoryVersion, Tenant, WriteRequest
from memory_core.provenance import (
    ProvenanceTampered,
    provenance_sign,
    provenance_verify,
)
from memory_core.redaction import principal_for, redact_text
from memory_core.services.reviews import (
    lock_pending_write,
    require_decider,
    write_review_approve,
)
from memory_core.services.tenancy import user_actor


def write_review_edit_and_approve(
    *,
    tenant: Tenant,
    write_id: uuid.UUID,
    user: User,
    content: str,
    justification: str = "",
) -> WriteRequest:
    """Replace the draft's content with `content` (redacted), then approve it.

    The embedding is computed before the row locks are taken, so the model
    call never holds them. Between the edit's commit and the approval another
    curator may decide first; the approval then fails with `already_decided`
    and the edited draft stays what that decision made of it.
    """
    content = content.strip()
    if not content:
        raise Invalid("Write the content to approve.", code="content_required")
    if len(content.encode()) > settings.MGC_MAX_CONTENT_BYTES:
        raise TooLarge(
            f"The content is over {settings.MGC_MAX_CONTENT_BYTES} bytes.",
            code="content_too_large",
        )
    require_decider(tenant, user)
    write = WriteRequest.objects.filter(tenant=tenant, pk=write_id).first()
    if write is None:
        raise NotFound("No such write.")
    redacted, tokens = redact_text(
        tenant_id=tenant.id, principal=principal_for(write.scope_path), text=content
    )
    new_hash = content_hash(redacted)
    vector = get_provider().embed([redacted])[0]
    with transaction.atomic(durable=True):
        write = lock_pending_write(tenant, write_id)
        version = MemoryVersion.objects.select_for_update(of=("self",)).get(
            tenant=tenant, pk=write.version_id
        )
        previous = version.content_hash
        if previous != new_hash:
            _draft_replace(version, content=redacted, vector=vector, pii=bool(tokens))
            audit_event_record(
                tenant_id=tenant.id,
                actor=user_actor(user),
                action="memory.edit",
                object_type="memory_item",
                object_id=str(version.item_id),
                reason="edited before approval",
                metadata={
                    "version_id": str(version.id),
                    "write_id": str(write.id),
                    "previous_content_hash": previous,
                    "content_hash": new_hash,
                    "redacted_tokens": len(tokens),
                },
            )
    return write_review_approve(
        tenant=tenant, write_id=write_id, user=user, justification=justification
    )


def _draft_replace(
    version: MemoryVersion, *, content: str, vector: list[float], pii: bool
) -> None:
    """Give the locked draft new content, hash, vector and a re-signed record."""
    key = settings.MGC_PROVENANCE_KEY.encode()
    version.content, version.content_hash = content, content_hash(content)
    version.embedding = vector
    if pii and "pii" not in version.flags:
        version.flags = [*version.flags, "pii"]
    if version.provenance:
        # Refuse to launder a tampered record by signing it anew.
        if not provenance_verify(version.provenance, version.signature, key):
            raise ProvenanceTampered("The draft's provenance does not match.")
        version.provenance = {
            **version.provenance,
            "content_hash": version.content_hash,
        }
        version.signature = provenance_sign(version.provenance, key)
    version.save(
        update_fields=[
            "content",
            "content_hash",
            "embedding",
            "flags",
            "provenance",
            "signature",
        ]
    )
