"""Faults injected into real processes: the database gone, the broker dead.

Each test serves the API with gunicorn (as deployed) in a subprocess whose
environment carries the fault, so the shared database and Redis stay up.
bench/faults.py measures the same faults at scale (bench/FAULTS.md).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid

import pytest

from memory_core.models import MemoryVersion, WriteRequest, WriteStatus
from memory_core.services.writes import writes_requeue_stalled
from tests.conftest import (
    ROOT,
    WORKER_APPLICATION_NAME,
    database_url_for_tests,
    wait_for,
)

SCOPE = "/org/acme/user/42/"
# Nothing listens on port 1: connecting is refused at once.
DEAD_DATABASE = "postgresql://postgres@127.0.0.1:1/nowhere"
DEAD_BROKER = "redis://127.0.0.1:1/0"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Web:
    """gunicorn serving the console with `env` over the test environment."""

    def __init__(self, **env: str) -> None:
        self.port = _free_port()
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "-c",
                "python:memory_core.gunicorn_conf",
                "memory_core.wsgi",
            ],
            cwd=ROOT,
            env={
                **os.environ,
                "DJANGO_SETTINGS_MODULE": "memory_core.settings",
                "MGC_HTTPS": "0",
                "WEB_CONCURRENCY": "1",
                "MGC_BIND": f"127.0.0.1:{self.port}",
                **env,
            },
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            # Its own process group: `stop` ends the workers with the master.
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.5).close()
                return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("gunicorn did not start")

    def request(
        self, method: str, path: str, body: dict | None = None, **headers: str
    ) -> tuple[int, dict[str, str], bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request(
                method,
                path,
                body=json.dumps(body) if body is not None else None,
                headers={"Content-Type": "application/json", **headers},
            )
            response = conn.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            conn.close()

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGINT)  # gunicorn's quick shutdown
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
        # A worker the master left behind (one stuck on the dead broker kept
        # a connection to the test database after the session had ended).
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)


@pytest.fixture
def dead_database_web():
    web = Web(DATABASE_URL=DEAD_DATABASE)
    yield web
    web.stop()


def test_the_api_answers_503_in_its_envelope_while_the_database_is_unreachable(
    dead_database_web,
):
    status, headers, body = dead_database_web.request(
        "POST",
        "/api/v1/writes",
        {"scope": SCOPE, "layer": "episodic", "content": "x"},
        Authorization="Bearer mgc_abcdef12_" + "s" * 40,
    )
    assert status == 503, body
    error = json.loads(body)["error"]
    assert error["code"] == "database_unavailable"
    assert "retry" in error["message"].lower()
    assert int(headers["Retry-After"]) > 0


def test_a_console_page_answers_503_while_the_database_is_unreachable(
    dead_database_web,
):
    # A session cookie makes the middleware read the session table.
    status, headers, body = dead_database_web.request(
        "GET", "/", Cookie="sessionid=abcdefghijklmnopqrstuvwxyz012345"
    )
    assert status == 503, body
    assert int(headers["Retry-After"]) > 0
    assert b"unavailable" in body.lower()


@pytest.mark.worker
def test_a_write_through_a_dead_broker_is_stored_and_the_sweeper_dispatches_it(
    worker, agent_and_token
):
    _, token = agent_and_token
    web = Web(DATABASE_URL=database_url_for_tests(), CELERY_BROKER_URL=DEAD_BROKER)
    try:
        started = time.monotonic()
        status, _, body = web.request(
            "POST",
            "/api/v1/writes",
            {
                "scope": SCOPE,
                "layer": "episodic",
                "content": "The user renewed the passport before the flight.",
                "source": "user_stated",
                "confidence": 0.9,
            },
            Authorization=f"Bearer {token}",
            **{"Idempotency-Key": uuid.uuid4().hex},
        )
        answered_in = time.monotonic() - started
    finally:
        web.stop()
    assert status == 202, body
    # The dead broker does not hold the agent: the publish gives up after
    # kombu's few quick retries (about a second here); the bound is far above
    # that and a cold server's first request on a loaded machine, far below
    # a publish that waits for the broker to come back (it never would).
    assert answered_in < 30
    write_id = json.loads(body)["id"]
    time.sleep(1)  # the worker, on the live broker, was never told
    assert WriteRequest.objects.get(pk=write_id).status == WriteStatus.QUEUED

    assert writes_requeue_stalled(older_than_seconds=0) >= 1
    wait_for(
        lambda: WriteRequest.objects.get(pk=write_id).status == WriteStatus.COMMITTED,
        timeout=30,
    )
    assert MemoryVersion.objects.filter(write_request_id=write_id).count() == 1


@pytest.mark.worker
def test_the_worker_reconnects_after_its_database_sessions_are_cut(worker, api):
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND application_name = %s",
            [WORKER_APPLICATION_NAME],
        )
    response = api.post(
        "/api/v1/writes",
        data=json.dumps(
            {
                "scope": SCOPE,
                "layer": "episodic",
                "content": "The user booked the dentist after the marathon.",
                "source": "user_stated",
                "confidence": 0.9,
            }
        ),
        content_type="application/json",
        HTTP_PREFER="wait=30",
    )
    assert response.status_code in (200, 201, 202), response.content
    assert response.json()["status"] == "committed"
