"""Template context for the console layout: the current tenant and the switcher."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.urls import reverse
from django.utils.functional import SimpleLazyObject

from memory_core.access import member_tenants

# Which navigation section each page belongs to.
SECTIONS = {
    "memory_list": "memories",
    "memory_detail": "memories",
    "memory_search": "memories",
    "write_list": "writes",
    "write_detail": "writes",
    "audit_event_list": "audit",
    "review_queue": "reviews",
    "review_detail": "reviews",
    "conflict_list": "conflicts",
    "conflict_detail": "conflicts",
    "erasure_list": "erasure",
    "erasure_new": "erasure",
    "erasure_detail": "erasure",
    "erasure_certificate": "erasure",
    "scope_as_of": "memories",
    "admin_members": "admin",
    "admin_agents": "admin",
    "admin_agent_detail": "admin",
    "admin_policy": "admin",
    "admin_scopes": "admin",
    "gc_overview": "gc",
    "gc_run_list": "gc",
    "gc_run_detail": "gc",
    "compliance_report": "compliance",
    "compliance_print": "compliance",
}
# An object page switches to its list: the object is not in the other tenant.
SWITCH_TARGETS = {
    "memory_detail": "memory_list",
    "write_detail": "write_list",
    "review_detail": "review_queue",
    "conflict_detail": "conflict_list",
    "erasure_detail": "erasure_list",
    "erasure_certificate": "erasure_list",
    "admin_agent_detail": "admin_agents",
    "gc_run_detail": "gc_run_list",
}


def tenancy(request: HttpRequest) -> dict[str, Any]:
    """Return the current tenant, the user's role and, lazily, the tenant switcher."""
    tenant = getattr(request, "tenant", None)
    if tenant is None:
        return {}
    page = request.resolver_match.url_name if request.resolver_match else ""
    return {
        "current_tenant": tenant,
        "current_membership": request.membership,
        "console_section": SECTIONS.get(page, ""),
        "tenant_switch": SimpleLazyObject(lambda: tenant_switch_links(request, page)),
    }


def tenant_switch_links(request: HttpRequest, page: str) -> list[dict[str, Any]]:
    """Return a link per member tenant to the same kind of page, current one flagged."""
    target = SWITCH_TARGETS.get(page, page) if page in SECTIONS else "memory_list"
    return [
        {
            "tenant": tenant,
            "url": reverse(target, kwargs={"slug": tenant.slug}),
            "current": tenant.pk == request.tenant.pk,
        }
        for tenant in member_tenants(request.user)
    ]
