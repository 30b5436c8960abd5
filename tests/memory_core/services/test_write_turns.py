"""Two worker processes never decide one tenant's writes at the same time.

Each batch's gates read the tenant's stored memories; a batch deciding
beside another would miss the other's writes, and a contradiction or a copy
would commit twice (`memory_core/lifecycle/fences.py`). Here two threads,
each with its own connection as two prefork processes have, run
`write_process` on two writes of one tenant: the first holds its decided
batch open until the second is seen waiting for its turn (or has finished,
as it did before the turn existed). The second must then decide as it would
after the first, alone.
"""

import threading
import time
import uuid

import pytest
from django.db import connection

from memory_core.lifecycle.fences import DECISIONS_TURN
from memory_core.models import MemoryItem, WriteRequest, WriteStatus
from memory_core.services import writes as service
from memory_core.services.writes import write_process, write_submit
from tests.factories import make_agent

SCOPE = "/org/acme/user/42/"
PATIENCE_SECONDS = 20


def submit(agent, content, scope=SCOPE):
    payload = {
        "scope": scope,
        "layer": "episodic",
        "content": content,
        "source": "user_stated",
        "confidence": 0.9,
    }
    return write_submit(
        agent=agent, payload=payload, idempotency_key=uuid.uuid4().hex
    ).write


def waiting_for_a_turn() -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'"
            " AND classid = %s AND NOT granted",
            [DECISIONS_TURN],
        )
        return cursor.fetchone()[0] > 0


def decide_side_by_side(monkeypatch, first, second) -> str:
    """`first` decides and holds its batch open; `second` starts meanwhile.

    Return what let the first go on: "second waiting" for its turn, or
    "second done" (it decided while the first was held open).
    """
    first_deciding, second_done = threading.Event(), threading.Event()
    released: list[str] = []
    save = service._save_outcomes
    errors: list[BaseException] = []

    def held_save(decided):
        if decided and decided[0].id == first.id:
            first_deciding.set()
            deadline = time.monotonic() + PATIENCE_SECONDS
            while not released:
                if second_done.is_set():
                    released.append("second done")
                elif waiting_for_a_turn():
                    released.append("second waiting")
                assert time.monotonic() < deadline, "the second batch never started"
                time.sleep(0.02)
        return save(decided)

    monkeypatch.setattr(service, "_save_outcomes", held_save)

    def run(write, before=None, after=None):
        try:
            if before is not None:
                assert before.wait(PATIENCE_SECONDS)
            write_process(write_id=write.id, batch_size=1)
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)
        finally:
            if after is not None:
                after.set()
            connection.close()

    threads = [
        threading.Thread(target=run, args=(first,)),
        threading.Thread(target=run, args=(second, first_deciding, second_done)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(PATIENCE_SECONDS * 2)
    assert not errors, errors
    return released[0]


@pytest.mark.django_db(transaction=True)
def test_a_contradiction_decided_beside_its_rival_is_still_caught(
    agent_and_token, monkeypatch
):
    agent = agent_and_token[0]
    first = submit(agent, "The user prefers Python for data work.")
    second = submit(agent, "The user prefers R for data work.")

    assert decide_side_by_side(monkeypatch, first, second) == "second waiting"

    rows = WriteRequest.objects.in_bulk([first.id, second.id])
    assert rows[first.id].status == WriteStatus.COMMITTED
    assert (rows[second.id].status, rows[second.id].gate) == (
        WriteStatus.REJECTED,
        "contradiction",
    )
    assert MemoryItem.objects.filter(tenant_id=agent.tenant_id).count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_copy_decided_beside_its_original_is_a_duplicate(
    agent_and_token, monkeypatch
):
    agent = agent_and_token[0]
    first = submit(agent, "The user's standup is at 9:30 on weekdays.")
    second = submit(agent, "The user's standup is at 9:30 on weekdays.")

    assert decide_side_by_side(monkeypatch, first, second) == "second waiting"

    rows = WriteRequest.objects.in_bulk([first.id, second.id])
    assert rows[first.id].status == WriteStatus.COMMITTED
    assert rows[second.id].status == WriteStatus.DUPLICATE
    assert rows[second.id].memory_item_id == rows[first.id].memory_item_id
    assert MemoryItem.objects.filter(tenant_id=agent.tenant_id).count() == 1


@pytest.mark.django_db(transaction=True)
def test_another_tenants_batch_decides_beside_it(
    agent_and_token, other_tenant, monkeypatch
):
    """The turn is the tenant's: another tenant's batch decides while the
    first is held open."""
    agent = agent_and_token[0]
    other, _ = make_agent(other_tenant)
    first = submit(agent, "The user prefers Python for data work.")
    second = submit(other, "The user prefers R for data work.", "/org/globex/user/7/")

    assert decide_side_by_side(monkeypatch, first, second) == "second done"

    rows = WriteRequest.objects.in_bulk([first.id, second.id])
    assert [rows[w.id].status for w in (first, second)] == [
        WriteStatus.COMMITTED,
        WriteStatus.COMMITTED,
    ]
