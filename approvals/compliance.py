"""The compliance report (003 §12.10.5): selectors only, nothing here writes.

Sections, each read from the tenant's rows under its current policy:

- items past retention, by classification, with their age, the limit and
  what the retention job will do (or why it holds them back);
- what retention did in the report's month, from the audit trail;
- open erasure requests against their 72-hour SLA (`approvals.erasure`),
  and the erasures completed in the month with their time to completion;
- residency violations: stored items whose class the current policy no
  longer allows in the tenant's storage region;
- PII-flagged memories (active heads carrying the "pii" flag) by scope.

Beside the report, `audit_chain_check` lets an officer verify the tenant's
audit chain from the console; it is the one function here that writes (the
`audit.verify` event recording the check).

A report is for one calendar month (`month`, UTC): the retention actions
are that month's; every other section is the state at `now`, which is what
a reviewer signs off on when the month closes.
"""

from __future__ import annotations

import uuid
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models import Count, F, Q
from django.utils import timezone

from audit.actions import AuditAction
from audit.models import AuditEvent
from audit.services import audit_chain_verify, audit_event_record
from memory_core.lifecycle.retention import (
    HARD_DELETE,
    retention_action,
    retention_due,
    retention_hold,
)
from memory_core.models import MemoryItem, MemoryVersion, Tenant, VersionStatus
from memory_core.pipeline.gates.residency import residency_problem
from memory_core.policy import Policy, policy_for

# Rows shown on the page per section; the exports hold every row.
PAGE_ROWS = 200
OUTCOMES = {
    HARD_DELETE: "hard delete",
    "soft_delete": "expire (recoverable)",
    "pinned": "held: pinned",
    "awaiting_review": "held: awaiting review",
}
RETENTION_EVENTS = (AuditAction.RETENTION_HARD_DELETE, AuditAction.RETENTION_EXPIRE)


def month_parse(raw: str | None, *, now: datetime | None = None) -> date:
    """Return the first day of `raw` ("2026-11"), or of this month if blank.

    Raise ValueError for anything else.
    """
    if not raw:
        now = now or timezone.now()
        return date(now.year, now.month, 1)
    year, _, month = raw.partition("-")
    if not (len(year) == 4 and year.isdigit() and len(month) == 2 and month.isdigit()):
        raise ValueError(f"Give the month as YYYY-MM, like 2026-11; got {raw!r}.")
    return date(int(year), int(month), 1)


def month_bounds(month: date) -> tuple[datetime, datetime]:
    """Return the month's [start, end) in UTC."""
    start = datetime(month.year, month.month, 1, tzinfo=UTC)
    after = (month.year + month.month // 12, month.month % 12 + 1)
    return start, datetime(after[0], after[1], 1, tzinfo=UTC)


@dataclass(frozen=True)
class RetentionRow:
    item_id: uuid.UUID
    key: str
    scope: str
    classification: str
    status: str
    pinned: bool
    created_at: datetime
    age_days: int
    limit_days: int
    outcome: str
    held: bool


@dataclass(frozen=True)
class ErasureRow:
    request_id: str
    status: str
    created_at: datetime
    due_at: datetime | None
    hours_left: float | None
    overdue: bool

    @property
    def hours_over(self) -> float | None:
        return None if self.hours_left is None else -self.hours_left


@dataclass(frozen=True)
class CompletedErasureRow:
    request_id: str
    created_at: datetime
    finished_at: datetime
    hours_to_complete: float
    within_sla: bool


@dataclass(frozen=True)
class ResidencyRow:
    item_id: uuid.UUID
    key: str
    scope: str
    residency: str
    status: str
    created_at: datetime
    code: str
    reason: str


@dataclass(frozen=True)
class PiiScopeRow:
    scope: str
    memories: int
    classified_pii: int

    @property
    def unclassified(self) -> int:
        """Flagged memories not classified PII: they keep a longer retention."""
        return self.memories - self.classified_pii


@dataclass
class ComplianceReport:
    tenant: Tenant
    month: date
    now: datetime
    policy: Policy
    retention: list[RetentionRow] = field(default_factory=list)
    retention_summary: dict[str, Counter] = field(default_factory=dict)
    retention_done: dict[str, Counter] = field(default_factory=dict)
    erasures: list[ErasureRow] | None = None
    erasures_completed: list[CompletedErasureRow] = field(default_factory=list)
    residency: list[ResidencyRow] = field(default_factory=list)
    pii_by_scope: list[PiiScopeRow] = field(default_factory=list)

    @property
    def erasures_available(self) -> bool:
        return self.erasures is not None

    @property
    def erasures_overdue(self) -> int:
        return sum(row.overdue for row in self.erasures or [])

    @property
    def erasures_completed_late(self) -> int:
        return sum(not row.within_sla for row in self.erasures_completed)

    @property
    def pii_total(self) -> int:
        return sum(row.memories for row in self.pii_by_scope)

    @property
    def retention_pending(self) -> int:
        return sum(not row.held for row in self.retention)

    def classification_rows(self) -> list[dict[str, Any]]:
        """Return per classification its limit, what is pending and what was done."""

        def said(counts: Counter | None) -> str:
            return "; ".join(
                f"{n} {what}" for what, n in sorted((counts or {}).items())
            )

        return [
            {
                "classification": classification,
                "limit_days": limit,
                "pending": said(self.retention_summary.get(classification)),
                "done": said(self.retention_done.get(classification)),
            }
            for classification, limit in self.policy.retention_days.items()
        ]

    def as_dict(self) -> dict[str, Any]:
        """Return the report as JSON-ready data: ids, counts, times; no content."""
        return {
            "tenant": self.tenant.slug,
            "month": self.month.strftime("%Y-%m"),
            "generated_at": self.now.isoformat(),
            "storage_region": self.policy.storage_region,
            "retention": {
                "summary": {c: dict(n) for c, n in self.retention_summary.items()},
                "done_this_month": {c: dict(n) for c, n in self.retention_done.items()},
                "items": [_row_dict(row) for row in self.retention],
            },
            "erasures": (
                None
                if self.erasures is None
                else {
                    "open": len(self.erasures),
                    "overdue": self.erasures_overdue,
                    "requests": [_row_dict(row) for row in self.erasures],
                    "completed_this_month": len(self.erasures_completed),
                    "completed_outside_sla": self.erasures_completed_late,
                    "completed": [_row_dict(r) for r in self.erasures_completed],
                }
            ),
            "residency_violations": [_row_dict(row) for row in self.residency],
            "pii_by_scope": [
                {**_row_dict(row), "unclassified": row.unclassified}
                for row in self.pii_by_scope
            ],
        }


def _row_dict(row: Any) -> dict[str, Any]:
    values = {}
    for name in row.__dataclass_fields__:
        value = getattr(row, name)
        if isinstance(value, datetime):
            value = value.isoformat()
        elif isinstance(value, uuid.UUID):
            value = str(value)
        values[name] = value
    return values


def compliance_report(
    *, tenant: Tenant, month: date | None = None, now: datetime | None = None
) -> ComplianceReport:
    """Return the tenant's compliance report for `month` (this month by default)."""
    now = now or timezone.now()
    policy = policy_for(tenant)
    report = ComplianceReport(
        tenant=tenant,
        month=month or month_parse(None, now=now),
        now=now,
        policy=policy,
    )
    report.retention, report.retention_summary = retention_rows(
        tenant=tenant, policy=policy, now=now
    )
    report.retention_done = retention_done(tenant=tenant, month=report.month)
    report.erasures = erasure_rows(tenant=tenant, now=now)
    if report.erasures is not None:
        report.erasures_completed = erasures_completed(
            tenant=tenant, month=report.month
        )
    report.residency = residency_violations(tenant=tenant, policy=policy)
    report.pii_by_scope = pii_by_scope(tenant=tenant)
    return report


def retention_rows(
    *, tenant: Tenant, policy: Policy, now: datetime
) -> tuple[list[RetentionRow], dict[str, Counter]]:
    """Return the items past retention, oldest first, and counts by classification."""
    rows, summary = [], defaultdict(Counter)
    items = (
        retention_due(tenant=tenant, now=now, policy=policy)
        .select_related("scope")
        .only(
            "id",
            "memory_key",
            "scope__path",
            "classification",
            "status",
            "pinned",
            "created_at",
        )
        .order_by("created_at", "id")
    )
    for item in items:
        hold = retention_hold(item, policy)
        action = retention_action(item.classification, policy)
        outcome = OUTCOMES[hold or action]
        summary[item.classification][outcome] += 1
        rows.append(
            RetentionRow(
                item_id=item.id,
                key=item.memory_key or "",
                scope=item.scope.path,
                classification=item.classification,
                status=item.status,
                pinned=item.pinned,
                created_at=item.created_at,
                age_days=(now - item.created_at).days,
                limit_days=policy.retention_days[item.classification],
                outcome=outcome,
                held=bool(hold),
            )
        )
    return rows, dict(summary)


def retention_done(*, tenant: Tenant, month: date) -> dict[str, Counter]:
    """Return what the retention job did in `month`: items by classification."""
    start, end = month_bounds(month)
    done: dict[str, Counter] = defaultdict(Counter)
    events = AuditEvent.objects.filter(
        tenant_id=tenant.id,
        action__in=RETENTION_EVENTS,
        created_at__gte=start,
        created_at__lt=end,
    ).values_list("action", "metadata")
    for action, metadata in events:
        outcome = (
            "hard deleted" if action == AuditAction.RETENTION_HARD_DELETE else "expired"
        )
        done[metadata.get("classification", "?")][outcome] += metadata.get("items", 0)
    return dict(done)


def erasure_rows(*, tenant: Tenant, now: datetime) -> list[ErasureRow] | None:
    """Return the open erasure requests with their SLA, or None before erasure exists.

    Erasure requests are built by another part of the console; until
    `approvals.erasure` is installed the report says the section is missing
    rather than claiming there are no open requests.
    """
    try:
        from approvals.erasure.selectors import erasures_open
    except ImportError:
        return None
    rows = []
    for request in erasures_open(tenant=tenant):
        due_at = request.due_at
        left = (due_at - now).total_seconds() / 3600 if due_at else None
        rows.append(
            ErasureRow(
                request_id=str(request.pk),
                status=str(request.status),
                created_at=request.created_at,
                due_at=due_at,
                hours_left=None if left is None else round(left, 1),
                overdue=left is not None and left < 0,
            )
        )
    return sorted(rows, key=lambda r: (r.due_at is None, r.due_at or now))


def erasures_completed(*, tenant: Tenant, month: date) -> list[CompletedErasureRow]:
    """Return the erasures completed in `month`: time to completion against the SLA.

    The time runs from filing to the certificate; within the SLA means
    finished by the request's due time (filed + 72 h).
    """
    from approvals.models import ErasureRequest, ErasureStatus

    start, end = month_bounds(month)
    done = ErasureRequest.objects.filter(
        tenant=tenant,
        status=ErasureStatus.COMPLETED,
        finished_at__gte=start,
        finished_at__lt=end,
    ).order_by("finished_at")
    return [
        CompletedErasureRow(
            request_id=str(r.pk),
            created_at=r.created_at,
            finished_at=r.finished_at,
            hours_to_complete=round(
                (r.finished_at - r.created_at).total_seconds() / 3600, 2
            ),
            within_sla=r.finished_at <= r.due_at,
        )
        for r in done.only("id", "created_at", "finished_at", "due_at")
    ]


def residency_violations(*, tenant: Tenant, policy: Policy) -> list[ResidencyRow]:
    """Return the stored items whose residency the current policy does not allow."""
    items = MemoryItem.objects.filter(tenant=tenant)
    if residency_problem("", policy) is None:
        classes = (
            items.exclude(residency="")
            .values_list("residency", flat=True)
            .distinct()
            .order_by()
        )
        problems = {c: residency_problem(c, policy) for c in classes}
        problems = {c: p for c, p in problems.items() if p is not None}
        items = items.filter(residency__in=list(problems))
    else:
        # The storage region itself is not allowed: every item breaks it.
        problems = None
    rows = []
    for item in (
        items.select_related("scope")
        .only("id", "memory_key", "scope__path", "residency", "status", "created_at")
        .order_by("created_at", "id")
    ):
        problem = (
            problems[item.residency]
            if problems is not None
            else residency_problem(item.residency, policy)
        )
        rows.append(
            ResidencyRow(
                item_id=item.id,
                key=item.memory_key or "",
                scope=item.scope.path,
                residency=item.residency,
                status=item.status,
                created_at=item.created_at,
                code=problem.code,
                reason=problem.reason,
            )
        )
    return rows


def pii_by_scope(*, tenant: Tenant) -> list[PiiScopeRow]:
    """Return, per scope, the active memories whose head is flagged "pii"."""
    grouped = (
        MemoryVersion.objects.filter(
            tenant=tenant,
            status=VersionStatus.ACTIVE,
            flags__contains=["pii"],
            item__head_id=F("id"),
        )
        .values("scope__path")
        .annotate(
            memories=Count("id"),
            classified_pii=Count("id", filter=Q(item__classification="pii")),
        )
        .order_by("scope__path")
    )
    return [
        PiiScopeRow(g["scope__path"], g["memories"], g["classified_pii"])
        for g in grouped
    ]


CSV_HEADER = (
    "section",
    "id",
    "scope",
    "classification",
    "status",
    "created_at",
    "age_days",
    "limit_or_due",
    "outcome",
    "detail",
)


def compliance_csv_rows(report: ComplianceReport) -> list[tuple]:
    """Return the report as CSV rows under `CSV_HEADER`, every row of every section."""
    rows: list[tuple] = [CSV_HEADER]
    for r in report.retention:
        rows.append(
            (
                "retention",
                r.item_id,
                r.scope,
                r.classification,
                r.status,
                r.created_at.isoformat(),
                r.age_days,
                r.limit_days,
                r.outcome,
                "pinned" if r.pinned else "",
            )
        )
    for classification, counts in sorted(report.retention_done.items()):
        for outcome, n in sorted(counts.items()):
            rows.append(
                (
                    "retention_done",
                    "",
                    "",
                    classification,
                    "",
                    "",
                    "",
                    "",
                    outcome,
                    n,
                )
            )
    for r in report.erasures or []:
        rows.append(
            (
                "erasure",
                r.request_id,
                "",
                "",
                r.status,
                r.created_at.isoformat(),
                "",
                r.due_at.isoformat() if r.due_at else "",
                "overdue" if r.overdue else "within SLA",
                "" if r.hours_left is None else f"{r.hours_left:g} h left",
            )
        )
    for r in report.erasures_completed:
        rows.append(
            (
                "erasure_completed",
                r.request_id,
                "",
                "",
                "completed",
                r.created_at.isoformat(),
                "",
                r.finished_at.isoformat(),
                "within SLA" if r.within_sla else "outside SLA",
                f"{r.hours_to_complete:g} h to complete",
            )
        )
    for r in report.residency:
        rows.append(
            (
                "residency",
                r.item_id,
                r.scope,
                r.residency,
                r.status,
                r.created_at.isoformat(),
                "",
                "",
                r.code,
                r.reason,
            )
        )
    for r in report.pii_by_scope:
        rows.append(
            (
                "pii_by_scope",
                "",
                r.scope,
                "pii",
                "",
                "",
                "",
                "",
                r.memories,
                f"{r.unclassified} not classified pii",
            )
        )
    return rows


@dataclass(frozen=True)
class ChainCheck:
    """The outcome of verifying one tenant's audit chain from the console."""

    intact: bool
    events: int
    last_seq: int | None
    last_at: datetime | None
    problem: str
    broken_seq: int | None
    checked_at: datetime
    event_seq: int | None = None  # the `audit.verify` event recording this check


def audit_chain_check(*, tenant: Tenant, user: User) -> ChainCheck:
    """Verify the tenant's audit chain (`audit.services.audit_chain_verify`).

    One REPEATABLE READ, read-only snapshot holds the verification and the
    last event it checked; then the check itself is recorded as
    `audit.verify` (after the checked events, so not among them).
    """
    from memory_core.services.tenancy import user_actor

    # Inside a caller's transaction (a test's), that transaction is the snapshot.
    snapshot = not connection.in_atomic_block
    with transaction.atomic(durable=True):
        if snapshot:
            with connection.cursor() as cursor:
                cursor.execute(
                    "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY"
                )
        breaks = audit_chain_verify(tenant_ids=[tenant.id])
        last = (
            AuditEvent.objects.filter(tenant_id=tenant.id)
            .order_by("-seq")
            .values_list("seq", "created_at")
            .first()
        )
        events = AuditEvent.objects.filter(tenant_id=tenant.id).count()
    first = min(breaks, key=lambda b: b.seq) if breaks else None
    if first is not None and first.seq:
        # The last event checked is the last good one before the break.
        last = (
            AuditEvent.objects.filter(tenant_id=tenant.id, seq__lt=first.seq)
            .order_by("-seq")
            .values_list("seq", "created_at")
            .first()
        )
    check = ChainCheck(
        intact=not breaks,
        events=events,
        last_seq=last[0] if last else None,
        last_at=last[1] if last else None,
        problem="; ".join(f"#{b.seq}: {b.problem}" for b in breaks),
        broken_seq=first.seq if first else None,
        checked_at=timezone.now(),
    )
    with transaction.atomic(durable=True):
        event = audit_event_record(
            tenant_id=tenant.id,
            actor=user_actor(user),
            action=AuditAction.AUDIT_VERIFY,
            object_type="audit_chain",
            object_id=str(tenant.id),
            reason="intact" if check.intact else "broken",
            metadata={
                "intact": check.intact,
                "events": check.events,
                "last_seq": check.last_seq,
                "broken_seq": check.broken_seq,
                "problem": check.problem[:500],
            },
        )
    return ChainCheck(**{**check.__dict__, "event_seq": event.seq})
