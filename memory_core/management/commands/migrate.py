"""`migrate` as the tables' owner: the `migrate` database alias by default.

The app's own role (`default`) may not create or alter tables
(docs/database-isolation.md); `--database default` still works where both are
the same role.
"""

from django.core.management.commands.migrate import Command as MigrateCommand


class Command(MigrateCommand):
    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.set_defaults(database="migrate")
