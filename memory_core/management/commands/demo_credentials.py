import json

from django.core.management.base import BaseCommand, CommandError

from memory_core.demo import TENANTS, demo_credentials
from memory_core.models import Tenant
from memory_core.rls import system_call


class Command(BaseCommand):
    help = "Print the console URL, the demo logins and the demo agent tokens."

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true", help="Print JSON.")
        parser.add_argument("--url", default="http://127.0.0.1:8000")

    # An operator command: every tenant (docs/database-isolation.md).
    @system_call
    def handle(self, *args, json=False, url="", **options):
        if not Tenant.objects.filter(slug__in=TENANTS).exists():
            raise CommandError(
                "The demo is not seeded here: `make run` seeds it "
                "(`manage.py run_console --demo`, development mode only)."
            )
        creds = demo_credentials(url)
        if json:
            self.stdout.write(_dumps(creds))
            return
        self.stdout.write(f"Console: {creds['url']}")
        self.stdout.write("Logins (username / password, role @ tenant):")
        for user in creds["users"]:
            self.stdout.write(
                f"  {user['username']:<18} {user['password']}  "
                f"{user['role']} @ {user['tenant']}"
            )
        self.stdout.write("Agent tokens:")
        for agent in creds["agents"]:
            self.stdout.write(
                f"  {agent['tenant']:<7} {agent['name']:<18} {agent['token']}"
            )


def _dumps(value) -> str:
    return json.dumps(value, indent=2)
