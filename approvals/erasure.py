"""Right-to-erasure requests: file, preview, approve, execute, certify (003 §12.10.2).

The request is this app's; the mechanics (scan, delete, verify) are
`memory_core.erasure`. Execution is a durable job: `erasure_execute` marks
the request running and enqueues `erasure_run`, which claims it with a
conditional UPDATE (so a redelivered or duplicated message is harmless),
deletes in chunks of whole items (one transaction each, so nothing is ever
half-deleted), then verifies and completes in one transaction holding the
tenant's write fence exclusive (memory_core/fences.py): whatever a write for
the subject committed before that point is found and erased there, and the
tenant's writes wait until the certificate is written (other tenants' writes
never do). A job whose worker died stops heart-beating; the
beat sweeper (`erasures_resume_stalled`) enqueues it again.
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models import Count, F, Q, QuerySet
from django.utils import timezone

from approvals.models import (
    OPEN_ERASURE_STATUSES,
    ErasureProbe,
    ErasureRequest,
    ErasureStatus,
    LegalBasis,
)
from audit.actions import AuditAction
from audit.models import AuditEvent
from audit.services import Actor, AuditEntry, audit_events_record
from memory_core.erasure import (
    KIND_LABELS,
    MAX_IDENTIFIERS,
    ErasureSet,
    Identifier,
    Kind,
    erasure_chunk_delete,
    erasure_rows_delete,
    erasure_scan,
    erasure_survivors,
    identifier_parse,
    identifiers_dump,
    identifiers_load,
    reason_chain,
    subject_hash,
)
from memory_core.exceptions import Forbidden, Invalid, NotFound, StateConflict
from memory_core.fences import tenant_writes_fence_close
from memory_core.metrics import instruments
from memory_core.models import (
    Agent,
    MemoryItem,
    MemoryVersion,
    RedactionToken,
    Tenant,
)
from memory_core.permissions import Capability, require
from memory_core.policy import policy_for
from memory_core.redaction import value_decrypt, value_encrypt
from memory_core.scope_paths import scope_within
from memory_core.services.tenancy import agent_actor, scope_path_kind, user_actor

logger = logging.getLogger(__name__)

# Rescans before the final, locked verification (late writes for the subject).
MAX_ROUNDS = 5
PREVIEW_LIMIT = 500


def erasure_role_check(
    *, tenant: Tenant, user: User, capability: Capability, message: str
) -> str:
    """Return the member's role; refuse non-members as not found, others as 403."""
    if not user.is_active:
        raise NotFound("No such erasure request.")
    return require(
        tenant=tenant,
        user=user,
        capability=capability,
        missing="No such erasure request.",
        refusal=message,
    )


# Selectors


def erasures_open(tenant: Tenant) -> QuerySet[ErasureRequest]:
    """Return the tenant's open requests (not completed or cancelled), due first."""
    return ErasureRequest.objects.filter(
        tenant=tenant, status__in=OPEN_ERASURE_STATUSES
    ).order_by("due_at", "created_at")


def erasures_overdue_count(tenant: Tenant) -> int:
    """Return how many open requests are past their 72-hour SLA."""
    return erasures_open(tenant).filter(due_at__lt=timezone.now()).count()


def erasure_id_query(raw: str) -> str:
    """Return a typed request id (or its start) normalized, or "" if it is not one."""
    typed = "".join((raw or "").lower().split())
    if len(typed) == 32 and "-" not in typed:
        try:
            return str(uuid.UUID(typed))
        except ValueError:
            return ""
    if typed and all(c in "0123456789abcdef-" for c in typed) and len(typed) <= 36:
        return typed
    return ""


def erasure_list(
    *, tenant: Tenant, status: str = "", q: str = ""
) -> QuerySet[ErasureRequest]:
    """Return requests, open ones due first then the rest newest first.

    `q` finds a request by its id or the start of it (the short form the
    pages show), whatever its status; anything else finds nothing.
    """
    requests = ErasureRequest.objects.filter(tenant=tenant).select_related(
        "filed_by", "filed_by_agent", "approved_by", "executed_by"
    )
    if q:
        typed = erasure_id_query(q)
        if not typed:
            return requests.none()
        requests = requests.filter(id__istartswith=typed)
    if status == "open":
        return requests.filter(status__in=OPEN_ERASURE_STATUSES).order_by(
            "due_at", "created_at"
        )
    if status:
        requests = requests.filter(status=status)
    return requests.order_by("-created_at")


def erasure_get(*, tenant: Tenant, request_id: uuid.UUID | str) -> ErasureRequest:
    """Return the tenant's request, or not found (missing or another tenant's)."""
    try:
        pk = uuid.UUID(str(request_id))
    except ValueError as exc:
        raise NotFound("No such erasure request.") from exc
    request = (
        ErasureRequest.objects.select_related(
            "filed_by", "filed_by_agent", "approved_by", "executed_by"
        )
        .filter(tenant=tenant, pk=pk)
        .first()
    )
    if request is None:
        raise NotFound("No such erasure request.")
    return request


def _identifiers(request: ErasureRequest) -> list[Identifier]:
    if not request.identifiers_ciphertext:
        return []
    return identifiers_load(value_decrypt(bytes(request.identifiers_ciphertext)))


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
        _audit(request, actor, AuditAction.ERASURE_FILE, source=source)
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


def _audit(
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


# Preview


@dataclass
class PreviewEntry:
    item_id: uuid.UUID
    layer: str
    scope_path: str
    status: str
    key: str
    kind: str
    versions: int
    snippet: str
    reasons: list[str]
    derived: bool


@dataclass
class Preview:
    direct: list[PreviewEntry] = field(default_factory=list)
    derived: list[PreviewEntry] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    rows: list[tuple[str, int, list[str]]] = field(default_factory=list)
    item_total: int = 0
    truncated: bool = False
    seconds: float = 0.0
    identifiers: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not any(self.counts.values())


ROW_LABELS = {
    "write_request": "Write requests (payloads, idempotency records)",
    "memory_log": "Log entries of other memories",
    "annotation": "Curator notes",
    "conflict": "Contradiction cases",
    "redaction_token": "Redaction mappings",
}


def erasure_preview(
    *,
    tenant: Tenant,
    request_id: uuid.UUID | str,
    user: User,
    limit: int = PREVIEW_LIMIT,
) -> Preview:
    """Return what executing the request would delete now, with why, grouped."""
    erasure_role_check(
        tenant=tenant,
        user=user,
        capability=Capability.ERASURE_VIEW,
        message="Only compliance officers, curators and admins see erasures.",
    )
    request = erasure_get(tenant=tenant, request_id=request_id)
    identifiers = _identifiers(request)
    started = time.monotonic()
    found = erasure_scan(
        tenant_id=tenant.id, identifiers=identifiers, within=request.within_scope
    )
    preview = _preview_of(found, limit=limit)
    preview.seconds = time.monotonic() - started
    preview.identifiers = [
        f"{n}. {KIND_LABELS[i.kind]}" for n, i in enumerate(identifiers, start=1)
    ]
    return preview


def _preview_of(found: ErasureSet, *, limit: int) -> Preview:
    ids = list(found.items)
    shown = ids[:limit]
    items = MemoryItem.objects.filter(pk__in=shown).select_related("scope", "head")
    version_counts = dict(
        MemoryVersion.objects.filter(item_id__in=shown)
        .values_list("item_id")
        .annotate(n=Count("id"))
        .values_list("item_id", "n")
    )
    preview = Preview(
        counts=found.counts(), item_total=len(ids), truncated=len(ids) > limit
    )
    for item in sorted(items, key=lambda i: (i.scope.path, i.layer, str(i.pk))):
        reasons = found.items[item.pk]
        derived = all(r.derived for r in reasons)
        entry = PreviewEntry(
            item_id=item.pk,
            layer=item.layer,
            scope_path=item.scope.path,
            status=item.status,
            key=item.memory_key or "",
            kind=item.kind,
            versions=version_counts.get(item.pk, 0),
            snippet=(item.head.content[:160] if item.head else ""),
            reasons=reason_chain(found, item.pk),
            derived=derived,
        )
        (preview.derived if derived else preview.direct).append(entry)
    for table, label in ROW_LABELS.items():
        rows = found.rows[table]
        if rows:
            why = sorted({r.label() for reasons in rows.values() for r in reasons})
            preview.rows.append((label, len(rows), why[:6]))
    return preview


# Decisions


def _lock(tenant: Tenant, request_id: uuid.UUID | str) -> ErasureRequest:
    request = erasure_get(tenant=tenant, request_id=request_id)
    return ErasureRequest.objects.select_for_update(of=("self",)).get(pk=request.pk)


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
        _audit(request, user_actor(user), AuditAction.ERASURE_APPROVE)
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
        _audit(request, user_actor(user), AuditAction.ERASURE_EXECUTE)
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
        _audit(request, user_actor(user), AuditAction.ERASURE_CANCEL)
    return request


def erasure_enqueue(*, request_id: uuid.UUID) -> None:
    """Send the job to a worker; if the broker is down, the sweeper retries."""
    from approvals.tasks import erasure_run_task

    try:
        erasure_run_task.apply_async(args=[str(request_id)])
    except Exception:  # noqa: BLE001 - the sweeper enqueues it again
        logger.exception("could not enqueue erasure %s; the sweeper will", request_id)


# The job


class _Superseded(Exception):
    """Another worker claimed the job (this one was presumed dead)."""


SYSTEM = Actor.system("erasure")


def _claim(request_id: uuid.UUID) -> int | None:
    """Claim a running job nobody is working on; return the attempt number."""
    now = timezone.now()
    stale = now - timedelta(seconds=settings.MGC_ERASURE_STALE_SECONDS)
    claimed = (
        ErasureRequest.objects.filter(pk=request_id, status=ErasureStatus.RUNNING)
        .filter(Q(heartbeat_at__isnull=True) | Q(heartbeat_at__lt=stale))
        .update(heartbeat_at=now, attempts=F("attempts") + 1)
    )
    if not claimed:
        return None
    return ErasureRequest.objects.values_list("attempts", flat=True).get(pk=request_id)


def _lock_claimed(request_id: uuid.UUID, attempt: int) -> ErasureRequest:
    request = (
        ErasureRequest.objects.select_for_update(of=("self",))
        .select_related("tenant", "executed_by", "approved_by")
        .get(pk=request_id)
    )
    if request.status != ErasureStatus.RUNNING or request.attempts != attempt:
        raise _Superseded
    return request


def _add_counts(request: ErasureRequest, tables: dict, layers: dict) -> None:
    counts = request.counts or {}
    for key, added in (("tables", tables), ("layers", layers)):
        merged = dict(counts.get(key, {}))
        for name, n in added.items():
            merged[name] = merged.get(name, 0) + n
        counts[key] = merged
    counts["items"] = sum(counts.get("layers", {}).values())
    request.counts = counts


def erasure_run(*, request_id: uuid.UUID) -> str:
    """Run a claimed erasure to the end: chunks, rescans, verification, certificate.

    Return the request's status afterwards ("" when it was not claimable).
    """
    attempt = _claim(request_id)
    if attempt is None:
        return ""
    try:
        return _run(request_id, attempt)
    except _Superseded:
        return ErasureStatus.RUNNING
    except Exception:
        # Let the retry (or the sweeper) claim it at once.
        ErasureRequest.objects.filter(pk=request_id, attempts=attempt).update(
            heartbeat_at=None
        )
        raise


def _run(request_id: uuid.UUID, attempt: int) -> str:
    request = ErasureRequest.objects.select_related("tenant").get(pk=request_id)
    tenant_id, within = request.tenant_id, request.within_scope
    identifiers = _identifiers(request)
    chunk = max(1, settings.MGC_ERASURE_CHUNK_ITEMS)
    for _ in range(MAX_ROUNDS):
        found = erasure_scan(
            tenant_id=tenant_id, identifiers=identifiers, within=within
        )
        ids = _pin(request_id, attempt, found)
        if not ids and not any(
            rows for table, rows in found.rows.items() if table != "redaction_token"
        ):
            break
        for start in range(0, len(ids), chunk):
            _delete_chunk(request_id, attempt, item_ids=ids[start : start + chunk])
            if settings.MGC_ERASURE_CHUNK_PAUSE_SECONDS:
                time.sleep(settings.MGC_ERASURE_CHUNK_PAUSE_SECONDS)
        _delete_rows(request_id, attempt, found)
    return _finish(request_id, attempt, identifiers)


def _pin(request_id: uuid.UUID, attempt: int, found: ErasureSet) -> list[uuid.UUID]:
    """Add what the scan found to the plan; return the planned items still stored.

    A derived item stops matching once what it was derived from is gone, so
    the set is pinned before anything is deleted: a job resumed after a crash
    between two chunks still erases the rest of the closure.
    """
    with transaction.atomic(durable=True):
        request = _lock_claimed(request_id, attempt)
        planned = {uuid.UUID(i) for i in request.plan} | set(found.items)
        if len(planned) != len(request.plan):
            request.plan = sorted(str(i) for i in planned)
            request.heartbeat_at = timezone.now()
            request.save(update_fields=["plan", "heartbeat_at"])
    return sorted(
        MemoryItem.objects.filter(
            tenant_id=request.tenant_id, pk__in=planned
        ).values_list("pk", flat=True)
    )


def _delete_chunk(
    request_id: uuid.UUID, attempt: int, *, item_ids: list[uuid.UUID]
) -> None:
    with transaction.atomic(durable=True):
        request = _lock_claimed(request_id, attempt)
        result = erasure_chunk_delete(tenant_id=request.tenant_id, item_ids=item_ids)
        ErasureProbe.objects.bulk_create(
            ErasureProbe(request=request, version_id=version_id, embedding=embedding)
            for version_id, embedding in result.probes
        )
        _add_counts(request, result.tables, result.layers)
        request.heartbeat_at = timezone.now()
        request.save(update_fields=["counts", "heartbeat_at"])
        _audit(
            request,
            SYSTEM,
            AuditAction.ERASURE_CHUNK,
            items=sum(result.layers.values()),
            tables=result.tables,
        )


def _delete_rows(request_id: uuid.UUID, attempt: int, found: ErasureSet) -> None:
    # The redaction mappings go last, in `_finish`: until then a rescan needs
    # them to recognise a late write's tokens.
    rows = {t: ids for t, ids in found.rows.items() if t != "redaction_token"}
    if not any(rows.values()):
        return
    with transaction.atomic(durable=True):
        request = _lock_claimed(request_id, attempt)
        tables = erasure_rows_delete(tenant_id=request.tenant_id, rows=rows)
        _add_counts(request, tables, {})
        request.heartbeat_at = timezone.now()
        request.save(update_fields=["counts", "heartbeat_at"])
        _audit(request, SYSTEM, AuditAction.ERASURE_ROWS, tables=tables)


def _finish(request_id: uuid.UUID, attempt: int, identifiers: list[Identifier]) -> str:
    """Verify with writes held off; complete with a certificate, or fail loudly."""
    with transaction.atomic(durable=True):
        request = _lock_claimed(request_id, attempt)
        tenant_id, within = request.tenant_id, request.within_scope
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL lock_timeout = '30s'")
        # The tenant's writes in flight commit first (and are scanned); its
        # new writes wait until this transaction ends. Other tenants go on.
        tenant_writes_fence_close(tenant_id)
        late = erasure_scan(tenant_id=tenant_id, identifiers=identifiers, within=within)
        planned = MemoryItem.objects.filter(tenant_id=tenant_id, pk__in=request.plan)
        late_ids = set(late.items) | set(planned.values_list("pk", flat=True))
        if late_ids:
            # Writes for the subject that committed during the run, and what
            # the plan still holds.
            result = erasure_chunk_delete(tenant_id=tenant_id, item_ids=list(late_ids))
            ErasureProbe.objects.bulk_create(
                ErasureProbe(request=request, version_id=v, embedding=e)
                for v, e in result.probes
            )
            _add_counts(request, result.tables, result.layers)
        tokens = list(
            RedactionToken.objects.filter(
                pk__in=late.rows["redaction_token"]
            ).values_list("principal", "token")
        )
        if any(late.rows.values()):
            _add_counts(
                request, erasure_rows_delete(tenant_id=tenant_id, rows=late.rows), {}
            )
        probes = list(request.probes.values_list("version_id", "embedding"))
        survivors = erasure_survivors(
            tenant_id=tenant_id,
            identifiers=identifiers,
            within=within,
            probes=probes,
            tokens=tokens,
        )
        if left := planned.count():
            survivors["memory_item (planned)"] = left
        now = timezone.now()
        request.finished_at, request.heartbeat_at = now, now
        if survivors:
            request.status = ErasureStatus.FAILED
            request.error = "Still stored after erasure: " + ", ".join(
                f"{table} {n}" for table, n in sorted(survivors.items())
            )
            request.save(
                update_fields=[
                    "status",
                    "error",
                    "finished_at",
                    "heartbeat_at",
                    "counts",
                ]
            )
            _audit(request, SYSTEM, AuditAction.ERASURE_FAIL, survivors=survivors)
            logger.error("erasure %s failed verification: %s", request.pk, survivors)
            return request.status
        request.status = ErasureStatus.COMPLETED
        request.identifiers_ciphertext, request.identifiers_destroyed_at = b"", now
        request.probes.all().delete()
        (event,) = _audit(
            request,
            SYSTEM,
            AuditAction.ERASURE_COMPLETE,
            counts=request.counts,
            probes=min(len(probes), 1000),
        )
        request.certificate = certificate_sign(
            _certificate(request, event, probes=len(probes))
        )
        request.save(
            update_fields=[
                "status",
                "finished_at",
                "heartbeat_at",
                "counts",
                "identifiers_ciphertext",
                "identifiers_destroyed_at",
                "certificate",
            ]
        )
    instruments.ERASURE_SECONDS.observe(
        (request.finished_at - request.created_at).total_seconds()
    )
    return ErasureStatus.COMPLETED


def _person(user: User | None) -> dict[str, Any] | None:
    return None if user is None else {"id": user.pk, "username": user.get_username()}


def _certificate(
    request: ErasureRequest, event: AuditEvent, *, probes: int
) -> dict[str, Any]:
    """Return the receipt: ids, the keyed subject hash, counts, times; no PII."""
    counts = request.counts or {}
    return {
        "certificate": "right-to-erasure",
        "request_id": str(request.id),
        "tenant": request.tenant.slug,
        "subject_hash": request.subject_hash,
        "subject_hash_algorithm": "HMAC-SHA256, key derived from MGC_REDACTION_KEY "
        "for erasure subjects",
        "identifier_kinds": request.identifier_kinds,
        "legal_basis": request.legal_basis,
        "legal_basis_label": LegalBasis(request.legal_basis).label,
        "filed_at": request.created_at.isoformat(),
        "due_at": request.due_at.isoformat(),
        "started_at": request.started_at.isoformat() if request.started_at else None,
        "finished_at": request.finished_at.isoformat(),
        "within_sla": request.finished_at <= request.due_at,
        "executor": _person(request.executed_by),
        "approver": _person(request.approved_by),
        "counts": {
            "items": counts.get("items", 0),
            "layers": counts.get("layers", {}),
            "tables": counts.get("tables", {}),
        },
        "erased": erased_categories(counts.get("tables", {})),
        "verification": {
            "rescan": "clean",
            "nearest_neighbour_probes": min(probes, 1000),
            "survivors": 0,
        },
        "audit": {
            "action": event.action,
            "seq": event.seq,
            "hash": event.hash,
            "prev_hash": event.prev_hash,
        },
    }


# What a table's rows are, for people: the certificate says "Memory versions",
# not memory_core_memoryversion. A table not named here gets its model's name.
TABLE_LABELS = {
    "memory_core_memoryitem": "Memories",
    "memory_core_memoryversion": "Memory versions (content, embeddings)",
    "memory_core_memorylogentry": "Memory log entries",
    "memory_core_writerequest": "Write requests (payloads, idempotency records)",
    "memory_core_conflict": "Contradiction cases",
    "memory_core_memoryannotation": "Curator notes",
    "memory_core_redactiontoken": "Redaction mappings",
    "memory_core_readtally": "Read counts",
    "approvals_reviewescalation": "Review escalations",
    "approvals_notification": "Notifications",
    "audit_auditevent": "Audit event reasons",
}


def table_label(table: str) -> str:
    """Return what a table's rows are, in words."""
    if table in TABLE_LABELS:
        return TABLE_LABELS[table]
    from django.apps import apps

    for model in apps.get_models():
        if model._meta.db_table == table:
            return str(model._meta.verbose_name_plural).capitalize()
    return table.replace("_", " ").capitalize()


def erased_categories(tables: dict[str, int]) -> list[dict[str, Any]]:
    """Return what was erased per data category, labelled, largest first."""
    return [
        {"category": table_label(table), "table": table, "rows": n}
        for table, n in sorted(tables.items(), key=lambda kv: (-kv[1], kv[0]))
    ]


# Certificate signatures (Ed25519). The private key is derived from
# MGC_CERTIFICATE_KEY, or from the audit key when that is unset; the public
# key travels in the certificate and `manage.py certificate_verify` checks
# both the signature and that the key is this installation's.

SIGNATURE_ALGORITHM = "Ed25519"


def _certificate_private_key():
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    secret = (
        settings.MGC_CERTIFICATE_KEY or f"erasure-certificate:{settings.MGC_AUDIT_KEY}"
    )
    seed = hashlib.sha256(f"mgc-erasure-certificate-v1:{secret}".encode()).digest()
    return Ed25519PrivateKey.from_private_bytes(seed)


def certificate_public_key() -> str:
    """Return this installation's certificate public key (raw, hex)."""
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    return (
        _certificate_private_key()
        .public_key()
        .public_bytes(Encoding.Raw, PublicFormat.Raw)
        .hex()
    )


def certificate_payload(certificate: dict[str, Any]) -> bytes:
    """Return the bytes a certificate's signature covers: canonical JSON, unsigned."""
    unsigned = {k: v for k, v in certificate.items() if k != "signature"}
    return json.dumps(
        unsigned, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    ).encode()


def certificate_sign(certificate: dict[str, Any]) -> dict[str, Any]:
    """Return the certificate with its Ed25519 signature."""
    signature = _certificate_private_key().sign(certificate_payload(certificate))
    return {
        **{k: v for k, v in certificate.items() if k != "signature"},
        "signature": {
            "algorithm": SIGNATURE_ALGORITHM,
            "public_key": certificate_public_key(),
            "value": base64.b64encode(signature).decode(),
        },
    }


def certificate_check(certificate: Any, *, public_key: str | None = None) -> str:
    """Return why a certificate does not verify, or "" when it does.

    The key is this installation's unless `public_key` (hex) names another:
    a certificate re-signed under any other key is refused.
    """
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    if not isinstance(certificate, dict):
        return "Not a certificate: expected a JSON object."
    signature = certificate.get("signature")
    if not isinstance(signature, dict) or not signature.get("value"):
        return "The certificate is not signed."
    if signature.get("algorithm") != SIGNATURE_ALGORITHM:
        return f"Unknown signature algorithm {signature.get('algorithm')!r}."
    expected = (public_key or certificate_public_key()).lower()
    if str(signature.get("public_key", "")).lower() != expected:
        return "The certificate is signed under another key than this installation's."
    try:
        key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(expected))
        key.verify(
            base64.b64decode(str(signature["value"]), validate=True),
            certificate_payload(certificate),
        )
    except (InvalidSignature, ValueError):
        return "The signature does not match: the certificate was altered."
    return ""


def erasure_fail(*, request_id: uuid.UUID, reason: str) -> None:
    """Mark a job failed after its retries ran out; the reason names no data."""
    with transaction.atomic(durable=True):
        request = (
            ErasureRequest.objects.select_for_update(of=("self",))
            .filter(pk=request_id, status=ErasureStatus.RUNNING)
            .first()
        )
        if request is None:
            return
        request.status, request.error = (
            ErasureStatus.FAILED,
            f"The job failed: {reason}",
        )
        request.finished_at = timezone.now()
        request.save(update_fields=["status", "error", "finished_at"])
        _audit(request, SYSTEM, AuditAction.ERASURE_FAIL, error=reason)


def erasures_resume_stalled() -> int:
    """Enqueue every running job whose worker went silent; return how many.

    The silent claim is released here (heartbeat cleared), so the next
    worker claims at once; should the old worker wake up, its next chunk
    finds the attempt number changed and stops.
    """
    stale = timezone.now() - timedelta(seconds=settings.MGC_ERASURE_STALE_SECONDS)
    silent = ErasureRequest.objects.filter(status=ErasureStatus.RUNNING).filter(
        Q(heartbeat_at__lt=stale) | Q(heartbeat_at__isnull=True, started_at__lt=stale)
    )
    ids = list(silent.values_list("pk", flat=True))
    silent.filter(pk__in=ids).update(heartbeat_at=None)
    for request_id in ids:
        erasure_enqueue(request_id=request_id)
    return len(ids)


def erasure_certificate(
    *, tenant: Tenant, request_id: uuid.UUID | str, user: User
) -> dict[str, Any]:
    """Return a completed request's certificate (the same every time)."""
    erasure_role_check(
        tenant=tenant,
        user=user,
        capability=Capability.ERASURE_VIEW,
        message="Only compliance officers, curators and admins see erasures.",
    )
    request = erasure_get(tenant=tenant, request_id=request_id)
    if request.status != ErasureStatus.COMPLETED or not request.certificate:
        raise NotFound("This request has no certificate yet.")
    certificate = request.certificate
    if "signature" not in certificate:  # completed before certificates were signed
        tables = (certificate.get("counts") or {}).get("tables", {})
        certificate = certificate_sign(
            {"erased": erased_categories(tables), **certificate}
        )
    return certificate
