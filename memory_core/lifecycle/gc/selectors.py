"""Garbage collection's reads: the screens' lists, a run, the tenants a tick runs."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from django.db.models import Q, QuerySet

from memory_core.models import GcRun, MemoryItem, Tenant, VersionStatus


def grace_ends_at(item: MemoryItem, *, grace_days: int) -> datetime | None:
    """Return when an expired item leaves its grace period (and is hard-deleted)."""
    if item.status != VersionStatus.EXPIRED:
        return None
    return (item.expired_at or item.updated_at) + timedelta(days=grace_days)


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


def gc_tenants_due() -> list[uuid.UUID]:
    """Return the tenants a beat tick runs GC for: every tenant."""
    return list(Tenant.objects.order_by("created_at").values_list("id", flat=True))
