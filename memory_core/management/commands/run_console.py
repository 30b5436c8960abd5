"""`make run`: the whole console on one machine, on the production servers.

It migrates, collects static files, seeds the demo when asked (`--demo`),
then runs and supervises gunicorn (several web processes), a Celery worker
(prefork, one process per core) and beat. A process that dies is restarted;
one that keeps dying (five times in a minute) stops the console with its
name. Ctrl-C or SIGTERM stops every process it started.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from memory_core import embedded_db

RESTARTS_ALLOWED = 5
RESTART_WINDOW_SECONDS = 60.0


def _prometheus_dir() -> Path:
    """An empty directory where every child writes its Prometheus samples.

    Emptied at each start: samples of processes from an earlier run would
    otherwise be summed with the new ones (memory_core/metrics/prometheus.py).
    Its own (MGC_PROMETHEUS_DIR, else data/prometheus/), never an inherited
    PROMETHEUS_MULTIPROC_DIR that other processes may be writing to.
    """
    path = Path(
        os.environ.get("MGC_PROMETHEUS_DIR")
        or Path(settings.CELERY_BEAT_SCHEDULE_FILENAME).parent / "prometheus"
    )
    path.mkdir(parents=True, exist_ok=True)
    for stale in path.glob("*.db"):
        stale.unlink()
    return path


@dataclass
class Supervised:
    """A child process, how to start it, and when it was last restarted."""

    name: str
    argv: list[str]
    env: dict[str, str]
    process: subprocess.Popen | None = None
    restarts: deque = field(default_factory=deque)

    def start(self) -> None:
        self.process = subprocess.Popen(self.argv, env=self.env)

    def exited(self) -> int | None:
        return None if self.process is None else self.process.poll()

    def note_restart(self) -> bool:
        """Record a restart; return False when it keeps dying."""
        now = time.monotonic()
        self.restarts.append(now)
        while self.restarts and now - self.restarts[0] > RESTART_WINDOW_SECONDS:
            self.restarts.popleft()
        return len(self.restarts) <= RESTARTS_ALLOWED


class Command(BaseCommand):
    help = "Run the whole console on this machine (the `make run` command)."

    def add_arguments(self, parser):
        parser.add_argument("--addr", default="127.0.0.1:8000")
        parser.add_argument(
            "--demo",
            action="store_true",
            help="Seed the demo tenants, people and agents and print their logins.",
        )
        parser.add_argument(
            "--web-processes",
            type=int,
            default=int(os.environ.get("WEB_CONCURRENCY", 0)) or None,
            help="gunicorn worker processes (default: the number of cores, ≥ 2).",
        )
        parser.add_argument(
            "--worker-processes",
            type=int,
            default=None,
            help="Celery prefork processes (default: the number of cores).",
        )

    def handle(
        self,
        *args,
        addr: str,
        demo: bool,
        web_processes: int | None,
        worker_processes: int | None,
        **options,
    ):
        if demo and not settings.DEBUG:
            raise CommandError(
                "The demo seeds known passwords: it runs only with DJANGO_DEBUG=1 "
                "(`make run` sets it). In production, create tenants with "
                "`manage.py tenant_create`."
            )
        Path(settings.CELERY_BEAT_SCHEDULE_FILENAME).parent.mkdir(
            parents=True, exist_ok=True
        )
        call_command("migrate", verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        if demo:
            self.stdout.write("Seeding the demo (first run loads the embedding model)…")
            call_command("seed_demo")
        children = self._children(addr, web_processes, worker_processes)
        for child in children:
            child.start()
        # A service manager (systemd, docker stop) sends SIGTERM: stop as on Ctrl-C.
        signal.signal(signal.SIGTERM, _interrupt)
        try:
            self._wait_until_serving(addr, children)
            if demo:
                self.stdout.write("")
                call_command("demo_credentials", url=f"http://{addr}")
            self.stdout.write(
                f"\nConsole: http://{addr}/   API docs: http://{addr}/api/docs/   "
                "Ctrl-C stops everything.\n"
            )
            self._supervise(children)
        except KeyboardInterrupt:
            self.stdout.write("\nStopping…")
        finally:
            self._stop(children)

    def _children(
        self, addr: str, web_processes: int | None, worker_processes: int | None
    ) -> list[Supervised]:
        cores = os.cpu_count() or 1
        worker_processes = worker_processes or cores
        env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(_prometheus_dir())}
        # Each prefork process runs the embedding model: share the cores out.
        worker_env = {
            **env,
            "OMP_NUM_THREADS": env.get(
                "OMP_NUM_THREADS", str(max(1, cores // worker_processes))
            ),
        }
        web_env = {**env, "MGC_BIND": addr}
        if web_processes:
            web_env["WEB_CONCURRENCY"] = str(web_processes)
        celery = [sys.executable, "-m", "celery", "-A", "memory_core"]
        return [
            Supervised(
                "web",
                [
                    sys.executable,
                    "-m",
                    "gunicorn",
                    "-c",
                    "python:memory_core.gunicorn_conf",
                    "memory_core.wsgi",
                ],
                web_env,
            ),
            Supervised(
                "worker",
                [
                    *celery,
                    "worker",
                    "--pool=prefork",
                    f"--concurrency={worker_processes}",
                    "--loglevel=INFO",
                    "-Q",
                    settings.CELERY_TASK_DEFAULT_QUEUE,
                ],
                worker_env,
            ),
            Supervised(
                "beat",
                [
                    *celery,
                    "beat",
                    "--loglevel=INFO",
                    "-s",
                    settings.CELERY_BEAT_SCHEDULE_FILENAME,
                ],
                env,
            ),
        ]

    def _wait_until_serving(
        self, addr: str, children: list[Supervised], timeout: float = 60
    ) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for child in children:
                if child.exited() is not None:
                    raise CommandError(f"{child.name} exited while starting.")
            try:
                with urllib.request.urlopen(f"http://{addr}/healthz", timeout=1):
                    return
            except OSError:
                time.sleep(0.2)
        raise CommandError(f"The web server did not answer on {addr} in {timeout} s.")

    def _supervise(self, children: list[Supervised]) -> None:
        while True:
            time.sleep(0.5)
            for child in children:
                code = child.exited()
                if code is None:
                    continue
                if not child.note_restart():
                    raise CommandError(
                        f"{child.name} exited {RESTARTS_ALLOWED + 1} times within "
                        f"{RESTART_WINDOW_SECONDS:.0f} s (last exit code {code}); "
                        "stopping the console. Its log is above."
                    )
                self.stderr.write(f"{child.name} exited with code {code}; restarting.")
                child.start()

    def _stop(self, children: list[Supervised]) -> None:
        for child in children:
            if child.exited() is None:
                child.process.send_signal(signal.SIGTERM)
        for child in children:
            if child.process is None:
                continue
            try:
                child.process.wait(30)
            except subprocess.TimeoutExpired:
                self.stderr.write(f"{child.name} did not stop in time; killing it.")
                child.process.kill()
        if not os.environ.get("DATABASE_URL") and embedded_db.started_here:
            embedded_db.stop()
        self.stdout.write(
            "Stopped. The data stays in data/ for next time "
            "(`make stop-db` stops the embedded PostgreSQL if it still runs)."
        )


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt
