"""Per-tenant fences between the write path and an erasure's final check.

An erasure verifies, in one transaction, that nothing of the subject is left
(approvals/erasure/job.py). A write for the subject committing meanwhile would
slip past the check, so the transactions that store agent content take the
tenant's fence shared, and the final check takes it exclusive: the check
waits for writes in flight to commit (and then sees them), and the tenant's
new writes wait until it is done. Other tenants are never held up.

A second lock puts a tenant's deciding batches in a row: a batch's gates
read the tenant's stored memories (duplicates, contradictions, across
inherited scopes), so two batches deciding at once on two worker processes
would each miss the other's writes, and a contradiction or a copy would
commit twice. A batch waits for the one deciding before it to commit, then
sees its writes. Other tenants' batches run beside it.

Transaction-scoped advisory locks: they end with the transaction, so a
crashed worker cannot leave a fence up.
"""

from __future__ import annotations

import uuid

from django.db import connection

ERASURE_FENCE = 26469  # the first key of the tenant's advisory lock
DECISIONS_TURN = 26470  # the first key of the tenant's deciding-batch lock


def tenant_decisions_turn(tenant_id: uuid.UUID) -> None:
    """Wait until no other batch of the tenant is deciding; hold the turn until
    the current transaction ends."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock(%s, hashtext(%s))",
            [DECISIONS_TURN, str(tenant_id)],
        )


def tenant_writes_fence_enter(tenant_id: uuid.UUID) -> None:
    """Hold the tenant's fence shared until the current transaction ends."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock_shared(%s, hashtext(%s))",
            [ERASURE_FENCE, str(tenant_id)],
        )


def tenant_writes_fence_close(tenant_id: uuid.UUID) -> None:
    """Hold the tenant's fence exclusive until the current transaction ends.

    Waits for the tenant's writes in flight; the caller sets `lock_timeout`.
    """
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock(%s, hashtext(%s))",
            [ERASURE_FENCE, str(tenant_id)],
        )
