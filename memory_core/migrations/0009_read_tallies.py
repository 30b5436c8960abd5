"""Daily read tallies per tenant: the read hit ratio (issue 11)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("memory_core", "0008_service_heartbeats"),
    ]

    operations = [
        migrations.CreateModel(
            name="ReadTally",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True,
                        primary_key=True,
                        serialize=False,
                        verbose_name="ID",
                    ),
                ),
                ("day", models.DateField()),
                (
                    "endpoint",
                    models.CharField(
                        choices=[
                            ("search", "Search (pull)"),
                            ("context", "Context (push)"),
                        ],
                        max_length=8,
                    ),
                ),
                ("calls", models.PositiveIntegerField(default=0)),
                ("answered", models.PositiveIntegerField(default=0)),
                ("results", models.PositiveIntegerField(default=0)),
                (
                    "tenant",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="memory_core.tenant",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=("tenant", "day", "endpoint"),
                        name="read_tally_unique_day",
                    )
                ],
            },
        ),
    ]
