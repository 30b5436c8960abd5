"""Wake an agent's long poll when its write is decided (PostgreSQL LISTEN/NOTIFY).

The transaction that decides writes (the worker's batch, a curator's
decision) ends with `writes_decided_notify`: a NOTIFY on `CHANNEL` naming the
tenant and the writes. PostgreSQL delivers it when that transaction commits,
and only then, so a woken poll always finds the decision stored; a rolled-back
decision wakes nobody.

Each web process holds one listening connection of its own (`listener()`,
started by the first long poll, in a daemon thread; a fork starts its own).
`DecisionListener.watch` registers a waiter for one (tenant, write) before
its first look, so a decision committed between a look and the next wait is
not missed. A notification wakes only the waiters of the writes it names, in
the tenant it names; it is a hint, never an answer: the woken poll reads the
write again through its own connection, under its own tenant's row-level
security (memory_core/rls.py).

Nothing depends on a notification arriving: `write_wait` keeps polling, at
`FALLBACK_POLL_SECONDS` while the listener is connected, and at the short
growing pauses it always had while it is not (not started yet, lost its
connection, or disabled with `MGC_WRITE_SIGNALS=0`).
"""

from __future__ import annotations

import logging
import os
import threading
import uuid
from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from django.conf import settings
from django.db import connection, connections

logger = logging.getLogger(__name__)

CHANNEL = "mgc_writes_decided"
# PostgreSQL refuses a payload of 8,000 bytes or more: a tenant id, a colon
# and up to 200 write ids (37 bytes each) stay well below it.
IDS_PER_NOTIFICATION = 200
# While listening, a poll still looks this often: a lost notification (or a
# decision no code path notified) costs at most this much.
FALLBACK_POLL_SECONDS = 1.0
RECONNECT_SECONDS = (0.5, 30.0)
STOP_CHECK_SECONDS = 5.0


def writes_decided_notify(
    *, tenant_id: uuid.UUID | str, write_ids: Iterable[uuid.UUID | str]
) -> None:
    """Tell the long polls of these writes to look again, once this commits.

    Call it in the transaction that stores the decisions: NOTIFY is
    transactional (delivered on commit; in autocommit, at once).
    """
    ids = [str(i) for i in write_ids]
    if not ids:
        return
    payloads = [
        f"{tenant_id}:{','.join(ids[i : i + IDS_PER_NOTIFICATION])}"
        for i in range(0, len(ids), IDS_PER_NOTIFICATION)
    ]
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_notify(%s, p) FROM unnest(%s::text[]) AS p", [CHANNEL, payloads]
        )


def _parse(payload: str) -> tuple[str, list[str]]:
    tenant_id, _, ids = payload.partition(":")
    return tenant_id, [i for i in ids.split(",") if i]


class DecisionListener:
    """One LISTEN connection per process; wakes the waiters a NOTIFY names."""

    def __init__(self, params: dict) -> None:
        self._params = params
        self._lock = threading.Lock()
        self._waiters: dict[tuple[str, str], set[threading.Event]] = defaultdict(set)
        self._listening = threading.Event()
        # The listening connection's server process, while connected.
        self.backend_pid: int | None = None
        self._stopped = threading.Event()
        self._thread = threading.Thread(
            target=self._run, name="mgc-write-signals", daemon=True
        )
        self._thread.start()

    @property
    def listening(self) -> bool:
        """Whether notifications can arrive now (else, poll as before)."""
        return self._listening.is_set()

    def wait_listening(self, timeout: float) -> bool:
        return self._listening.wait(timeout)

    @contextmanager
    def watch(
        self, tenant_id: uuid.UUID | str, write_id: uuid.UUID | str
    ) -> Iterator[threading.Event]:
        """Yield an event set when the write's decision is notified."""
        key = (str(tenant_id), str(write_id))
        event = threading.Event()
        with self._lock:
            self._waiters[key].add(event)
        try:
            yield event
        finally:
            with self._lock:
                waiting = self._waiters.get(key)
                if waiting is not None:
                    waiting.discard(event)
                    if not waiting:
                        del self._waiters[key]

    def waiters(self) -> int:
        with self._lock:
            return sum(len(events) for events in self._waiters.values())

    def wake(self, payload: str) -> int:
        """Set the events of the writes a notification names; return how many."""
        tenant_id, ids = _parse(payload)
        woken = 0
        with self._lock:
            for write_id in ids:
                for event in self._waiters.get((tenant_id, write_id), ()):
                    event.set()
                    woken += 1
        return woken

    def stop(self) -> None:
        """Close the connection and end the thread (tests)."""
        self._stopped.set()
        self._listening.clear()
        self._thread.join(STOP_CHECK_SECONDS + 1)

    def _run(self) -> None:
        import psycopg

        pause = RECONNECT_SECONDS[0]
        while not self._stopped.is_set():
            try:
                with psycopg.connect(**self._params, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.backend_pid = conn.info.backend_pid
                    self._listening.set()
                    pause = RECONNECT_SECONDS[0]
                    while not self._stopped.is_set():
                        # A timeout now and then, to notice `stop()`.
                        for notify in conn.notifies(timeout=STOP_CHECK_SECONDS):
                            self.wake(notify.payload)
            except Exception:  # noqa: BLE001 - polls fall back; retry later
                if not self._stopped.is_set():
                    logger.warning(
                        "write decision listener lost its connection; "
                        "long polls poll until it is back",
                        exc_info=True,
                    )
            finally:
                self._listening.clear()
            self._stopped.wait(pause)
            pause = min(pause * 2, RECONNECT_SECONDS[1])


_listener: DecisionListener | None = None
_listener_pid: int | None = None
_listener_lock = threading.Lock()


def _connection_params() -> dict:
    """The default database's connection parameters, for a psycopg connection."""
    wrapper = connections["default"]
    params = dict(wrapper.get_connection_params())
    # Django's own cursor and adapters are not needed to LISTEN.
    params.pop("cursor_factory", None)
    params.pop("context", None)
    params.pop("server_side_binding", None)
    return params


def listener() -> DecisionListener | None:
    """This process's listener, started on first use; None when disabled."""
    global _listener, _listener_pid
    if not getattr(settings, "MGC_WRITE_SIGNALS", True):
        return None
    pid = os.getpid()
    if _listener is not None and _listener_pid == pid:
        return _listener
    with _listener_lock:
        if _listener is None or _listener_pid != pid:
            # A forked child does not inherit the parent's thread: its own.
            _listener = DecisionListener(_connection_params())
            _listener_pid = pid
    return _listener


def listener_reset() -> None:
    """Stop this process's listener; the next long poll starts another (tests)."""
    global _listener, _listener_pid
    with _listener_lock:
        if _listener is not None and _listener_pid == os.getpid():
            _listener.stop()
        _listener, _listener_pid = None, None
