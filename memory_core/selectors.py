"""Read queries. Each takes the tenant first and always filters by it."""

from __future__ import annotations

import uuid
from datetime import datetime

from django.contrib.postgres.search import SearchQuery
from django.db.models import Q, QuerySet
from django.db.models.fields.json import KT

from memory_core.models import (
    Agent,
    MemoryItem,
    MemoryLogEntry,
    MemoryVersion,
    Scope,
    Tenant,
    VersionStatus,
    WriteRequest,
    ancestor_paths,
)


def parse_uuid(value: uuid.UUID | str) -> uuid.UUID | None:
    try:
        return value if isinstance(value, uuid.UUID) else uuid.UUID(str(value))
    except ValueError:
        return None


def agent_readable_scopes(*, tenant: Tenant, agent: Agent) -> QuerySet[Scope]:
    """Scopes an agent may read: its own subtrees and their ancestors (000 §7)."""
    lineage = {p for root in agent.allowed_scopes for p in ancestor_paths(root)}
    below = Q()
    for root in agent.allowed_scopes:
        below |= Q(path__startswith=root)
    return Scope.objects.filter(tenant=tenant).filter(Q(path__in=lineage) | below)


def memory_item_list(
    *,
    tenant: Tenant,
    scope_path: str | None = None,
    inherit: bool = False,
    layer: str | None = None,
    key: str | None = None,
    status: str | None = None,
    text: str | None = None,
    as_of: datetime | None = None,
    readable_scopes: QuerySet[Scope] | None = None,
) -> QuerySet[MemoryItem]:
    """Return items newest first, filtered; `inherit` adds the scope's ancestors."""
    items = MemoryItem.objects.filter(tenant=tenant).select_related("scope", "head")
    if readable_scopes is not None:
        items = items.filter(scope__in=readable_scopes)
    if scope_path:
        paths = ancestor_paths(scope_path) if inherit else [scope_path]
        items = items.filter(scope__path__in=paths)
    if layer:
        items = items.filter(layer=layer)
    if key:
        items = items.filter(memory_key=key)
    if as_of is not None:
        alive = (
            MemoryVersion.objects.filter(tenant=tenant, valid_from__lte=as_of)
            .exclude(status=VersionStatus.DRAFT)
            .filter(Q(valid_to__isnull=True) | Q(valid_to__gt=as_of))
        )
        items = items.filter(id__in=alive.values("item_id"))
    elif status:
        items = items.filter(status=status)
    if text:
        # One subquery with both conditions: an OR across the join would make
        # PostgreSQL read every head version (see bench/console_browser.py).
        query = SearchQuery(text, config="english", search_type="websearch")
        matching = MemoryVersion.objects.filter(tenant=tenant).filter(
            Q(search_vector=query) | Q(content__icontains=text)
        )
        items = items.filter(head__in=matching.values("id"))
    # Lists show content only: leave the head's vector in the database.
    items = items.defer("head__embedding", "head__search_vector")
    return items.order_by("-updated_at", "id")


def memory_item_get(
    *,
    tenant: Tenant,
    item_id: uuid.UUID | str,
    readable_scopes: QuerySet[Scope] | None = None,
) -> MemoryItem | None:
    items = MemoryItem.objects.filter(tenant=tenant).select_related("scope", "head")
    if readable_scopes is not None:
        items = items.filter(scope__in=readable_scopes)
    pk = parse_uuid(item_id)
    return items.filter(pk=pk).first() if pk else None


def memory_version_list(*, tenant: Tenant, item: MemoryItem) -> QuerySet[MemoryVersion]:
    return (
        MemoryVersion.objects.filter(tenant=tenant, item=item)
        .select_related("agent")
        .defer("embedding")
        .order_by("-number")
    )


def memory_log_for_item(
    *, tenant: Tenant, item: MemoryItem
) -> QuerySet[MemoryLogEntry]:
    return (
        MemoryLogEntry.objects.filter(tenant=tenant, item=item)
        .select_related("actor_agent", "actor_user")
        .order_by("-seq")
    )


def write_request_list(
    *, tenant: Tenant, status: str | None = None, agent_id: str | None = None
) -> QuerySet[WriteRequest]:
    # Show the content's start without loading payloads (and their vectors).
    writes = (
        WriteRequest.objects.filter(tenant=tenant)
        .select_related("agent")
        .annotate(content_preview=KT("payload__content"))
        .defer("payload", "gate_decisions")
    )
    if status:
        writes = writes.filter(status=status)
    if agent_id:
        writes = writes.filter(agent_id=agent_id)
    return writes.order_by("-created_at", "id")


def write_request_get(
    *, tenant: Tenant, write_id: uuid.UUID | str, agent: Agent | None = None
) -> WriteRequest | None:
    writes = WriteRequest.objects.filter(tenant=tenant)
    if agent is not None:
        writes = writes.filter(agent=agent)
    pk = parse_uuid(write_id)
    return writes.filter(pk=pk).first() if pk else None


def scope_list(*, tenant: Tenant) -> QuerySet[Scope]:
    return Scope.objects.filter(tenant=tenant).order_by("path")
