"""Resolve contradiction cases (003 §12.2.4, DESIGN.md "Human governance").

A case pairs a staged draft (the write under review) with a stored version it
contradicts. The decision is about the write, so it settles every open case
of that write at once:

- `keep_new`: publish the draft and supersede what it contradicts
  (`write_review_approve`).
- `keep_existing`: discard the draft (`write_review_reject`, CONTRADICTION).
- `keep_both`: publish the draft and leave the contradicted versions active;
  each pair is remembered (`ConflictPairAllowance`) so the contradiction gate
  does not flag it again.
- `merge`: replace the draft's content with the curator's text (redacted,
  re-hashed, re-embedded, provenance re-signed), then keep new, linking the
  versions it merges.

A case without a write (found by a later scan between two stored versions)
is resolved by superseding the one not kept, or by remembering the pair.
"""

from __future__ import annotations

import dataclasses
import uuid
from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from audit.actions import AuditAction
from audit.services import AuditEntry, audit_events_record
from memory_core.exceptions import AlreadyDecided, Invalid, NotFound
from memory_core.lock_objects import row_lock
from memory_core.models import (
    Conflict,
    ConflictPairAllowance,
    ConflictStatus,
    MemoryVersion,
    Tenant,
    VersionStatus,
    WriteRequest,
    WriteStatus,
)
from memory_core.services.agents import agent_reputation_refresh
from memory_core.services.curation import require_curator, required_reason
from memory_core.services.memory import version_approve, versions_supersede
from memory_core.services.review_edits import (
    DraftEdit,
    draft_edit_apply,
    draft_edit_prepare,
)
from memory_core.services.reviews import (
    lock_pending_write,
    open_conflicts,
    record_decision,
    resign_approved,
    resolve_conflict_rows,
    write_review_approve,
    write_review_reject,
)
from memory_core.services.tenancy import user_actor

RESOLUTIONS = ("keep_new", "keep_existing", "keep_both", "merge")


def conflict_resolve(
    *,
    tenant: Tenant,
    conflict_id: uuid.UUID | str,
    user: User,
    resolution: str,
    reason: str,
    merged_content: str | None = None,
) -> Conflict:
    """Settle a contradiction case, and the other open cases of its write."""
    if resolution not in RESOLUTIONS:
        raise Invalid(
            f"Unknown resolution {resolution!r}; use one of {', '.join(RESOLUTIONS)}.",
            code="invalid_resolution",
        )
    require_curator(tenant, user, missing="No such contradiction case.")
    reason = required_reason(reason)
    conflict = Conflict.objects.filter(tenant=tenant, pk=conflict_id).first()
    if conflict is None:
        raise NotFound("No such contradiction case.")
    _refuse_resolved(conflict)
    if conflict.write_request_id is None:
        _resolve_stored_pair(conflict, user=user, resolution=resolution, reason=reason)
    elif resolution == "keep_new":
        write_review_approve(
            tenant=tenant,
            write_id=conflict.write_request_id,
            user=user,
            justification=reason,
        )
    elif resolution == "keep_existing":
        write_review_reject(
            tenant=tenant,
            write_id=conflict.write_request_id,
            user=user,
            reason_code="CONTRADICTION",
            note=reason,
        )
    else:
        edit = None
        if resolution == "merge":
            edit = _merged_draft(conflict, merged_content)
        _publish_draft(
            tenant=tenant,
            write_id=conflict.write_request_id,
            user=user,
            resolution=resolution,
            reason=reason,
            edit=edit,
        )
    conflict.refresh_from_db()
    return conflict


def _refuse_resolved(conflict: Conflict) -> None:
    if conflict.status != ConflictStatus.OPEN:
        who = f" by {conflict.resolved_by}" if conflict.resolved_by else ""
        raise AlreadyDecided(
            f"This case was already resolved{who}: "
            f"{conflict.resolution.replace('_', ' ')}.",
            code="already_decided",
            details={
                "resolution": conflict.resolution,
                "resolved_by": conflict.resolved_by,
            },
        )


def _merged_draft(conflict: Conflict, merged_content: str | None) -> DraftEdit:
    write = WriteRequest.objects.only("scope_path").get(pk=conflict.write_request_id)
    return draft_edit_prepare(
        tenant_id=conflict.tenant_id,
        scope_path=write.scope_path,
        content=merged_content or "",
        what="merged content",
    )


def _publish_draft(
    *,
    tenant: Tenant,
    write_id: uuid.UUID,
    user: User,
    resolution: str,
    reason: str,
    edit: DraftEdit | None,
) -> WriteRequest:
    """Approve the write's draft for keep-both or merge, in one transaction.

    Like `write_review_approve`, but keep-both leaves the contradicted versions
    active and remembers each pair, and merge first gives the draft the
    curator's content and links the versions it merges.
    """
    actor = user_actor(user)
    now = timezone.now()
    with transaction.atomic(durable=True):
        write = lock_pending_write(tenant, write_id)
        version = row_lock(MemoryVersion, tenant=tenant, pk=write.version_id)
        conflicts = list(open_conflicts(write))
        contradicted = [c.existing_version_id for c in conflicts]
        entries: list[AuditEntry] = []
        if resolution == "keep_both":
            _refuse_same_item(version, contradicted)
        if edit is not None:
            entries.append(_edit_draft(version, edit, contradicted, write=write))
        resign_approved(version, approved_by=actor.label, now=now)
        entries += version_approve(
            version=version,
            approved_by=actor.label,
            justification=reason,
            now=now,
            actor_user_id=user.pk,
        )
        if resolution == "merge":
            entries += versions_supersede(
                version_ids=contradicted,
                by=version,
                now=now,
                reason="contradiction resolved: merged",
                actor_user_id=user.pk,
            )
        else:
            _allow_pairs(conflicts, version=version, user=user, now=now)
        entries += _resolved(
            conflicts, resolution=resolution, reason=reason, by=actor.label, now=now
        )
        record_decision(write, status=WriteStatus.COMMITTED, by=actor.label, now=now)
        entries.append(
            AuditEntry(
                action=AuditAction.WRITE_APPROVE,
                object_type="write_request",
                object_id=str(write.id),
                reason=reason,
                metadata={"tier": write.tier, "resolution": resolution},
            )
        )
        audit_events_record(tenant_id=tenant.id, actor=actor, entries=entries)
        transaction.on_commit(lambda: agent_reputation_refresh(agent_id=write.agent_id))
    return write


def _refuse_same_item(version: MemoryVersion, contradicted: list[uuid.UUID]) -> None:
    """Refuse keep-both when the draft is a new version of a contradicted item.

    One memory has one current value: publishing the draft replaces that head.
    """
    if MemoryVersion.objects.filter(
        pk__in=contradicted, item_id=version.item_id
    ).exists():
        raise Invalid(
            "The new value is a version of the same memory, which holds one value "
            "at a time: keep new, keep existing or merge.",
            code="same_memory",
        )


def _edit_draft(
    version: MemoryVersion,
    edit: DraftEdit,
    merged: list[uuid.UUID],
    *,
    write: WriteRequest,
) -> AuditEntry:
    """Give the locked draft the merged content, evidence and merge links."""
    previous_hash = version.content_hash
    fields = draft_edit_apply(version, edit)
    evidence = list(version.evidence)
    for other in MemoryVersion.objects.filter(pk__in=merged).only("evidence"):
        evidence += [ref for ref in other.evidence if ref not in evidence]
    version.evidence = evidence
    version.evidence_count = max(version.evidence_count, len(evidence))
    version.merged_from = sorted(set(merged), key=str)
    version.save(update_fields=[*fields, "evidence", "evidence_count", "merged_from"])
    return AuditEntry(
        action=AuditAction.MEMORY_EDIT,
        object_type="memory_item",
        object_id=str(version.item_id),
        reason="merged by a curator",
        metadata={
            "version_id": str(version.id),
            "write_id": str(write.id),
            "scope_id": str(version.scope_id),
            "previous_content_hash": previous_hash,
            "content_hash": edit.hash,
            "merged_from": [str(v) for v in version.merged_from],
        },
    )


def _allow_pairs(
    conflicts: list[Conflict], *, version: MemoryVersion, user: User, now: datetime
) -> None:
    """Remember each (kept, contradicted) pair as not contradictory."""
    allowances = []
    for conflict in conflicts:
        first, second = sorted((version.pk, conflict.existing_version_id), key=str)
        allowances.append(
            ConflictPairAllowance(
                tenant_id=conflict.tenant_id,
                version_a_id=first,
                version_b_id=second,
                conflict=conflict,
                created_by=user,
                created_at=now,
            )
        )
    ConflictPairAllowance.objects.bulk_create(allowances, ignore_conflicts=True)


def _resolved(
    conflicts: list[Conflict], *, resolution: str, reason: str, by: str, now: datetime
) -> list[AuditEntry]:
    """Mark the cases resolved; their audit events carry the curator's reason."""
    return [
        dataclasses.replace(entry, reason=reason, metadata={"resolution": resolution})
        for entry in resolve_conflict_rows(
            conflicts, resolution=resolution, by=by, now=now
        )
    ]


def _resolve_stored_pair(
    conflict: Conflict, *, user: User, resolution: str, reason: str
) -> None:
    """Resolve a case between two stored versions (no write awaits a decision)."""
    if resolution == "merge" or conflict.new_version_id is None:
        raise Invalid(
            "This case has no pending write to merge into; keep one or both.",
            code="no_pending_write",
        )
    actor = user_actor(user)
    now = timezone.now()
    with transaction.atomic(durable=True):
        conflict = row_lock(
            Conflict.objects.select_related("new_version"), pk=conflict.pk
        )
        _refuse_resolved(conflict)
        new, old = conflict.new_version_id, conflict.existing_version_id
        entries: list[AuditEntry] = []
        if resolution in ("keep_new", "keep_existing"):
            keep, drop = (new, old) if resolution == "keep_new" else (old, new)
            winner = MemoryVersion.objects.get(pk=keep)
            if winner.status != VersionStatus.ACTIVE:
                raise AlreadyDecided(
                    f"The version to keep is {winner.status} now; reload the case.",
                    code="stale",
                )
            entries += versions_supersede(
                version_ids=[drop],
                by=winner,
                now=now,
                reason=f"contradiction resolved: {resolution.replace('_', ' ')}",
                actor_user_id=user.pk,
            )
        else:
            _allow_pairs([conflict], version=conflict.new_version, user=user, now=now)
        entries += _resolved(
            [conflict], resolution=resolution, reason=reason, by=actor.label, now=now
        )
        audit_events_record(tenant_id=conflict.tenant_id, actor=actor, entries=entries)


# Reads for the contradiction screens.


def conflict_list(*, tenant: Tenant, status: str = "") -> QuerySet[Conflict]:
    """Return the tenant's cases, newest first, with both versions and the write."""
    conflicts = _with_related(Conflict.objects.filter(tenant=tenant))
    if status:
        conflicts = conflicts.filter(status=status)
    return conflicts.order_by("-created_at", "id")


def conflict_get(*, tenant: Tenant, conflict_id: uuid.UUID | str) -> Conflict | None:
    conflicts = _with_related(Conflict.objects.filter(tenant=tenant))
    return conflicts.filter(pk=conflict_id).first()


def conflict_siblings(*, tenant: Tenant, conflict: Conflict) -> QuerySet[Conflict]:
    """Return the other cases of the same write: one decision settles them all."""
    if conflict.write_request_id is None:
        return Conflict.objects.none()
    return (
        _with_related(Conflict.objects.filter(tenant=tenant))
        .filter(write_request_id=conflict.write_request_id)
        .exclude(pk=conflict.pk)
        .order_by("created_at", "id")
    )


def _with_related(conflicts: QuerySet[Conflict]) -> QuerySet[Conflict]:
    return conflicts.select_related(
        "new_version__scope",
        "new_version__agent",
        "new_version__item",
        "existing_version__scope",
        "existing_version__agent",
        "existing_version__item",
        "write_request__agent",
    ).defer(
        "new_version__embedding",
        "new_version__search_vector",
        "existing_version__embedding",
        "existing_version__search_vector",
        "write_request__payload",
        "write_request__gate_decisions",
    )
