"""Shared fixtures: one real Celery worker per session, on the test database."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.test.testcases import LiveServerThread
from rest_framework.test import APIClient

from tests.factories import make_agent, make_tenant

ROOT = Path(__file__).resolve().parent.parent


def _flush_past_the_audit_triggers() -> None:
    """Let the flush between transactional tests empty the audit trail.

    The database refuses TRUNCATE of the trail (audit migration 0005) except
    in a session with `session_replication_role = replica`, where ordinary
    triggers do not fire; only a superuser (the test role) may choose it.
    See docs/audit.md.
    """
    from django.db.backends.postgresql.operations import DatabaseOperations

    flush = DatabaseOperations.execute_sql_flush

    def execute_sql_flush(self, sql_list):
        flush(self, ["SET LOCAL session_replication_role = replica", *sql_list])

    DatabaseOperations.execute_sql_flush = execute_sql_flush


_flush_past_the_audit_triggers()


def database_url_for_tests() -> str:
    from django.db import connection

    db = connection.settings_dict
    host = quote(db["HOST"] or "", safe="")
    port = f":{db['PORT']}" if db.get("PORT") else ""
    password = f":{quote(db['PASSWORD'])}" if db.get("PASSWORD") else ""
    return f"postgresql://{db['USER']}{password}@{host}{port}/{db['NAME']}"


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """Create and migrate the test database as its owner, then run as the app role.

    Everything after the setup (the tests' own queries, the live server, the
    session's worker) connects as `mgc_app`, which row-level security binds
    (memory_core/rls.py). The flush between transactional tests truncates as
    the owner (`migrate` alias): the app role may not TRUNCATE. The code of
    the tests themselves runs in the system context (every tenant visible),
    as an operator would: the app's entry points under test (requests,
    tasks) set their own tenant and put the previous setting back.
    """
    from django.db import connections
    from django.db.backends.postgresql.operations import DatabaseOperations
    from django.db.backends.signals import connection_created

    default = connections["default"].settings_dict
    owner = {key: default[key] for key in ("USER", "PASSWORD")}
    with django_db_blocker.unblock(), connections["default"].cursor() as cursor:
        cursor.execute(AS_OWNER_FUNCTION)
    connections["default"].settings_dict.update(settings.MGC_TEST_APP_DATABASE)
    connections["default"].close()
    flush = DatabaseOperations.execute_sql_flush

    def execute_sql_flush(self, sql_list):
        if self.connection.alias != "default":
            return flush(self, sql_list)
        # A session of its own (the test may not touch the `migrate` alias),
        # past the audit trail's triggers like `_flush_past_the_audit_triggers`.
        with _owner_session() as conn:
            conn.execute("SET LOCAL session_replication_role = replica")
            for sql in sql_list:
                conn.execute(sql)

    DatabaseOperations.execute_sql_flush = execute_sql_flush
    connection_created.connect(_system_for_test_code, dispatch_uid="mgc-test-system")
    yield
    # The long polls' listening connection (memory_core/write_signals.py)
    # would keep the test database from being dropped.
    from memory_core.write_signals import listener_reset

    listener_reset()
    connection_created.disconnect(dispatch_uid="mgc-test-system")
    DatabaseOperations.execute_sql_flush = flush
    connections["default"].settings_dict.update(owner)
    connections["default"].close()
    connections["migrate"].close()
    _end_leftover_sessions()


def _owner_session(**options):
    """Open a psycopg session on the test database as its owner (`migrate`)."""
    import psycopg
    from django.db import connections

    db = connections["migrate"].settings_dict
    return psycopg.connect(
        dbname=db["NAME"],
        user=db["USER"],
        password=db["PASSWORD"] or None,
        host=db["HOST"] or None,
        port=db["PORT"] or None,
        **options,
    )


def _end_leftover_sessions() -> None:
    """End sessions still on the test database, so that it can be dropped.

    A connection some thread of a test opened and never closed (seen: an idle
    one of this process, its last query a scope lookup) would make
    pytest-django's DROP DATABASE fail and leave the database behind. The
    sessions are reported, so the leak stays visible: a test code's session
    is named after its thread and test (`_system_for_test_code`); one with
    no name is a live server's.
    """
    import warnings

    with _owner_session(autocommit=True) as conn:
        rows = conn.execute(
            "SELECT pid, application_name, backend_start, state, left(query, 120),"
            " pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchall()
    if rows:
        message = f"sessions left on the test database, ended: {rows}"
        warnings.warn(message, stacklevel=2)


# Queries a request adds for the tenant setting (memory_core/rls.py), as the
# tests see it: cleared at the start (the test's own session has the system
# context), the tenant set, the previous setting put back at the end. In
# production the first is skipped (nothing set between requests).
RLS_QUERIES = 3
# An operator's page: the system context set, then put back.
RLS_OPERATOR_QUERIES = 2


# The attack tests' way in (test database only): run one statement as the
# owner, a superuser here, in the test's own session and transaction.
AS_OWNER_FUNCTION = """
CREATE OR REPLACE FUNCTION mgc_test_as_owner(statement text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER AS $$ BEGIN EXECUTE statement; END $$;
REVOKE ALL ON FUNCTION mgc_test_as_owner(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION mgc_test_as_owner(text) TO mgc_app;
"""


def as_owner(sql: str, params=()) -> None:
    """Run `sql` as the tables' owner (a superuser), in the test's transaction.

    What an attacker with the owner's rights could do; the app's own role may
    not (tests/memory_core/test_row_level_security.py).
    """
    from django.db import connection

    with connection.cursor() as cursor:
        statement = connection.ops.compose_sql(sql, params) if params else sql
        cursor.execute("SELECT mgc_test_as_owner(%s)", [statement])


def _system_for_test_code(sender, connection, **kwargs) -> None:
    """The tests' sessions see every tenant; the live server's do not.

    The live server answers each request in a thread of its own (socketserver's
    `process_request_thread`), which opens its session inside the request:
    that one starts with nothing set, as in production.
    """
    thread = threading.current_thread()
    if connection.alias == "default" and not (
        isinstance(thread, LiveServerThread) or "process_request_thread" in thread.name
    ):
        # Named after its thread and test: a session left open at the end
        # (`_end_leftover_sessions`) says where it came from.
        test = os.environ.get("PYTEST_CURRENT_TEST", "").removesuffix(" (call)")
        name = f"{thread.name[:14]} {test[-48:]}"
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT set_config('mgc.system', 'on', false),"
                " set_config('application_name', %s, false)",
                [name],
            )


@pytest.fixture(autouse=True)
def system_context_for_test_code(request, django_db_blocker):
    """Start every test in the system context, whatever the last one left."""
    from django.db import connection

    if connection.connection is not None:
        with django_db_blocker.unblock(), connection.cursor() as cursor:
            cursor.execute(
                "SELECT set_config('mgc.tenant_id', '', false), "
                "set_config('mgc.system', 'on', false)"
            )
    yield


WORKER_APPLICATION_NAME = "mgc-test-worker"


class WorkerProcess:
    """A `celery worker` subprocess on the test database and the test queue."""

    def __init__(self, name: str, queue: str | None = None) -> None:
        self.name = name
        queue = queue or settings.CELERY_TASK_DEFAULT_QUEUE
        self.log: list[str] = []
        self.ready = threading.Event()
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "memory_core.settings",
            "DATABASE_URL": database_url_for_tests(),
            "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
            "MGC_CELERY_QUEUE": queue,
            # libpq names the worker's sessions, so teardown can find them.
            "PGAPPNAME": WORKER_APPLICATION_NAME,
        }
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "memory_core",
                "worker",
                "--pool=solo",
                "--loglevel=INFO",
                f"--hostname={name}@%h",
                "-Q",
                queue,
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.log.append(line)
            if "embedding model loaded" in line:
                self.ready.set()

    def wait_ready(self, timeout: float = 120) -> None:
        if not self.ready.wait(timeout):
            self.stop()
            raise RuntimeError("worker did not start:\n" + "".join(self.log[-40:]))

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture(scope="session")
def celery_worker_proc(django_db_setup, django_db_blocker):
    """The session's real worker; tests that use it need `transactional_db`."""
    _purge_test_queue()
    worker = WorkerProcess("pytest-worker")
    worker.wait_ready()
    yield worker
    worker.stop()


def _purge_test_queue() -> None:
    from memory_core.celery import app

    with app.connection_for_write() as conn:
        for queue in (
            settings.CELERY_TASK_DEFAULT_QUEUE,
            f"{settings.CELERY_TASK_DEFAULT_QUEUE}-unconsumed",
        ):
            conn.default_channel.queue_purge(queue)


@pytest.fixture(autouse=True)
def unconsumed_queue_unless_worker(request):
    """Send the tasks of tests without a worker to a queue nobody consumes.

    Otherwise the session worker, once started, would pick up writes such a
    test enqueued and race the test's database teardown.
    """
    if {"worker", "celery_worker_proc"} & set(request.fixturenames):
        yield
        return
    from memory_core.celery import app

    default = app.conf.task_default_queue
    app.conf.task_default_queue = f"{default}-unconsumed"
    try:
        yield
    finally:
        app.conf.task_default_queue = default


@pytest.fixture
def worker(celery_worker_proc, transactional_db):
    if celery_worker_proc.proc.poll() is not None:
        pytest.fail(
            "the session worker died:\n" + "".join(celery_worker_proc.log[-40:])
        )
    yield celery_worker_proc
    wait_until_database_idle()


def wait_until_database_idle(timeout: float = 30, quiet: float = 0.5) -> None:
    """Let the worker finish what the test left it, before the tables are flushed.

    The database must stay idle for `quiet` seconds; then the worker's
    sessions are disconnected, so a task it starts late (a deferred write's
    retry, say) cannot deadlock with the flush's TRUNCATE. The worker
    reconnects for its next task (connections are health-checked).
    """
    from django.db import connection

    deadline = time.monotonic() + timeout
    idle_since = None
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE datname = current_database() "
                "AND pid <> pg_backend_pid() AND state <> 'idle'"
            )
            if cursor.fetchone()[0]:
                idle_since = None
            elif idle_since is None:
                idle_since = time.monotonic()
            elif time.monotonic() - idle_since >= quiet:
                break
            time.sleep(0.05)
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND application_name = %s",
            [WORKER_APPLICATION_NAME],
        )


@pytest.fixture
def tenant(db):
    return make_tenant("acme", scopes=("/org/acme/user/42/", "/org/acme/user/43/"))


@pytest.fixture
def other_tenant(db):
    return make_tenant("globex", scopes=("/org/globex/user/7/",))


@pytest.fixture
def agent_and_token(tenant):
    return make_agent(tenant)


@pytest.fixture
def api(agent_and_token):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {agent_and_token[1]}")
    return client


def wait_for(predicate, timeout: float = 30, interval: float = 0.1):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError("condition not met in time")
