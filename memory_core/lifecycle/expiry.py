"""Expire memory items: the one mechanism behind GC phase 1 and retention.

An expired item and its head version leave every read: the item's status
and the head's become `expired`, the head's transaction-time range closes at
`now` (so "as of" stays exact), the item remembers when and why
(`expired_at`, `expired_by`: GC's grace period counts from there), and each
item gets an `expire` entry in the memory log. One statement for the batch.

The caller picks and locks the items (GC re-checks its rule, retention its
limit) and records the audit event, in the same transaction.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import connection

EXPIRE_SQL = """
    WITH items AS (
        UPDATE memory_core_memoryitem i
        SET status = 'expired', expired_at = %(now)s, expired_by = %(by)s,
            updated_at = %(now)s
        WHERE i.tenant_id = %(tenant)s AND i.id = ANY(%(ids)s)
          AND i.status = 'active'
        RETURNING i.id, i.head_id
    ), heads AS (
        UPDATE memory_core_memoryversion v SET status = 'expired', valid_to = %(now)s
        FROM items WHERE v.id = items.head_id AND v.status = 'active'
        RETURNING v.id
    ), logged AS (
        INSERT INTO memory_core_memorylogentry
            (tenant_id, operation, item_id, version_id, reason, payload, created_at)
        SELECT %(tenant)s, 'expire', items.id, items.head_id, %(reason)s,
               %(payload)s::jsonb, %(now)s
        FROM items
        RETURNING 1
    )
    SELECT items.id, items.head_id, (SELECT count(*) FROM heads)
    FROM items ORDER BY items.id
"""


def items_expire(
    *,
    tenant_id: uuid.UUID,
    item_ids: Sequence[uuid.UUID],
    now: datetime,
    expired_by: str,
    reason: str,
    payload: dict[str, Any],
) -> tuple[list[tuple[uuid.UUID, uuid.UUID | None]], int]:
    """Expire the active items of `item_ids`; return (item, head) pairs, heads closed.

    Run it in the caller's transaction, with the items locked.
    """
    if not item_ids:
        return [], 0
    with connection.cursor() as cursor:
        cursor.execute(
            EXPIRE_SQL,
            {
                "tenant": tenant_id,
                "ids": list(item_ids),
                "now": now,
                "by": expired_by,
                "reason": reason,
                "payload": json.dumps(payload),
            },
        )
        rows = cursor.fetchall()
    heads = rows[0][2] if rows else 0
    return [(item, head) for item, head, _ in rows], heads
