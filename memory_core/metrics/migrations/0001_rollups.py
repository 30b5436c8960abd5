"""Rollup rows for the dashboard, and an index to find recently decided writes."""

import django.contrib.postgres.fields
import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("memory_core", "0009_read_tallies"),
    ]

    operations = [
        migrations.CreateModel(
            name="RollupCursor",
            fields=[
                (
                    "tenant",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="+",
                        serialize=False,
                        to="memory_core.tenant",
                    ),
                ),
                ("rolled_up_at", models.DateTimeField()),
                ("duration_ms", models.FloatField(default=0.0)),
            ],
        ),
        migrations.CreateModel(
            name="Rollup",
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
                ("hour", models.DateTimeField(help_text="Start of the hour (UTC).")),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("write", "Write"),
                            ("gate_ms", "Gate Ms"),
                            ("decision", "Decision"),
                            ("conflict", "Conflict"),
                            ("staleness", "Staleness"),
                            ("retention", "Retention"),
                        ],
                        max_length=16,
                    ),
                ),
                ("status", models.CharField(blank=True, max_length=20)),
                ("gate", models.CharField(blank=True, max_length=32)),
                ("code", models.CharField(blank=True, max_length=64)),
                ("count", models.BigIntegerField(default=0)),
                ("flagged", models.BigIntegerField(default=0)),
                ("value_sum", models.FloatField(default=0.0)),
                (
                    "buckets",
                    django.contrib.postgres.fields.ArrayField(
                        base_field=models.BigIntegerField(),
                        blank=True,
                        default=list,
                        size=None,
                    ),
                ),
                (
                    "agent",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="memory_core.agent",
                    ),
                ),
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
                "indexes": [
                    models.Index(
                        fields=["tenant", "kind", "hour"], name="metrics_rollup_idx"
                    )
                ],
            },
        ),
        # The rollup recomputes the hours of writes a person decided since its
        # last run; without this it would scan every write.
        migrations.RunSQL(
            "CREATE INDEX metrics_write_decided_idx "
            "ON memory_core_writerequest (tenant_id, decided_at) "
            "WHERE decided_at IS NOT NULL",
            "DROP INDEX IF EXISTS metrics_write_decided_idx",
        ),
    ]
