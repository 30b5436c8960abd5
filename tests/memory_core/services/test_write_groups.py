"""The door's group commit: a tenant's concurrent submits stored in one transaction.

The first submit is held at the tenant's erasure fence (taken exclusive from
another connection, as an erasure's final check does) while the others
arrive: they wait in its group and are stored together once it is through.
"""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, transaction

from audit.models import AuditEvent
from audit.services import audit_chain_verify
from memory_core.exceptions import Invalid
from memory_core.lifecycle.fences import tenant_writes_fence_close
from memory_core.models import RedactionToken, WriteRequest
from memory_core.rls import tenant_context
from memory_core.services import write_groups
from memory_core.services.writes import write_submit
from tests.factories import make_agent


def body(tenant, n: int, **extra) -> dict:
    return {
        "scope": f"/org/{tenant.slug}/",
        "layer": "episodic",
        "content": f"Note number {n} about the quarterly plan.",
        "source": "user_stated",
        "embedding": [0.1] * 384,
        **extra,
    }


class Fence:
    """The tenant's fence held exclusive by another connection until released."""

    def __init__(self, tenant_id) -> None:
        self.held, self.release = threading.Event(), threading.Event()
        self.thread = threading.Thread(target=self._hold, args=(tenant_id,))

    def _hold(self, tenant_id) -> None:
        try:
            with transaction.atomic():
                tenant_writes_fence_close(tenant_id)
                self.held.set()
                self.release.wait(20)
        finally:
            connection.close()

    def __enter__(self) -> Fence:
        self.thread.start()
        assert self.held.wait(10)
        return self

    def __exit__(self, *exc: object) -> None:
        self.release.set()
        self.thread.join(10)


def submit_in_thread(tenant, agent, payload, key, outcomes: dict) -> threading.Thread:
    def run() -> None:
        try:
            with tenant_context(tenant.id):
                outcomes[key] = write_submit(
                    agent=agent, payload=payload, idempotency_key=key
                )
        except Exception as error:  # noqa: BLE001 - the test reads it
            outcomes[key] = error
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def wait_until(predicate, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def group_waiting(tenant) -> int:
    group = write_groups._groups.get(tenant.id)
    return len(group.pending) if group else 0


def leader_at_the_fence(tenant) -> bool:
    """Whether a session of this database waits on an advisory lock (the fence)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock' AND wait_event = 'advisory'"
        )
        return cursor.fetchone()[0] > 0


def xmin(table: str, column: str, values: list[str]) -> dict[str, int]:
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {column}::text, xmin::text::bigint FROM {table} "
            f"WHERE {column}::text = ANY(%s)",
            [values],
        )
        return dict(cursor.fetchall())


@pytest.mark.django_db(transaction=True)
def test_writes_that_arrive_meanwhile_are_stored_in_one_transaction(tenant):
    agent, _ = make_agent(tenant)
    other_agent, _ = make_agent(tenant)
    outcomes: dict = {}
    with Fence(tenant.id):
        first = submit_in_thread(tenant, agent, body(tenant, 0), "k0", outcomes)
        wait_until(lambda: leader_at_the_fence(tenant))
        threads = [
            submit_in_thread(
                tenant,
                agent if n % 2 else other_agent,
                body(tenant, n),
                f"k{n}",
                outcomes,
            )
            for n in range(1, 6)
        ]
        wait_until(lambda: group_waiting(tenant) == 5)
    for thread in [first, *threads]:
        thread.join(20)

    assert all(not isinstance(o, Exception) for o in outcomes.values()), outcomes
    ids = [str(outcomes[f"k{n}"].write.id) for n in range(6)]
    assert all(not outcomes[f"k{n}"].replayed for n in range(6))
    rows = xmin("memory_core_writerequest", "id", ids)
    assert len(rows) == 6
    # The first alone, the five that waited together.
    assert len(set(rows.values())) == 2
    assert len({rows[i] for i in ids[1:]}) == 1
    events = AuditEvent.objects.filter(action="write.submit", object_id__in=ids)
    assert sorted(e.object_id for e in events) == sorted(ids)
    # Each write's event in its row's transaction, by the agent that sent it.
    event_xmin = xmin("audit_auditevent", "id", [str(e.id) for e in events])
    for event in events:
        assert event_xmin[str(event.id)] == rows[event.object_id]
        write = WriteRequest.objects.get(id=event.object_id)
        assert event.actor_id == str(write.agent_id)
    assert WriteRequest.objects.filter(id__in=ids, status="queued").count() == 6
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []


@pytest.mark.django_db(transaction=True)
def test_a_group_that_fails_is_stored_write_by_write(tenant):
    """One write of the group refused by the redaction: the others are stored
    alone, two with the same key once, and the refused one leaves nothing."""
    agent, _ = make_agent(tenant)
    first: dict = {}
    same_a: dict = {}
    same_b: dict = {}
    refused: dict = {}
    # Its key outgrows its 200 characters once the e-mail address is a token.
    too_long = body(tenant, 9, key="k" * 193 + " a@b.io")
    with Fence(tenant.id):
        threads = [submit_in_thread(tenant, agent, body(tenant, 0), "k0", first)]
        wait_until(lambda: leader_at_the_fence(tenant))
        threads += [
            submit_in_thread(tenant, agent, body(tenant, 1), "same", same_a),
            submit_in_thread(tenant, agent, body(tenant, 1), "same", same_b),
            submit_in_thread(tenant, agent, too_long, "refused", refused),
        ]
        wait_until(lambda: group_waiting(tenant) == 3)
    for thread in threads:
        thread.join(20)

    assert isinstance(refused["refused"], Invalid)
    # Not even the redaction token of its address.
    assert not RedactionToken.objects.filter(tenant=tenant).exists()
    a, b = same_a["same"], same_b["same"]
    assert a.write.id == b.write.id
    assert sorted([a.replayed, b.replayed]) == [False, True]
    ids = {str(first["k0"].write.id), str(a.write.id)}
    assert {str(i) for i in WriteRequest.objects.values_list("id", flat=True)} == ids
    events = AuditEvent.objects.filter(action="write.submit")
    assert sorted(e.object_id for e in events) == sorted(ids)
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []
