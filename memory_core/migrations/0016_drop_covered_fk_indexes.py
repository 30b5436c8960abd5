"""Drop five single-column foreign-key indexes that composite indexes cover.

A version that changes status (superseded, expired, retracted) is a non-HOT
update: every index of the version table gets a new entry, and an item that
expires or a log entry that is written does the same on theirs. GC's first
run over a backlog is that, hundreds of thousands of times (bench/PERF.md,
"Seventh session: GC"). These indexes answer nothing another index does not:

- versions' `tenant_id`: `memory_version_status_idx` (tenant, status) and the
  hash, fingerprint, as-of and superseded indexes lead with the tenant;
- versions' `item_id`: `memory_version_asof_idx` (item, valid_from) and the
  unique (item, number) constraint;
- versions' `scope_id`: `memory_version_scope_order_idx` (scope, created_at, id);
- items' `tenant_id`: `memory_item_listing_idx` and `memory_item_recent_idx`;
- log entries' `tenant_id`: `memory_log_item_idx` (tenant, item, seq).

The foreign-key constraints stay. Django named the indexes when it created
the foreign keys (0001_initial); the reverse recreates them.
"""

import django.db.models.deletion
from django.db import migrations, models

DROPPED = {
    "memory_core_memoryversion_tenant_id_be0b1252": (
        "memory_core_memoryversion",
        "tenant_id",
    ),
    "memory_core_memoryversion_item_id_1c0097f6": (
        "memory_core_memoryversion",
        "item_id",
    ),
    "memory_core_memoryversion_scope_id_bcdbf6fc": (
        "memory_core_memoryversion",
        "scope_id",
    ),
    "memory_core_memoryitem_tenant_id_0275a225": (
        "memory_core_memoryitem",
        "tenant_id",
    ),
    "memory_core_memorylogentry_tenant_id_1fc2ddfd": (
        "memory_core_memorylogentry",
        "tenant_id",
    ),
}


def _field(to: str, on_delete, related_name: str) -> models.ForeignKey:
    return models.ForeignKey(
        db_index=False, on_delete=on_delete, related_name=related_name, to=to
    )


class Migration(migrations.Migration):
    dependencies = [
        ("memory_core", "0015_version_scope_order_index"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.RunSQL(
                    f"DROP INDEX IF EXISTS {name}",
                    reverse_sql=f"CREATE INDEX IF NOT EXISTS {name} "
                    f"ON {table} ({column})",
                )
                for name, (table, column) in DROPPED.items()
            ],
            state_operations=[
                migrations.AlterField(
                    model_name="memoryitem",
                    name="tenant",
                    field=_field(
                        "memory_core.tenant", django.db.models.deletion.CASCADE, "+"
                    ),
                ),
                migrations.AlterField(
                    model_name="memorylogentry",
                    name="tenant",
                    field=_field(
                        "memory_core.tenant", django.db.models.deletion.CASCADE, "+"
                    ),
                ),
                migrations.AlterField(
                    model_name="memoryversion",
                    name="item",
                    field=_field(
                        "memory_core.memoryitem",
                        django.db.models.deletion.CASCADE,
                        "versions",
                    ),
                ),
                migrations.AlterField(
                    model_name="memoryversion",
                    name="scope",
                    field=_field(
                        "memory_core.scope", django.db.models.deletion.PROTECT, "+"
                    ),
                ),
                migrations.AlterField(
                    model_name="memoryversion",
                    name="tenant",
                    field=_field(
                        "memory_core.tenant", django.db.models.deletion.CASCADE, "+"
                    ),
                ),
            ],
        ),
    ]
