"""Heartbeats of workers and beat, read by /readyz."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("memory_core", "0007_tenant_suspension_scope_archive"),
    ]

    operations = [
        migrations.CreateModel(
            name="ServiceHeartbeat",
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
                ("component", models.CharField(max_length=16)),
                ("hostname", models.CharField(max_length=255)),
                ("seen_at", models.DateTimeField()),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=("component", "hostname"), name="heartbeat_unique_host"
                    )
                ],
            },
        ),
    ]
