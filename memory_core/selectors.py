"""Read queries. Each takes the tenant first and always filters by it."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.postgres.search import SearchQuery
from django.db.models import Count, F, Q, QuerySet, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Collate
from django.utils import timezone

from audit.actions import AuditAction
from audit.models import AuditEvent
from memory_core.models import (
    Agent,
    Layer,
    MemoryItem,
    MemoryLogEntry,
    MemoryVersion,
    ReadEndpoint,
    ReadTally,
    Scope,
    Tenant,
    VersionStatus,
    WriteRequest,
    WriteStatus,
    ancestor_paths,
)
from memory_core.scope_paths import scope_depth, scope_within


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


# Scopes: the admin's tree, and what an agent may read and write

# Writes still on their way: queued, retried later, or waiting for a person.
PENDING_WRITE_STATUSES = (
    WriteStatus.QUEUED,
    WriteStatus.DEFERRED,
    WriteStatus.PENDING_REVIEW,
    WriteStatus.AWAITING_APPROVAL,
)


def _tree_order(scopes: QuerySet[Scope]) -> QuerySet[Scope]:
    # Byte order puts each path right before the paths below it, whatever the
    # database's collation (en_US sorts user/10/ before user/1/task/a/).
    return scopes.order_by(Collate("path", "C"))


def scope_tree(*, tenant: Tenant, prefix: str = "", state: str = "") -> QuerySet[Scope]:
    """Return the tenant's scopes in tree order, under `prefix`, by state."""
    scopes = Scope.objects.filter(tenant=tenant).select_related("created_by_agent")
    if prefix:
        scopes = scopes.filter(path__startswith=prefix)
    if state == "archived":
        scopes = scopes.filter(archived_at__isnull=False)
    elif state == "active":
        scopes = scopes.filter(archived_at__isnull=True)
    return _tree_order(scopes)


@dataclass(frozen=True)
class ScopeRow:
    """A scope on the admin's list, with what is in it and who created it."""

    scope: Scope
    depth: int
    memories: tuple[int, ...]  # active memories, by layer in Layer's order
    pending_writes: int
    creator_type: str  # agent, user or system
    creator: str


def scope_rows(*, tenant: Tenant, scopes: Sequence[Scope]) -> list[ScopeRow]:
    """Return `scopes` with their counts and creators, in three queries in all.

    Counts are this scope's own (not its descendants'): active memories by
    layer and pending writes. The creator is the agent whose write created
    the scope, else the actor of its `scope.create` audit event; the root
    scopes came with the tenant.
    """
    scopes = list(scopes)
    ids = [s.id for s in scopes]
    memories: dict[tuple[uuid.UUID, str], int] = dict(
        ((scope_id, layer), n)
        for scope_id, layer, n in MemoryItem.objects.filter(
            tenant=tenant, scope_id__in=ids, status=VersionStatus.ACTIVE
        )
        .values_list("scope_id", "layer")
        .annotate(n=Count("id"))
        .order_by()
    )
    pending = dict(
        WriteRequest.objects.filter(
            tenant=tenant,
            scope_path__in=[s.path for s in scopes],
            status__in=PENDING_WRITE_STATUSES,
        )
        .values_list("scope_path")
        .annotate(n=Count("id"))
        .order_by()
    )
    creators = {
        object_id: (actor_type, label)
        for object_id, actor_type, label in AuditEvent.objects.filter(
            tenant_id=tenant.id,
            object_type="scope",
            object_id__in=[str(i) for i in ids],
            action=AuditAction.SCOPE_CREATE,
        ).values_list("object_id", "actor_type", "actor_label")
    }
    rows = []
    for scope in scopes:
        if scope.created_by_agent is not None:
            creator = ("agent", scope.created_by_agent.name)
        else:
            creator = creators.get(str(scope.id), ("system", "with the tenant"))
        rows.append(
            ScopeRow(
                scope=scope,
                depth=scope_depth(scope.path),
                memories=tuple(
                    memories.get((scope.id, lay), 0) for lay in Layer.values
                ),
                pending_writes=pending.get(scope.path, 0),
                creator_type=creator[0],
                creator=creator[1],
            )
        )
    return rows


@dataclass(frozen=True)
class ScopeBlockers:
    """What keeps a scope from being archived: work in it or below it."""

    active_memories: int
    pending_writes: int
    memory_scopes: list[tuple[str, int]]  # the fullest scopes, with their counts


def scope_archive_blockers(
    *, tenant: Tenant, path: str, shown: int = 5
) -> ScopeBlockers:
    """Count the active memories and pending writes in `path` and below it."""
    active = MemoryItem.objects.filter(
        tenant=tenant, scope__path__startswith=path, status=VersionStatus.ACTIVE
    )
    total = active.count()
    fullest = (
        list(
            active.values_list("scope__path")
            .annotate(n=Count("id"))
            .order_by("-n", "scope__path")[:shown]
        )
        if total
        else []
    )
    pending = WriteRequest.objects.filter(
        tenant=tenant, scope_path__startswith=path, status__in=PENDING_WRITE_STATUSES
    ).count()
    return ScopeBlockers(total, pending, fullest)


@dataclass(frozen=True)
class AgentScope:
    """A scope as an agent sees it: may it read, may it write, is it archived."""

    scope: Scope
    parent: str | None
    can_read: bool
    can_write: bool

    @property
    def archived(self) -> bool:
        return self.scope.archived_at is not None


def agent_scope_list(
    *, tenant: Tenant, agent: Agent, prefix: str = "", limit: int, offset: int
) -> tuple[int, list[AgentScope]]:
    """Return how many scopes the agent may read, and one page of them.

    Readable: the agent's granted scopes, their ancestors and everything below
    them (000 §7). Writable: a granted scope or one below it, unless it or an
    ancestor is archived.
    """
    scopes = agent_readable_scopes(tenant=tenant, agent=agent).annotate(
        parent_path=F("parent__path")
    )
    if prefix:
        scopes = scopes.filter(path__startswith=prefix)
    scopes = _tree_order(scopes)
    count = scopes.count()
    page = list(scopes[offset : offset + limit]) if count > offset else []
    lineage = {p for s in page for p in ancestor_paths(s.path)}
    archived = (
        set(
            Scope.objects.filter(
                tenant=tenant, path__in=lineage, archived_at__isnull=False
            ).values_list("path", flat=True)
        )
        if page
        else set()
    )
    return count, [
        AgentScope(
            scope=s,
            parent=s.parent_path,
            can_read=True,
            can_write=scope_within(s.path, agent.allowed_scopes)
            and not archived.intersection(ancestor_paths(s.path)),
        )
        for s in page
    ]


def agent_active_list(*, tenant: Tenant) -> QuerySet[Agent]:
    """Return the tenant's active agents by name."""
    return Agent.objects.filter(tenant=tenant, is_active=True).order_by("name", "id")


@dataclass(frozen=True)
class ReadHitRatio:
    """Agents' counted reads over `days` days, and the share that found something."""

    days: int
    calls: int
    answered: int
    results: int

    @property
    def ratio(self) -> float | None:
        return self.answered / self.calls if self.calls else None

    @property
    def low(self) -> bool:
        """Below 0.1 (seed 000 §12): the relevance threshold may be too high."""
        return self.calls >= READ_HIT_MIN_CALLS and (self.ratio or 0.0) < 0.1


# Fewer reads than this say nothing about the threshold.
READ_HIT_MIN_CALLS = 20


def read_hit_ratio(
    *, tenant: Tenant, days: int = 7, endpoint: str = ReadEndpoint.SEARCH
) -> ReadHitRatio:
    """Return the tenant's read hit ratio over the last `days` days, today in."""
    since = timezone.now().date() - timedelta(days=days - 1)
    totals = ReadTally.objects.filter(
        tenant=tenant, endpoint=endpoint, day__gte=since
    ).aggregate(calls=Sum("calls"), answered=Sum("answered"), results=Sum("results"))
    return ReadHitRatio(
        days=days,
        calls=totals["calls"] or 0,
        answered=totals["answered"] or 0,
        results=totals["results"] or 0,
    )
