from django.core.management.base import BaseCommand, CommandError

from audit.services import audit_chain_verify


class Command(BaseCommand):
    help = "Recompute every tenant's audit hash chain and name the first broken link."

    def add_arguments(self, parser):
        parser.add_argument("--tenant", help="Verify only this tenant id.")

    def handle(self, *args, tenant=None, **options):
        breaks = audit_chain_verify(tenant_ids=[tenant] if tenant else None)
        if breaks:
            for b in breaks:
                self.stderr.write(
                    f"tenant {b.tenant_id}: broken at event #{b.seq}: {b.problem}"
                )
            raise CommandError(f"{len(breaks)} audit chain(s) broken")
        self.stdout.write(self.style.SUCCESS("audit chains intact"))
