import getpass

from django.core.management.base import BaseCommand, CommandError

from audit.services import Actor
from memory_core.exceptions import DomainError
from memory_core.policy import REGIONS
from memory_core.rls import system_call
from memory_core.services.platform import tenant_onboard


def os_user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "cli"


class Command(BaseCommand):
    help = (
        "Onboard an organisation: a tenant with its /global/ and /org/<slug>/ "
        "scopes and a first admin, whose one-time password is printed once."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "slug", help="Lowercase letters, digits and hyphens, e.g. acme-eu."
        )
        parser.add_argument("--name", required=True, help="The organisation's name.")
        parser.add_argument(
            "--region",
            required=True,
            help=f"Storage region: one of {', '.join(REGIONS)}.",
        )
        parser.add_argument(
            "--admin-email", required=True, help="The first admin's email address."
        )
        parser.add_argument(
            "--admin-username", default="", help="Default: <slug>-admin."
        )
        parser.add_argument(
            "--by", default=os_user(), help="Who onboards it (for the audit trail)."
        )

    # An operator command: every tenant (docs/database-isolation.md).
    @system_call
    def handle(self, *args, slug, name, region, admin_email, admin_username, by, **_):
        try:
            onboarding = tenant_onboard(
                slug=slug,
                name=name,
                region=region,
                admin_email=admin_email,
                admin_username=admin_username,
                actor=Actor.system(f"operator:{by}"),
            )
        except DomainError as error:
            raise CommandError(error.message) from None
        tenant, admin = onboarding.tenant, onboarding.admin
        self.stdout.write(
            self.style.SUCCESS(f"Created tenant {tenant.slug} ({tenant.name}).")
        )
        self.stdout.write(f"  scopes:   /global/, /org/{tenant.slug}/")
        self.stdout.write(f"  region:   {region}")
        self.stdout.write(f"  admin:    {admin.get_username()} <{admin.email}>")
        self.stdout.write(f"  password: {onboarding.password}")
        self.stdout.write(
            "The password is shown only this once and must be changed at the "
            "first sign-in. Pass it on privately."
        )
