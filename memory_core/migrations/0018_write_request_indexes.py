"""Drop the write table's single-column tenant and agent indexes; the session
index leads with the session.

Composite indexes cover both: the tenant's by `write_request_recent_idx`
(tenant, created_at), the idempotency key's unique constraint and the review
indexes; the agent's by `write_request_rate_idx` (agent, layer, created_at)
and `write_request_session_idx`. Every submitted write paid for their
entries, and the planner, which knows nothing of a new tenant's rows, chose
the tenant's index for the idempotency lookup at the door and filtered every
write of the tenant (bench/PERF.md, "Eighth session: ingest"): without it,
the unique constraint's index answers. The foreign-key constraints stay.

The session index (agent, session id) becomes (session id, agent): leading
with the agent, it was the planner's pick for the rate gate's counts of a
new agent's rows in a second (`pipeline.lookups.write_counts_sql`), which it
then filtered one by one; the rate index (agent, layer, created_at) is now
the only index that leads with the agent.
"""

import django.db.models.deletion
from django.db import migrations, models

TABLE = "memory_core_writerequest"
DROPPED = {
    "memory_core_writerequest_tenant_id_9dad9381": "tenant_id",
    "memory_core_writerequest_agent_id_c93f9189": "agent_id",
}


class Migration(migrations.Migration):
    dependencies = [
        ("memory_core", "0017_write_tallies"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.RunSQL(
                    f"DROP INDEX IF EXISTS {name}",
                    reverse_sql=f"CREATE INDEX IF NOT EXISTS {name} "
                    f"ON {TABLE} ({column})",
                )
                for name, column in DROPPED.items()
            ],
            state_operations=[
                migrations.AlterField(
                    model_name="writerequest",
                    name="tenant",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="memory_core.tenant",
                    ),
                ),
                migrations.AlterField(
                    model_name="writerequest",
                    name="agent",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="writes",
                        to="memory_core.agent",
                    ),
                ),
            ],
        ),
        migrations.RemoveIndex(
            model_name="writerequest", name="write_request_session_idx"
        ),
        migrations.AddIndex(
            model_name="writerequest",
            index=models.Index(
                fields=["session_id", "agent"], name="write_request_in_session_idx"
            ),
        ),
    ]
