"""The console's memory and write pages; each renders a page or its partial."""

from __future__ import annotations

import difflib
import json
import re
import uuid
from collections.abc import Iterable
from functools import partial
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.cache import add_never_cache_headers

from memory_core import health, retrieval
from memory_core.access import (
    member_required,
    member_tenants,
    memory_item_for_member,
    write_for_member,
)
from memory_core.exceptions import DomainError
from memory_core.htmx import render_page
from memory_core.models import (
    Agent,
    Layer,
    MemoryLogEntry,
    MemoryVersion,
    Tenant,
    VersionStatus,
    WriteStatus,
)
from memory_core.permissions import Capability, can, member_role
from memory_core.rls import tenant_context
from memory_core.selectors import (
    agent_active_list,
    agent_readable_scopes,
    memory_item_list,
    memory_log_for_item,
    memory_version_list,
    read_hit_ratio,
    scope_list,
    write_request_list,
)
from memory_core.services.curation import (
    RESTORABLE,
    memory_annotation_list,
    promotion_targets,
)

PAGE_SIZE = 50
SEARCH_LIMIT = 10
SEARCH_MAX_LIMIT = 50
SEARCH_MAX_QUERY = 2000
# Suggestions for the scope field; the field takes any path.
SEARCH_SCOPE_SUGGESTIONS = 200


def choice(
    value: str | None,
    choices: type[Layer | VersionStatus | WriteStatus],
    default: str = "",
) -> str:
    """Return `value` if it is one of `choices`, else `default`."""
    return value if value in choices.values else default


@login_required
def home(request: HttpRequest) -> HttpResponse:
    """Send a member to their first tenant's landing page; anyone else sees why not.

    Curators, compliance officers and admins land on the metrics dashboard,
    viewers on the memories.

    A tenant that is not suspended comes first; a platform operator who
    belongs to no tenant goes to the platform's pages.
    """
    tenants = member_tenants(request.user)
    tenant = tenants.filter(suspended_at__isnull=True).first() or tenants.first()
    if tenant is None:
        if request.user.is_superuser:
            return redirect("platform_tenants")
        return render(request, "memory_core/no_tenant.html")
    # The membership is the chosen tenant's row (memory_core/rls.py).
    with tenant_context(tenant.pk):
        role = member_role(tenant=tenant, user=request.user)
    if can(role, Capability.DASHBOARD):
        return redirect("metrics_dashboard", slug=tenant.slug)
    return redirect("memory_list", slug=tenant.slug)


@member_required
def memory_list(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """Browse the tenant's memories by scope, layer, status and text."""
    # No status parameter means active memories; an empty one means any status.
    status = request.GET.get("status", VersionStatus.ACTIVE)
    filters = {
        "scope": request.GET.get("scope", ""),
        "layer": choice(request.GET.get("layer"), Layer),
        "status": choice(status, VersionStatus),
        "q": request.GET.get("q", "").strip(),
    }
    items = memory_item_list(
        tenant=tenant,
        scope_path=filters["scope"],
        layer=filters["layer"],
        status=filters["status"],
        text=filters["q"],
    )
    page = Paginator(items, PAGE_SIZE).get_page(request.GET.get("page"))
    return render_page(
        request,
        "memory_core/memory_list.html",
        "results",
        {
            "page_obj": page,
            "filters": filters,
            "scopes": scope_list(tenant=tenant),
            "layers": Layer.choices,
            "statuses": VersionStatus.choices,
        },
    )


@member_required
def memory_search(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """Rank the memories as one of the tenant's agents would get them; count no read."""
    params = search_params(request)
    agents = list(agent_active_list(tenant=tenant))
    agent = search_agent(agents, params["agent"])
    result, error = None, ""
    if agent is not None and params["q"]:
        try:
            result = retrieval.memory_search(
                tenant=tenant,
                agent=agent,
                query=params["q"],
                scopes=[params["scope"]] if params["scope"] else None,
                layers=params["layers"] or None,
                limit=params["limit"],
                record_access=False,
            )
        except DomainError as exc:
            error = exc.message
    return render_page(
        request,
        "memory_core/memory_search.html",
        "search_results",
        {
            "params": params,
            "agents": agents,
            "agent": agent,
            "result": result,
            "error": error,
            "layers": Layer.choices,
            # Lazy, like the scopes: the results partial never shows it.
            "reads": partial(read_hit_ratio, tenant=tenant),
            # Lazy: only the whole page's datalist runs this query.
            "scopes": agent_readable_scopes(tenant=tenant, agent=agent).order_by(
                "path"
            )[:SEARCH_SCOPE_SUGGESTIONS]
            if agent
            else [],
        },
    )


def search_agent(agents: list[Agent], agent_id: str) -> Agent | None:
    """Return the chosen agent, or the first; 404 for one not among `agents`."""
    if not agent_id:
        return next(iter(agents), None)
    for agent in agents:
        if str(agent.pk) == agent_id:
            return agent
    # Another tenant's, deactivated, missing or malformed: all the same.
    raise Http404("No such agent.")


def search_params(request: HttpRequest) -> dict[str, Any]:
    """Return the search form's values from the query string, made safe to use."""
    try:
        limit = min(max(int(request.GET.get("limit", "")), 1), SEARCH_MAX_LIMIT)
    except ValueError:
        limit = SEARCH_LIMIT
    return {
        "q": request.GET.get("q", "").strip()[:SEARCH_MAX_QUERY],
        "agent": request.GET.get("agent", ""),
        "scope": request.GET.get("scope", "").strip(),
        "layers": [v for v in request.GET.getlist("layer") if v in Layer.values],
        "limit": limit,
    }


@member_required
def memory_detail(
    request: HttpRequest, tenant: Tenant, item_id: uuid.UUID
) -> HttpResponse:
    """Show one memory: fields, versions and their diffs, log, provenance, notes."""
    return memory_page(request, tenant=tenant, item_id=item_id)


def memory_page(
    request: HttpRequest, *, tenant: Tenant, item_id: uuid.UUID, **extra: Any
) -> HttpResponse:
    """Render the memory page (whole, or its detail block for htmx).

    The one place the page is rendered: the curation actions (approvals)
    answer with it too, passing a notice or an action's error in `extra`.
    """
    return render_page(
        request,
        "memory_core/memory_detail.html",
        "detail",
        memory_detail_context(request, tenant=tenant, item_id=item_id, **extra),
    )


def memory_detail_context(
    request: HttpRequest, *, tenant: Tenant, item_id: uuid.UUID, **extra: Any
) -> dict[str, Any]:
    """Return what the memory page shows; the curation actions re-render it too."""
    item = memory_item_for_member(tenant=tenant, item_id=item_id)
    versions = list(
        memory_version_list(tenant=tenant, item=item).select_related("scope")
    )
    can_curate = can(request.membership, Capability.CURATE)
    head = next((v for v in versions if v.pk == item.head_id), None)
    return {
        "item": item,
        "versions": versions,
        "head": head,
        "predecessor": next(
            (v for v in versions if head and v.pk == head.supersedes_id), None
        ),
        # What a rollback may restore: earlier versions, newest first.
        "restorable": [
            v
            for v in sorted(versions, key=lambda v: -v.number)
            if head and v.number < head.number and v.status in RESTORABLE
        ],
        "changes": version_changes(versions),
        "log": status_history(memory_log_for_item(tenant=tenant, item=item), versions),
        "annotations": memory_annotation_list(tenant=tenant, item=item),
        "can_curate": can_curate,
        "promote_targets": promotion_targets(tenant=tenant, scope=item.scope)
        if can_curate
        else [],
        "layers": Layer.choices,
        **extra,
    }


WORDS = re.compile(r"\s+|\S+")
# What the memory's state became after each logged operation.
OPERATION_OUTCOMES = {
    "insert": "active",
    "update": "active",
    "merge": "active",
    "promote": "active",
    "reclassify": "active",
    "supersede": "superseded",
    "retract": "retracted",
    "expire": "expired",
    "erase": "erased",
    "pin": "pinned",
    "unpin": "unpinned",
    "reinforce": "reinforced",
}


def content_diff(old: str, new: str) -> list[tuple[str, str]]:
    """Return word-level (op, text) segments turning `old` into `new`.

    Ops are "equal", "delete" and "insert"; the template escapes the text.
    """
    a, b = WORDS.findall(old), WORDS.findall(new)
    segments = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            segments.append(("equal", "".join(a[i1:i2])))
            continue
        if i2 > i1:
            segments.append(("delete", "".join(a[i1:i2])))
        if j2 > j1:
            segments.append(("insert", "".join(b[j1:j2])))
    return segments


def version_changes(versions: list[MemoryVersion]) -> list[dict[str, Any]]:
    """Return what changed from each version to the next, newest first."""
    ordered = sorted(versions, key=lambda v: v.number)
    return [
        {
            "version": new,
            "previous": old,
            "same_content": old.content_hash == new.content_hash,
            "segments": content_diff(old.content, new.content),
            "scope_moved": old.scope_id != new.scope_id,
            "layer_changed": old.layer != new.layer,
        }
        for old, new in zip(ordered, ordered[1:], strict=False)
    ][::-1]


def status_history(
    log: Iterable[MemoryLogEntry], versions: list[MemoryVersion]
) -> list[dict[str, Any]]:
    """Return the log's entries with their version number and the state they left."""
    numbers = {v.pk: v.number for v in versions}
    return [
        {
            "entry": entry,
            "version": numbers.get(entry.version_id),
            "outcome": OPERATION_OUTCOMES.get(entry.operation, ""),
        }
        for entry in log
    ]


@member_required
def write_list(request: HttpRequest, tenant: Tenant) -> HttpResponse:
    """List the tenant's write requests, newest first, optionally by status."""
    filters = {"status": choice(request.GET.get("status"), WriteStatus)}
    writes = write_request_list(tenant=tenant, status=filters["status"])
    page = Paginator(writes, PAGE_SIZE).get_page(request.GET.get("page"))
    return render_page(
        request,
        "memory_core/write_list.html",
        "results",
        {
            "page_obj": page,
            "filters": filters,
            "statuses": WriteStatus.choices,
        },
    )


@member_required
def write_detail(
    request: HttpRequest, tenant: Tenant, write_id: uuid.UUID
) -> HttpResponse:
    """Show one write: what was sent and every gate's decision."""
    write = write_for_member(tenant=tenant, write_id=write_id)
    return render_page(
        request,
        "memory_core/write_detail.html",
        "detail",
        {
            "write": write,
            "payload_fields": payload_fields(write.payload),
            "has_embedding": bool(write.payload.get("embedding")),
        },
    )


def payload_fields(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """Return the payload's fields but content and vector; lists and dicts as JSON."""
    fields = []
    for key, value in payload.items():
        if key in ("content", "embedding"):
            continue
        block = isinstance(value, dict | list) and bool(value)
        text = (
            value
            if isinstance(value, str)
            else json.dumps(value, indent=2 if block else None)
        )
        fields.append({"key": key, "value": text, "block": block})
    return fields


def healthz(request: HttpRequest) -> JsonResponse:
    """Answer while this process serves requests (liveness)."""
    return JsonResponse({"status": "ok"})


def readyz(request: HttpRequest) -> JsonResponse:
    """Answer 200 when the console can do its work, 503 naming what is missing."""
    ready, checks = health.readiness()
    response = JsonResponse(
        {"status": "ready" if ready else "not_ready", "checks": checks},
        status=200 if ready else 503,
    )
    add_never_cache_headers(response)
    return response
