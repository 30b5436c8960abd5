"""Isolation in the database: the app's role, forced RLS, the tenant setting.

The suite connects as the app role (`mgc_app`, tests/conftest.py); these
tests turn the system context off and query raw SQL, as a forgotten tenant
filter would.
"""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.apps import apps
from django.db import DatabaseError, connection, connections, transaction
from django.utils import timezone

from memory_core.models import WriteRequest, WriteStatus
from memory_core.rls import (
    APP_ROLE,
    current,
    for_each_tenant,
    system_context,
    tenant_context,
)
from memory_core.services.writes import write_submit, writes_requeue_stalled
from tests.factories import make_agent, make_member, make_tenant

# Isolated through their erasure request rather than a tenant column.
INDIRECT_TABLES = {"approvals_erasureprobe"}


def tenant_tables() -> set[str]:
    """Every table of the project's models with a tenant_id column."""
    return {
        model._meta.db_table
        for model in apps.get_models()
        if any(f.column == "tenant_id" for f in model._meta.concrete_fields)
    }


def raw_count(table: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {table}")
        return cursor.fetchone()[0]


def settings_clear() -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT set_config('mgc.tenant_id', '', false), "
            "set_config('mgc.system', '', false)"
        )


@pytest.fixture
def two_tenants(db):
    acme = make_tenant("acme", scopes=("/org/acme/user/42/",))
    globex = make_tenant("globex", scopes=("/org/globex/user/7/",))
    for tenant in (acme, globex):
        agent, _ = make_agent(tenant)
        make_member(tenant)
        write_submit(
            agent=agent,
            payload={
                "scope": f"/org/{tenant.slug}/",
                "layer": "episodic",
                "content": f"{tenant.slug} likes tea.",
                "source": "user_stated",
            },
            idempotency_key=str(uuid.uuid4()),
        )
    return acme, globex


def test_the_app_connects_as_a_role_that_owns_nothing_and_cannot_bypass(db):
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT current_user, rolsuper, rolbypassrls, rolcreaterole "
            "FROM pg_roles WHERE rolname = current_user"
        )
        assert cursor.fetchone() == (APP_ROLE, False, False, False)
        cursor.execute(
            "SELECT count(*) FROM pg_tables WHERE schemaname = 'public' "
            "AND tableowner = current_user"
        )
        assert cursor.fetchone()[0] == 0


def test_every_tenant_table_has_forced_row_level_security(db):
    tables = tenant_tables() | INDIRECT_TABLES
    assert len(tables) >= 19
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT relname FROM pg_class WHERE relname = ANY(%s) "
            "AND relrowsecurity AND relforcerowsecurity",
            [sorted(tables)],
        )
        protected = {row[0] for row in cursor.fetchall()}
    assert tables - protected == set()


def test_raw_sql_without_the_setting_returns_no_rows(two_tenants):
    tables = sorted(tenant_tables() | INDIRECT_TABLES)
    with system_context():
        seen = {table: raw_count(table) for table in tables}
    # The two tenants filled the core tables (through the services).
    for table in (
        "memory_core_membership",
        "memory_core_agent",
        "memory_core_agenttoken",
        "memory_core_scope",
        "memory_core_writerequest",
        "audit_auditevent",
        "audit_auditchainhead",
    ):
        assert seen[table] > 0, table
    settings_clear()
    assert current() == ("", "")
    assert {table: raw_count(table) for table in tables} == dict.fromkeys(tables, 0)


def test_one_tenants_setting_hides_the_other_and_refuses_its_rows(two_tenants):
    acme, globex = two_tenants
    settings_clear()
    with tenant_context(acme.pk), connection.cursor() as cursor:
        cursor.execute("SELECT DISTINCT tenant_id FROM memory_core_scope")
        assert [row[0] for row in cursor.fetchall()] == [acme.pk]
        cursor.execute("SELECT DISTINCT tenant_id FROM audit_auditevent")
        assert [row[0] for row in cursor.fetchall()] == [acme.pk]
        assert WriteRequest.objects.filter(tenant=globex).count() == 0
        # Updates and deletes cannot reach the other tenant's rows either.
        cursor.execute(
            "UPDATE memory_core_agent SET is_active = false WHERE tenant_id = %s",
            [globex.pk],
        )
        assert cursor.rowcount == 0
        cursor.execute(
            "DELETE FROM memory_core_writerequest WHERE tenant_id = %s", [globex.pk]
        )
        assert cursor.rowcount == 0
        # Nor can a row be written for it (WITH CHECK).
        with (
            pytest.raises(DatabaseError, match="row-level security"),
            transaction.atomic(),
        ):
            cursor.execute(
                "INSERT INTO audit_auditchainhead (tenant_id, seq, hash) "
                "VALUES (%s, 0, '')",
                [uuid.uuid4()],
            )
        with (
            pytest.raises(DatabaseError, match="row-level security"),
            transaction.atomic(),
        ):
            cursor.execute(
                "UPDATE memory_core_scope SET tenant_id = %s WHERE tenant_id = %s",
                [globex.pk, acme.pk],
            )
    with system_context():
        assert WriteRequest.objects.filter(tenant=globex).count() == 1
        assert WriteRequest.objects.filter(tenant=acme).count() == 1


@pytest.mark.parametrize(
    "statement",
    [
        "TRUNCATE audit_auditevent",
        "ALTER TABLE audit_auditevent DISABLE TRIGGER audit_event_insert_only",
        "ALTER TABLE audit_auditevent DISABLE TRIGGER ALL",
        "ALTER TABLE audit_auditevent NO FORCE ROW LEVEL SECURITY",
        "ALTER TABLE memory_core_memoryitem DISABLE ROW LEVEL SECURITY",
        "DROP POLICY tenant_isolation ON memory_core_memoryitem",
        "SET ROLE postgres",
    ],
)
def test_the_app_role_cannot_undo_the_protections(db, statement):
    with (
        pytest.raises(DatabaseError, match="permission denied|must be owner"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(statement)


def test_the_audit_trail_stays_insert_only_for_the_app(two_tenants):
    acme, _ = two_tenants
    with (
        tenant_context(acme.pk),
        connection.cursor() as cursor,
        pytest.raises(DatabaseError, match="insert-only"),
        transaction.atomic(),
    ):
        cursor.execute("DELETE FROM audit_auditevent")


def test_a_background_job_for_one_tenant_sees_only_that_tenant(two_tenants):
    acme, globex = two_tenants
    with system_context():
        WriteRequest.objects.update(
            status=WriteStatus.QUEUED, created_at=timezone.now() - timedelta(hours=1)
        )
    settings_clear()
    # The sweeper has no tenant filter of its own: RLS is its filter.
    assert writes_requeue_stalled() == 0
    with tenant_context(acme.pk):
        assert writes_requeue_stalled() == 1
    # The beat task's way: once per tenant, each in its own context.
    assert for_each_tenant(writes_requeue_stalled) == 2
    assert current() == ("", "")


def test_contexts_restore_what_was_there(db):
    settings_clear()
    tenant_id = uuid.uuid4()
    with tenant_context(tenant_id):
        assert current() == (str(tenant_id), "")
        with system_context():
            assert current() == ("", "on")
        assert current() == (str(tenant_id), "")
    assert current() == ("", "")


@pytest.mark.worker
def test_the_worker_runs_as_the_app_role_one_tenant_per_task(worker, other_tenant):
    """Writes of two tenants whose messages were lost: the beat sweeper, run by
    the real worker (as mgc_app, no tenant set), finds each tenant's write in
    that tenant's context, and each write is processed in its own."""
    from memory_core.celery import app
    from memory_core.tasks import writes_requeue_stalled_task
    from tests.conftest import WORKER_APPLICATION_NAME, wait_for

    tenants = [make_tenant("acme", scopes=("/org/acme/user/42/",)), other_tenant]
    # The messages go where no worker listens: lost.
    default_queue = app.conf.task_default_queue
    app.conf.task_default_queue = f"{default_queue}-unconsumed"
    try:
        submitted = [submit(tenant) for tenant in tenants]
    finally:
        app.conf.task_default_queue = default_queue
    ids = [write.id for write in submitted]
    # Queued a while ago.
    WriteRequest.objects.filter(id__in=ids).update(
        status=WriteStatus.QUEUED, created_at=timezone.now() - timedelta(hours=1)
    )
    writes_requeue_stalled_task.delay()

    def done() -> bool:
        statuses = set(
            WriteRequest.objects.filter(id__in=ids).values_list("status", flat=True)
        )
        return WriteStatus.QUEUED not in statuses and len(statuses) > 0

    wait_for(done, timeout=60)
    for tenant, write_id in zip(tenants, ids, strict=True):
        write = WriteRequest.objects.get(id=write_id)
        assert write.tenant_id == tenant.pk
        # Through every gate (a new agent's write may go to review).
        assert write.status in (WriteStatus.COMMITTED, WriteStatus.PENDING_REVIEW), (
            write.code,
            write.reason,
        )
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT DISTINCT usename FROM pg_stat_activity WHERE application_name = %s",
            [WORKER_APPLICATION_NAME],
        )
        assert [row[0] for row in cursor.fetchall()] == [APP_ROLE]


def submit(tenant) -> WriteRequest:
    agent, _ = make_agent(tenant)
    return write_submit(
        agent=agent,
        payload={
            "scope": f"/org/{tenant.slug}/",
            "layer": "episodic",
            "content": f"{tenant.slug} prefers green tea.",
            "source": "user_stated",
        },
        idempotency_key=str(uuid.uuid4()),
    ).write


@pytest.mark.parametrize(
    "condition, index",
    [
        ("search_vector @@ 'tea'::tsquery", "memory_version_search_gin"),
        ("upper(content) LIKE '%TEA%'", "memory_version_content_trgm"),
    ],
)
def test_the_text_indexes_still_serve_a_tenant_under_rls(two_tenants, condition, index):
    """A condition whose function is not LEAKPROOF runs after the policy, so
    it cannot use an index: every row of the tenant would be read."""
    acme, _ = two_tenants
    with tenant_context(acme.pk), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute(
            f"EXPLAIN SELECT id FROM memory_core_memoryversion WHERE {condition}"
        )
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert index in plan, plan


# -- a request's tenant is cleared lazily, never left for another query ----------


def _post_write(client, tenant) -> None:
    response = client.post(
        "/api/v1/writes",
        {
            "scope": f"/org/{tenant.slug}/user/42/",
            "layer": "episodic",
            "content": f"{tenant.slug} prefers oolong.",
            "source": "user_stated",
        },
        format="json",
        HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()),
    )
    assert response.status_code == 202, response.content


def _raw_setting() -> str:
    """The session's tenant setting, read without the app's execute wrappers."""
    return connection.connection.execute(
        "SELECT coalesce(current_setting('mgc.tenant_id', true), '')"
    ).fetchone()[0]


@pytest.fixture
def as_in_production(two_tenants):
    """The test's session as a web process's between requests: nothing set."""
    from rest_framework.test import APIClient

    from memory_core import rls

    acme, _ = two_tenants
    _, token = make_agent(acme)
    rls.session_reset()
    with system_context():
        assert WriteRequest.objects.count() == 2
    assert rls.session_reset() == ("", "")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client, acme


@pytest.mark.django_db(transaction=True)
def test_a_finished_request_leaves_no_tenant_for_the_next_query(as_in_production):
    client, acme = as_in_production
    _post_write(client, acme)
    # No query cleared it at the end of the request: the session still says
    # acme, and the next query clears it first.
    assert _raw_setting() == str(acme.pk)
    assert raw_count("memory_core_writerequest") == 0
    assert current() == ("", "")
    assert _raw_setting() == ""


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_transaction_cannot_bring_the_tenant_back(as_in_production):
    client, acme = as_in_production
    _post_write(client, acme)
    assert _raw_setting() == str(acme.pk)
    with pytest.raises(ZeroDivisionError), transaction.atomic():
        assert raw_count("memory_core_writerequest") == 0
        raise ZeroDivisionError
    assert raw_count("memory_core_writerequest") == 0
    assert _raw_setting() == ""


@pytest.mark.django_db(transaction=True)
def test_an_agents_next_request_costs_no_query_for_the_setting(as_in_production):
    from django.test.utils import CaptureQueriesContext

    client, acme = as_in_production
    _post_write(client, acme)
    with CaptureQueriesContext(connection) as queries:
        _post_write(client, acme)
    sqls = [q["sql"] for q in queries.captured_queries]
    assert "mgc_agent_token(" in sqls[0], sqls[:2]
    assert not any("current_setting" in sql for sql in sqls), sqls
    # The write was stored as acme's, and only acme's rows were seen.
    assert raw_count("memory_core_writerequest") == 0
    with tenant_context(acme.pk):
        assert WriteRequest.objects.count() == 3


def _backend_pid() -> int:
    return connection.connection.execute("SELECT pg_backend_pid()").fetchone()[0]


@pytest.mark.django_db(transaction=True)
def test_the_tokens_statement_is_the_health_check_of_a_reused_connection(
    as_in_production, monkeypatch
):
    """A request on a reused connection runs no `SELECT 1` first; one whose
    connection died meanwhile reconnects and succeeds, as the check made it."""
    client, acme = as_in_production
    checks = []
    wrapper = type(connections["default"])
    usable = wrapper.is_usable
    monkeypatch.setattr(
        wrapper, "is_usable", lambda self: checks.append(1) or usable(self)
    )
    _post_write(client, acme)
    pid = _backend_pid()
    # As at the start of each request (`close_old_connections`).
    connection.health_check_done = False
    _post_write(client, acme)
    assert _backend_pid() == pid
    # The server ends the session between two requests.
    other = connections.create_connection("default")
    with other.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    other.close()
    connection.health_check_done = False
    _post_write(client, acme)
    assert _backend_pid() != pid
    assert checks == []
    with tenant_context(acme.pk):
        assert WriteRequest.objects.count() == 4
