"""GC's contradiction scan finds its items from two small indexes.

`items_to_scan` (memory_core/lifecycle/gc/contradictions.py) took the
active items whose head changed since their last scan, heads the write path
could not judge (`contradiction_unchecked`) first, by one sort over every
active item joined to its head: a sequential scan of the version table on
every GC run, about a second at 1M versions (bench/PERF.md, sixteenth
session), most of a steady run's scan phase. Now:

- `memory_item_scan_due_idx`: the items due for a scan, the longest
  unscanned first; partial on being due, so it holds the backlog only.
- `memory_version_unchecked_idx`: the versions the write path flagged
  unchecked (few). Neither names a version's `status` or `valid_to`, so an
  expiry stays a HOT update (migration 0022).

Built concurrently: no table is locked against writes while they build.
"""

from django.contrib.postgres.operations import AddIndexConcurrently
from django.db import migrations, models


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("memory_core", "0022_hot_lifecycle"),
    ]

    operations = [
        AddIndexConcurrently(
            model_name="memoryitem",
            index=models.Index(
                models.F("tenant"),
                models.OrderBy(models.F("contradiction_scanned_at"), nulls_first=True),
                condition=models.Q(
                    ("head__isnull", False),
                    ("status", "active"),
                    models.Q(
                        ("contradiction_scanned_at__isnull", True),
                        ("contradiction_scanned_at__lt", models.F("updated_at")),
                        _connector="OR",
                    ),
                ),
                name="memory_item_scan_due_idx",
            ),
        ),
        AddIndexConcurrently(
            model_name="memoryversion",
            index=models.Index(
                condition=models.Q(("flags__contains", ["contradiction_unchecked"])),
                fields=["tenant"],
                name="memory_version_unchecked_idx",
            ),
        ),
    ]
