"""The console's memory and write pages; each renders a page or its partial."""

from __future__ import annotations

import json
import uuid
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers

from memory_core.access import (
    member_required,
    member_tenants,
    memory_item_for_member,
    write_for_member,
)
from memory_core.models import Layer, Tenant, VersionStatus, WriteStatus
from memory_core.selectors import (
    memory_item_list,
    memory_log_for_item,
    memory_version_list,
    scope_list,
    write_request_list,
)

PAGE_SIZE = 50


def render_page(
    request: HttpRequest, template: str, partial: str, context: dict[str, Any]
) -> HttpResponse:
    """Render the whole page, or only `partial` for an htmx swap."""
    if request.htmx and not request.htmx.history_restore_request:
        template = f"{template}#{partial}"
    response = render(request, template, context)
    # The same URL answers with a page or a fragment: keep caches apart.
    patch_vary_headers(response, ("HX-Request",))
    return response


def choice(
    value: str | None,
    choices: type[Layer | VersionStatus | WriteStatus],
    default: str = "",
) -> str:
    """Return `value` if it is one of `choices`, else `default`."""
    return value if value in choices.values else default


@login_required
def home(request: HttpRequest) -> HttpResponse:
    """Send a member to their first tenant's memories; anyone else sees why not."""
    tenant = member_tenants(request.user).first()
    if tenant is None:
        return render(request, "memory_core/no_tenant.html")
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
def memory_detail(
    request: HttpRequest, tenant: Tenant, item_id: uuid.UUID
) -> HttpResponse:
    """Show one memory: its fields, head content, version chain and log."""
    item = memory_item_for_member(tenant=tenant, item_id=item_id)
    return render_page(
        request,
        "memory_core/memory_detail.html",
        "detail",
        {
            "item": item,
            "versions": memory_version_list(tenant=tenant, item=item),
            "log": memory_log_for_item(tenant=tenant, item=item),
        },
    )


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
