"""`{% if current_membership|can:"curate" %}`: templates ask the permissions map."""

from __future__ import annotations

from django import template

from memory_core import permissions
from memory_core.models import Membership

register = template.Library()


@register.filter
def can(membership: Membership | str | None, capability: str) -> bool:
    """Return whether the membership (or role) holds `capability`."""
    return permissions.can(membership or None, capability)
