"""A tenant admin's use cases: members and roles, agents and tokens, the policy.

Every function here takes the acting `user` and refuses unless that user is an
admin of the tenant (`Forbidden`); a user who is not a member at all,
and an object of another tenant, get `NotFound`. The console hides the buttons
too, but these checks are the ones that count.
"""

from __future__ import annotations

import dataclasses
import math
import uuid
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Count, Max, Q, QuerySet

from audit.actions import AuditAction
from audit.services import audit_event_record
from memory_core.exceptions import Forbidden, Invalid, NotFound
from memory_core.lock_objects import row_lock, rows_lock
from memory_core.models import (
    Agent,
    AgentRole,
    AgentToken,
    Layer,
    Membership,
    Role,
    Scope,
    Tenant,
)
from memory_core.permissions import Capability, can
from memory_core.policy import DEFAULT_POLICY, Policy, Rule, policy_for, policy_rule
from memory_core.selectors import parse_uuid
from memory_core.services import agents as agent_services
from memory_core.services import tenancy
from memory_core.services.accounts import user_create_with_one_time_password
from memory_core.services.tenancy import user_actor

REASON_MAX = 500
# Weights are shares of one whole; allow for decimal input like 0.1 + 0.2.
WEIGHT_SUM_TOLERANCE = 1e-6


# Who may act


def admin_membership_require(*, tenant: Tenant, user: User) -> Membership:
    """Return the user's admin membership, locked, or refuse.

    The row lock makes a concurrent demotion of this admin wait for the
    action to commit, so no action runs on a role that is already gone.
    """
    membership = rows_lock(
        Membership.objects.filter(tenant=tenant, user_id=user.pk)
    ).first()
    if membership is None:
        raise NotFound("No such tenant.")
    if not can(membership, Capability.ADMINISTER):
        raise Forbidden(
            f"Only admins of {tenant.name} can do this; you are "
            f"{membership.get_role_display().lower()}.",
            code="admins_only",
        )
    return membership


def _reason(reason: str, *, required: bool = False) -> str:
    reason = (reason or "").strip()
    if required and not reason:
        raise Invalid("Give a reason; it goes to the audit trail.", code="no_reason")
    if len(reason) > REASON_MAX:
        raise Invalid(f"Keep the reason under {REASON_MAX} characters.")
    return reason


# Members


def _role(role: str) -> str:
    if role not in Role.values:
        raise Invalid(
            f"Unknown role {role!r}; use one of {', '.join(Role.values)}.",
            code="invalid_role",
        )
    return role


def _admins_locked(tenant: Tenant) -> list[Membership]:
    """Lock the tenant's admin memberships in primary-key order."""
    return list(rows_lock(Membership.objects.filter(tenant=tenant, role=Role.ADMIN)))


def _membership_to_change(
    *, tenant: Tenant, user: User, membership_id: int, demoting: bool
) -> Membership:
    """Return the member about to be demoted or removed, after the lockout rules."""
    admins = _admins_locked(tenant)
    admin_membership_require(tenant=tenant, user=user)
    membership = rows_lock(
        Membership.objects.select_related("user").filter(
            tenant=tenant, pk=membership_id
        )
    ).first()
    if membership is None:
        raise NotFound("No such member.")
    if demoting and membership.role == Role.ADMIN:
        if len(admins) <= 1:
            raise Invalid(
                f"{membership.user.get_username()} is the last admin of "
                f"{tenant.name}; make another member admin first.",
                code="last_admin",
            )
        if membership.user_id == user.pk:
            raise Invalid(
                "You cannot demote or remove yourself; another admin can.",
                code="self_lockout",
            )
    return membership


def membership_set_role(
    *, tenant: Tenant, user: User, membership_id: int, role: str
) -> Membership:
    """Change a member's role; the last admin, and the acting admin, keep theirs."""
    role = _role(role)
    with transaction.atomic(durable=True):
        membership = _membership_to_change(
            tenant=tenant,
            user=user,
            membership_id=membership_id,
            demoting=role != Role.ADMIN,
        )
        old = membership.role
        if old == role:
            return membership
        membership.role = role
        membership.full_clean()
        membership.save(update_fields=["role"])
        audit_event_record(
            tenant_id=tenant.id,
            actor=user_actor(user),
            action=AuditAction.MEMBERSHIP_ROLE_CHANGE,
            object_type="user",
            object_id=str(membership.user_id),
            metadata={"old": old, "new": role},
        )
    return membership


def membership_remove(*, tenant: Tenant, user: User, membership_id: int) -> Membership:
    """Remove a member from the tenant and return the removed row; the user stays."""
    with transaction.atomic(durable=True):
        membership = _membership_to_change(
            tenant=tenant, user=user, membership_id=membership_id, demoting=True
        )
        role, member_id = membership.role, membership.user_id
        membership.delete()
        audit_event_record(
            tenant_id=tenant.id,
            actor=user_actor(user),
            action=AuditAction.MEMBERSHIP_REMOVE,
            object_type="user",
            object_id=str(member_id),
            metadata={"role": role},
        )
    return membership


def member_invite(
    *, tenant: Tenant, user: User, username: str, role: str, email: str = ""
) -> tuple[Membership, str | None]:
    """Make `username` a member; create the account if it does not exist.

    Return the membership and, for a new account, its one-time password,
    which is not stored anywhere in clear: show it once.
    """
    role, username = _role(role), (username or "").strip()
    if not username:
        raise Invalid("Give a username.", code="no_username")
    with transaction.atomic(durable=True):
        admin_membership_require(tenant=tenant, user=user)
        member = User.objects.filter(username=username).first()
        password = None
        if member is None:
            # A one-time password: the new member sets their own at first sign-in.
            member, password = user_create_with_one_time_password(
                username=username, email=email or ""
            )
        existing = Membership.objects.filter(tenant=tenant, user=member).first()
        if existing is not None:
            raise Invalid(
                f"{username} is already a member of {tenant.name} "
                f"({existing.get_role_display().lower()}); change their role instead.",
                code="already_member",
            )
        membership = Membership(tenant=tenant, user=member, role=role)
        membership.full_clean()
        membership.save()
        audit_event_record(
            tenant_id=tenant.id,
            actor=user_actor(user),
            action=AuditAction.MEMBERSHIP_INVITE,
            object_type="user",
            object_id=str(member.pk),
            metadata={"role": role, "new_account": password is not None},
        )
    return membership, password


# Agents and tokens


def _agent_locked(*, tenant: Tenant, agent_id: uuid.UUID | str) -> Agent:
    pk = parse_uuid(agent_id)
    agent = (
        rows_lock(
            Agent.objects.select_related("tenant").filter(tenant=tenant, pk=pk)
        ).first()
        if pk
        else None
    )
    if agent is None:
        raise NotFound("No such agent.")
    return agent


def _agent_grants(
    *, tenant: Tenant, scopes: list[str], layers: list[str], role: str
) -> tuple[list[str], list[str]]:
    """Return the scopes and layers, deduplicated, once they are valid grants."""
    scopes = list(dict.fromkeys(s.strip() for s in scopes if s.strip()))
    layers = list(dict.fromkeys(layers))
    if not scopes:
        raise Invalid("Allow at least one scope.", code="no_scopes")
    known = set(
        Scope.objects.filter(tenant=tenant, path__in=scopes).values_list(
            "path", flat=True
        )
    )
    missing = [s for s in scopes if s not in known]
    if missing:
        raise Invalid(
            f"{tenant.name} has no scope {', '.join(missing)}.",
            code="unknown_scope",
            details={"scopes": missing},
        )
    if not layers:
        raise Invalid("Allow at least one layer.", code="no_layers")
    unknown = [layer for layer in layers if layer not in Layer.values]
    if unknown:
        raise Invalid(
            f"Unknown layers: {', '.join(unknown)}; use {', '.join(Layer.values)}.",
            code="unknown_layer",
        )
    if role not in AgentRole.values:
        raise Invalid(
            f"Unknown agent role {role!r}; use {', '.join(AgentRole.values)}.",
            code="invalid_agent_role",
        )
    return scopes, layers


def admin_agent_create(
    *,
    tenant: Tenant,
    user: User,
    name: str,
    allowed_scopes: list[str],
    allowed_layers: list[str],
    role: str = AgentRole.EXECUTOR,
) -> Agent:
    """Register an agent with existing scopes and valid layers (no token yet)."""
    name = (name or "").strip()
    if not name:
        raise Invalid("Give the agent a name.", code="no_name")
    with transaction.atomic(durable=True):
        admin_membership_require(tenant=tenant, user=user)
        scopes, layers = _agent_grants(
            tenant=tenant, scopes=allowed_scopes, layers=allowed_layers, role=role
        )
        if Agent.objects.filter(tenant=tenant, name=name).exists():
            raise Invalid(
                f"{tenant.name} already has an agent named {name!r}.",
                code="duplicate_agent",
            )
        return tenancy.agent_create(
            tenant=tenant,
            name=name,
            allowed_scopes=scopes,
            allowed_layers=layers,
            role=role,
            actor=user_actor(user),
        )


def agent_update(
    *,
    tenant: Tenant,
    user: User,
    agent_id: uuid.UUID | str,
    allowed_scopes: list[str],
    allowed_layers: list[str],
    role: str,
    reason: str = "",
) -> Agent:
    """Change what an agent may write: its scopes, layers and role."""
    reason = _reason(reason)
    with transaction.atomic(durable=True):
        admin_membership_require(tenant=tenant, user=user)
        agent = _agent_locked(tenant=tenant, agent_id=agent_id)
        scopes, layers = _agent_grants(
            tenant=tenant, scopes=allowed_scopes, layers=allowed_layers, role=role
        )
        changes = {
            name: {"old": getattr(agent, name), "new": new}
            for name, new in (
                ("allowed_scopes", scopes),
                ("allowed_layers", layers),
                ("role", role),
            )
            if getattr(agent, name) != new
        }
        if not changes:
            return agent
        agent.allowed_scopes, agent.allowed_layers, agent.role = scopes, layers, role
        agent.full_clean()
        agent.save(update_fields=["allowed_scopes", "allowed_layers", "role"])
        audit_event_record(
            tenant_id=tenant.id,
            actor=user_actor(user),
            action=AuditAction.AGENT_UPDATE,
            object_type="agent",
            object_id=str(agent.id),
            reason=reason,
            metadata={"changes": changes},
        )
    return agent


def _agent_set_active(
    *, tenant: Tenant, user: User, agent_id: uuid.UUID | str, active: bool, reason: str
) -> Agent:
    reason = _reason(reason)
    with transaction.atomic(durable=True):
        admin_membership_require(tenant=tenant, user=user)
        agent = _agent_locked(tenant=tenant, agent_id=agent_id)
        if agent.is_active == active:
            return agent
        agent.is_active = active
        agent.save(update_fields=["is_active"])
        audit_event_record(
            tenant_id=tenant.id,
            actor=user_actor(user),
            action=AuditAction.AGENT_ACTIVATE
            if active
            else AuditAction.AGENT_DEACTIVATE,
            object_type="agent",
            object_id=str(agent.id),
            reason=reason,
        )
    return agent


def agent_deactivate(
    *, tenant: Tenant, user: User, agent_id: uuid.UUID | str, reason: str = ""
) -> Agent:
    """Disable an agent: every token of it fails at the API until reactivated."""
    return _agent_set_active(
        tenant=tenant, user=user, agent_id=agent_id, active=False, reason=reason
    )


def agent_activate(
    *, tenant: Tenant, user: User, agent_id: uuid.UUID | str, reason: str = ""
) -> Agent:
    """Enable a deactivated agent again; its unrevoked tokens work again."""
    return _agent_set_active(
        tenant=tenant, user=user, agent_id=agent_id, active=True, reason=reason
    )


def admin_agent_resume(
    *, tenant: Tenant, user: User, agent_id: uuid.UUID | str, reason: str = ""
) -> Agent:
    """Lift an agent's write-storm suspension."""
    reason = _reason(reason)
    with transaction.atomic(durable=True):
        admin_membership_require(tenant=tenant, user=user)
        agent = _agent_locked(tenant=tenant, agent_id=agent_id)
        return agent_services.agent_resume(
            agent=agent, actor=user_actor(user), reason=reason
        )


def admin_agent_token_issue(
    *, tenant: Tenant, user: User, agent_id: uuid.UUID | str, label: str = ""
) -> tuple[AgentToken, str]:
    """Issue a token; return the row and the full token, to be shown only once."""
    label = (label or "").strip()
    if len(label) > AgentToken._meta.get_field("label").max_length:
        raise Invalid("Keep the label under 100 characters.")
    with transaction.atomic(durable=True):
        admin_membership_require(tenant=tenant, user=user)
        agent = _agent_locked(tenant=tenant, agent_id=agent_id)
        if not agent.is_active:
            raise Invalid(
                f"{agent.name} is deactivated; activate it before issuing tokens.",
                code="agent_inactive",
            )
        return tenancy.agent_token_issue(
            agent=agent, actor=user_actor(user), label=label
        )


def admin_agent_token_revoke(
    *,
    tenant: Tenant,
    user: User,
    agent_id: uuid.UUID | str,
    token_id: int,
    reason: str = "",
) -> AgentToken:
    """Revoke one of the agent's tokens; the API refuses it from then on."""
    reason = _reason(reason)
    with transaction.atomic(durable=True):
        admin_membership_require(tenant=tenant, user=user)
        agent = _agent_locked(tenant=tenant, agent_id=agent_id)
        token = AgentToken.objects.filter(
            tenant=tenant, agent=agent, pk=token_id
        ).first()
        if token is None:
            raise NotFound("No such token.")
        if token.revoked_at is not None:
            raise Invalid(
                f"Token {token.prefix} was already revoked.", code="already_revoked"
            )
        return tenancy.agent_token_revoke(
            token=token, actor=user_actor(user), reason=reason
        )


# The tenant's policy


# Shares of one whole: R(w) and c_adj stay in [0, 1] only if these sum to 1.
POLICY_WEIGHTS = ("risk_weights", "confidence_betas", "validation_weights")


def _checked(rule: Rule, value: Any) -> Any:
    """Return `value` as the rule's type, or raise ValueError saying what is wrong."""
    wrong = ValueError(f"Must be {rule.describe()}; got {value!r}.")
    if rule.kind == "bool":
        if not isinstance(value, bool):
            raise wrong
        return value
    if rule.kind == "choice":
        if value not in rule.choices:
            raise wrong
        return value
    if rule.kind == "choices":
        if isinstance(value, str) or not isinstance(value, list | tuple | set):
            raise wrong
        unknown = [v for v in value if v not in rule.choices]
        if unknown:
            raise ValueError(
                f"Choose from {', '.join(rule.choices)}; "
                f"{', '.join(map(repr, unknown))} is not one."
            )
        return tuple(sorted(set(value)))
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise wrong
    if not math.isfinite(value):
        raise wrong
    if rule.kind == "int":
        if isinstance(value, float) and not value.is_integer():
            raise wrong
        value = int(value)
    else:
        value = float(value)
    too_low = rule.minimum is not None and (
        value <= rule.minimum if rule.exclusive_minimum else value < rule.minimum
    )
    if too_low or (rule.maximum is not None and value > rule.maximum):
        raise wrong
    return value


def _canonical(value: Any) -> Any:
    """Return `value` comparable and JSON-ready: choice tuples as sorted lists."""
    if isinstance(value, tuple):
        return sorted(value) if value and isinstance(value[0], str) else list(value)
    return value


def _setting_apply(name: str, value: Any, current: Any, errors: dict[str, str]) -> Any:
    """Return setting `name` after `value`; None (here or in a key) means default."""
    default, rule = getattr(DEFAULT_POLICY, name), policy_rule(name)
    if value is None:
        return default
    if isinstance(default, dict):
        if not isinstance(value, dict):
            errors[name] = f"Must be a mapping of {', '.join(default)} to values."
            return current
        merged = dict(current)
        for key, leaf in value.items():
            if key not in default:
                errors[f"{name}.{key}"] = (
                    f"Unknown key {key!r}; use one of {', '.join(default)}."
                )
            elif leaf is None:
                merged[key] = default[key]
            else:
                try:
                    merged[key] = _checked(rule, leaf)
                except ValueError as error:
                    errors[f"{name}.{key}"] = str(error)
        return merged
    if isinstance(default, tuple) and rule.kind != "choices":
        if not isinstance(value, list | tuple) or len(value) != len(default):
            errors[name] = f"Must be {len(default)} values, each {rule.describe()}."
            return current
        items = list(current)
        for index, leaf in enumerate(value):
            try:
                items[index] = default[index] if leaf is None else _checked(rule, leaf)
            except ValueError as error:
                errors[f"{name}.{index}"] = str(error)
        return tuple(items)
    try:
        return _checked(rule, value)
    except ValueError as error:
        errors[name] = str(error)
        return current


def _policy_consistency(policy: Policy) -> dict[str, str]:
    """Return what is wrong across settings, by setting name."""
    errors = {}
    if policy.async_review_at > policy.sync_block_at:
        errors["sync_block_at"] = (
            f"The sync block threshold ({policy.sync_block_at:g}) must not be "
            f"below the async review threshold ({policy.async_review_at:g})."
        )
    for name in POLICY_WEIGHTS:
        values = getattr(policy, name)
        total = sum(values.values() if isinstance(values, dict) else values)
        if abs(total - 1.0) > WEIGHT_SUM_TOLERANCE:
            errors[name] = f"The weights must add up to 1; they add up to {total:g}."
    if policy.layers_needing_external_evidence and not policy.external_evidence_types:
        errors["external_evidence_types"] = (
            "Choose at least one external evidence type while layers need one."
        )
    return errors


def policy_with_changes(current: Policy, changes: dict[str, Any]) -> Policy:
    """Return `current` with `changes` applied, or raise Invalid naming every problem.

    `changes` maps setting names to values; a mapping setting takes some of
    its keys, a tuple setting all its items; None resets to the default.
    """
    names = {f.name for f in dataclasses.fields(Policy)}
    unknown = sorted(set(changes) - names)
    if unknown:
        raise Invalid(
            f"Unknown policy settings: {', '.join(unknown)}.",
            code="unknown_policy_setting",
            details=dict.fromkeys(unknown, "Unknown setting."),
        )
    errors: dict[str, str] = {}
    values = {
        name: _setting_apply(name, value, getattr(current, name), errors)
        for name, value in changes.items()
    }
    if not errors:
        # Build it through Policy.merged, the one place policies are combined.
        proposed = DEFAULT_POLICY.merged(
            {
                **_policy_overrides(current),
                **{n: _canonical(v) for n, v in values.items()},
            }
        )
        errors = _policy_consistency(proposed)
    if errors:
        listed = "; ".join(f"{key}: {message}" for key, message in errors.items())
        raise Invalid(
            f"The policy was not saved. {listed}",
            code="invalid_policy",
            details=errors,
        )
    return proposed


def policy_values(policy: Policy) -> dict[str, Any]:
    """Return every value of `policy` flat: `name`, `name.key` or `name.index`."""
    flat = {}
    for f in dataclasses.fields(policy):
        value = getattr(policy, f.name)
        if isinstance(value, dict):
            flat.update({f"{f.name}.{k}": v for k, v in value.items()})
        elif isinstance(value, tuple) and policy_rule(f.name).kind != "choices":
            flat.update({f"{f.name}.{i}": v for i, v in enumerate(value)})
        else:
            flat[f.name] = _canonical(value)
    return flat


def _policy_overrides(policy: Policy) -> dict[str, Any]:
    """Return the settings of `policy` that differ from the defaults, as JSON."""
    overrides: dict[str, Any] = {}
    for f in dataclasses.fields(policy):
        value, default = getattr(policy, f.name), getattr(DEFAULT_POLICY, f.name)
        if isinstance(default, dict):
            changed = {k: v for k, v in value.items() if default.get(k) != v}
            if changed:
                overrides[f.name] = changed
        elif _canonical(value) != _canonical(default):
            overrides[f.name] = _canonical(value)
    return overrides


def tenant_policy_update(
    *, tenant: Tenant, user: User, changes: dict[str, Any], reason: str
) -> Policy:
    """Apply `changes` to the tenant's policy; store only overrides of defaults.

    The audit event lists each changed value with its old and new value.
    Nothing is written when nothing changes.
    """
    reason = _reason(reason, required=True)
    with transaction.atomic(durable=True):
        admin_membership_require(tenant=tenant, user=user)
        locked = row_lock(Tenant, pk=tenant.pk)
        current = policy_for(locked)
        proposed = policy_with_changes(current, changes)
        old, new = policy_values(current), policy_values(proposed)
        changed = {
            key: {"old": old.get(key), "new": value}
            for key, value in new.items()
            if old.get(key) != value
        }
        if not changed:
            return current
        locked.policy = _policy_overrides(proposed)
        locked.full_clean()
        locked.save(update_fields=["policy"])
        audit_event_record(
            tenant_id=tenant.id,
            actor=user_actor(user),
            action=AuditAction.TENANT_POLICY_UPDATE,
            object_type="tenant",
            object_id=str(tenant.id),
            reason=reason,
            metadata={"changes": changed},
        )
    tenant.policy = locked.policy
    return proposed


# Reads for the admin pages


def admin_membership_list(*, tenant: Tenant) -> QuerySet[Membership]:
    """Return the tenant's memberships with their users, by username."""
    return (
        Membership.objects.filter(tenant=tenant)
        .select_related("user")
        .order_by("user__username", "pk")
    )


def admin_usernames(*, tenant: Tenant) -> list[str]:
    """Return the usernames of the tenant's admins, for people to ask."""
    return list(
        Membership.objects.filter(tenant=tenant, role=Role.ADMIN)
        .order_by("user__username")
        .values_list("user__username", flat=True)
    )


def admin_agent_list(*, tenant: Tenant) -> QuerySet[Agent]:
    """Return the tenant's agents by name, with live token counts and last use."""
    live = Q(tokens__revoked_at__isnull=True)
    return (
        Agent.objects.filter(tenant=tenant)
        .annotate(
            live_tokens=Count("tokens", filter=live),
            last_used_at=Max("tokens__last_used_at"),
        )
        .order_by("name", "id")
    )


def admin_agent_get(*, tenant: Tenant, agent_id: uuid.UUID | str) -> Agent:
    """Return the tenant's agent, or NotFound when missing or another tenant's."""
    pk = parse_uuid(agent_id)
    agent = Agent.objects.filter(tenant=tenant, pk=pk).first() if pk else None
    if agent is None:
        raise NotFound("No such agent.")
    return agent


def admin_agent_token_list(*, tenant: Tenant, agent: Agent) -> QuerySet[AgentToken]:
    """Return the agent's tokens, live ones first, newest first."""
    return AgentToken.objects.filter(tenant=tenant, agent=agent).order_by(
        "-revoked_at", "-created_at", "-pk"
    )
