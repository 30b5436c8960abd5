"""`manage.py certificate_verify FILE`: check a downloaded erasure certificate.

Exit 0 when its Ed25519 signature is intact and made under this
installation's key (or `--public-key`), 1 when it was altered, re-signed or
is not a certificate at all; the reason is printed either way.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from approvals.erasure.certificate import certificate_check, certificate_public_key


class Command(BaseCommand):
    help = "Verify the signature of an erasure certificate (the JSON download)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the certificate, as downloaded (JSON)")
        parser.add_argument(
            "--public-key",
            default="",
            help="the signer's public key (hex); this installation's by default",
        )

    def handle(self, *args, **options) -> None:
        path = Path(options["file"])
        try:
            certificate = json.loads(path.read_bytes())
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror}.") from error
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise CommandError(f"{path} is not JSON (altered?): {error}.") from error
        problem = certificate_check(
            certificate, public_key=options["public_key"] or None
        )
        if problem:
            raise CommandError(f"NOT VERIFIED: {problem}")
        key = options["public_key"] or certificate_public_key()
        self.stdout.write(
            f"Verified: certificate {certificate.get('request_id')} "
            f"({certificate.get('tenant')}), signed with Ed25519 key {key[:16]}…"
        )
