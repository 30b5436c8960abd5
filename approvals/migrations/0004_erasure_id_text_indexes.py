"""Trigram indexes on the rest of the text the erasure scan reads (issue 13).

The scan (memory_core/erasure.py, `scan_texts`) now also matches a version's
task and session ids and its provenance record, and an item's predicate and
residency: a second text expression beside the one migration 0002 indexes.
These are exactly those expressions (tests/memory_core/test_erasure.py
checks that they still are).
"""

from django.db import migrations

ERASURE_ID_TEXT_INDEXES = {
    "memory_version_erasure_ids_trgm": (
        "memory_core_memoryversion USING gin ((task_id || ' ' || session_id"
        " || ' ' || provenance::text) gin_trgm_ops)"
    ),
    "memory_item_erasure_triple_trgm": (
        "memory_core_memoryitem USING gin ((predicate || ' ' || residency)"
        " gin_trgm_ops)"
    ),
}


class Migration(migrations.Migration):
    dependencies = [
        ("approvals", "0003_erasure_plan"),
        ("memory_core", "0008_service_heartbeats"),
    ]

    operations = [
        migrations.RunSQL(
            f"CREATE INDEX IF NOT EXISTS {name} ON {definition}",
            reverse_sql=f"DROP INDEX IF EXISTS {name}",
        )
        for name, definition in ERASURE_ID_TEXT_INDEXES.items()
    ]
