"""A narrow index of active versions for GC's classification scans.

GC's expiry and marking rules join every active item to its head version
for six small columns (source, confidences, validation score, verification
and creation times). Read from the version rows, that is a scan of the whole
wide table (embedding, text, JSON: ~2 GB at a million versions); from this
partial covering index it is an index-only scan of a few tens of MB. Partial
on `status = 'active'`: a version leaving `active` (superseded, expired,
retracted) costs it nothing, so GC's own updates do not maintain it.
Declared in the model's Meta; the SQL is written here for IF NOT EXISTS
(databases that ran this migration's first, raw-SQL form keep their index).
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("memory_core", "0011_leakproof_index_operators"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.RunSQL(
                    "CREATE INDEX IF NOT EXISTS memory_version_gc_head_idx "
                    "ON memory_core_memoryversion (id) "
                    "INCLUDE (source, confidence, adjusted_confidence, "
                    "validation_score, last_reinforced_at, created_at) "
                    "WHERE status = 'active'",
                    "DROP INDEX IF EXISTS memory_version_gc_head_idx",
                ),
            ],
            state_operations=[
                migrations.AddIndex(
                    model_name="memoryversion",
                    index=models.Index(
                        fields=["id"],
                        include=[
                            "source",
                            "confidence",
                            "adjusted_confidence",
                            "validation_score",
                            "last_reinforced_at",
                            "created_at",
                        ],
                        condition=models.Q(status="active"),
                        name="memory_version_gc_head_idx",
                    ),
                ),
            ],
        ),
    ]
