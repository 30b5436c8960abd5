from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from memory_core.demo import demo_seed
from memory_core.rls import system_call


class Command(BaseCommand):
    help = "Seed the demo tenants (acme, globex), people, agents and memories once."

    # An operator command: every tenant (docs/database-isolation.md).
    @system_call
    def handle(self, *args, **options):
        if not settings.DEBUG:
            raise CommandError(
                "The demo seeds known passwords and tokens: it runs only in "
                "development mode (DJANGO_DEBUG=1, as `make run` sets). In "
                "production, create a tenant with `manage.py tenant_create`."
            )
        if demo_seed():
            self.stdout.write(self.style.SUCCESS("demo seeded"))
        else:
            self.stdout.write("demo already seeded")
