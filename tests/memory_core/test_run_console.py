"""`run_console` (what `make run` runs), in production mode on the test database.

gunicorn, a prefork worker and beat come up; /readyz turns ready once the
worker and beat report; a killed worker is restarted and the console keeps
serving; SIGTERM stops every process it started.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import ROOT, WORKER_APPLICATION_NAME, database_url_for_tests

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def get(url: str) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def wait_for(predicate, timeout: float, what: str, console, log: Path) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if console.poll() is not None:
            break
        try:
            if predicate():
                return
        except OSError:
            pass
        time.sleep(0.5)
    console.terminate()
    console.wait(60)
    raise AssertionError(f"{what} not seen in {timeout} s:\n{log.read_text()[-6000:]}")


def children_of(pid: int) -> list[int]:
    found = subprocess.run(
        ["pgrep", "-P", str(pid)], capture_output=True, text=True
    ).stdout.split()
    return [int(p) for p in found]


def test_run_console_serves_restarts_a_dead_worker_and_stops_cleanly(tmp_path):
    port = free_port()
    log = tmp_path / "console.log"
    base = f"http://127.0.0.1:{port}"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "memory_core.settings",
        "DATABASE_URL": database_url_for_tests(),
        "MGC_DATA_DIR": str(tmp_path / "data"),
        "MGC_STATIC_ROOT": str(tmp_path / "static"),
        # A queue of its own, so the suite's shared worker takes none of it.
        "MGC_CELERY_QUEUE": f"run-console-{port}",
        "MGC_HTTPS": "0",
        "PGAPPNAME": WORKER_APPLICATION_NAME,
    }
    env.pop("DJANGO_DEBUG", None)
    console = subprocess.Popen(
        [
            sys.executable,
            "manage.py",
            "run_console",
            f"--addr=127.0.0.1:{port}",
            "--web-processes=2",
            "--worker-processes=1",
        ],
        cwd=ROOT,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    try:
        wait_for(lambda: get(f"{base}/healthz")[0] == 200, 90, "healthz", console, log)
        wait_for(lambda: get(f"{base}/readyz")[0] == 200, 120, "ready", console, log)

        # Static files are served by the web processes, under hashed names.
        with urllib.request.urlopen(f"{base}/login/", timeout=5) as response:
            page = response.read().decode()
        css = page.split('href="/static/css/console.')[1].split('"')[0]
        assert css.endswith(".css") and len(css) > len(".css") + 8
        with urllib.request.urlopen(f"{base}/static/css/console.{css}") as response:
            assert response.status == 200
            assert "max-age=315360000" in response.headers["Cache-Control"]

        worker = next(p for p in children_of(console.pid) if is_celery_worker(p))
        os.kill(worker, signal.SIGKILL)
        wait_for(
            lambda: any(
                is_celery_worker(p) for p in children_of(console.pid) if p != worker
            ),
            30,
            "a new worker",
            console,
            log,
        )
        assert console.poll() is None
        assert get(f"{base}/healthz")[0] == 200

        started = children_of(console.pid)
        console.send_signal(signal.SIGTERM)
        console.wait(90)
    finally:
        if console.poll() is None:
            console.kill()
            console.wait()
    output = log.read_text()

    assert console.returncode == 0, output[-4000:]
    assert "worker exited with code -9; restarting." in output
    assert "Stopped." in output
    for pid in started:
        assert not os.path.exists(f"/proc/{pid}") or _is_zombie(pid), pid


def is_celery_worker(pid: int) -> bool:
    return b"\0worker\0" in Path(f"/proc/{pid}/cmdline").read_bytes()


def _is_zombie(pid: int) -> bool:
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().split(")")[1].split()[0] == "Z"
