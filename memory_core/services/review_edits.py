"""Edit a staged draft's content, then approve it (edit-then-approve).

A curator may fix what an agent wrote before publishing it. The edited text
goes through the same personal-data redaction as a write, gets a fresh
content hash and embedding, and its provenance record is re-signed over the
new hash; the edit is audited (`memory.edit`, hashes only) before the usual
approval (`write_review_approve`) publishes the draft.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from audit.actions import AuditAction
from audit.services import audit_event_record
from memory_core.detectors import find_secrets
from memory_core.embeddings import EmbeddingError, get_provider
from memory_core.exceptions import Invalid, NotFound, TooLarge
from memory_core.hashing import content_hash
from memory_core.keys import provenance_keys
from memory_core.lock_objects import row_lock
from memory_core.models import MemoryVersion, Tenant, WriteRequest
from memory_core.provenance import (
    ProvenanceTampered,
    provenance_key_index,
    provenance_sign,
)
from memory_core.redaction import principal_for, redact_text
from memory_core.services.reviews import (
    deadline_enforce,
    lock_pending_write,
    require_decider,
    require_justification,
    write_review_approve,
)
from memory_core.services.tenancy import user_actor


@dataclass(frozen=True)
class DraftEdit:
    """A curator's text for a draft: redacted and embedded before any lock."""

    content: str
    vector: list[float]
    pii: bool

    @property
    def hash(self) -> str:
        return content_hash(self.content)


def draft_edit_prepare(
    *, tenant_id: uuid.UUID, scope_path: str, content: str, what: str = "content"
) -> DraftEdit:
    """Check a curator's text like a write's, redact it, embed it.

    The embedding is computed here, before any row lock is taken, so the model
    call never holds one.
    """
    content = (content or "").strip()
    if not content:
        raise Invalid(f"Write the {what}.", code="content_required")
    if len(content.encode()) > settings.MGC_MAX_CONTENT_BYTES:
        raise TooLarge(
            f"The {what} is over {settings.MGC_MAX_CONTENT_BYTES} bytes.",
            code="content_too_large",
        )
    if find_secrets(content):
        raise Invalid(
            f"The {what} contains what looks like a credential; "
            "memories never store secrets.",
            code="secret_detected",
        )
    redacted, tokens = redact_text(
        tenant_id=tenant_id, principal=principal_for(scope_path), text=content
    )
    try:
        vector = get_provider().embed([redacted])[0]
    except EmbeddingError as exc:
        raise Invalid(
            f"The {what} could not be embedded; try again shortly.",
            code="embedding_unavailable",
        ) from exc
    return DraftEdit(redacted, vector, pii=bool(tokens))


def draft_edit_apply(version: MemoryVersion, edit: DraftEdit) -> list[str]:
    """Give the locked draft the edit and a re-signed record; return changed fields.

    The caller saves the returned fields (with any of its own).
    """
    keys = provenance_keys()
    if version.provenance:
        # Refuse to launder a tampered record by signing it anew; one signed
        # under a previous key (before a rotation) is intact.
        if provenance_key_index(version.provenance, version.signature, keys) is None:
            raise ProvenanceTampered("The draft's provenance does not match.")
        version.provenance = {**version.provenance, "content_hash": edit.hash}
        version.signature = provenance_sign(version.provenance, keys[0])
    version.content, version.content_hash = edit.content, edit.hash
    version.embedding = edit.vector
    if edit.pii and "pii" not in version.flags:
        version.flags = [*version.flags, "pii"]
    return ["content", "content_hash", "embedding", "flags", "provenance", "signature"]


def write_review_edit_and_approve(
    *,
    tenant: Tenant,
    write_id: uuid.UUID,
    user: User,
    content: str,
    justification: str = "",
) -> WriteRequest:
    """Replace the draft's content with `content` (redacted), then approve it.

    Between the edit's commit and the approval another curator may decide
    first; the approval then fails with `already_decided` and the edited draft
    stays what that decision made of it.
    """
    require_decider(tenant, user)
    deadline_enforce(tenant, write_id, now=timezone.now())
    write = WriteRequest.objects.filter(tenant=tenant, pk=write_id).first()
    if write is None:
        raise NotFound("No such write.")
    require_justification(
        write,
        MemoryVersion.objects.filter(tenant=tenant, pk=write.version_id).first(),
        justification,
    )
    edit = draft_edit_prepare(
        tenant_id=tenant.id,
        scope_path=write.scope_path,
        content=content,
        what="content to approve",
    )
    with transaction.atomic(durable=True):
        write = lock_pending_write(tenant, write_id)
        version = row_lock(MemoryVersion, tenant=tenant, pk=write.version_id)
        previous = version.content_hash
        if previous != edit.hash:
            version.save(update_fields=draft_edit_apply(version, edit))
            audit_event_record(
                tenant_id=tenant.id,
                actor=user_actor(user),
                action=AuditAction.MEMORY_EDIT,
                object_type="memory_item",
                object_id=str(version.item_id),
                reason="edited before approval",
                metadata={
                    "version_id": str(version.id),
                    "write_id": str(write.id),
                    "previous_content_hash": previous,
                    "content_hash": edit.hash,
                    "redacted": edit.pii,
                },
            )
    return write_review_approve(
        tenant=tenant, write_id=write_id, user=user, justification=justification
    )
