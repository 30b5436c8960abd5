"""Row locks, in one place (Saleor's `lock_objects.py`).

Each helper takes `SELECT … FOR UPDATE OF <table>` on the rows of one model
only (`of=("self",)`: a joined scope or tenant is read, not locked), and a
helper that locks several rows locks them in primary-key order, so two
transactions that lock overlapping sets wait for each other instead of
deadlocking. Call them inside `transaction.atomic()`.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from typing import Any, TypeVar

from django.db.models import Model, QuerySet

from memory_core.models import MemoryItem, MemoryVersion

M = TypeVar("M", bound=Model)


def rows_lock(queryset: QuerySet[M]) -> QuerySet[M]:
    """Return `queryset` locking its own rows, in primary-key order."""
    return queryset.select_for_update(of=("self",)).order_by("pk")


def row_lock(queryset: type[M] | QuerySet[M], **lookups: Any) -> M:
    """Lock and return the one row of `queryset` (or of a model) matching
    `lookups`, as `get()` does: `DoesNotExist` if there is none."""
    if isinstance(queryset, type):
        queryset = queryset._default_manager.all()
    return queryset.select_for_update(of=("self",)).get(**lookups)


def memory_item_lock(
    *, tenant_id: uuid.UUID, item_id: uuid.UUID | str
) -> MemoryItem | None:
    """Lock and return the tenant's memory item (with its scope), or None."""
    return (
        MemoryItem.objects.select_for_update(of=("self",))
        .select_related("scope")
        .filter(tenant_id=tenant_id, pk=item_id)
        .first()
    )


def memory_items_lock(
    *, tenant_id: uuid.UUID, item_ids: Iterable[uuid.UUID | str]
) -> QuerySet[MemoryItem]:
    """Return the tenant's memory items among `item_ids`, locked in pk order."""
    return rows_lock(MemoryItem.objects.filter(tenant_id=tenant_id, pk__in=item_ids))


def memory_version_lock(
    *, tenant_id: uuid.UUID, version_id: uuid.UUID | str | None
) -> MemoryVersion | None:
    """Lock and return the tenant's memory version, or None (also for no id)."""
    if version_id is None:
        return None
    return (
        MemoryVersion.objects.select_for_update(of=("self",))
        .filter(tenant_id=tenant_id, pk=version_id)
        .first()
    )


def version_number_next(item: MemoryItem) -> int:
    """Return the number of the item's next version.

    Only safe with the item locked (`memory_item_lock`): the item's lock is
    what serializes the versions appended to it.
    """
    last = (
        MemoryVersion.objects.filter(item=item)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    return (last or 0) + 1
