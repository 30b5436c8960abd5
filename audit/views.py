"""The audit trail's HTML pages.

`audit` imports no other app, so these views do not check tenancy themselves:
`memory_core.console_urls` mounts them under `/t/<slug>/` behind its
`member_required` guard, which passes the member's `tenant`.
"""

from __future__ import annotations

import uuid
from typing import Protocol

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers

from audit.selectors import audit_action_list, audit_event_list

PAGE_SIZE = 50


class TenantRef(Protocol):
    """What the audit pages need of a tenant: its id."""

    id: uuid.UUID


def audit_event_list_page(request: HttpRequest, tenant: TenantRef) -> HttpResponse:
    """List the tenant's audit events, newest first, filtered by action prefix."""
    action = request.GET.get("action", "").strip()
    events = audit_event_list(tenant_id=tenant.id, action_prefix=action)
    page = Paginator(events, PAGE_SIZE).get_page(request.GET.get("page"))
    template = "audit/event_list.html"
    if request.htmx and not request.htmx.history_restore_request:
        template += "#results"
    response = render(
        request,
        template,
        {
            "page_obj": page,
            "filters": {"action": action},
            "actions": audit_action_list(tenant_id=tenant.id),
        },
    )
    patch_vary_headers(response, ("HX-Request",))
    return response
