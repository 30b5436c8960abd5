"""gunicorn's access log is JSON lines carrying the request id (gunicorn_conf.py)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from datetime import timedelta
from pathlib import Path

import pytest

from memory_core.metrics.gunicorn_logging import JsonLogger
from tests.conftest import ROOT, WORKER_APPLICATION_NAME, database_url_for_tests


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def json_objects(text: str) -> list[dict]:
    found = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("{"):
            try:
                found.append(json.loads(line))
            except ValueError:
                continue
    return found


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_gunicorn_writes_its_access_log_as_json_with_the_request_id(tmp_path: Path):
    port = free_port()
    log = tmp_path / "gunicorn.log"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "memory_core.settings",
        "DATABASE_URL": database_url_for_tests(),
        "MGC_DATA_DIR": str(tmp_path / "data"),
        "MGC_HTTPS": "0",
        "PGAPPNAME": WORKER_APPLICATION_NAME,
    }
    env.pop("MGC_LOG_FORMAT", None)
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "-c",
            "python:memory_core.gunicorn_conf",
            f"--bind=127.0.0.1:{port}",
            "--workers=1",
            "memory_core.wsgi",
        ],
        cwd=ROOT,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    try:
        url = f"http://127.0.0.1:{port}/healthz?q=private+words"
        request = urllib.request.Request(
            url, headers={"X-Request-ID": "req-gunicorn-1"}
        )
        deadline = time.monotonic() + 90
        while True:
            assert server.poll() is None, log.read_text()[-4000:]
            try:
                with urllib.request.urlopen(request, timeout=5) as response:
                    assert response.headers["X-Request-ID"] == "req-gunicorn-1"
                    break
            except (urllib.error.URLError, ConnectionError):
                assert time.monotonic() < deadline, log.read_text()[-4000:]
                time.sleep(0.5)

        def access_line() -> dict | None:
            for data in json_objects(log.read_text()):
                if data.get("logger") == "gunicorn.access":
                    return data
            return None

        deadline = time.monotonic() + 20
        while (line := access_line()) is None:
            assert time.monotonic() < deadline, log.read_text()[-4000:]
            time.sleep(0.2)
    finally:
        server.terminate()
        server.wait(30)

    assert line["request_id"] == "req-gunicorn-1"
    assert line["http_method"] == "GET" and line["http_path"] == "/healthz"
    assert line["http_status"] == 200
    assert isinstance(line["duration_ms"], int | float) and line["duration_ms"] >= 0
    # The query string stays out of the log (a search's words may be in it).
    assert "private" not in json.dumps(line)
    # gunicorn's own start-up lines are JSON too.
    errors = [
        d for d in json_objects(log.read_text()) if d["logger"] == "gunicorn.error"
    ]
    assert any("Booting worker" in d["message"] for d in errors)


class _Config:
    """The settings gunicorn's Logger reads."""

    loglevel = "info"
    errorlog = "-"
    accesslog = "-"
    capture_output = False
    syslog = False
    disable_redirect_access_to_syslog = False
    logconfig = None
    logconfig_dict: dict = {}
    logconfig_json = None
    access_log_format = '%(h)s "%(r)s" %(s)s'
    user = group = None
    umask = 0


class _Response:
    status = "404 Not Found"
    sent = 17
    headers = [("Content-Type", "text/html"), ("X-Request-ID", "abc-1")]


def test_the_access_line_takes_the_request_id_from_the_response_header():
    logger = JsonLogger(_Config())
    environ = {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": "/api/v1/writes",
        "QUERY_STRING": "secret=1",
        "REMOTE_ADDR": "10.0.0.9",
    }
    fields = logger.access_fields(
        _Response(), [("X-REQUEST-ID", "ignored")], environ, timedelta(milliseconds=12)
    )
    assert fields["request_id"] == "abc-1"
    assert fields["http_status"] == 404 and fields["http_bytes"] == 17
    assert fields["duration_ms"] == 12.0
    assert "secret" not in json.dumps(fields)
