"""Lifecycle changes as HOT updates: no index names a version's status or range end.

A version leaving `active` (GC's expiry, a supersession, retention) was a
non-HOT update of a ~1.9 kB row: `status` and `valid_to` were in eight of
the version table's indexes (as key, INCLUDE or predicate), so the rewritten
row got an entry in every index of the table, the five GIN indexes over its
text among them. Probed on the 1M GC bench (bench/PERF.md, fifteenth
session), 55 % of an expiry's server CPU was those index entries.

Here no index refers to either column, so an expiry (GC's, retention's, a
curator's) is HOT when the row's page has room (fillfactor 75 keeps room for
one rewrite a page); a supersession is not (it sets `superseded_at`, which is
indexed), nor is GC's expiry of a superseded version (it clears it):

- the HNSW index holds every version (searches already filter on status;
  GC's hard delete removes expired vectors), the duplicate lookups' hash and
  fingerprint indexes are no longer partial, the as-of index keeps the
  range's start only, GC's head index is no longer partial (an active item's
  head is active: GC asks the item), and the tenant-status index goes (no
  reader needed it: every status count is an item count);
- the two state-dependent lookups GC needs read generated columns that the
  hot transitions leave unchanged: `draft_of` (the item of a draft) and
  `superseded_at` (when a superseded version ended), each with a partial
  index on being set.

As of stays exact: `valid_from` and `valid_to` are written as before. Adding
the generated columns rewrites the table (with the new fillfactor).
"""

import pgvector.django.indexes
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("memory_core", "0021_partial_lookup_indexes"),
    ]

    operations = [
        migrations.RunSQL(
            "ALTER TABLE memory_core_memoryversion SET (fillfactor = 75)",
            "ALTER TABLE memory_core_memoryversion RESET (fillfactor)",
        ),
        migrations.RemoveIndex(
            model_name="memoryversion",
            name="memory_version_status_idx",
        ),
        migrations.RemoveIndex(
            model_name="memoryversion",
            name="memory_version_embedding_hnsw",
        ),
        migrations.RemoveIndex(
            model_name="memoryversion",
            name="memory_version_gc_head_idx",
        ),
        migrations.RemoveIndex(
            model_name="memoryversion",
            name="memory_version_asof_idx2",
        ),
        migrations.RemoveIndex(
            model_name="memoryversion",
            name="memory_version_draft_idx",
        ),
        migrations.RemoveIndex(
            model_name="memoryversion",
            name="memory_version_superseded_idx",
        ),
        migrations.RemoveIndex(
            model_name="memoryversion",
            name="memory_version_hash_idx",
        ),
        migrations.RemoveIndex(
            model_name="memoryversion",
            name="memory_version_fp_idx",
        ),
        migrations.AddField(
            model_name="memoryversion",
            name="draft_of",
            field=models.GeneratedField(
                db_persist=True,
                expression=models.Case(
                    models.When(status="draft", then=models.F("item_id"))
                ),
                output_field=models.UUIDField(null=True),
            ),
        ),
        migrations.AddField(
            model_name="memoryversion",
            name="superseded_at",
            field=models.GeneratedField(
                db_persist=True,
                expression=models.Case(
                    models.When(status="superseded", then=models.F("valid_to"))
                ),
                output_field=models.DateTimeField(null=True),
            ),
        ),
        migrations.AddIndex(
            model_name="memoryversion",
            index=pgvector.django.indexes.HnswIndex(
                ef_construction=64,
                fields=["embedding"],
                m=16,
                name="memory_version_embedding_hnsw",
                opclasses=["vector_cosine_ops"],
            ),
        ),
        migrations.AddIndex(
            model_name="memoryversion",
            index=models.Index(
                fields=["tenant", "scope", "layer", "content_hash"],
                name="memory_version_hash_idx2",
            ),
        ),
        migrations.AddIndex(
            model_name="memoryversion",
            index=models.Index(
                fields=["tenant", "scope", "layer", "fingerprint"],
                name="memory_version_fp_idx2",
            ),
        ),
        migrations.AddIndex(
            model_name="memoryversion",
            index=models.Index(
                fields=["tenant", "-valid_from"], name="memory_version_asof_idx3"
            ),
        ),
        migrations.AddIndex(
            model_name="memoryversion",
            index=models.Index(
                condition=models.Q(("draft_of__isnull", False)),
                fields=["draft_of"],
                name="memory_version_draft_of_idx",
            ),
        ),
        migrations.AddIndex(
            model_name="memoryversion",
            index=models.Index(
                condition=models.Q(("superseded_at__isnull", False)),
                fields=["tenant", "superseded_at"],
                name="memory_version_retired_idx",
            ),
        ),
        migrations.AddIndex(
            model_name="memoryversion",
            index=models.Index(
                fields=["id"],
                include=(
                    "source",
                    "confidence",
                    "adjusted_confidence",
                    "validation_score",
                    "last_reinforced_at",
                    "created_at",
                ),
                name="memory_version_gc_head_idx2",
            ),
        ),
    ]
