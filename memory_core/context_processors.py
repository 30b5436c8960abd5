"""Template context for the console layout: the current tenant and the switcher."""

from __future__ import annotations

from typing import Any

from django.db.models import (
    Count,
    IntegerField,
    OuterRef,
    QuerySet,
    Subquery,
    Value,
)
from django.db.models.functions import Coalesce
from django.http import HttpRequest
from django.urls import reverse
from django.utils.functional import SimpleLazyObject

from memory_core.access import member_tenants
from memory_core.models import Conflict, ConflictStatus, WriteRequest, WriteStatus

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
        # The nav badges: reviews waiting and open conflicts. They ride on the
        # tenant switcher's query (which every full page runs anyway), so a
        # page runs no extra query for them, whatever their numbers.
        "nav_counts": SimpleLazyObject(lambda: _nav_counts(request, page)),
    }


def _nav_counts(request: HttpRequest, page: str) -> dict[str, int]:
    links = request.__dict__.get("_tenant_switch") or tenant_switch_links(request, page)
    current = next((link for link in links if link["current"]), None)
    if current is None:
        return {"reviews": 0, "conflicts": 0}
    return {"reviews": current["reviews"], "conflicts": current["conflicts"]}


def tenant_switch_links(request: HttpRequest, page: str) -> list[dict[str, Any]]:
    """Return a link per member tenant to the same kind of page, current one flagged."""
    cached = request.__dict__.get("_tenant_switch")
    if cached is not None:
        return cached
    target = SWITCH_TARGETS.get(page, page) if page in SECTIONS else "memory_list"
    tenants = member_tenants(request.user).annotate(
        reviews_waiting=_count(
            WriteRequest.objects.filter(
                tenant=OuterRef("pk"),
                status__in=(WriteStatus.AWAITING_APPROVAL, WriteStatus.PENDING_REVIEW),
            )
        ),
        conflicts_open=_count(
            Conflict.objects.filter(tenant=OuterRef("pk"), status=ConflictStatus.OPEN)
        ),
    )
    links = [
        {
            "tenant": tenant,
            "url": reverse(target, kwargs={"slug": tenant.slug}),
            "current": tenant.pk == request.tenant.pk,
            "reviews": tenant.reviews_waiting,
            "conflicts": tenant.conflicts_open,
        }
        for tenant in tenants
    ]
    request._tenant_switch = links
    return links


def _count(rows: QuerySet) -> Coalesce:
    """Return a correlated COUNT(*) of `rows` (grouped on their tenant)."""
    counted = rows.order_by().values("tenant_id").annotate(n=Count("id")).values("n")
    return Coalesce(Subquery(counted[:1], output_field=IntegerField()), Value(0))
