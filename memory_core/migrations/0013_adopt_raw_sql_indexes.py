"""Adopt the raw-SQL indexes into the models' state (issue 15). No SQL.

Migrations 0004 and 0005 and approvals 0001, 0002 and 0004 created these
indexes with RunSQL, so the models did not declare them. They are now in
`Meta.indexes`, and this migration only tells Django's state they exist:
`sqlmigrate memory_core 0013` emits no statement, and a database migrated
before or after is the same. The approvals migrations still create the
indexes on a fresh database; memory_core does not depend on approvals.
"""

import django.contrib.postgres.indexes
import django.db.models.expressions
import django.db.models.functions.text
from django.db import migrations, models

import memory_core.models

# The erasure scan's text expressions, as approvals 0002 and 0004 index them.
ITEM_TEXT = "(subject || ' ' || object || ' ' || coalesce(memory_key, ''))"
VERSION_TEXT = (
    "(content || ' ' || structured::text || ' ' || evidence::text"
    " || ' ' || justification)"
)
VERSION_IDS = "(task_id || ' ' || session_id || ' ' || provenance::text)"


class Migration(migrations.Migration):
    dependencies = [
        ("memory_core", "0012_perf_gc_head_index"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.AddIndex(
                    model_name="memoryitem",
                    index=models.Index(
                        condition=models.Q(("status", "expired")),
                        fields=["tenant", "expired_at"],
                        name="memory_item_expired_idx",
                    ),
                ),
                migrations.AddIndex(
                    model_name="memoryitem",
                    index=memory_core.models.LongNameGinIndex(
                        django.contrib.postgres.indexes.OpClass(
                            django.db.models.expressions.RawSQL(
                                ITEM_TEXT,
                                (),
                            ),
                            name="gin_trgm_ops",
                        ),
                        name="memory_item_erasure_text_trgm",
                    ),
                ),
                migrations.AddIndex(
                    model_name="memoryitem",
                    index=memory_core.models.LongNameGinIndex(
                        django.contrib.postgres.indexes.OpClass(
                            django.db.models.expressions.RawSQL(
                                "(predicate || ' ' || residency)", ()
                            ),
                            name="gin_trgm_ops",
                        ),
                        name="memory_item_erasure_triple_trgm",
                    ),
                ),
                migrations.AddIndex(
                    model_name="memoryversion",
                    index=models.Index(
                        fields=["tenant", "-valid_from"],
                        include=("valid_to", "status"),
                        name="memory_version_asof_idx2",
                    ),
                ),
                migrations.AddIndex(
                    model_name="memoryversion",
                    index=django.contrib.postgres.indexes.GinIndex(
                        django.contrib.postgres.indexes.OpClass(
                            django.db.models.functions.text.Upper("content"),
                            name="gin_trgm_ops",
                        ),
                        name="memory_version_content_trgm",
                    ),
                ),
                migrations.AddIndex(
                    model_name="memoryversion",
                    index=models.Index(
                        condition=models.Q(("status", "draft")),
                        fields=["item"],
                        name="memory_version_draft_idx",
                    ),
                ),
                migrations.AddIndex(
                    model_name="memoryversion",
                    index=models.Index(
                        condition=models.Q(("status", "superseded")),
                        fields=["tenant", "valid_to"],
                        name="memory_version_superseded_idx",
                    ),
                ),
                migrations.AddIndex(
                    model_name="memoryversion",
                    index=memory_core.models.LongNameGinIndex(
                        django.contrib.postgres.indexes.OpClass(
                            django.db.models.expressions.RawSQL(
                                VERSION_TEXT,
                                (),
                            ),
                            name="gin_trgm_ops",
                        ),
                        name="memory_version_erasure_text_trgm",
                    ),
                ),
                migrations.AddIndex(
                    model_name="memoryversion",
                    index=memory_core.models.LongNameGinIndex(
                        django.contrib.postgres.indexes.OpClass(
                            django.db.models.expressions.RawSQL(
                                VERSION_IDS,
                                (),
                            ),
                            name="gin_trgm_ops",
                        ),
                        name="memory_version_erasure_ids_trgm",
                    ),
                ),
                migrations.AddIndex(
                    model_name="memoryversion",
                    index=django.contrib.postgres.indexes.GinIndex(
                        condition=models.Q(
                            django.db.models.expressions.RawSQL(
                                "cardinality(merged_from) > 0",
                                (),
                                output_field=models.BooleanField(),
                            )
                        ),
                        fields=["merged_from"],
                        name="memory_version_merged_from_gin",
                    ),
                ),
                migrations.AddIndex(
                    model_name="memoryversion",
                    index=django.contrib.postgres.indexes.GinIndex(
                        django.contrib.postgres.indexes.OpClass(
                            models.F("evidence"), name="jsonb_path_ops"
                        ),
                        name="memory_version_evidence_gin",
                    ),
                ),
                migrations.AddIndex(
                    model_name="redactiontoken",
                    index=models.Index(
                        fields=["tenant", "value_digest"],
                        name="redaction_token_digest_idx",
                    ),
                ),
                migrations.AddIndex(
                    model_name="writerequest",
                    index=models.Index(
                        condition=models.Q(
                            ("status__in", ["pending_review", "awaiting_approval"])
                        ),
                        fields=[
                            "tenant",
                            "status",
                            "review_deadline",
                            "created_at",
                            "id",
                        ],
                        include=(
                            "tier",
                            "layer",
                            "agent",
                            "scope_path",
                            "risk_score",
                            "finished_at",
                        ),
                        name="review_queue_urgency_idx",
                    ),
                ),
                migrations.AddIndex(
                    model_name="writerequest",
                    index=models.Index(
                        condition=models.Q(
                            ("status__in", ["pending_review", "awaiting_approval"])
                        ),
                        fields=["tenant", "-risk_score", "review_deadline", "id"],
                        include=(
                            "tier",
                            "layer",
                            "agent",
                            "scope_path",
                            "risk_score",
                            "finished_at",
                        ),
                        name="review_queue_risk_idx",
                    ),
                ),
                migrations.AddIndex(
                    model_name="writerequest",
                    index=models.Index(
                        condition=models.Q(
                            ("status__in", ["pending_review", "awaiting_approval"])
                        ),
                        fields=["tenant", "created_at", "id"],
                        include=(
                            "tier",
                            "layer",
                            "agent",
                            "scope_path",
                            "risk_score",
                            "finished_at",
                        ),
                        name="review_queue_age_idx",
                    ),
                ),
            ],
        ),
    ]
