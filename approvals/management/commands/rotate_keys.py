"""Move every keyed row to the current redaction and provenance keys."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from approvals.key_rotation import KEYED_ROWS
from audit.services import Actor
from memory_core.models import Tenant
from memory_core.rls import system_call
from memory_core.services.key_rotation import (
    BATCH_SIZE,
    RotationReport,
    RowKind,
    tenant_keys_rotate,
)

ACTOR = Actor.system("rotate_keys")
PREVIOUS_SETTINGS = {
    "redaction": "MGC_REDACTION_KEY_PREVIOUS",
    "provenance": "MGC_PROVENANCE_KEY_PREVIOUS",
}


class Command(BaseCommand):
    help = (
        "With the new keys in MGC_REDACTION_KEY / MGC_PROVENANCE_KEY and the old "
        "ones in the *_PREVIOUS variables on every process, re-encrypt every "
        "redaction mapping (and its digest) and every erasure request's "
        "identifiers, and re-sign every version's provenance record, in "
        "batches of one transaction each; then check that nothing is left "
        "under a previous key. Running it again is harmless. Tampered records "
        "and rows under no key are reported, never rewritten. See "
        "docs/key-rotation.md."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--redaction",
            action="store_true",
            help="Only the redaction key: mappings and erasure identifiers.",
        )
        parser.add_argument(
            "--provenance",
            action="store_true",
            help="Only the provenance key: version signatures.",
        )
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="Count what would be rewritten; write nothing.",
        )
        parser.add_argument(
            "--check",
            action="store_true",
            help="Write nothing; fail if any row is still under a previous key.",
        )
        parser.add_argument(
            "--batch-size",
            type=int,
            default=BATCH_SIZE,
            metavar="N",
            help=f"Rows per transaction (default {BATCH_SIZE}).",
        )
        parser.add_argument("--tenant", metavar="SLUG", help="Only this tenant.")

    # An operator command: every tenant (docs/database-isolation.md).
    @system_call
    def handle(
        self,
        *args,
        redaction=False,
        provenance=False,
        dry_run=False,
        check=False,
        batch_size=BATCH_SIZE,
        tenant=None,
        **options,
    ):
        if batch_size < 1:
            raise CommandError("--batch-size must be at least 1.")
        keys = {"redaction", "provenance"}
        if redaction != provenance:
            keys = {"redaction"} if redaction else {"provenance"}
        kinds = [kind for kind in KEYED_ROWS if kind.key in keys]
        tenants = Tenant.objects.order_by("slug")
        if tenant:
            tenants = tenants.filter(slug=tenant)
            if not tenants.exists():
                raise CommandError(f"No tenant {tenant!r}.")
        for key in sorted(keys):
            if not getattr(settings, PREVIOUS_SETTINGS[key]):
                self.stdout.write(
                    f"{PREVIOUS_SETTINGS[key]} is empty: {key} rows are only "
                    "checked against the current key."
                )
        if not check:
            mode = "dry run" if dry_run else "run"
            for current in tenants:
                reports = tenant_keys_rotate(
                    tenant=current,
                    kinds=kinds,
                    actor=ACTOR,
                    batch_size=batch_size,
                    dry_run=dry_run,
                )
                self._report(current, kinds, reports, mode=mode)
            if dry_run:
                self.stdout.write("Dry run: nothing was written.")
                return
            self.stdout.write("Checking that nothing is left under a previous key.")
        left = reported = 0
        for current in tenants:
            # A dry run only looks: what it would rewrite is what is left.
            reports = tenant_keys_rotate(
                tenant=current,
                kinds=kinds,
                actor=ACTOR,
                batch_size=batch_size,
                dry_run=True,
            )
            if check:
                self._report(current, kinds, reports, mode="check")
            left += sum(report.previous for report in reports)
            reported += sum(len(report.problems) for report in reports)
        self._conclude(keys, left=left, reported=reported)

    def _report(
        self,
        tenant: Tenant,
        kinds: list[RowKind],
        reports: list[RotationReport],
        *,
        mode: str,
    ) -> None:
        for kind, report in zip(kinds, reports, strict=True):
            done = {
                "run": f"{report.rotated} {kind.verb}",
                "dry run": f"{report.previous} to be {kind.verb}",
                "check": f"{report.previous} under a previous key",
            }[mode]
            self.stdout.write(
                f"{tenant.slug}: {kind.label}: {report.checked} checked, {done}, "
                f"{report.current} already under the current key, "
                f"{len(report.problems)} reported"
            )
            for problem in report.problems:
                self.stdout.write(f"  {problem}")

    def _conclude(self, keys: set[str], *, left: int, reported: int) -> None:
        names = " and ".join(PREVIOUS_SETTINGS[key] for key in sorted(keys))
        if reported:
            self.stdout.write(
                f"{reported} row(s) are under no key or tampered (listed above, "
                "or run with --check) and were left alone: dropping the previous "
                "keys changes nothing for them. If a key older than the previous "
                "one is missing from the *_PREVIOUS variables, add it and run "
                "rotate_keys again."
            )
        if left:
            raise CommandError(
                f"{left} row(s) are still under a previous key: keep {names}. "
                "If a process still runs with an old key as its current key, "
                "restart it with the new keys, then run rotate_keys again.",
                returncode=1,
            )
        self.stdout.write(
            f"Nothing is left under a previous key: you can now remove {names} "
            "from every process and restart them."
        )
        if reported:
            raise CommandError(
                f"{reported} row(s) need a person's attention.", returncode=1
            )
