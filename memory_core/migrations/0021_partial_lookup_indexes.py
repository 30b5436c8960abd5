"""Partial lookup indexes: a version leaving `active` writes fewer index entries.

Expiring or superseding a version is a non-HOT update of its row (`status`
is indexed): every index whose predicate the new row satisfies gets an
entry. GC's first run over a backlog does that hundreds of thousands of
times (issue 18; bench/PERF.md, "Ninth session: GC"). Here:

- `memory_version_hash_idx` and `memory_version_fp_idx` (tenant, scope,
  layer, content hash / fingerprint) become partial on `status = 'active'`:
  their readers, the write path's duplicate lookups
  (`memory_core/pipeline/lookups.py`, `_active()`), ask for active versions
  only. The hash index was the largest btree of the table (random digests).
  The exact neighbour scan names `active` and still reads them; scope
  protection and a search as of a moment (any status), which also did, read
  `memory_version_scope_order_idx` (scope first).
- The foreign-key indexes of versions' `supersedes_id` and log entries'
  `previous_version_id`, `actor_agent_id` and `actor_user_id` become partial
  on the column being set: a first version supersedes nothing, GC's and
  retention's log entries have no previous version and no actor. Their
  readers, a deletion of the row pointed to (`ON DELETE SET NULL`) and
  erasure's walk over a version's rewrites, ask `col = ANY(...)`, which
  implies `col IS NOT NULL`.
- `memory_version_asof_idx` (item, valid_from) goes: its readers (an
  item's scope as of a moment, `scope_of_item_at`) read the item's few
  versions from the unique (item, number) index, as an item's history and a
  deletion already do.

No column changes; the reverse restores the indexes.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("memory_core", "0020_drop_agent_token_tenant"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="memoryversion",
            name="memory_version_asof_idx",
        ),
        migrations.RemoveIndex(
            model_name="memoryversion",
            name="memory_version_hash_idx",
        ),
        migrations.RemoveIndex(
            model_name="memoryversion",
            name="memory_version_fp_idx",
        ),
        migrations.AlterField(
            model_name="memorylogentry",
            name="actor_agent",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="memory_core.agent",
            ),
        ),
        migrations.AlterField(
            model_name="memorylogentry",
            name="actor_user",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AlterField(
            model_name="memorylogentry",
            name="previous_version",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="memory_core.memoryversion",
            ),
        ),
        migrations.AlterField(
            model_name="memoryversion",
            name="supersedes",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="memory_core.memoryversion",
            ),
        ),
        migrations.AddIndex(
            model_name="memorylogentry",
            index=models.Index(
                condition=models.Q(("previous_version__isnull", False)),
                fields=["previous_version"],
                name="memory_log_prev_version_idx",
            ),
        ),
        migrations.AddIndex(
            model_name="memorylogentry",
            index=models.Index(
                condition=models.Q(("actor_agent__isnull", False)),
                fields=["actor_agent"],
                name="memory_log_actor_agent_idx",
            ),
        ),
        migrations.AddIndex(
            model_name="memorylogentry",
            index=models.Index(
                condition=models.Q(("actor_user__isnull", False)),
                fields=["actor_user"],
                name="memory_log_actor_user_idx",
            ),
        ),
        migrations.AddIndex(
            model_name="memoryversion",
            index=models.Index(
                condition=models.Q(("status", "active")),
                fields=["tenant", "scope", "layer", "content_hash"],
                name="memory_version_hash_idx",
            ),
        ),
        migrations.AddIndex(
            model_name="memoryversion",
            index=models.Index(
                condition=models.Q(("status", "active")),
                fields=["tenant", "scope", "layer", "fingerprint"],
                name="memory_version_fp_idx",
            ),
        ),
        migrations.AddIndex(
            model_name="memoryversion",
            index=models.Index(
                condition=models.Q(("supersedes__isnull", False)),
                fields=["supersedes"],
                name="memory_version_supersedes_idx",
            ),
        ),
    ]
