"""Long polls woken by the deciding transaction's NOTIFY (memory_core/write_signals.py).

Real PostgreSQL LISTEN/NOTIFY on the test database; the worker test uses the
session's real Celery worker. No test asserts how fast: a notification either
woke a waiter or it did not. A notification that must not arrive is checked
after a marker sent later on the same channel has arrived (PostgreSQL
delivers a channel's notifications in commit order).
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from contextlib import contextmanager
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone

from memory_core import write_signals
from memory_core.models import WriteRequest, WriteStatus
from memory_core.services.writes import write_wait
from memory_core.write_signals import DecisionListener, writes_decided_notify
from tests.factories import make_agent, make_tenant

SCOPE = "/org/acme/user/42/"


@pytest.fixture
def signals(transactional_db):
    """A listener of its own, listening, on the test database."""
    write_signals.listener_reset()
    listener = write_signals.listener()
    assert listener is not None
    assert listener.wait_listening(30), "the listener did not connect"
    yield listener
    write_signals.listener_reset()


def post(api, content: str, wait: int = 0) -> dict:
    response = api.post(
        "/api/v1/writes",
        data=json.dumps(
            {
                "scope": SCOPE,
                "layer": "episodic",
                "content": content,
                "source": "user_stated",
                "confidence": 0.9,
            }
        ),
        content_type="application/json",
        HTTP_PREFER=f"wait={wait}",
    )
    assert response.status_code == 202, response.content
    return response.json()


def notify_committed(tenant_id, write_ids) -> None:
    with transaction.atomic():
        writes_decided_notify(tenant_id=tenant_id, write_ids=write_ids)


def arrived(listener: DecisionListener, tenant_id, write_id) -> threading.Event:
    """Send a marker notification and return its waiter's event, once woken."""
    with listener.watch(tenant_id, write_id) as event:
        notify_committed(tenant_id, [write_id])
        assert event.wait(30), "the marker notification never arrived"
    return event


def test_a_committed_notification_wakes_the_waiters_of_the_writes_it_names(signals):
    tenant_id, first, second = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    with (
        signals.watch(tenant_id, first) as one,
        signals.watch(tenant_id, second) as two,
    ):
        notify_committed(tenant_id, [first, second])
        assert one.wait(30)
        assert two.wait(30)
    assert signals.waiters() == 0


def test_a_rolled_back_decision_wakes_nobody(signals):
    tenant_id, write_id = uuid.uuid4(), uuid.uuid4()
    with signals.watch(tenant_id, write_id) as event:

        class Undo(Exception):
            pass

        with pytest.raises(Undo), transaction.atomic():
            writes_decided_notify(tenant_id=tenant_id, write_ids=[write_id])
            raise Undo
        arrived(signals, tenant_id, uuid.uuid4())
        assert not event.is_set()


def test_another_tenants_notification_does_not_wake_a_waiter(signals):
    tenant_id, other_tenant_id, write_id = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    with signals.watch(tenant_id, write_id) as event:
        # The same write id, notified for another tenant; another write of
        # the same tenant.
        notify_committed(other_tenant_id, [write_id])
        notify_committed(tenant_id, [uuid.uuid4()])
        arrived(signals, tenant_id, uuid.uuid4())
        assert not event.is_set()


def test_a_large_batch_is_notified_in_several_payloads(signals):
    tenant_id = uuid.uuid4()
    ids = [uuid.uuid4() for _ in range(write_signals.IDS_PER_NOTIFICATION * 2 + 1)]
    with (
        signals.watch(tenant_id, ids[0]) as first,
        signals.watch(tenant_id, ids[-1]) as last,
    ):
        notify_committed(tenant_id, ids)
        assert first.wait(30)
        assert last.wait(30)


def test_a_listener_whose_connection_is_killed_listens_again(signals):
    killed = signals.backend_pid
    assert killed is not None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [killed])
    # It reconnects on a connection of its own, and wakes waiters again.
    deadline = time.monotonic() + 30
    while signals.backend_pid == killed or not signals.listening:
        assert time.monotonic() < deadline, "the listener never reconnected"
        time.sleep(0.05)
    arrived(signals, uuid.uuid4(), uuid.uuid4())


class _SpyEvent:
    """An event that records what each of the poll's waits returned."""

    def __init__(self, event: threading.Event) -> None:
        self.event = event
        self.waits: list[bool] = []

    def wait(self, timeout: float | None = None) -> bool:
        woken = self.event.wait(timeout)
        self.waits.append(woken)
        return woken

    def clear(self) -> None:
        self.event.clear()


@pytest.fixture
def spied_polls(monkeypatch):
    """Record the long polls' waits; the fallback poll slower than any deadline."""
    monkeypatch.setattr(write_signals, "FALLBACK_POLL_SECONDS", 600.0)
    spies: list[_SpyEvent] = []
    original = DecisionListener.watch

    @contextmanager
    def watch(self, tenant_id, write_id):
        with original(self, tenant_id, write_id) as event:
            spy = _SpyEvent(event)
            spies.append(spy)
            yield spy

    monkeypatch.setattr(DecisionListener, "watch", watch)
    return spies


def test_the_workers_decision_wakes_the_agents_long_poll(
    worker, signals, spied_polls, api
):
    answer = post(api, "The user's favourite editor is Kakoune.", wait=30)
    assert answer["status"] == "committed", answer
    # The poll slept until something woke it: only the worker's notification
    # could, its fallback look being after the deadline.
    (spy,) = spied_polls
    assert spy.waits == [True]
    assert signals.waiters() == 0


def test_a_long_poll_still_returns_at_its_deadline_without_a_decision(
    signals, agent_and_token, api
):
    answer = post(api, "Nobody consumes this write's queue.")
    write = WriteRequest.objects.get(pk=answer["id"])
    assert write.status == WriteStatus.QUEUED
    assert write_wait(write=write, seconds=0.5).status == WriteStatus.QUEUED
    assert signals.waiters() == 0


def _decide_without_notifying(write_id, ready: threading.Event) -> None:
    try:
        assert ready.wait(30)
        with connection.cursor() as cursor:
            cursor.execute("SELECT set_config('mgc.system', 'on', false)")
        WriteRequest.objects.filter(pk=write_id).update(status=WriteStatus.REJECTED)
    finally:
        connection.close()


def test_a_decision_nobody_notified_is_seen_by_the_fallback_poll(
    signals, monkeypatch, agent_and_token, api
):
    monkeypatch.setattr(write_signals, "FALLBACK_POLL_SECONDS", 0.05)
    write = WriteRequest.objects.get(pk=post(api, "Decided behind the poll.")["id"])
    registered = threading.Event()
    original = DecisionListener.watch

    @contextmanager
    def watch(self, tenant_id, write_id):
        with original(self, tenant_id, write_id) as event:
            registered.set()
            yield event

    monkeypatch.setattr(DecisionListener, "watch", watch)
    decider = threading.Thread(
        target=_decide_without_notifying, args=(write.id, registered)
    )
    decider.start()
    deadline = time.monotonic() + 30
    waited = write_wait(write=write, seconds=30)
    decider.join()
    assert waited.status == WriteStatus.REJECTED
    # Seen by a fallback look, not by the one at the deadline.
    assert time.monotonic() < deadline


def test_long_polls_poll_as_before_without_signals(settings, transactional_db):
    settings.MGC_WRITE_SIGNALS = False
    assert write_signals.listener() is None
    tenant = make_tenant("acme", scopes=(SCOPE,))
    agent, _ = make_agent(tenant)
    write = WriteRequest.objects.create(
        tenant=tenant,
        agent=agent,
        idempotency_key="k",
        request_hash="h",
        scope_path=SCOPE,
        layer="episodic",
        payload={},
    )
    assert write_wait(write=write, seconds=0.2).status == WriteStatus.QUEUED


def test_a_sync_write_is_expired_at_its_approval_deadline_not_at_the_next_look(
    signals, monkeypatch
):
    monkeypatch.setattr(write_signals, "FALLBACK_POLL_SECONDS", 600.0)
    tenant = make_tenant("acme", scopes=(SCOPE,))
    agent, _ = make_agent(tenant)
    write = WriteRequest.objects.create(
        tenant=tenant,
        agent=agent,
        idempotency_key="sync",
        request_hash="h",
        scope_path=SCOPE,
        layer="episodic",
        payload={},
        status=WriteStatus.AWAITING_APPROVAL,
        review_deadline=timezone.now() + timedelta(seconds=0.3),
    )
    deadline = time.monotonic() + 30
    waited = write_wait(write=write, seconds=30)
    assert waited.status == WriteStatus.EXPIRED
    assert time.monotonic() < deadline
