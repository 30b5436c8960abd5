"""Curators' notes and keep-both pairs; indexes for the memory browser.

The two indexes are database-only (RunSQL): `memory_version_asof_idx2`
answers "which versions were visible at T" (003 §12.5.5) from the index
alone, for the as-of view's page and its count; the trigram index lets a
content substring filter (`content__icontains`) use an index instead of
reading every version (see bench/console_browser.py).
"""

import django.db.models.deletion
from django.conf import settings
from django.contrib.postgres.operations import TrigramExtension
from django.db import migrations, models

ASOF_INDEX = (
    "CREATE INDEX memory_version_asof_idx2 ON memory_core_memoryversion "
    "(tenant_id, valid_from DESC) INCLUDE (valid_to, status)"
)
TRIGRAM_INDEX = (
    "CREATE INDEX memory_version_content_trgm ON memory_core_memoryversion "
    "USING gin (upper(content) gin_trgm_ops)"
)


class Migration(migrations.Migration):
    dependencies = [
        ("memory_core", "0003_agent_human_decisions"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="ConflictPairAllowance",
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
                ("created_at", models.DateTimeField()),
                (
                    "conflict",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="memory_core.conflict",
                    ),
                ),
                (
                    "created_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
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
                (
                    "version_a",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="memory_core.memoryversion",
                    ),
                ),
                (
                    "version_b",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="memory_core.memoryversion",
                    ),
                ),
            ],
            options={
                "indexes": [
                    models.Index(
                        fields=["tenant", "version_b"],
                        name="conflict_pair_allowance_b_idx",
                    )
                ],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("tenant", "version_a", "version_b"),
                        name="conflict_pair_allowance_unique",
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("version_a__lt", models.F("version_b"))),
                        name="conflict_pair_allowance_ordered",
                    ),
                ],
            },
        ),
        migrations.CreateModel(
            name="MemoryAnnotation",
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
                ("text", models.TextField()),
                ("created_at", models.DateTimeField()),
                (
                    "author",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "item",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="annotations",
                        to="memory_core.memoryitem",
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
                        fields=["tenant", "item", "-created_at"],
                        name="memory_annotation_item_idx",
                    )
                ],
            },
        ),
        migrations.RunSQL(
            ASOF_INDEX, reverse_sql="DROP INDEX memory_version_asof_idx2"
        ),
        TrigramExtension(),
        migrations.RunSQL(
            TRIGRAM_INDEX, reverse_sql="DROP INDEX memory_version_content_trgm"
        ),
    ]
