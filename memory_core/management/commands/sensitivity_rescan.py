"""Apply the current sensitivity detectors to stored memories (004).

The work is `memory_core.services.sensitivity.tenant_rescan`; this command
runs it for every tenant (or one) and prints what it found.
"""

from __future__ import annotations

from collections import Counter

from django.core.management.base import BaseCommand, CommandError

from memory_core.models import Tenant
from memory_core.rls import system_call
from memory_core.services.sensitivity import tenant_rescan


def _counts(counter: Counter[str]) -> str:
    return ", ".join(f"{k} {n}" for k, n in sorted(counter.items())) or "none"


class Command(BaseCommand):
    help = (
        "Run the current PII and secret detectors over active and draft memory "
        "versions; flag versions holding unredacted PII ('pii') or secrets "
        "('secret') and audit each change. Only flags: creating redacted "
        "successor versions is out of scope, curators act on the flags."
    )

    def add_arguments(self, parser):
        parser.add_argument("--tenant", metavar="SLUG", help="Only this tenant.")
        parser.add_argument(
            "--dry-run", action="store_true", help="Report, change nothing."
        )

    # An operator command: every tenant (docs/database-isolation.md).
    @system_call
    def handle(self, *args, tenant=None, dry_run=False, **options):
        tenants = Tenant.objects.order_by("slug")
        if tenant:
            tenants = tenants.filter(slug=tenant)
            if not tenants.exists():
                raise CommandError(f"No tenant {tenant!r}.")
        for one in tenants:
            report = tenant_rescan(tenant=one, dry_run=dry_run)
            verb = "would flag" if dry_run else "flagged"
            self.stdout.write(
                f"{report.slug}: scanned {report.scanned}, {verb} {report.flagged}; "
                f"found PII: {_counts(report.pii)}; "
                f"found secrets: {_counts(report.secrets)}"
            )
