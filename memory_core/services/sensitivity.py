"""Apply the current sensitivity detectors to stored memories (004).

Detectors improve; memories stored before an improvement may hold personal
data or secrets that were not recognised then. `tenant_rescan` finds them and
flags the versions (`pii`, `secret`), auditing each change, so curators can
act on them. Run by `manage.py sensitivity_rescan`.
"""

from __future__ import annotations

import uuid
from collections import Counter
from dataclasses import dataclass, field

from django.db import transaction

from audit.actions import AuditAction
from audit.services import Actor, AuditEntry, audit_events_record
from memory_core.detectors import find_pii, find_secrets
from memory_core.lock_objects import rows_lock
from memory_core.models import MemoryVersion, Tenant, VersionStatus

ACTOR = Actor.system("sensitivity_rescan")
CHUNK_SIZE = 500


@dataclass
class VersionFindings:
    """What the detectors found in one version: kinds and counts, no values."""

    pii: Counter[str] = field(default_factory=Counter)
    secrets: Counter[str] = field(default_factory=Counter)

    def flags(self) -> list[str]:
        return [
            f for f, found in (("pii", self.pii), ("secret", self.secrets)) if found
        ]


@dataclass
class TenantRescan:
    slug: str
    scanned: int = 0
    flagged: int = 0
    pii: Counter[str] = field(default_factory=Counter)
    secrets: Counter[str] = field(default_factory=Counter)


def version_findings(version: MemoryVersion) -> VersionFindings:
    """Run the detectors over a version's content and structured values."""
    texts = [version.content or ""]
    texts += [v for v in (version.structured or {}).values() if isinstance(v, str)]
    findings = VersionFindings()
    for text in texts:
        findings.pii.update(f.kind for f in find_pii(text))
        findings.secrets.update(f.type for f in find_secrets(text))
    return findings


def _flag(
    changes: dict[uuid.UUID, VersionFindings],
    *,
    tenant_id: uuid.UUID,
    report: TenantRescan,
    dry_run: bool,
) -> None:
    """Add the new flags to the changed versions and audit each, in one transaction."""
    report.flagged += len(changes)
    if dry_run or not changes:
        return
    with transaction.atomic(durable=True):
        versions = rows_lock(
            MemoryVersion.objects.filter(tenant_id=tenant_id, pk__in=list(changes))
        ).only("id", "flags")
        entries = []
        for version in versions:
            findings: VersionFindings = changes[version.pk]
            added = [f for f in findings.flags() if f not in version.flags]
            if not added:
                continue  # flagged meanwhile by someone else
            version.flags = [*version.flags, *added]
            version.save(update_fields=["flags"])
            entries.append(
                AuditEntry(
                    action=AuditAction.MEMORY_RESCAN_FLAGGED,
                    object_type="memory_version",
                    object_id=str(version.pk),
                    reason="sensitivity rescan",
                    metadata={
                        "flags_added": added,
                        "pii": dict(sorted(findings.pii.items())),
                        "secrets": dict(sorted(findings.secrets.items())),
                    },
                )
            )
        audit_events_record(tenant_id=tenant_id, actor=ACTOR, entries=entries)


def tenant_rescan(*, tenant: Tenant, dry_run: bool = False) -> TenantRescan:
    """Scan the tenant's active and draft versions; flag those with findings.

    Only flags that a version lacks count: a version already flagged `pii`
    whose content holds unredacted PII is not changed again.
    """
    report = TenantRescan(slug=tenant.slug)
    versions = (
        MemoryVersion.objects.filter(
            tenant=tenant, status__in=(VersionStatus.ACTIVE, VersionStatus.DRAFT)
        )
        .order_by("pk")
        .only("id", "content", "structured", "flags")
    )
    last_pk = None
    while True:
        chunk = versions.filter(pk__gt=last_pk) if last_pk else versions
        chunk = list(chunk[:CHUNK_SIZE])
        if not chunk:
            return report
        changes: dict[uuid.UUID, VersionFindings] = {}
        for version in chunk:
            report.scanned += 1
            findings = version_findings(version)
            report.pii.update(findings.pii)
            report.secrets.update(findings.secrets)
            if any(f not in version.flags for f in findings.flags()):
                changes[version.pk] = findings
        _flag(changes, tenant_id=tenant.id, report=report, dry_run=dry_run)
        last_pk = chunk[-1].pk
