"""Write tallies: the rate gate's counts without reading every write in the window.

The rate gate counted an agent's write rows in its window on every submit
(bench/PERF.md, "Eighth session: ingest"): O(rate × window) rows, the
door's database cost growing with its own rate. `memory_core_writetally`
holds how many writes an agent stored per second, layer and database
session, kept by two triggers on the write table:

- after each INSERT statement, its rows (a transition table) are added to
  the tallies of the inserting session (`pg_backend_pid()`): one upsert per
  statement, on rows no other session updates, so no transaction waits for
  another;
- after an UPDATE that changes a write's time, layer or agent (a row
  trigger, `WHEN` the columns change: the worker's status updates do not
  fire it), the write moves from its old tally to its new one.

The writes already stored are tallied once, here: those of the last day, or
of the longest rate window a tenant has set if longer. The table is
tenant-isolated like every tenant table (0010).
"""

import django.db.models.deletion
from django.db import migrations, models

from memory_core.rls import grants_sql, policy_drop_sql, policy_sql

TABLE = "memory_core_writetally"

# The columns the upserts write, and their conflict target (the primary key).
UPSERT = f"""INSERT INTO {TABLE} AS t
        (tenant_id, agent_id, second, layer, backend, writes)"""
ON_CONFLICT = """ON CONFLICT (agent_id, second, layer, backend)
        DO UPDATE SET writes = t.writes + EXCLUDED.writes"""

TRIGGERS = f"""
CREATE FUNCTION mgc_write_tally_insert() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    {UPSERT}
    SELECT tenant_id, agent_id, date_trunc('second', created_at), layer,
           pg_backend_pid(), count(*)
    FROM mgc_new_writes
    GROUP BY tenant_id, agent_id, date_trunc('second', created_at), layer
    {ON_CONFLICT};
    RETURN NULL;
END $$;

CREATE TRIGGER write_tally_insert AFTER INSERT ON memory_core_writerequest
    REFERENCING NEW TABLE AS mgc_new_writes
    FOR EACH STATEMENT EXECUTE FUNCTION mgc_write_tally_insert();

-- Two statements: the old and the new tally may be the same row.
CREATE FUNCTION mgc_write_tally_move() RETURNS trigger
    LANGUAGE plpgsql AS $$
BEGIN
    {UPSERT}
    VALUES (OLD.tenant_id, OLD.agent_id, date_trunc('second', OLD.created_at),
            OLD.layer, pg_backend_pid(), -1)
    {ON_CONFLICT};
    {UPSERT}
    VALUES (NEW.tenant_id, NEW.agent_id, date_trunc('second', NEW.created_at),
            NEW.layer, pg_backend_pid(), 1)
    {ON_CONFLICT};
    RETURN NULL;
END $$;

CREATE TRIGGER write_tally_move AFTER UPDATE ON memory_core_writerequest
    FOR EACH ROW
    WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at
          OR OLD.layer IS DISTINCT FROM NEW.layer
          OR OLD.agent_id IS DISTINCT FROM NEW.agent_id)
    EXECUTE FUNCTION mgc_write_tally_move();
"""

TRIGGERS_DROP = """
DROP TRIGGER IF EXISTS write_tally_insert ON memory_core_writerequest;
DROP TRIGGER IF EXISTS write_tally_move ON memory_core_writerequest;
DROP FUNCTION IF EXISTS mgc_write_tally_insert();
DROP FUNCTION IF EXISTS mgc_write_tally_move();
"""

# Across tenants, for this transaction only (the owner is subject to the
# forced policies too).
BACKFILL = f"""
SELECT set_config('mgc.system', 'on', true);
{UPSERT}
SELECT tenant_id, agent_id, date_trunc('second', created_at), layer, 0, count(*)
FROM memory_core_writerequest
WHERE created_at >= now() - make_interval(secs => greatest(
    86400,
    (SELECT max((policy ->> 'rate_window_seconds')::int) FROM memory_core_tenant
     WHERE jsonb_typeof(policy -> 'rate_window_seconds') = 'number')
))
GROUP BY tenant_id, agent_id, date_trunc('second', created_at), layer
{ON_CONFLICT};
SELECT set_config('mgc.system', '', true);
"""


class Migration(migrations.Migration):
    dependencies = [
        ("memory_core", "0016_drop_covered_fk_indexes"),
    ]

    operations = [
        migrations.CreateModel(
            name="WriteTally",
            fields=[
                (
                    "pk",
                    models.CompositePrimaryKey(
                        "agent_id",
                        "second",
                        "layer",
                        "backend",
                        blank=True,
                        editable=False,
                        primary_key=True,
                        serialize=False,
                    ),
                ),
                ("second", models.DateTimeField()),
                ("layer", models.CharField(max_length=16)),
                ("backend", models.IntegerField()),
                ("writes", models.IntegerField()),
                (
                    "agent",
                    models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="memory_core.agent",
                    ),
                ),
                (
                    "tenant",
                    models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="memory_core.tenant",
                    ),
                ),
            ],
        ),
        migrations.RunSQL(BACKFILL, reverse_sql=migrations.RunSQL.noop),
        migrations.RunSQL(TRIGGERS, reverse_sql=TRIGGERS_DROP),
        migrations.RunSQL(policy_sql(TABLE), reverse_sql=policy_drop_sql(TABLE)),
        migrations.RunSQL(grants_sql(), reverse_sql=migrations.RunSQL.noop),
    ]
