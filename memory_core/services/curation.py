"""Curators' actions on stored memories: pin, roll back, expire, reclassify, promote.

Each action is one durable transaction: check the member may curate, lock the
item row, check its state, change the rows, append a `MemoryLogEntry` and the
audit events. A refused action raises and changes nothing.

Transaction time stays exact for "as of" queries (003 §12.5.5): a version's
range [`valid_from`, `valid_to`) is closed once and never reopened. Rollback,
promotion and reclassification therefore *append* a version (a copy of the
content to restore or to move) that is active from the same instant the old
head stops being active, instead of reactivating or editing an old row
(reactivating the predecessor would need a second range on one row, and
rewriting its `valid_from` would erase when it was first believed). This
is also what 003 §12.5.6 does: the reactivation is a new version id with the
predecessor's content snapshot.

A restored copy takes the predecessor's place in the chain (its `supersedes`
is the predecessor's own predecessor, and its scope and layer are the
predecessor's), so rolling back again steps one more change back, and a
rollback also undoes a promotion or a reclassification.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from audit.actions import AuditAction
from audit.services import AuditEntry, audit_events_record
from memory_core.exceptions import Invalid, NotFound, StateConflict
from memory_core.lock_objects import (
    memory_item_lock,
    memory_version_lock,
    rows_lock,
    version_number_next,
)
from memory_core.models import (
    Layer,
    LogOperation,
    MemoryAnnotation,
    MemoryItem,
    MemoryLogEntry,
    MemoryVersion,
    Scope,
    ScopeKind,
    Tenant,
    VersionStatus,
    ancestor_paths,
)
from memory_core.permissions import Capability, require
from memory_core.services.tenancy import user_actor

# (from, to) scope kinds a memory may be promoted along (000 §7).
PROMOTIONS = frozenset(
    {
        (ScopeKind.TASK, ScopeKind.USER),
        (ScopeKind.USER, ScopeKind.ORG),
        (ScopeKind.TASK, ScopeKind.ORG),
    }
)
# A predecessor in one of these states can be restored by a rollback.
RESTORABLE = (VersionStatus.SUPERSEDED, VersionStatus.EXPIRED)
MAX_REASON_CHARS = 1000
MAX_NOTE_CHARS = 4000


def require_curator(
    tenant: Tenant, user: User, *, missing: str = "No such memory."
) -> None:
    """Refuse non-members (as not found) and members who may not curate."""
    require(tenant=tenant, user=user, capability=Capability.CURATE, missing=missing)


def required_reason(reason: str | None) -> str:
    """Return the reason stripped, or refuse an empty or overlong one."""
    reason = (reason or "").strip()
    if not reason:
        raise Invalid("Give a reason: it is kept in the audit trail.", code="reason")
    if len(reason) > MAX_REASON_CHARS:
        raise Invalid(
            f"Keep the reason under {MAX_REASON_CHARS} characters.", code="reason"
        )
    return reason


def _lock_item(tenant: Tenant, item_id: uuid.UUID | str) -> MemoryItem:
    item = memory_item_lock(tenant_id=tenant.id, item_id=item_id)
    if item is None:
        raise NotFound("No such memory.")
    return item


def _lock_head(item: MemoryItem) -> MemoryVersion:
    """Return the item's active head, locked, or explain why there is none."""
    head = memory_version_lock(tenant_id=item.tenant_id, version_id=item.head_id)
    if head is None or item.status != VersionStatus.ACTIVE:
        raise StateConflict(
            f"This memory is {item.status}, not active; reload the page.",
            code="not_active",
            details={"status": item.status},
        )
    return head


def _refuse_pending_draft(item: MemoryItem) -> None:
    """Refuse to move an item while a staged write waits to become its head."""
    if MemoryVersion.objects.filter(
        tenant_id=item.tenant_id, item=item, status=VersionStatus.DRAFT
    ).exists():
        raise StateConflict(
            "A write to this memory awaits review; decide it first.",
            code="pending_draft",
        )


def item_key_refuse_taken(
    item: MemoryItem,
    *,
    scope_id: uuid.UUID | None = None,
    layer: str | None = None,
) -> None:
    """Refuse to put `item` where another item of any status holds its key.

    The place is the item's own scope and layer unless a move names another;
    the database's `memory_item_unique_key` counts items of every status.
    """
    scope_id = scope_id or item.scope_id
    layer = layer or item.layer
    if item.memory_key and (
        MemoryItem.objects.filter(
            tenant_id=item.tenant_id,
            scope_id=scope_id,
            layer=layer,
            memory_key=item.memory_key,
        )
        .exclude(pk=item.pk)
        .exists()
    ):
        raise StateConflict(
            f"Another {layer} memory there already has the key "
            f"{item.memory_key!r}; merge or retire it first.",
            code="key_taken",
        )


def _close(version: MemoryVersion, *, status: str, now: datetime) -> None:
    version.status, version.valid_to = status, now
    version.save(update_fields=["status", "valid_to"])


def version_append_copy(
    source: MemoryVersion,
    *,
    item: MemoryItem,
    actor_label: str,
    reason: str,
    now: datetime,
    scope_id: uuid.UUID,
    layer: str,
    supersedes: MemoryVersion | None,
    reinforced_at: datetime | None = None,
) -> MemoryVersion:
    """Append an active copy of `source` as the item's head, from `now`.

    `reinforced_at` restarts confidence decay (a recovery vouches for the
    content anew); by default the copy keeps the source's.
    """
    copy = MemoryVersion(
        tenant_id=item.tenant_id,
        item=item,
        scope_id=scope_id,
        layer=layer,
        number=version_number_next(item),
        content=source.content,
        structured=source.structured,
        embedding=source.embedding,
        content_hash=source.content_hash,
        fingerprint=source.fingerprint,
        confidence=source.confidence,
        adjusted_confidence=source.adjusted_confidence,
        source=source.source,
        evidence=source.evidence,
        evidence_count=source.evidence_count,
        last_reinforced_at=reinforced_at or source.last_reinforced_at,
        validation_score=source.validation_score,
        # The provenance record signs the content hash, not the row: a copy
        # of the same content keeps a valid signature.
        provenance=source.provenance,
        signature=source.signature,
        flags=source.flags,
        risk_score=source.risk_score,
        approval_state="curated",
        approved_by=actor_label,
        justification=reason,
        status=VersionStatus.ACTIVE,
        supersedes=supersedes,
        valid_from=now,
        agent_id=source.agent_id,
        write_request_id=source.write_request_id,
        task_id=source.task_id,
        session_id=source.session_id,
        created_at=now,
    )
    copy.save(force_insert=True)
    item.head, item.status, item.updated_at = copy, VersionStatus.ACTIVE, now
    item.scope_id, item.layer = scope_id, layer
    # The stored fact is the restored version's, field by field: the gates
    # compare new writes with the item's subject, predicate and object.
    structured = source.structured or {}
    item.subject = structured.get("subject", "")
    item.predicate = structured.get("predicate", "")
    item.object = structured.get("object", "")
    item.save(
        update_fields=[
            "head",
            "status",
            "updated_at",
            "scope",
            "layer",
            "subject",
            "predicate",
            "object",
        ]
    )
    return copy


def _log(
    item: MemoryItem,
    operation: str,
    *,
    user: User,
    reason: str,
    now: datetime,
    version_id: uuid.UUID | None = None,
    previous_id: uuid.UUID | None = None,
    payload: dict | None = None,
) -> None:
    MemoryLogEntry.objects.create(
        tenant_id=item.tenant_id,
        operation=operation,
        item=item,
        version_id=version_id,
        previous_version_id=previous_id,
        actor_user=user,
        reason=reason,
        payload=payload or {},
        created_at=now,
    )


def _event(action: str, item: MemoryItem, reason: str, **metadata) -> AuditEntry:
    return AuditEntry(
        action=action,
        object_type="memory_item",
        object_id=str(item.id),
        reason=reason,
        metadata={"scope_id": str(item.scope_id), **metadata},
    )


def head_copy_commit(
    source: MemoryVersion,
    *,
    item: MemoryItem,
    user: User,
    reason: str,
    now: datetime,
    operation: str,
    action: AuditAction,
    scope_id: uuid.UUID,
    layer: str,
    supersedes: MemoryVersion | None,
    close: tuple[MemoryVersion, str] | None = None,
    reinforced_at: datetime | None = None,
    log_reason: str | None = None,
    log_payload: dict[str, Any] | None = None,
    audit_metadata: dict[str, Any] | None = None,
    copy_key: str = "version_id",
) -> MemoryVersion:
    """Make a copy of `source` the item's head: the curation skeleton.

    With the item (and the versions) locked by the caller: close the old head
    (`close`: the version and its new status), append the copy, write the
    memory log entry `operation` (copy ← `source`) and the audit event
    `action`, whose metadata names the copy under `copy_key`. Return the copy.
    """
    if close is not None:
        _close(close[0], status=close[1], now=now)
    actor = user_actor(user)
    copy = version_append_copy(
        source,
        item=item,
        actor_label=actor.label,
        reason=reason,
        now=now,
        scope_id=scope_id,
        layer=layer,
        supersedes=supersedes,
        reinforced_at=reinforced_at,
    )
    _log(
        item,
        operation,
        user=user,
        reason=reason if log_reason is None else log_reason,
        now=now,
        version_id=copy.pk,
        previous_id=source.pk,
        payload=log_payload,
    )
    audit_events_record(
        tenant_id=item.tenant_id,
        actor=actor,
        entries=[
            _event(
                action,
                item,
                reason,
                **{copy_key: str(copy.id)},
                **(audit_metadata or {}),
            )
        ],
    )
    return copy


def memory_pin(
    *, tenant: Tenant, item_id: uuid.UUID | str, user: User, reason: str
) -> MemoryItem:
    """Pin an active memory: garbage collection never collects it."""
    return _set_pinned(
        tenant=tenant, item_id=item_id, user=user, reason=reason, pinned=True
    )


def memory_unpin(
    *, tenant: Tenant, item_id: uuid.UUID | str, user: User, reason: str
) -> MemoryItem:
    """Unpin a memory: garbage collection treats it like any other again."""
    return _set_pinned(
        tenant=tenant, item_id=item_id, user=user, reason=reason, pinned=False
    )


def _set_pinned(
    *, tenant: Tenant, item_id: uuid.UUID | str, user: User, reason: str, pinned: bool
) -> MemoryItem:
    require_curator(tenant, user)
    reason = required_reason(reason)
    now = timezone.now()
    with transaction.atomic(durable=True):
        item = _lock_item(tenant, item_id)
        if item.pinned == pinned:
            state = "pinned" if pinned else "not pinned"
            raise StateConflict(f"This memory is already {state}.", code="already_done")
        if pinned and item.status != VersionStatus.ACTIVE:
            raise StateConflict(
                f"Only an active memory can be pinned; this one is {item.status}.",
                code="not_active",
            )
        item.pinned, item.updated_at = pinned, now
        item.save(update_fields=["pinned", "updated_at"])
        operation = LogOperation.PIN if pinned else LogOperation.UNPIN
        _log(
            item, operation, user=user, reason=reason, now=now, version_id=item.head_id
        )
        audit_events_record(
            tenant_id=tenant.id,
            actor=user_actor(user),
            entries=[
                _event(
                    AuditAction.memory(operation), item, reason, version_id=item.head_id
                )
            ],
        )
    return item


def version_rollback(
    *,
    tenant: Tenant,
    item_id: uuid.UUID | str,
    version_id: uuid.UUID | str,
    user: User,
    reason: str,
    to_version_id: uuid.UUID | str | None = None,
) -> MemoryVersion:
    """Retract the head `version_id` and restore an earlier version (003 §12.5.6).

    The earlier version is `to_version_id`, any superseded or expired
    version of the item older than the head, or by default the head's
    predecessor. The head gets `valid_to = now` and status retracted; a copy
    of the earlier version, every field of it (content, stored fact, scope,
    layer, evidence), becomes the active head from the same instant (see the
    module's docstring). Return the restored copy.
    """
    require_curator(tenant, user)
    reason = required_reason(reason)
    now = timezone.now()
    with transaction.atomic(durable=True):
        item = _lock_item(tenant, item_id)
        bad = rows_lock(
            MemoryVersion.objects.filter(tenant=tenant, item=item, pk=version_id)
        ).first()
        if bad is None:
            raise NotFound("No such version of this memory.")
        if item.head_id != bad.pk or bad.status != VersionStatus.ACTIVE:
            raise StateConflict(
                f"v{bad.number} is not the current version of this memory any "
                "more; reload the page to see what changed.",
                code="not_head",
                details={"status": bad.status},
            )
        target = to_version_id or bad.supersedes_id
        predecessor = (
            MemoryVersion.objects.filter(tenant=tenant, item=item, pk=target).first()
            if target
            else None
        )
        if predecessor is None and to_version_id:
            raise NotFound("No such earlier version of this memory.")
        if predecessor is None:
            raise Invalid(
                f"v{bad.number} has no earlier version to restore; force-expire "
                "the memory instead.",
                code="no_predecessor",
            )
        if predecessor.number >= bad.number:
            raise Invalid(
                f"v{predecessor.number} is not earlier than v{bad.number}.",
                code="not_earlier",
            )
        if predecessor.status not in RESTORABLE:
            raise Invalid(
                f"The earlier version v{predecessor.number} is "
                f"{predecessor.status} and cannot be restored.",
                code="predecessor_not_restorable",
            )
        item_key_refuse_taken(
            item, scope_id=predecessor.scope_id, layer=predecessor.layer
        )
        _close(bad, status=VersionStatus.RETRACTED, now=now)
        _log(
            item,
            LogOperation.RETRACT,
            user=user,
            reason=reason,
            now=now,
            version_id=bad.pk,
            previous_id=predecessor.pk,
            payload={"rollback": True},
        )
        restored = head_copy_commit(
            predecessor,
            item=item,
            user=user,
            reason=reason,
            now=now,
            operation=LogOperation.UPDATE,
            action=AuditAction.MEMORY_ROLLBACK,
            scope_id=predecessor.scope_id,
            layer=predecessor.layer,
            supersedes=predecessor.supersedes,
            log_reason=(
                f"restored v{predecessor.number} after rollback of v{bad.number}"
            ),
            log_payload={
                "restored_from": str(predecessor.id),
                "rollback_of": str(bad.id),
            },
            copy_key="restored_version_id",
            audit_metadata={
                "version_id": str(bad.id),
                "restored_from": str(predecessor.id),
                "previous_scope_id": str(bad.scope_id),
            },
        )
    return restored


def memory_force_expire(
    *, tenant: Tenant, item_id: uuid.UUID | str, user: User, reason: str
) -> MemoryItem:
    """Expire an active memory now: its head stops being visible from `now`."""
    require_curator(tenant, user)
    reason = required_reason(reason)
    now = timezone.now()
    with transaction.atomic(durable=True):
        item = _lock_item(tenant, item_id)
        if item.pinned:
            raise StateConflict(
                "This memory is pinned; unpin it before expiring it.", code="pinned"
            )
        head = _lock_head(item)
        _close(head, status=VersionStatus.EXPIRED, now=now)
        item.status, item.updated_at = VersionStatus.EXPIRED, now
        # GC's grace period counts from here; recovery clears both.
        item.expired_at, item.expired_by = now, "curator"
        item.save(update_fields=["status", "updated_at", "expired_at", "expired_by"])
        _log(
            item,
            LogOperation.EXPIRE,
            user=user,
            reason=reason,
            now=now,
            version_id=head.pk,
            payload={"forced": True},
        )
        audit_events_record(
            tenant_id=tenant.id,
            actor=user_actor(user),
            entries=[
                _event(AuditAction.MEMORY_EXPIRE, item, reason, version_id=str(head.id))
            ],
        )
    return item


def memory_reclassify(
    *,
    tenant: Tenant,
    item_id: uuid.UUID | str,
    user: User,
    layer: str,
    reason: str,
) -> MemoryVersion:
    """Move an active memory to another layer, as a new version in that layer."""
    require_curator(tenant, user)
    reason = required_reason(reason)
    if layer not in Layer.values:
        raise Invalid(
            f"Unknown layer {layer!r}; use one of {', '.join(Layer.values)}.",
            code="invalid_layer",
        )
    now = timezone.now()
    with transaction.atomic(durable=True):
        item = _lock_item(tenant, item_id)
        if item.layer == layer:
            raise StateConflict(
                f"This memory is already in the {layer} layer.", code="already_done"
            )
        head = _lock_head(item)
        _refuse_pending_draft(item)
        item_key_refuse_taken(item, scope_id=item.scope_id, layer=layer)
        previous_layer = item.layer
        version = head_copy_commit(
            head,
            item=item,
            user=user,
            reason=reason,
            now=now,
            operation=LogOperation.RECLASSIFY,
            action=AuditAction.MEMORY_RECLASSIFY,
            scope_id=item.scope_id,
            layer=layer,
            supersedes=head,
            close=(head, VersionStatus.SUPERSEDED),
            log_payload={"from_layer": previous_layer, "to_layer": layer},
            audit_metadata={
                "previous_version_id": str(head.id),
                "from_layer": previous_layer,
                "to_layer": layer,
            },
        )
    return version


def promotion_targets(*, tenant: Tenant, scope: Scope) -> QuerySet[Scope]:
    """Return the scopes a memory in `scope` may be promoted to, nearest first."""
    kinds = [to for (source, to) in PROMOTIONS if source == scope.kind]
    return Scope.objects.filter(
        tenant=tenant,
        path__in=ancestor_paths(scope.path)[1:],
        kind__in=kinds,
        archived_at__isnull=True,
    ).order_by("-path")


def _promotion_target(tenant: Tenant, source: Scope, path: str) -> Scope:
    """Return the scope at `path` if `source`'s memories may move up to it."""
    path = (path or "").strip()
    target = Scope.objects.filter(tenant=tenant, path=path).first()
    if target is None:
        raise Invalid(f"There is no scope {path!r} in this tenant.", code="scope")
    if target.pk == source.pk:
        raise Invalid(f"The memory is already in {path}.", code="same_scope")
    if target.path.startswith(source.path):
        raise Invalid(
            f"{path} is below {source.path}: promotion moves a memory up to an "
            "ancestor scope, never down.",
            code="descendant_scope",
        )
    if target.path not in ancestor_paths(source.path):
        raise Invalid(
            f"{path} is not above {source.path} (a sibling or another branch): "
            "promotion only moves a memory up its own branch.",
            code="not_an_ancestor",
        )
    if (source.kind, target.kind) not in PROMOTIONS:
        raise Invalid(
            f"Promotion goes task → user, user → org or task → org; "
            f"{source.kind} → {target.kind} is not allowed.",
            code="promotion_path",
        )
    if target.archived_at is not None:
        raise Invalid(
            f"{path} is archived and takes no writes; an admin can unarchive it "
            "(Admin → Scopes).",
            code="scope_archived",
        )
    return target


def memory_promote(
    *,
    tenant: Tenant,
    item_id: uuid.UUID | str,
    user: User,
    scope_path: str,
    reason: str,
) -> MemoryVersion:
    """Move an active memory up to an ancestor scope (000 §7 `promote`).

    The item keeps its identity and history; its new head is a copy in the
    target scope, so the old scope's past "as of" views still show it there.
    """
    require_curator(tenant, user)
    reason = required_reason(reason)
    now = timezone.now()
    with transaction.atomic(durable=True):
        item = _lock_item(tenant, item_id)
        source = item.scope
        target = _promotion_target(tenant, source, scope_path)
        head = _lock_head(item)
        _refuse_pending_draft(item)
        item_key_refuse_taken(item, scope_id=target.id, layer=item.layer)
        version = head_copy_commit(
            head,
            item=item,
            user=user,
            reason=reason,
            now=now,
            operation=LogOperation.PROMOTE,
            action=AuditAction.MEMORY_PROMOTE,
            scope_id=target.id,
            layer=item.layer,
            supersedes=head,
            close=(head, VersionStatus.SUPERSEDED),
            log_payload={"from_scope": source.path, "to_scope": target.path},
            audit_metadata={
                "previous_version_id": str(head.id),
                "from_scope_id": str(source.id),
            },
        )
    return version


def memory_annotate(
    *, tenant: Tenant, item_id: uuid.UUID | str, user: User, text: str
) -> MemoryAnnotation:
    """Add a curator's note to a memory; the note is its own reason.

    The memory itself does not change, so the memory log gets no entry; the
    audit event keeps the note's id and length, not its words.
    """
    require_curator(tenant, user)
    text = (text or "").strip()
    if not text:
        raise Invalid("Write the note.", code="reason")
    if len(text) > MAX_NOTE_CHARS:
        raise Invalid(f"Keep the note under {MAX_NOTE_CHARS} characters.", code="note")
    now = timezone.now()
    with transaction.atomic(durable=True):
        item = _lock_item(tenant, item_id)
        note = MemoryAnnotation(
            tenant=tenant, item=item, author=user, text=text, created_at=now
        )
        note.full_clean()
        note.save(force_insert=True)
        audit_events_record(
            tenant_id=tenant.id,
            actor=user_actor(user),
            entries=[
                _event(
                    AuditAction.MEMORY_ANNOTATE,
                    item,
                    "",
                    annotation_id=note.pk,
                    characters=len(text),
                )
            ],
        )
    return note


# Reads for the curation screens.


def memory_annotation_list(
    *, tenant: Tenant, item: MemoryItem
) -> QuerySet[MemoryAnnotation]:
    return (
        MemoryAnnotation.objects.filter(tenant=tenant, item=item)
        .select_related("author")
        .order_by("-created_at", "-pk")
    )


def versions_as_of(
    *,
    tenant: Tenant,
    at: datetime,
    scope_paths: list[str] | None = None,
    layer: str = "",
) -> QuerySet[MemoryVersion]:
    """Return the versions that were visible at `at`, newest first (003 §12.5.5).

    A version was visible when its transaction-time range held `at` and it was
    not a draft (a staged draft has a range but was never readable). Scope
    and layer are the version's own, so a memory promoted or reclassified
    since shows where it was at the time.
    """
    versions = (
        MemoryVersion.objects.filter(tenant=tenant, valid_from__lte=at)
        .filter(Q(valid_to__isnull=True) | Q(valid_to__gt=at))
        .exclude(status=VersionStatus.DRAFT)
        .select_related("scope", "item")
        .defer("embedding", "search_vector")
    )
    if scope_paths:
        versions = versions.filter(scope__path__in=scope_paths)
    if layer:
        versions = versions.filter(layer=layer)
    return versions.order_by("-valid_from", "id")


def scope_of_item_at(
    *, tenant: Tenant, item_id: uuid.UUID, at: datetime
) -> Scope | None:
    """Return the scope an item was in at `at` (its latest version by then)."""
    scope_id = (
        MemoryVersion.objects.filter(tenant=tenant, item_id=item_id, valid_from__lte=at)
        .exclude(status=VersionStatus.DRAFT)
        .order_by("-valid_from")
        .values_list("scope_id", flat=True)
        .first()
    )
    if scope_id is None:
        scope_id = (
            MemoryItem.objects.filter(tenant=tenant, pk=item_id)
            .values_list("scope_id", flat=True)
            .first()
        )
    return Scope.objects.filter(tenant=tenant, pk=scope_id).first()
