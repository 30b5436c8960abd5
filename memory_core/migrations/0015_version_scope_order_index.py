"""A scope's versions in creation order (search's keyword context).

`memory_core.retrieval` reads, for each search candidate, the versions written
just before it in its scope, and for each keyword candidate the ones written
just after: (scope_id, created_at, id) answers both with a short index scan.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("memory_core", "0014_adopt_metrics_indexes"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="memoryversion",
            index=models.Index(
                fields=["scope", "created_at", "id"],
                name="memory_version_scope_order_idx",
            ),
        ),
    ]
