"""Write outcomes inserted straight into the tables, as the pipeline leaves them.

For the dashboard's tests and bench: many writes across hours, gates, codes
and agents without running each through the gates.
"""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from django.db import connection

from memory_core.models import Agent, Tenant

# (status, gate, code, flags) in proportion.
OUTCOMES = [
    ("committed", "risk", "", "[]"),
    ("committed", "risk", "", "[]"),
    ("committed", "risk", "", "[]"),
    ("committed", "risk", "", '["pii"]'),
    ("duplicate", "dedup", "exact_duplicate", "[]"),
    ("rejected", "sensitivity", "secret_detected", "[]"),
    ("rejected", "schema", "invalid_layer", "[]"),
    ("pending_review", "risk", "review", "[]"),
]
TRACE = (
    '[{"gate": "schema", "decision": "accept", "ms": 0.3},'
    ' {"gate": "sensitivity", "decision": "accept", "ms": 4.2},'
    ' {"gate": "dedup", "decision": "accept", "ms": 12.5},'
    ' {"gate": "risk", "decision": "accept", "ms": 1.1}]'
)

INSERT = """
    INSERT INTO memory_core_writerequest (
        id, tenant_id, agent_id, idempotency_key, request_hash, content_token,
        payload, scope_path, layer, status, gate, code, reason, gate_decisions,
        attempts, session_id, flags, risk_factors, tier, decided_by,
        created_at, finished_at, decided_at, review_deadline)
    SELECT gen_random_uuid(), %(tenant)s,
           (%(agents)s::uuid[])[1 + n %% %(agent_count)s],
           %(prefix)s || n, '', '', '{}'::jsonb, '/org/x/', 'episodic',
           CASE WHEN %(decided)s AND (%(statuses)s::text[])[1 + n %% %(outcomes)s]
                     = 'pending_review'
                THEN 'committed'
                ELSE (%(statuses)s::text[])[1 + n %% %(outcomes)s] END,
           (%(gates)s::text[])[1 + n %% %(outcomes)s],
           (%(codes)s::text[])[1 + n %% %(outcomes)s], '',
           %(trace)s::jsonb, 1, '', (%(flags)s::text[])[1 + n %% %(outcomes)s]::jsonb,
           '{}'::jsonb, '', '',
           %(end)s - (n * %(span_s)s / %(count)s) * interval '1 second',
           %(end)s - (n * %(span_s)s / %(count)s) * interval '1 second',
           CASE WHEN %(decided)s AND (%(statuses)s::text[])[1 + n %% %(outcomes)s]
                     = 'pending_review'
                THEN %(end)s - (n * %(span_s)s / %(count)s) * interval '1 second'
                     + (1 + n %% 5) * interval '1 hour' END,
           CASE WHEN %(decided)s AND (%(statuses)s::text[])[1 + n %% %(outcomes)s]
                     = 'pending_review'
                THEN %(end)s - (n * %(span_s)s / %(count)s) * interval '1 second'
                     + interval '4 hours' END
    FROM generate_series(0, %(count)s - 1) AS n
"""


def writes_insert(
    tenant: Tenant,
    agents: list[Agent],
    *,
    count: int,
    end: datetime,
    span: timedelta,
    decided: bool = False,
) -> None:
    """Insert `count` writes spread evenly over `span` before `end`.

    With `decided`, the ones sent to review were approved 1 to 5 hours later
    (a 4-hour SLA: one in five is late).
    """
    with connection.cursor() as cursor:
        cursor.execute(
            INSERT,
            {
                "tenant": tenant.id,
                "agents": [a.id for a in agents],
                "agent_count": len(agents),
                "prefix": f"syn-{uuid.uuid4().hex[:8]}-",
                "statuses": [o[0] for o in OUTCOMES],
                "gates": [o[1] for o in OUTCOMES],
                "codes": [o[2] for o in OUTCOMES],
                "flags": [o[3] for o in OUTCOMES],
                "outcomes": len(OUTCOMES),
                "trace": TRACE,
                "end": end,
                "span_s": span.total_seconds(),
                "count": count,
                "decided": decided,
            },
        )
