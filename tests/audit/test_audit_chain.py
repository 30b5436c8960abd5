"""The audit trail: insert-only, hash-chained per tenant, verifiable."""

import json
import threading
import uuid

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import DatabaseError, connection, transaction

from audit.models import AuditChainHead, AuditEvent
from audit.services import (
    Actor,
    AuditEntry,
    audit_chain_verify,
    audit_event_record,
    audit_events_record,
)
from tests.conftest import as_owner

ACTOR = Actor(type="user", id="7", label="curator")


def record(tenant_id, n=3):
    for i in range(n):
        with transaction.atomic():
            audit_event_record(
                tenant_id=tenant_id,
                actor=ACTOR,
                action=f"test.step{i}",
                object_type="thing",
                object_id=str(i),
                reason="because",
            )


def tamper(sql, params):
    """Change a row behind the trigger's back, as an attacker with DDL rights could.

    As the tables' owner: the app's role may not disable a trigger.
    """
    as_owner("ALTER TABLE audit_auditevent DISABLE TRIGGER audit_event_insert_only")
    as_owner(sql, params)
    as_owner("ALTER TABLE audit_auditevent ENABLE TRIGGER audit_event_insert_only")


@pytest.mark.django_db
def test_events_chain_per_tenant():
    a, b = uuid.uuid4(), uuid.uuid4()
    record(a)
    record(b, 2)
    events = list(AuditEvent.objects.filter(tenant_id=a).order_by("seq"))
    assert [e.seq for e in events] == [1, 2, 3]
    assert events[0].prev_hash == "0" * 64
    links = zip(events, events[1:], strict=False)
    assert all(later.prev_hash == earlier.hash for earlier, later in links)
    assert AuditChainHead.objects.get(tenant_id=a).hash == events[-1].hash
    assert AuditEvent.objects.filter(tenant_id=b).count() == 2
    assert audit_chain_verify() == []


@pytest.mark.django_db(transaction=True)
def test_events_must_be_written_inside_a_transaction():
    with pytest.raises(RuntimeError):
        audit_event_record(tenant_id=uuid.uuid4(), actor=ACTOR, action="x")


@pytest.mark.django_db
@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE audit_auditevent SET reason = 'edited'",
        "DELETE FROM audit_auditevent",
    ],
)
def test_the_database_refuses_changes(sql):
    record(uuid.uuid4(), 1)
    with (
        pytest.raises(DatabaseError, match="insert-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(sql)


@pytest.mark.django_db
def test_the_model_refuses_changes():
    record(uuid.uuid4(), 1)
    event = AuditEvent.objects.get()
    event.reason = "edited"
    with pytest.raises(ValueError):
        event.save()
    with pytest.raises(ValueError):
        event.delete()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("sql", "seq", "problem"),
    [
        ("UPDATE audit_auditevent SET reason = 'rewritten' WHERE seq = 2", 2, "hash"),
        (
            "UPDATE audit_auditevent SET metadata = '{\"x\": 1}' WHERE seq = 3",
            3,
            "hash",
        ),
        ("DELETE FROM audit_auditevent WHERE seq = 2", 2, "missing"),
        ("DELETE FROM audit_auditevent WHERE seq = 4", 4, "tail"),
    ],
)
def test_verify_names_the_first_broken_link(sql, seq, problem):
    tenant_id = uuid.uuid4()
    record(tenant_id, 4)
    tamper(sql, [])
    [broken] = audit_chain_verify()
    assert broken.tenant_id == str(tenant_id)
    assert broken.seq == seq
    assert problem in broken.problem


@pytest.mark.django_db
def test_audit_verify_command(capsys):
    tenant_id = uuid.uuid4()
    record(tenant_id, 3)
    call_command("audit_verify")
    assert "intact" in capsys.readouterr().out
    tamper("UPDATE audit_auditevent SET actor_id = '99' WHERE seq = 2", [])
    with pytest.raises(CommandError):
        call_command("audit_verify")
    assert f"tenant {tenant_id}: broken at event #2" in capsys.readouterr().err


@pytest.mark.django_db
def test_memory_content_never_reaches_the_trail(agent_and_token):
    from memory_core.services.writes import write_process, write_submit

    agent, _ = agent_and_token
    secret_fact = "The user's cat is called Mr Whiskerton the Third."
    write = write_submit(
        agent=agent,
        payload={
            "scope": "/org/acme/user/42/",
            "layer": "episodic",
            "content": secret_fact,
            "source": "user_stated",
        },
        idempotency_key="k",
    ).write
    write_process(write_id=write.id)
    dumped = json.dumps(list(AuditEvent.objects.values()), default=str)
    assert "Whiskerton" not in dumped
    assert {"write.submit", "memory.insert"} <= set(
        AuditEvent.objects.values_list("action", flat=True)
    )


@pytest.mark.django_db(transaction=True)
def test_concurrent_appenders_keep_one_unbroken_chain():
    """Threads appending to one tenant, starting before its head exists.

    Every append lands once, at its own position, and the chain verifies:
    the first appenders race to create the head (the loser's statement sees
    neither the insert nor the row, and runs again).
    """
    tenant_id = uuid.uuid4()
    threads, per_thread = 6, 15
    start = threading.Barrier(threads)
    errors: list[BaseException] = []

    def append(n: int) -> None:
        try:
            start.wait(10)
            for i in range(per_thread):
                with transaction.atomic():
                    audit_events_record(
                        tenant_id=tenant_id,
                        actor=ACTOR,
                        entries=[
                            AuditEntry(action="test.a", object_id=f"{n}-{i}"),
                            AuditEntry(action="test.b", object_id=f"{n}-{i}"),
                        ],
                    )
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            connection.close()

    workers = [threading.Thread(target=append, args=(n,)) for n in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    assert not errors, errors
    events = list(AuditEvent.objects.filter(tenant_id=tenant_id).order_by("seq"))
    assert [e.seq for e in events] == list(range(1, 2 * threads * per_thread + 1))
    # Each transaction's two events are adjacent: nobody appended in between.
    pairs = zip(events[::2], events[1::2], strict=True)
    assert all(a.object_id == b.object_id for a, b in pairs)
    head = AuditChainHead.objects.get(tenant_id=tenant_id)
    assert (head.seq, head.hash) == (events[-1].seq, events[-1].hash)
    assert audit_chain_verify(tenant_ids=[tenant_id]) == []


@pytest.mark.django_db
def test_recorded_events_are_saved_rows():
    """The events returned carry their ids, as the rows read back."""
    tenant_id = uuid.uuid4()
    with transaction.atomic():
        events = audit_events_record(
            tenant_id=tenant_id,
            actor=ACTOR,
            entries=[AuditEntry(action="test.x", metadata={"b": [1, "2"], "a": None})],
        )
    stored = AuditEvent.objects.get(pk=events[0].pk)
    assert (stored.seq, stored.hash, stored.metadata) == (
        1,
        events[0].hash,
        {"a": None, "b": [1, "2"]},
    )
    assert not events[0]._state.adding
    assert audit_chain_verify(tenant_ids=[tenant_id]) == []
