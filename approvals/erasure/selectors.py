"""Erasure requests, read: lists, one request, its identifiers, the preview."""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.db.models import Count, QuerySet
from django.utils import timezone

from approvals.models import (
    OPEN_ERASURE_STATUSES,
    ErasureRequest,
)
from memory_core.exceptions import NotFound
from memory_core.lifecycle.erasure import (
    KIND_LABELS,
    ErasureSet,
    Identifier,
    erasure_scan,
    identifiers_load,
    reason_chain,
)
from memory_core.models import (
    MemoryItem,
    MemoryVersion,
    Tenant,
)
from memory_core.permissions import Capability, require
from memory_core.redaction import value_decrypt

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


def erasure_identifiers(request: ErasureRequest) -> list[Identifier]:
    if not request.identifiers_ciphertext:
        return []
    return identifiers_load(value_decrypt(bytes(request.identifiers_ciphertext)))


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
    identifiers = erasure_identifiers(request)
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
