"""Garbage collection: GcRun, the items' GC fields, and the indexes GC's scans use.

The indexes are partial and database-only (RunSQL), each for one scan of
memory_core/lifecycle/gc/rules.py (plans in memory_core/lifecycle/gc/README.md):

- `memory_version_draft_idx`: "does this item have a draft?" (never collect
  an item with a write awaiting review), a handful of rows per tenant;
- `memory_version_superseded_idx`: superseded versions by when they stopped
  being current (the 90-day rule);
- `memory_item_expired_idx`: expired items by expiry (phase 2, the screens).
"""

import uuid

import django.db.models.deletion
from django.db import migrations, models

DRAFT_INDEX = (
    "CREATE INDEX memory_version_draft_idx ON memory_core_memoryversion (item_id) "
    "WHERE status = 'draft'"
)
SUPERSEDED_INDEX = (
    "CREATE INDEX memory_version_superseded_idx ON memory_core_memoryversion "
    "(tenant_id, valid_to) WHERE status = 'superseded'"
)
EXPIRED_INDEX = (
    "CREATE INDEX memory_item_expired_idx ON memory_core_memoryitem "
    "(tenant_id, expired_at) WHERE status = 'expired'"
)


class Migration(migrations.Migration):
    dependencies = [
        ("memory_core", "0004_memory_annotations"),
    ]

    operations = [
        migrations.AddField(
            model_name="memoryitem",
            name="contradiction_scanned_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="memoryitem",
            name="expired_at",
            field=models.DateTimeField(
                blank=True, help_text="When GC expired it (phase 1).", null=True
            ),
        ),
        migrations.AddField(
            model_name="memoryitem",
            name="expired_by",
            field=models.CharField(
                blank=True, help_text="The GC rule that expired it.", max_length=32
            ),
        ),
        migrations.AddField(
            model_name="memoryitem",
            name="gc_candidate_at",
            field=models.DateTimeField(
                blank=True, help_text="Candidate for collection since.", null=True
            ),
        ),
        migrations.AddField(
            model_name="memoryitem",
            name="gc_candidate_reason",
            field=models.CharField(blank=True, max_length=32),
        ),
        migrations.AddField(
            model_name="memoryitem",
            name="retrieval_weight",
            field=models.FloatField(
                default=1.0,
                help_text="Multiplies the retrieval score; < 1 when down-weighted.",
            ),
        ),
        migrations.AddField(
            model_name="memoryitem",
            name="stale_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="memoryitem",
            name="stale_reason",
            field=models.CharField(blank=True, max_length=32),
        ),
        migrations.AddField(
            model_name="memoryitem",
            name="staleness",
            field=models.FloatField(
                blank=True, help_text="Staleness score when marked (000 §6).", null=True
            ),
        ),
        migrations.CreateModel(
            name="GcRun",
            fields=[
                (
                    "id",
                    models.UUIDField(
                        default=uuid.uuid4,
                        editable=False,
                        primary_key=True,
                        serialize=False,
                    ),
                ),
                ("dry_run", models.BooleanField(default=False)),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("running", "Running"),
                            ("completed", "Completed"),
                            ("failed", "Failed"),
                        ],
                        default="running",
                        max_length=16,
                    ),
                ),
                ("triggered_by", models.CharField(max_length=150)),
                ("started_at", models.DateTimeField()),
                ("heartbeat_at", models.DateTimeField()),
                ("finished_at", models.DateTimeField(blank=True, null=True)),
                ("duration_seconds", models.FloatField(blank=True, null=True)),
                ("rows_examined", models.BigIntegerField(default=0)),
                (
                    "counts",
                    models.JSONField(
                        blank=True, default=dict, help_text="Rows per rule."
                    ),
                ),
                (
                    "progress",
                    models.JSONField(
                        blank=True,
                        default=dict,
                        help_text="Rules done, current rule and cursor.",
                    ),
                ),
                ("resumes", models.PositiveIntegerField(default=0)),
                ("error", models.TextField(blank=True)),
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
                        fields=["tenant", "-started_at"], name="gc_run_recent_idx"
                    )
                ],
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("dry_run", False), ("status", "running")),
                        fields=("tenant",),
                        name="gc_run_one_running",
                    )
                ],
            },
        ),
        migrations.RunSQL(DRAFT_INDEX, "DROP INDEX memory_version_draft_idx"),
        migrations.RunSQL(SUPERSEDED_INDEX, "DROP INDEX memory_version_superseded_idx"),
        migrations.RunSQL(EXPIRED_INDEX, "DROP INDEX memory_item_expired_idx"),
    ]
