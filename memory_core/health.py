"""Liveness and readiness for load balancers and process managers.

`/healthz` answers while the web process runs. `/readyz` answers 200 only
when the console can do its work: the database answers and has pgvector,
every migration is applied, the broker accepts a connection, and a worker and
beat were seen recently (each records a `ServiceHeartbeat`: beat from its
scheduler's tick, a worker from the heartbeat task beat sends it).
"""

from __future__ import annotations

import logging
import socket
import time
from dataclasses import asdict, dataclass
from datetime import timedelta

from django.conf import settings
from django.db import DatabaseError, connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from memory_core.models import ServiceHeartbeat

logger = logging.getLogger(__name__)

WORKER = "worker"
BEAT = "beat"

# Once every migration is applied, it stays so until the code changes, and a
# code change restarts the process: check once, not on every probe.
_migrations_applied = False


@dataclass(frozen=True)
class Check:
    ok: bool
    detail: str


def heartbeat_record(*, component: str, hostname: str | None = None) -> None:
    """Record that `component` on `hostname` (this host by default) is alive."""
    ServiceHeartbeat.objects.update_or_create(
        component=component,
        hostname=hostname or socket.gethostname(),
        defaults={"seen_at": timezone.now()},
    )


def check_database() -> Check:
    try:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT extversion FROM pg_extension WHERE extname = 'vector'"
            )
            row = cursor.fetchone()
    except DatabaseError as exc:
        return Check(False, f"database unreachable: {exc}".strip())
    if row is None:
        return Check(False, "the pgvector extension is not installed")
    return Check(True, f"PostgreSQL with pgvector {row[0]}")


def check_migrations() -> Check:
    global _migrations_applied
    if _migrations_applied:
        return Check(True, "all applied")
    try:
        executor = MigrationExecutor(connection)
        plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    except DatabaseError as exc:
        return Check(False, f"cannot read the migration state: {exc}".strip())
    if plan:
        names = ", ".join(f"{m.app_label}.{m.name}" for m, _ in plan[:5])
        return Check(False, f"{len(plan)} unapplied (run `migrate`): {names}")
    _migrations_applied = True
    return Check(True, "all applied")


def check_broker(url: str | None = None) -> Check:
    from memory_core.celery import app

    try:
        with app.connection_for_write(url) as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
            transport = conn.transport_cls
    except Exception as exc:  # every transport raises its own errors
        return Check(False, f"broker unreachable: {exc}".strip())
    return Check(True, f"{transport} reachable")


def check_heartbeat(component: str) -> Check:
    stale_after = settings.MGC_HEARTBEAT_STALE_SECONDS
    try:
        last = (
            ServiceHeartbeat.objects.filter(component=component)
            .order_by("-seen_at")
            .values_list("seen_at", "hostname")
            .first()
        )
    except DatabaseError as exc:
        return Check(False, f"cannot read heartbeats: {exc}".strip())
    if last is None:
        return Check(False, f"no {component} has ever reported")
    seen_at, hostname = last
    age = (timezone.now() - seen_at).total_seconds()
    if age > stale_after:
        return Check(
            False,
            f"last {component} ({hostname}) seen {age:.0f} s ago "
            f"(more than {stale_after} s)",
        )
    return Check(True, f"{hostname} seen {age:.0f} s ago")


def readiness() -> tuple[bool, dict[str, dict]]:
    """Run every check; return whether all pass and each one's outcome."""
    started = time.monotonic()
    database = check_database()
    skipped = Check(False, "not checked: the database is unreachable")
    checks = {
        "database": database,
        "migrations": check_migrations() if database.ok else skipped,
        "broker": check_broker(),
        WORKER: check_heartbeat(WORKER) if database.ok else skipped,
        BEAT: check_heartbeat(BEAT) if database.ok else skipped,
    }
    ready = all(c.ok for c in checks.values())
    if not ready:
        failing = [name for name, c in checks.items() if not c.ok]
        logger.warning("not ready: %s", ", ".join(failing))
    logger.debug("readiness took %.1f ms", (time.monotonic() - started) * 1000)
    return ready, {name: asdict(c) for name, c in checks.items()}


def heartbeats_prune(*, older_than: timedelta = timedelta(days=7)) -> int:
    """Forget hosts not seen for a week (workers come and go)."""
    deleted, _ = ServiceHeartbeat.objects.filter(
        seen_at__lt=timezone.now() - older_than
    ).delete()
    return deleted
