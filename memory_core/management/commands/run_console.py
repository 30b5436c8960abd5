"""`make run`: migrate, seed, start a worker, beat and the web; Ctrl-C stops all."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

from memory_core import embedded_db


class Command(BaseCommand):
    help = "Run the whole console on this machine (the `make run` command)."

    def add_arguments(self, parser):
        parser.add_argument("--addr", default="127.0.0.1:8000")

    def handle(self, *args, addr: str, **options):
        call_command("migrate", verbosity=0)
        self.stdout.write("Seeding the demo (first run loads the embedding model)…")
        call_command("seed_demo")
        celery = [sys.executable, "-m", "celery", "-A", "memory_core"]
        processes = {
            "worker": subprocess.Popen(
                [
                    *celery,
                    "worker",
                    "--pool=solo",
                    "--loglevel=INFO",
                    "-Q",
                    settings.CELERY_TASK_DEFAULT_QUEUE,
                ]
            ),
            "beat": subprocess.Popen(
                [
                    *celery,
                    "beat",
                    "--loglevel=INFO",
                    "-s",
                    settings.CELERY_BEAT_SCHEDULE_FILENAME,
                ]
            ),
            "web": subprocess.Popen(
                [sys.executable, "manage.py", "runserver", addr, "--noreload"]
            ),
        }
        time.sleep(2)
        self.stdout.write("")
        call_command("demo_credentials", url=f"http://{addr}")
        self.stdout.write(
            f"\nAPI docs: http://{addr}/api/docs/   Ctrl-C stops everything.\n"
        )
        # A service manager (systemd, docker stop) sends SIGTERM: stop as on Ctrl-C.
        signal.signal(signal.SIGTERM, _interrupt)
        try:
            while all(p.poll() is None for p in processes.values()):
                time.sleep(0.5)
            dead = [name for name, p in processes.items() if p.poll() is not None]
            self.stderr.write(f"{', '.join(dead)} exited; stopping the rest.")
        except KeyboardInterrupt:
            self.stdout.write("\nStopping…")
        finally:
            self._stop(processes)

    def _stop(self, processes: dict[str, subprocess.Popen]) -> None:
        for process in processes.values():
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for name, process in processes.items():
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                self.stderr.write(f"{name} did not stop in time; killing it.")
                process.kill()
        if not os.environ.get("DATABASE_URL") and embedded_db.started_here:
            embedded_db.stop()
        self.stdout.write("Stopped. The data stays in data/ for next time.")


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt
