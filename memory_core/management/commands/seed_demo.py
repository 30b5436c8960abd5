from django.core.management.base import BaseCommand

from memory_core.demo import demo_seed


class Command(BaseCommand):
    help = "Seed the demo tenants (acme, globex), people, agents and memories once."

    def handle(self, *args, **options):
        if demo_seed():
            self.stdout.write(self.style.SUCCESS("demo seeded"))
        else:
            self.stdout.write("demo already seeded")
