"""Verify every audit chain, optionally against signed checkpoints kept elsewhere."""

from __future__ import annotations

import uuid
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from audit.services import Checkpoint, audit_chain_verify, audit_checkpoint_parse


class Command(BaseCommand):
    help = (
        "Recompute the audit HMAC chain of every tenant (the registered ones, "
        "those with a chain head and those with events) in one read-only "
        "snapshot, compare each with its chain head, and name the first broken "
        "link. With --checkpoint FILE (written by audit_checkpoint), also prove "
        "that no history up to each checkpoint was rewritten or cut. See "
        "docs/audit.md."
    )

    def add_arguments(self, parser):
        parser.add_argument("--tenant", help="Verify only this tenant id.")
        parser.add_argument(
            "--checkpoint",
            metavar="FILE",
            help="A checkpoint file (JSON lines) to verify the chains against.",
        )

    def handle(self, *args, tenant=None, checkpoint=None, **options):
        # Every tenant's chain: the system context (memory_core/rls.py, which
        # `audit` does not import), for this process only.
        with connection.cursor() as cursor:
            cursor.execute("SELECT set_config('mgc.system', 'on', false)")
        tenant_ids = None
        if tenant:
            try:
                tenant_ids = [uuid.UUID(tenant)]
            except ValueError:
                raise CommandError(f"--tenant {tenant!r} is not a tenant id.") from None
        checkpoints = _read_checkpoints(Path(checkpoint)) if checkpoint else []
        breaks = audit_chain_verify(tenant_ids=tenant_ids, checkpoints=checkpoints)
        if breaks:
            for b in breaks:
                self.stderr.write(
                    f"tenant {b.tenant_id}: broken at event #{b.seq}: {b.problem}"
                )
            raise CommandError(f"{len(breaks)} audit chain break(s) found")
        message = "audit chains intact"
        if checkpoint:
            message += f", consistent with {len(checkpoints)} checkpoint(s)"
        self.stdout.write(self.style.SUCCESS(message))


def _read_checkpoints(path: Path) -> list[Checkpoint]:
    try:
        lines = path.read_text().splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(f"cannot read checkpoint file {path}: {error}") from None
    checkpoints = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            checkpoints.append(audit_checkpoint_parse(line))
        except ValueError as error:
            raise CommandError(
                f"checkpoint file {path}, line {number}: {error}"
            ) from None
    return checkpoints
