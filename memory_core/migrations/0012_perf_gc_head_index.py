"""A narrow index of active versions for GC's classification scans.

GC's expiry and marking rules join every active item to its head version
for six small columns (source, confidences, validation score, verification
and creation times). Read from the version rows, that is a scan of the whole
wide table (embedding, text, JSON: ~2 GB at a million versions); from this
partial covering index it is an index-only scan of a few tens of MB. Partial
on `status = 'active'`: a version leaving `active` (superseded, expired,
retracted) costs it nothing, so GC's own updates do not maintain it.
Raw SQL (not in the model's Meta): INCLUDE columns of a partial index, kept
out of the model state like the other hand-written indexes.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("memory_core", "0011_leakproof_index_operators"),
    ]

    operations = [
        migrations.RunSQL(
            "CREATE INDEX IF NOT EXISTS memory_version_gc_head_idx "
            "ON memory_core_memoryversion (id) "
            "INCLUDE (source, confidence, adjusted_confidence, validation_score, "
            "last_reinforced_at, created_at) "
            "WHERE status = 'active'",
            "DROP INDEX IF EXISTS memory_version_gc_head_idx",
        ),
    ]
