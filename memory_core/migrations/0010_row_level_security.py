"""Row-level security on every tenant table (docs/database-isolation.md).

Each table with a `tenant_id` gets RLS enabled and forced (the owner is bound
too) with two policies: `tenant_isolation` (the row's tenant is the session's
`mgc.tenant_id`) and `system_access` (the narrow cross-tenant paths, which set
`mgc.system`). The erasure probes have no tenant of their own: they are
visible with their request (an EXISTS policy over approvals_erasurerequest,
itself isolated). Not isolated, by design: the tenants themselves (the
registry the login and the operator read), users and their one-time password
flags (a user may belong to several tenants), the service heartbeats, and
Django's own tables.

The list is frozen here, as migrations must be; tests/memory_core/
test_row_level_security.py checks it against the models, so a new tenant
table without a policy fails the suite. The app role gets data access only.
"""

from django.db import migrations

from memory_core.rls import grants_sql, policy_drop_sql, policy_sql

TENANT_TABLES = (
    "audit_auditevent",
    "audit_auditchainhead",
    "memory_core_membership",
    "memory_core_agent",
    "memory_core_agenttoken",
    "memory_core_scope",
    "memory_core_memoryitem",
    "memory_core_memoryversion",
    "memory_core_memorylogentry",
    "memory_core_writerequest",
    "memory_core_conflict",
    "memory_core_redactiontoken",
    "memory_core_memoryannotation",
    "memory_core_conflictpairallowance",
    "memory_core_gcrun",
    "memory_core_readtally",
    "metrics_rollup",
    "metrics_rollupcursor",
    "approvals_reviewescalation",
    "approvals_notification",
    "approvals_erasurerequest",
)

PROBES = """
ALTER TABLE approvals_erasureprobe ENABLE ROW LEVEL SECURITY;
ALTER TABLE approvals_erasureprobe FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON approvals_erasureprobe
    USING (EXISTS (SELECT 1 FROM approvals_erasurerequest r
                   WHERE r.id = approvals_erasureprobe.request_id))
    WITH CHECK (EXISTS (SELECT 1 FROM approvals_erasurerequest r
                        WHERE r.id = approvals_erasureprobe.request_id));
"""

# The two lookups made before the tenant is known, as functions that see
# across tenants for one narrow answer each (`SET mgc.system` holds only
# while the function runs): an agent token's tenant, and the tenants a user
# belongs to.
LOOKUPS = """
CREATE FUNCTION mgc_agent_token_tenant(token_prefix text) RETURNS uuid
    LANGUAGE sql STABLE SET mgc.system = 'on'
    AS $$ SELECT tenant_id FROM memory_core_agenttoken WHERE prefix = token_prefix $$;
CREATE FUNCTION mgc_member_tenant_ids(member_id integer) RETURNS SETOF uuid
    LANGUAGE sql STABLE SET mgc.system = 'on'
    AS $$ SELECT tenant_id FROM memory_core_membership WHERE user_id = member_id $$;
"""
LOOKUPS_DROP = """
DROP FUNCTION IF EXISTS mgc_agent_token_tenant(text);
DROP FUNCTION IF EXISTS mgc_member_tenant_ids(integer);
"""


class Migration(migrations.Migration):
    dependencies = [
        ("audit", "0005_refuse_wipe"),
        ("approvals", "0004_erasure_id_text_indexes"),
        ("memory_core", "0009_read_tallies"),
        ("metrics", "0001_rollups"),
    ]

    operations = [
        *(
            migrations.RunSQL(policy_sql(table), reverse_sql=policy_drop_sql(table))
            for table in TENANT_TABLES
        ),
        migrations.RunSQL(
            PROBES, reverse_sql=policy_drop_sql("approvals_erasureprobe")
        ),
        migrations.RunSQL(LOOKUPS, reverse_sql=LOOKUPS_DROP),
        migrations.RunSQL(grants_sql(), reverse_sql=migrations.RunSQL.noop),
    ]
