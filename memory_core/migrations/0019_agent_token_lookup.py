"""The agent token's row, with its agent and tenant, before the tenant is known.

An agent's request began with two statements: the token's tenant
(`mgc_agent_token_tenant`, 0010) set on the session, then the token, its
agent and tenant read under that tenant. `mgc_agent_token` returns the
three rows at once, across tenants for this one answer like the function it
replaces on the request path (`SET mgc.system` holds only while it runs), so
the authentication reads them and sets the tenant in one statement
(`memory_core.rls.tenant_activate_for_token`). The rows are the tables' own
row types: a column added to a table is returned with it.
"""

from django.db import migrations

LOOKUP = """
CREATE FUNCTION mgc_agent_token(token_prefix text)
    RETURNS TABLE (
        token memory_core_agenttoken,
        agent memory_core_agent,
        tenant memory_core_tenant
    )
    LANGUAGE sql STABLE SET mgc.system = 'on'
    AS $$
        SELECT t, a, n FROM memory_core_agenttoken t
        JOIN memory_core_agent a ON a.id = t.agent_id
        JOIN memory_core_tenant n ON n.id = a.tenant_id
        WHERE t.prefix = token_prefix
    $$;
"""
LOOKUP_DROP = "DROP FUNCTION IF EXISTS mgc_agent_token(text);"


class Migration(migrations.Migration):
    dependencies = [
        ("memory_core", "0018_write_request_indexes"),
    ]

    operations = [migrations.RunSQL(LOOKUP, reverse_sql=LOOKUP_DROP)]
