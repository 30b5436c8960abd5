"""Scopes: create (by an admin, or by an agent's first write), rename, archive.

`scope_create` lives in `services/tenancy.py` (tenants are created with their
root scopes); the use cases here build on it. The `admin_*` functions are the
console's: they take the acting user and refuse unless that user is an admin
of the tenant, as `services/administration.py` does.

An archived scope takes no writes, nor does anything below it (the schema
gate refuses them, `scope_archived`); reads still work. A scope is archived
only once nothing in it or below it is active or pending, so no memory is
stranded there.
"""

from __future__ import annotations

import uuid

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from audit.actions import AuditAction
from audit.services import Actor, audit_event_record
from memory_core.exceptions import Invalid, NotFound
from memory_core.hashing import sha256
from memory_core.lock_objects import rows_lock
from memory_core.models import Agent, Scope, ScopeKind, Tenant, ancestor_paths
from memory_core.policy import policy_for
from memory_core.scope_paths import (
    scope_auto_create_plan,
    scope_child_path,
    scope_path_kind,
    scope_segment_check,
)
from memory_core.selectors import parse_uuid, scope_archive_blockers
from memory_core.services.administration import admin_membership_require
from memory_core.services.tenancy import (
    SCOPE_NAME_MAX,
    agent_actor,
    scope_create,
    user_actor,
)

# Kinds an admin creates, and the kind of parent each goes under.
CHILD_KINDS = {
    ScopeKind.ORG: (ScopeKind.GLOBAL,),
    ScopeKind.USER: (ScopeKind.ORG,),
    ScopeKind.TASK: (ScopeKind.ORG, ScopeKind.USER),
}
NOUNS = {"global": "the global", "org": "an org", "user": "a user", "task": "a task"}
# How many scopes holding active memories an archive refusal names.
BLOCKING_SCOPES_SHOWN = 5


# An agent's write creates its scope


def scope_create_for_write(*, agent: Agent, path: str) -> list[Scope]:
    """Create the missing scope of an agent's write, top-down; return those created.

    The schema gate has checked the plan (`scope_auto_create_plan`): the
    tenant's policy creates this kind, the path is well-formed and at or below
    what the agent may write. Missing ancestors the same rules allow come
    first (`…/user/{u}/task/{t}/` creates the user scope too). Runs inside
    `write_submit`'s transaction, before the write is stored.

    Concurrent first writes to one new scope all succeed: the insert is
    `ON CONFLICT DO NOTHING` on (tenant, path), so the loser waits for the
    winner's commit and then uses its row; only the winner records
    `scope.create`, with the agent as the actor.
    """
    tenant = agent.tenant
    known = dict(
        Scope.objects.filter(tenant=tenant, path__in=ancestor_paths(path)).values_list(
            "path", "id"
        )
    )
    plan, refusal = scope_auto_create_plan(
        path,
        kinds=policy_for(tenant).auto_create_scopes,
        allowed_scopes=agent.allowed_scopes,
        exists=known.__contains__,
    )
    if refusal is not None:
        raise Invalid(refusal.message, code="unknown_scope", gate="schema")
    created = []
    for new_path in plan:
        scope = Scope(
            tenant=tenant,
            parent_id=known[ancestor_paths(new_path)[1]],
            path=new_path,
            kind=scope_path_kind(new_path),
            name=new_path.strip("/").split("/")[-1],
            created_by_agent=agent,
        )
        scope.clean_fields(exclude=["tenant", "parent", "created_by_agent"])
        Scope.objects.bulk_create([scope], ignore_conflicts=True)
        known[new_path] = (
            Scope.objects.filter(tenant=tenant, path=new_path)
            .values_list("id", flat=True)
            .get()
        )
        if known[new_path] != scope.id:
            continue  # a concurrent write created it first
        created.append(scope)
        audit_event_record(
            tenant_id=tenant.id,
            actor=agent_actor(agent),
            action=AuditAction.SCOPE_CREATE,
            object_type="scope",
            object_id=str(scope.id),
            metadata={
                "path": new_path,
                "kind": scope.kind,
                "agent_id": str(agent.pk),
                "auto_created": True,
            },
        )
    return created


# The admin's use cases


def _scope_locked(*, tenant: Tenant, scope_id: uuid.UUID | str) -> Scope:
    pk = parse_uuid(scope_id)
    scope = (
        rows_lock(Scope.objects.filter(tenant=tenant, pk=pk)).first() if pk else None
    )
    if scope is None:
        raise NotFound("No such scope.")
    return scope


def _name(name: str) -> str:
    name = (name or "").strip()
    if not name:
        raise Invalid("Give the scope a display name.", code="no_scope_name")
    if len(name) > SCOPE_NAME_MAX:
        raise Invalid(
            f"Keep the display name under {SCOPE_NAME_MAX} characters.",
            code="invalid_scope_name",
        )
    return name


def _name_event(name: str) -> str:
    # A display name may be a person's name: the audit trail keeps its hash.
    return sha256(name)


def admin_scope_create(
    *,
    tenant: Tenant,
    user: User,
    parent_path: str,
    kind: str,
    segment: str,
    name: str = "",
) -> Scope:
    """Create a `kind` scope named `segment` below the scope at `parent_path`.

    An org scope goes under /global/, a user scope under an org, a task
    scope under an org or a user. The display name defaults to the id.
    """
    parent_path, segment = (parent_path or "").strip(), (segment or "").strip()
    if kind not in CHILD_KINDS:
        raise Invalid(
            f"Unknown kind {kind!r}; create an org, user or task scope.",
            code="invalid_scope_kind",
        )
    if not parent_path:
        raise Invalid("Give the parent scope's path.", code="parent_missing")
    if not parent_path.endswith("/"):
        parent_path += "/"
    scope_segment_check(segment)
    with transaction.atomic(durable=True):
        admin_membership_require(tenant=tenant, user=user)
        parent = Scope.objects.filter(tenant=tenant, path=parent_path).first()
        if parent is None:
            raise Invalid(
                f"The parent scope {parent_path} does not exist; create it "
                "first, or pick one from the list.",
                code="parent_missing",
            )
        if parent.kind not in CHILD_KINDS[kind]:
            under = " or ".join(NOUNS[k] for k in CHILD_KINDS[kind])
            raise Invalid(
                f"A {kind} scope goes under {under} scope; {parent_path} is "
                f"{NOUNS[parent.kind]} scope.",
                code="invalid_scope_parent",
            )
        return scope_create(
            tenant=tenant,
            path=scope_child_path(parent_path, kind, segment),
            actor=user_actor(user),
            name=name,
        )


def scope_rename(
    *, tenant: Tenant, scope_id: uuid.UUID | str, name: str, actor: Actor
) -> Scope:
    """Change a scope's display name; its path, and so every grant, stays."""
    name = _name(name)
    with transaction.atomic():
        scope = _scope_locked(tenant=tenant, scope_id=scope_id)
        if scope.name == name:
            return scope
        old = scope.name
        scope.name = name
        scope.full_clean(validate_constraints=False)
        scope.save(update_fields=["name"])
        audit_event_record(
            tenant_id=tenant.id,
            actor=actor,
            action=AuditAction.SCOPE_RENAME,
            object_type="scope",
            object_id=str(scope.id),
            metadata={
                "path": scope.path,
                "old_name_sha256": _name_event(old),
                "new_name_sha256": _name_event(name),
            },
        )
    return scope


def _tenant_root(tenant: Tenant, scope: Scope) -> bool:
    return scope.kind == ScopeKind.GLOBAL or scope.path == f"/org/{tenant.slug}/"


def scope_archive(
    *, tenant: Tenant, scope_id: uuid.UUID | str, actor: Actor, reason: str = ""
) -> Scope:
    """Archive a scope: from now on it, and everything below it, takes no writes.

    Refused while active memories or pending writes (queued, deferred or
    waiting for a review) remain in it or below it; the refusal counts them
    and names the way out. The tenant's root scopes are never archived.
    """
    with transaction.atomic():
        scope = _scope_locked(tenant=tenant, scope_id=scope_id)
        if scope.archived_at is not None:
            return scope
        if _tenant_root(tenant, scope):
            raise Invalid(
                f"{scope.path} is a root of {tenant.name}'s scope tree and "
                "cannot be archived; archive the scopes below it instead.",
                code="root_scope",
            )
        blockers = scope_archive_blockers(
            tenant=tenant, path=scope.path, shown=BLOCKING_SCOPES_SHOWN
        )
        if blockers.active_memories or blockers.pending_writes:
            shown = dict(blockers.memory_scopes)
            raise Invalid(
                _blocked_message(scope, blockers),
                code="scope_not_empty",
                details={
                    "scope": scope.path,
                    "active_memories": blockers.active_memories,
                    "pending_writes": blockers.pending_writes,
                    # The fullest scopes, and how many memories are elsewhere.
                    "memory_scopes": shown,
                    "memories_elsewhere": blockers.active_memories
                    - sum(shown.values()),
                },
            )
        scope.archived_at = timezone.now()
        scope.save(update_fields=["archived_at"])
        audit_event_record(
            tenant_id=tenant.id,
            actor=actor,
            action=AuditAction.SCOPE_ARCHIVE,
            object_type="scope",
            object_id=str(scope.id),
            reason=reason,
            metadata={"path": scope.path},
        )
    return scope


def _blocked_message(scope: Scope, blockers) -> str:
    where = f"in {scope.path} and the scopes below it"
    parts = []
    if blockers.active_memories:
        count = blockers.active_memories
        noun = "memory remains" if count == 1 else "memories remain"
        parts.append(
            f"{count} active {noun} {where}: promote, retract or erase "
            f"{'it' if count == 1 else 'them'} first (Memories → filter by scope)."
        )
    if blockers.pending_writes:
        count = blockers.pending_writes
        noun = "write is" if count == 1 else "writes are"
        parts.append(
            f"{count} {noun} still pending {where} (queued, deferred or waiting "
            "for a review): let the pipeline finish and decide the reviews "
            "first (Reviews)."
        )
    return f"{scope.path} cannot be archived yet. " + " ".join(parts)


def scope_unarchive(
    *, tenant: Tenant, scope_id: uuid.UUID | str, actor: Actor, reason: str = ""
) -> Scope:
    """Let an archived scope take writes again (unless an ancestor is archived)."""
    with transaction.atomic():
        scope = _scope_locked(tenant=tenant, scope_id=scope_id)
        if scope.archived_at is None:
            return scope
        archived_above = (
            Scope.objects.filter(
                tenant=tenant,
                path__in=ancestor_paths(scope.path)[1:],
                archived_at__isnull=False,
            )
            .order_by("-path")
            .values_list("path", flat=True)
            .first()
        )
        if archived_above:
            raise Invalid(
                f"{archived_above} is archived too, and nothing below it takes "
                "writes; unarchive it first.",
                code="scope_archived",
            )
        scope.archived_at = None
        scope.save(update_fields=["archived_at"])
        audit_event_record(
            tenant_id=tenant.id,
            actor=actor,
            action=AuditAction.SCOPE_UNARCHIVE,
            object_type="scope",
            object_id=str(scope.id),
            reason=reason,
            metadata={"path": scope.path},
        )
    return scope


def admin_scope_rename(
    *, tenant: Tenant, user: User, scope_id: uuid.UUID | str, name: str
) -> Scope:
    """Rename a scope, as an admin of the tenant."""
    with transaction.atomic(durable=True):
        admin_membership_require(tenant=tenant, user=user)
        return scope_rename(
            tenant=tenant, scope_id=scope_id, name=name, actor=user_actor(user)
        )


def admin_scope_archive(
    *, tenant: Tenant, user: User, scope_id: uuid.UUID | str, reason: str = ""
) -> Scope:
    """Archive a scope, as an admin of the tenant."""
    with transaction.atomic(durable=True):
        admin_membership_require(tenant=tenant, user=user)
        return scope_archive(
            tenant=tenant, scope_id=scope_id, actor=user_actor(user), reason=reason
        )


def admin_scope_unarchive(
    *, tenant: Tenant, user: User, scope_id: uuid.UUID | str, reason: str = ""
) -> Scope:
    """Unarchive a scope, as an admin of the tenant."""
    with transaction.atomic(durable=True):
        admin_membership_require(tenant=tenant, user=user)
        return scope_unarchive(
            tenant=tenant, scope_id=scope_id, actor=user_actor(user), reason=reason
        )
