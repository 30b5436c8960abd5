"""Append a signed checkpoint of every tenant's audit chain head to a file."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from audit.services import audit_checkpoints_take


class Command(BaseCommand):
    help = (
        "Write one JSON line per tenant {tenant, seq, head_hash, at, key_id, "
        "signature}, signed with an HMAC under MGC_AUDIT_KEY, appended to "
        "--out FILE ('-' for standard output). Keep the file away from the "
        "database (object storage with retention, another host): later, "
        "`audit_verify --checkpoint FILE` proves no history before each line "
        "was rewritten. See docs/audit.md."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--out",
            required=True,
            metavar="FILE",
            help="File to append the checkpoints to; '-' for standard output.",
        )

    def handle(self, *args, out: str, **options):
        # Every tenant's chain head: the system context (memory_core/rls.py,
        # which `audit` does not import), for this process only.
        with connection.cursor() as cursor:
            cursor.execute("SELECT set_config('mgc.system', 'on', false)")
        checkpoints = audit_checkpoints_take()
        text = "".join(json.dumps(c, sort_keys=True) + "\n" for c in checkpoints)
        if out == "-":
            self.stdout.write(text, ending="")
            return
        try:
            with open(out, "a", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as error:
            raise CommandError(f"cannot write checkpoints to {out}: {error}") from None
        self.stderr.write(f"{len(checkpoints)} checkpoint(s) appended to {out}")
