"""The navigation's erasure badge: open requests past their 72-hour SLA."""

from __future__ import annotations

from django import template

from approvals.erasure import erasures_overdue_count
from memory_core.models import Role

# Who acts on overdue erasures; others see the link without the count (and
# their pages without its query).
BADGE_ROLES = frozenset({Role.COMPLIANCE_OFFICER, Role.ADMIN})

register = template.Library()


@register.simple_tag
def erasure_overdue(tenant, membership) -> int:
    """Return how many open erasures are overdue, for officers and admins."""
    if tenant is None or membership is None or membership.role not in BADGE_ROLES:
        return 0
    return erasures_overdue_count(tenant)
