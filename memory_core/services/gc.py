"""Curators' side of garbage collection: recover an expired memory, ask for a dry run.

Recovery, like a rollback (memory_core/services/curation.py), appends a
version: an active copy of the expired head from now, so the expired range
stays as it was for "as of" reads. It also lifts what made GC take the item,
or the next run would take it again: a passed hard or soft TTL is cleared,
candidate and stale marks go, the retrieval weight is reset, the copy counts
as verified now (`last_reinforced_at`, which restarts confidence decay) and
the recovery as a use (`last_accessed_at`, which restarts the idle clocks).
Recovery is possible only while the item is within the grace period.
"""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from audit.actions import AuditAction
from audit.services import Actor, AuditEntry, audit_events_record
from memory_core.exceptions import Invalid, NotFound, StateConflict
from memory_core.lock_objects import memory_item_lock, memory_version_lock
from memory_core.models import (
    GcRun,
    LogOperation,
    Membership,
    MemoryItem,
    MemoryVersion,
    Tenant,
    VersionStatus,
)
from memory_core.policy import policy_for
from memory_core.services.curation import (
    head_copy_commit,
    item_key_refuse_taken,
    require_curator,
    required_reason,
)
from memory_core.services.tenancy import user_actor


def gc_actor(user_id: int) -> Actor:
    """Return the actor of a user's id, for tasks that carry only the id."""
    user = User.objects.get(pk=user_id)
    return user_actor(user)


def grace_ends_at(item: MemoryItem, *, grace_days: int) -> datetime | None:
    """Return when an expired item leaves its grace period (and is hard-deleted)."""
    if item.status != VersionStatus.EXPIRED:
        return None
    return (item.expired_at or item.updated_at) + timedelta(days=grace_days)


def memory_recover(
    *, tenant: Tenant, item_id: uuid.UUID | str, user: User, reason: str
) -> MemoryVersion:
    """Bring back an item GC (or a curator) expired, within the grace period."""
    require_curator(tenant, user)
    reason = required_reason(reason)
    grace_days = policy_for(tenant).gc_grace_days
    now = timezone.now()
    with transaction.atomic(durable=True):
        item = memory_item_lock(tenant_id=tenant.id, item_id=item_id)
        if item is None:
            raise NotFound("No such memory.")
        if item.status != VersionStatus.EXPIRED:
            raise StateConflict(
                f"Only an expired memory can be recovered; this one is {item.status}.",
                code="not_expired",
            )
        ends = grace_ends_at(item, grace_days=grace_days)
        if ends is not None and ends <= now:
            raise StateConflict(
                f"The grace period ended on {ends:%Y-%m-%d %H:%M} UTC; the memory "
                "is due for deletion and can no longer be recovered.",
                code="grace_over",
            )
        head = memory_version_lock(tenant_id=tenant.id, version_id=item.head_id)
        if head is None:
            raise Invalid("This memory has no version to recover.", code="no_head")
        item_key_refuse_taken(item)
        rule = item.expired_by
        copy = head_copy_commit(
            head,
            item=item,
            user=user,
            reason=reason,
            now=now,
            operation=LogOperation.UPDATE,
            action=AuditAction.MEMORY_RECOVER,
            scope_id=head.scope_id,
            layer=head.layer,
            supersedes=head,
            reinforced_at=now,
            log_payload={"recovered_from": str(head.id), "expired_by": rule},
            audit_metadata={"recovered_from": str(head.id), "expired_by": rule},
        )
        item.expired_at, item.expired_by = None, ""
        item.gc_candidate_at, item.gc_candidate_reason = None, ""
        item.stale_at, item.stale_reason, item.staleness = None, "", None
        item.retrieval_weight, item.last_accessed_at = 1.0, now
        if item.expires_at is not None and item.expires_at <= now:
            item.expires_at = None
        if item.soft_expires_at is not None and item.soft_expires_at <= now:
            item.soft_expires_at = None
        item.save(
            update_fields=[
                "expired_at",
                "expired_by",
                "gc_candidate_at",
                "gc_candidate_reason",
                "stale_at",
                "stale_reason",
                "staleness",
                "retrieval_weight",
                "last_accessed_at",
                "expires_at",
                "soft_expires_at",
            ]
        )
    return copy


def gc_dry_run_request(*, tenant: Tenant, user: User) -> None:
    """Queue a dry run for the tenant, on behalf of a curator or an admin."""
    require_curator(tenant, user, missing="No such tenant.")
    from memory_core.tasks import gc_run_task

    with transaction.atomic(durable=True):
        audit_events_record(
            tenant_id=tenant.id,
            actor=user_actor(user),
            entries=[
                AuditEntry(
                    action=AuditAction.GC_RUN_REQUEST,
                    object_type="tenant",
                    object_id=str(tenant.id),
                    metadata={"dry_run": True},
                )
            ],
        )
        transaction.on_commit(
            lambda: gc_run_task.delay(str(tenant.id), dry_run=True, user_id=user.pk)
        )


# Reads for the GC screens.


def gc_candidates(*, tenant: Tenant) -> QuerySet[MemoryItem]:
    """Return active items GC flagged (candidates and stale ones), oldest flag first.

    A pinned item is kept whatever its marks say, so it is no candidate.
    """
    return (
        MemoryItem.objects.filter(
            tenant=tenant, status=VersionStatus.ACTIVE, pinned=False
        )
        .filter(Q(gc_candidate_at__isnull=False) | Q(stale_at__isnull=False))
        .select_related("scope", "head")
        .defer("head__embedding", "head__search_vector")
        .order_by("gc_candidate_at", "stale_at", "id")
    )


def gc_recently_expired(*, tenant: Tenant) -> QuerySet[MemoryItem]:
    """Return expired items still within reach of recovery, newest first."""
    return (
        MemoryItem.objects.filter(tenant=tenant, status=VersionStatus.EXPIRED)
        .select_related("scope", "head")
        .defer("head__embedding", "head__search_vector")
        .order_by("-expired_at", "-updated_at", "id")
    )


def gc_run_list(*, tenant: Tenant) -> QuerySet[GcRun]:
    return GcRun.objects.filter(tenant=tenant).order_by("-started_at", "id")


def gc_run_get(*, tenant: Tenant, run_id: uuid.UUID | str) -> GcRun | None:
    return GcRun.objects.filter(tenant=tenant, pk=run_id).first()


def may_request_runs(*, tenant: Tenant, user: User) -> bool:
    return Membership.objects.filter(
        tenant=tenant, user=user, role__in=("curator", "admin")
    ).exists()
