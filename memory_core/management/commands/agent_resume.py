from django.core.management.base import BaseCommand, CommandError

from audit.services import Actor
from memory_core.models import Agent
from memory_core.rls import system_call
from memory_core.services.agents import agent_resume


class Command(BaseCommand):
    help = "Lift a write suspension (after a write storm) from an agent, audited."

    def add_arguments(self, parser):
        parser.add_argument("tenant", help="Tenant slug.")
        parser.add_argument("agent", help="Agent name.")
        parser.add_argument("--reason", required=True, help="Why it is safe again.")
        parser.add_argument("--by", default="cli", help="Who lifts it (for the audit).")

    # An operator command: every tenant (docs/database-isolation.md).
    @system_call
    def handle(self, *args, tenant, agent, reason, by, **options):
        found = Agent.objects.filter(tenant__slug=tenant, name=agent).first()
        if found is None:
            raise CommandError(f"No agent {agent!r} in tenant {tenant!r}.")
        if found.writes_suspended_at is None:
            self.stdout.write(f"{tenant}/{agent} is not suspended.")
            return
        agent_resume(
            agent=found, actor=Actor(type="user", id="", label=by), reason=reason
        )
        self.stdout.write(self.style.SUCCESS(f"{tenant}/{agent} may write again."))
