"""Drop `mgc_agent_token_tenant` (0010): nothing calls it since 0019.

A function that sees across tenants is a door left open: `mgc_agent_token`
(0019) answers the request path, so the older, narrower one goes. Reversing
recreates it as 0010 made it.
"""

from django.db import migrations

DROP = "DROP FUNCTION IF EXISTS mgc_agent_token_tenant(text);"
RECREATE = """
CREATE FUNCTION mgc_agent_token_tenant(token_prefix text) RETURNS uuid
    LANGUAGE sql STABLE SET mgc.system = 'on'
    AS $$ SELECT tenant_id FROM memory_core_agenttoken WHERE prefix = token_prefix $$;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("memory_core", "0019_agent_token_lookup"),
    ]

    operations = [migrations.RunSQL(DROP, reverse_sql=RECREATE)]
