"""The navigation's erasure badge: open requests past their 72-hour SLA."""

from __future__ import annotations

from django import template

from approvals.erasure.selectors import erasures_overdue_count
from memory_core.permissions import Capability, can

# Who acts on overdue erasures (ERASURE_OVERDUE) sees the count; others see
# the link without it (and their pages without its query).

register = template.Library()


@register.simple_tag
def erasure_overdue(tenant, membership) -> int:
    """Return how many open erasures are overdue, for officers and admins."""
    if tenant is None or not can(membership, Capability.ERASURE_OVERDUE):
        return 0
    return erasures_overdue_count(tenant)
