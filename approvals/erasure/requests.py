"""Erasure requests, decided by people: file, approve, execute, cancel."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from approvals.erasure.selectors import erasure_get, erasure_role_check
from approvals.models import (
    ErasureRequest,
    ErasureStatus,
    LegalBasis,
)
from audit.actions import AuditAction
from audit.models import AuditEvent
from audit.services import Actor, AuditEntry, audit_events_record
from memory_core.exceptions import Forbidden, Invalid, StateConflict
from memory_core.lifecycle.erasure import (
    KIND_LABELS,
    MAX_IDENTIFIERS,
    Identifier,
    Kind,
    identifier_parse,
    identifiers_dump,
    subject_hash,
)
from memory_core.lock_objects import row_lock
from memory_core.models import (
    Agent,
    MemoryItem,
    Tenant,
)
from memory_core.permissions import Capability
from memory_core.policy import policy_for
from memory_core.redaction import value_encrypt
from memory_core.scope_paths import scope_within
from memory_core.services.tenancy import agent_actor, scope_path_kind, user_actor

logger = logging.getLogger(__name__)


# Filing


def erasure_file(
    *,
    tenant: Tenant,
    identifiers: Sequence[tuple[str, str]],
    legal_basis: str,
    user: User | None = None,
    agent: Agent | None = None,
    within: str = "",
    source: str = "console",
) -> ErasureRequest:
    """File a request for a data subject, by a member (curator up) or an agent.

    The identifiers are normalized, encrypted and kept only until the request
    completes; the audit event carries the keyed subject hash and the kinds.
    """
    if user is not None:
        erasure_role_check(
            tenant=tenant,
            user=user,
            capability=Capability.ERASURE_FILE,
            message="Only compliance officers, curators and admins file erasures.",
        )
    if legal_basis not in LegalBasis.values:
        raise Invalid("Choose the legal basis of the request.", code="legal_basis")
    parsed = _parse_identifiers(identifiers)
    within = (within or "").strip()
    if within:
        within = within if within.endswith("/") else within + "/"
        scope_path_kind(within)
        if agent is not None and not scope_within(within, agent.allowed_scopes):
            raise Forbidden(
                f"This agent may not ask to forget in {within}.",
                code="scope_not_allowed",
            )
    if agent is not None:
        within = within or _agent_default_within(agent)
        _identifiers_check_grant(tenant=tenant, agent=agent, identifiers=parsed)
    now = timezone.now()
    request = ErasureRequest(
        tenant=tenant,
        legal_basis=legal_basis,
        identifiers_ciphertext=value_encrypt(identifiers_dump(parsed)),
        identifier_kinds=[i.kind for i in parsed],
        subject_hash=subject_hash(tenant_id=tenant.id, identifiers=parsed),
        within_scope=within,
        source=source,
        filed_by=user,
        filed_by_agent=agent,
        created_at=now,
        due_at=now + timedelta(hours=settings.MGC_ERASURE_SLA_HOURS),
    )
    actor = user_actor(user) if user is not None else agent_actor(agent)
    with transaction.atomic(durable=True):
        request.save(force_insert=True)
        erasure_audit(request, actor, AuditAction.ERASURE_FILE, source=source)
    return request


def _agent_default_within(agent: Agent) -> str:
    """Return the subtree an agent's request is confined to when it names none.

    Never the whole tenant: the agent's one granted scope, or it must say
    which of its scopes.
    """
    if len(agent.allowed_scopes) == 1:
        return agent.allowed_scopes[0]
    raise Invalid(
        "Say in which of this agent's scopes to forget (`scope`): it may write "
        f"to several ({', '.join(agent.allowed_scopes)}).",
        code="scope_required",
    )


def _identifiers_check_grant(
    *, tenant: Tenant, agent: Agent, identifiers: Sequence[Identifier]
) -> None:
    """Refuse an identifier naming something outside the agent's grant.

    A scope, a user (their user scope) or a memory (its scope) must lie at or
    below one of the agent's scopes. A memory that does not exist is refused
    with the same answer as another user's: the refusal says which
    identifier, never whether what it names exists. Emails, phones and names
    are text, confined by the request's scope.
    """
    allowed = list(agent.allowed_scopes)
    orgs = {tenant.slug} | {
        parts[1]
        for root in allowed
        if len(parts := root.strip("/").split("/")) >= 2 and parts[0] == "org"
    }
    memory_ids = [uuid.UUID(i.value) for i in identifiers if i.kind == Kind.MEMORY]
    memory_paths = dict(
        MemoryItem.objects.filter(tenant=tenant, pk__in=memory_ids).values_list(
            "pk", "scope__path"
        )
    )
    for n, ident in enumerate(identifiers, start=1):
        if ident.kind == Kind.SCOPE:
            ok = scope_within(ident.value, allowed)
        elif ident.kind == Kind.USER_ID:
            ok = any(
                scope_within(f"/org/{org}/user/{ident.value}/", allowed) for org in orgs
            )
        elif ident.kind == Kind.MEMORY:
            path = memory_paths.get(uuid.UUID(ident.value))
            ok = path is not None and scope_within(path, allowed)
        else:
            continue
        if not ok:
            raise Forbidden(
                f"This agent may not ask to forget identifier {n} "
                f"({KIND_LABELS[ident.kind]}): an agent names only memories, "
                f"users and scopes at or below its own scopes ({', '.join(allowed)}).",
                code="identifier_not_allowed",
                details={"identifier": n},
            )


def _parse_identifiers(identifiers: Sequence[tuple[str, str]]) -> list[Identifier]:
    parsed: list[Identifier] = []
    for kind, raw in identifiers:
        ident = identifier_parse(kind, raw)
        if ident not in parsed:
            parsed.append(ident)
    if not parsed:
        raise Invalid(
            "Name the data subject: at least one email, phone, name, user id, "
            "scope or memory.",
            code="identifiers_required",
        )
    if len(parsed) > MAX_IDENTIFIERS:
        raise Invalid(
            f"At most {MAX_IDENTIFIERS} identifiers per request.",
            code="too_many_identifiers",
        )
    return parsed


def erasure_audit(
    request: ErasureRequest, actor: Actor, action: str, **metadata: Any
) -> list[AuditEvent]:
    return audit_events_record(
        tenant_id=request.tenant_id,
        actor=actor,
        entries=[
            AuditEntry(
                action=action,
                object_type="erasure_request",
                object_id=str(request.id),
                reason=request.legal_basis,
                metadata={
                    "subject_hash": request.subject_hash,
                    "identifier_kinds": request.identifier_kinds,
                    **metadata,
                },
            )
        ],
    )


# Decisions


def _lock(tenant: Tenant, request_id: uuid.UUID | str) -> ErasureRequest:
    request = erasure_get(tenant=tenant, request_id=request_id)
    return row_lock(ErasureRequest, pk=request.pk)


def erasure_approve(
    *, tenant: Tenant, request_id: uuid.UUID | str, user: User
) -> ErasureRequest:
    """Approve a filed request (the first pair of eyes under four-eyes policy)."""
    erasure_role_check(
        tenant=tenant,
        user=user,
        capability=Capability.ERASURE_DECIDE,
        message="Only compliance officers approve erasures.",
    )
    with transaction.atomic(durable=True):
        request = _lock(tenant, request_id)
        if request.status != ErasureStatus.FILED:
            raise StateConflict(
                f"This request is {request.status}; only a filed one is approved.",
                code="not_filed",
            )
        request.status = ErasureStatus.APPROVED
        request.approved_by, request.approved_at = user, timezone.now()
        request.save(update_fields=["status", "approved_by", "approved_at"])
        erasure_audit(request, user_actor(user), AuditAction.ERASURE_APPROVE)
    return request


def erasure_execute(
    *, tenant: Tenant, request_id: uuid.UUID | str, user: User
) -> ErasureRequest:
    """Start (or retry) the erasure job; a completed request is left as it is.

    Under the tenant's four-eyes policy (on by default) two people sign off:
    the officer executing is neither the member who filed the request nor the
    officer who approved it, and a request an agent filed (no person filed
    it) is approved first. The console also asks for the request id typed
    back (`approvals.forms.ErasureExecuteForm`) before it calls this.
    """
    erasure_role_check(
        tenant=tenant,
        user=user,
        capability=Capability.ERASURE_DECIDE,
        message="Only compliance officers execute erasures.",
    )
    with transaction.atomic(durable=True):
        request = _lock(tenant, request_id)
        if request.status in (ErasureStatus.COMPLETED, ErasureStatus.RUNNING):
            return request  # a re-run is a no-op: same job, same certificate
        if request.status == ErasureStatus.CANCELLED:
            raise StateConflict("This request was cancelled.", code="cancelled")
        if policy_for(tenant).erasure_four_eyes:
            four_eyes_check(request, user)
        now = timezone.now()
        request.status, request.executed_by = ErasureStatus.RUNNING, user
        request.started_at = request.started_at or now
        request.heartbeat_at, request.error = None, ""
        request.save(
            update_fields=[
                "status",
                "executed_by",
                "started_at",
                "heartbeat_at",
                "error",
            ]
        )
        erasure_audit(request, user_actor(user), AuditAction.ERASURE_EXECUTE)
        transaction.on_commit(lambda: erasure_enqueue(request_id=request.pk))
    return request


def four_eyes_refusal(request: ErasureRequest, user: User) -> str:
    """Return why four eyes forbid `user` to execute `request` ("" if they do not)."""
    if request.filed_by_id is not None and request.filed_by_id == user.pk:
        return (
            "Four eyes: you filed this request, so another compliance officer "
            "executes it."
        )
    if request.approved_by_id is not None and request.approved_by_id == user.pk:
        return "Four eyes: the officer who approved cannot also execute."
    return ""


def four_eyes_check(request: ErasureRequest, user: User) -> None:
    """Refuse an execution four eyes forbid: 403 for the person, 409 for the state."""
    if refusal := four_eyes_refusal(request, user):
        raise Forbidden(refusal, code="four_eyes")
    if request.filed_by_id is None and request.approved_by_id is None:
        raise StateConflict(
            "Four eyes: an agent filed this request, so a compliance officer "
            "approves it before another one executes it.",
            code="approval_required",
        )


def erasure_cancel(
    *, tenant: Tenant, request_id: uuid.UUID | str, user: User
) -> ErasureRequest:
    """Cancel a request that is not running or done; its identifiers are destroyed."""
    erasure_role_check(
        tenant=tenant,
        user=user,
        capability=Capability.ERASURE_DECIDE,
        message="Only compliance officers cancel erasures.",
    )
    with transaction.atomic(durable=True):
        request = _lock(tenant, request_id)
        if request.status not in (
            ErasureStatus.FILED,
            ErasureStatus.APPROVED,
            ErasureStatus.FAILED,
        ):
            raise StateConflict(
                f"A {request.status} request cannot be cancelled.", code="not_open"
            )
        now = timezone.now()
        request.status, request.finished_at = ErasureStatus.CANCELLED, now
        request.identifiers_ciphertext, request.identifiers_destroyed_at = b"", now
        request.save(
            update_fields=[
                "status",
                "finished_at",
                "identifiers_ciphertext",
                "identifiers_destroyed_at",
            ]
        )
        request.probes.all().delete()
        erasure_audit(request, user_actor(user), AuditAction.ERASURE_CANCEL)
    return request


def erasure_enqueue(*, request_id: uuid.UUID) -> None:
    """Send the job to a worker; if the broker is down, the sweeper retries."""
    from approvals.tasks import erasure_run_task

    try:
        erasure_run_task.apply_async(args=[str(request_id)])
    except Exception:  # noqa: BLE001 - the sweeper enqueues it again
        logger.exception("could not enqueue erasure %s; the sweeper will", request_id)
