"""Recompute every signed version's provenance signature; report the tampered."""

from django.core.management.base import BaseCommand, CommandError

from memory_core.keys import provenance_keys
from memory_core.models import MemoryVersion, Tenant
from memory_core.provenance import provenance_problems, provenance_verify
from memory_core.rls import system_call

CHUNK_SIZE = 2000


class Command(BaseCommand):
    help = (
        "Verify the HMAC signature of every memory version's provenance record "
        "(003 §12.4.5) and that its content still matches the recorded hash; "
        "print the tampered versions and exit non-zero if there are any. A "
        "signature under a key of MGC_PROVENANCE_KEY_PREVIOUS is intact, and "
        "counted as signed with a previous key until rotate_keys re-signs it."
    )

    def add_arguments(self, parser):
        parser.add_argument("--tenant", metavar="SLUG", help="Only this tenant.")

    # An operator command: every tenant (docs/database-isolation.md).
    @system_call
    def handle(self, *args, tenant=None, **options):
        tenants = Tenant.objects.order_by("slug")
        if tenant:
            tenants = tenants.filter(slug=tenant)
            if not tenants.exists():
                raise CommandError(f"No tenant {tenant!r}.")
        keys = provenance_keys()
        tampered = previous = 0
        for current in tenants:
            checked, found, old = self._verify_tenant(current, keys)
            tampered += found
            previous += old
            line = (
                f"{current.slug}: {checked} signed versions checked, {found} tampered"
            )
            if old:
                line += f", {old} signed with a previous key"
            self.stdout.write(line)
        if previous:
            self.stdout.write(
                f"{previous} version(s) signed with a previous key: run "
                "`manage.py rotate_keys --provenance` to re-sign them."
            )
        if tampered:
            raise CommandError(
                f"{tampered} tampered provenance record(s).", returncode=1
            )

    def _verify_tenant(self, tenant: Tenant, keys: list[bytes]) -> tuple[int, int, int]:
        """Return how many versions were checked, tampered, under a previous key."""
        rows = (
            MemoryVersion.objects.filter(tenant=tenant)
            .exclude(provenance={})
            .order_by("item_id", "number")
            .values_list(
                "id",
                "item_id",
                "number",
                "provenance",
                "signature",
                "content",
                "content_hash",
            )
        )
        checked = found = previous = 0
        for (
            version_id,
            item_id,
            number,
            record,
            signature,
            content,
            hash_,
        ) in rows.iterator(chunk_size=CHUNK_SIZE):
            checked += 1
            problems = provenance_problems(
                record=record,
                signature=signature,
                content=content,
                content_hash=hash_,
                key=keys[0],
                previous_keys=keys[1:],
            )
            if problems:
                found += 1
                self.stdout.write(
                    f"TAMPERED item {item_id} version {number} (id {version_id}): "
                    f"{', '.join(problems)}"
                )
            elif not provenance_verify(record, signature, keys[0]):
                previous += 1
        return checked, found, previous
