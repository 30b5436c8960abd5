"""Who may do what in a tenant: one capability → roles map.

Ask `can(role, Capability.X)` (a role string or a `Membership`), or
`require(tenant=…, user=…, capability=…)` in a service: a user who is not a
member is refused as not found (the console does not reveal what exists), a
member whose role lacks the capability as `Forbidden`. Templates ask the
`can` filter: `{% load permissions %}{% if current_membership|can:"curate" %}`.

Erasure decisions belong to compliance officers only (separation of duties
from tenant admins); review decisions to curators and admins. The two were
both called `DECIDERS` before; they are `ERASURE_DECIDE` and `REVIEW_DECIDE`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from django.contrib.auth.models import AbstractBaseUser

from memory_core.exceptions import Forbidden, NotFound
from memory_core.models import Membership, Role, Tenant


class Capability(StrEnum):
    CURATE = "curate"  # change memories, contradictions, GC
    REVIEW_DECIDE = "review_decide"
    ERASURE_VIEW = "erasure_view"
    ERASURE_FILE = "erasure_file"
    ERASURE_DECIDE = "erasure_decide"  # approve, execute, cancel
    ERASURE_OVERDUE = "erasure_overdue"  # the navigation's overdue badge
    COMPLIANCE_READ = "compliance_read"  # the report and the chain check
    REDACTION_RESOLVE = "redaction_resolve"
    ADMINISTER = "administer"  # members, agents, tokens, policy, scopes
    DASHBOARD = "dashboard"  # land on the metrics dashboard


@dataclass(frozen=True)
class Rule:
    roles: frozenset[str]
    refusal: str


_OFFICERS_CURATORS_ADMINS = frozenset(
    {Role.COMPLIANCE_OFFICER, Role.CURATOR, Role.ADMIN}
)
_CURATORS_ADMINS = frozenset({Role.CURATOR, Role.ADMIN})
_OFFICERS_ADMINS = frozenset({Role.COMPLIANCE_OFFICER, Role.ADMIN})

RULES: dict[Capability, Rule] = {
    Capability.CURATE: Rule(
        _CURATORS_ADMINS, "Only curators and admins change memories."
    ),
    Capability.REVIEW_DECIDE: Rule(
        _CURATORS_ADMINS, "Only curators and admins decide reviews."
    ),
    Capability.ERASURE_VIEW: Rule(
        _OFFICERS_CURATORS_ADMINS,
        "Only compliance officers, curators and admins see erasures.",
    ),
    Capability.ERASURE_FILE: Rule(
        _OFFICERS_CURATORS_ADMINS,
        "Only compliance officers, curators and admins file erasures.",
    ),
    Capability.ERASURE_DECIDE: Rule(
        frozenset({Role.COMPLIANCE_OFFICER}),
        "Only compliance officers decide erasures.",
    ),
    Capability.ERASURE_OVERDUE: Rule(
        _OFFICERS_ADMINS, "Only compliance officers and admins act on erasures."
    ),
    Capability.COMPLIANCE_READ: Rule(
        _OFFICERS_ADMINS,
        "Only compliance officers and admins read the compliance report.",
    ),
    Capability.REDACTION_RESOLVE: Rule(
        _OFFICERS_ADMINS,
        "Only a compliance officer or an admin of this tenant can resolve "
        "redacted values.",
    ),
    Capability.ADMINISTER: Rule(
        frozenset({Role.ADMIN}), "Only the tenant's admins manage it."
    ),
    Capability.DASHBOARD: Rule(
        _OFFICERS_CURATORS_ADMINS,
        "Only curators, compliance officers and admins see the dashboard.",
    ),
}


def roles_with(capability: Capability | str) -> frozenset[str]:
    """Return the roles that hold `capability`."""
    return RULES[Capability(capability)].roles


def can(who: str | Membership | None, capability: Capability | str) -> bool:
    """Return whether a role (or a membership's role) holds `capability`."""
    role = who.role if isinstance(who, Membership) else who
    return role is not None and role in roles_with(capability)


def member_role(*, tenant: Tenant, user: AbstractBaseUser) -> str | None:
    """Return the user's role in the tenant, or None for a non-member."""
    return (
        Membership.objects.filter(tenant=tenant, user=user)
        .values_list("role", flat=True)
        .first()
    )


def require(
    *,
    tenant: Tenant,
    user: AbstractBaseUser,
    capability: Capability,
    missing: str = "No such tenant.",
    refusal: str | None = None,
) -> str:
    """Return the user's role; refuse non-members as `missing`, others as 403."""
    role = member_role(tenant=tenant, user=user)
    if role is None:
        raise NotFound(missing)
    if not can(role, capability):
        raise Forbidden(refusal or RULES[capability].refusal)
    return role
