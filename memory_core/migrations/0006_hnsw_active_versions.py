"""Keep only active versions in the HNSW index.

Every neighbour search (dedup, contradiction, retrieval) filters on
`status = 'active'`, which implies the index predicate, so the planner still
uses it. A version that leaves `active` is rewritten as a new row; with the
partial index that row costs no graph insertion (milliseconds at a million
versions), which is what superseding, retention and GC do to versions.
"""

import pgvector.django.indexes
from django.db import migrations
from django.db.models import Q


class Migration(migrations.Migration):
    dependencies = [
        ("memory_core", "0005_gc_runs"),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="memoryversion",
            name="memory_version_embedding_hnsw",
        ),
        migrations.AddIndex(
            model_name="memoryversion",
            index=pgvector.django.indexes.HnswIndex(
                condition=Q(status="active"),
                ef_construction=64,
                fields=["embedding"],
                m=16,
                name="memory_version_embedding_hnsw",
                opclasses=["vector_cosine_ops"],
            ),
        ),
    ]
