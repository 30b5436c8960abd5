"""Row-level security: which tenant the database session is acting for.

Every tenant table has forced row-level security (migration
0010_row_level_security, docs/database-isolation.md): a row is visible, and may
be written, only if its `tenant_id` equals the session setting
`mgc.tenant_id`. The app connects as a role that is not the tables' owner and
cannot bypass RLS, so a query that forgot its tenant filter, ORM or raw SQL,
sees the current tenant's rows only, and with no tenant set, none.

Who sets it:

- requests: `DatabaseTenantMiddleware` clears it at the start of every request
  and puts back what was there at the end (nothing set is put back lazily:
  the next query on the session clears it first); the agent-token
  authentication and `member_required` set the tenant once they know it
  (`tenant_activate`);
- Celery: every task starts and ends with it cleared (memory_core/celery.py); a task
  sets its tenant itself (`tenant_context`), per tenant for beat jobs;
- the narrow cross-tenant paths use `system_context` (`mgc.system = on`, which
  a second policy admits): the token and membership lookups made before the
  tenant is known, the platform operator's pages and /admin/, beat jobs that
  list what is due across tenants, and operator management commands. The
  list is in docs/database-isolation.md.

The settings are session-level (`set_config(..., false)`), because Django
runs in autocommit outside `atomic` blocks and a transaction-local setting
would be gone after the first statement. Inside a transaction they are still
transactional (a rollback reverts them), and every context manager here
restores the previous values on exit, so a setting never outlives its
request, task or block on a persistent connection.
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from django.db import DatabaseError, InterfaceError, OperationalError, connections
from django.db.backends.base.base import BaseDatabaseWrapper

TENANT_SETTING = "mgc.tenant_id"
SYSTEM_SETTING = "mgc.system"
# The app's database role; `migrate` runs as the owner (docs/deploy.md).
APP_ROLE = "mgc_app"

State = tuple[str, str]
EMPTY: State = ("", "")
SYSTEM: State = ("", "on")


def _connection(using: str) -> BaseDatabaseWrapper:
    return connections[using]


def _known(conn: BaseDatabaseWrapper) -> State | None:
    """Return what the session has set, as this process last set it, or None.

    A connection not open yet will start a session with nothing set. A
    setting changed inside a transaction is not trusted (a rollback reverts
    it): the next change asks the server.
    """
    if conn.connection is None:
        return EMPTY
    mark = getattr(conn, "_mgc_rls", None)
    if mark is None or mark[0] is not conn.connection:
        return None
    return mark[1]


def _remember(conn: BaseDatabaseWrapper, state: State) -> None:
    conn._mgc_rls = (conn.connection, None if conn.in_atomic_block else state)


# A request that started with nothing set leaves its tenant on the session
# when it ends, instead of a query to clear it: the session is marked stale
# ("nothing set", as far as the next user knows). Before any query on a stale
# session, `_stale_guard` (an execute wrapper on the connection until then)
# clears it durably, outside any transaction, so no rollback can bring the
# finished request's tenant back; except before a statement that sets both
# settings itself in autocommit (`_swap`, `_activate_by`): an agent's next
# request starts with its token's activation, and the clear costs nothing.


def _stale(conn: BaseDatabaseWrapper) -> bool:
    mark = getattr(conn, "_mgc_rls_stale", None)
    return mark is not None and mark is conn.connection


def _stale_mark(conn: BaseDatabaseWrapper) -> None:
    conn._mgc_rls_stale = conn.connection
    if _stale_guard not in conn.execute_wrappers:
        conn.execute_wrappers.insert(0, _stale_guard)


def _stale_end(conn: BaseDatabaseWrapper) -> None:
    conn._mgc_rls_stale = None
    if _stale_guard in conn.execute_wrappers:
        conn.execute_wrappers.remove(_stale_guard)


def _stale_guard(execute, sql, params, many, context):
    """Clear a stale session before a query that does not durably set it."""
    conn = context["connection"]
    if _stale(conn) and (
        conn.in_atomic_block or not getattr(conn, "_mgc_rls_setting", False)
    ):
        _stale_clear(conn)
    return execute(sql, params, many, context)


def _stale_clear(conn: BaseDatabaseWrapper) -> None:
    """Clear both settings, committed at once (not in the caller's transaction)."""
    if not conn.in_atomic_block:
        _swap(EMPTY, conn.alias)  # autocommit: durable
        return
    raw = conn.connection
    from psycopg import pq

    if raw.info.transaction_status != pq.TransactionStatus.IDLE:
        # A transaction already open: cannot happen through Django's cursors
        # (they all pass this guard first); clear in it, and trust nothing.
        _swap(EMPTY, conn.alias)
        conn._mgc_rls = (raw, None)
        return
    raw.autocommit = True
    try:
        raw.execute(
            "SELECT set_config(%s, '', false), set_config(%s, '', false)",
            [TENANT_SETTING, SYSTEM_SETTING],
        )
    finally:
        raw.autocommit = False
    conn._mgc_rls = (raw, EMPTY)
    _stale_end(conn)


@contextlib.contextmanager
def _setting(conn: BaseDatabaseWrapper) -> Iterator[None]:
    """Mark the statement run inside as one that sets both settings."""
    conn._mgc_rls_setting = True
    try:
        yield
    finally:
        conn._mgc_rls_setting = False


def _swap(state: State, using: str = "default") -> State:
    """Set (tenant, system) on the session; return the values they replace.

    On a stale session those are nothing set: what it holds is a finished
    request's.
    """
    conn = _connection(using)
    stale = _stale(conn)
    with conn.cursor() as cursor, _setting(conn):
        cursor.execute(
            "SELECT coalesce(current_setting(%s, true), ''), "
            "coalesce(current_setting(%s, true), ''), "
            "set_config(%s, %s, false), set_config(%s, %s, false)",
            [
                TENANT_SETTING,
                SYSTEM_SETTING,
                TENANT_SETTING,
                state[0],
                SYSTEM_SETTING,
                state[1],
            ],
        )
        tenant, system, _, _ = cursor.fetchone()
    _remember(conn, state)
    if stale:
        _stale_end(conn)
        return EMPTY
    return tenant, system


def _restore(state: State, using: str = "default") -> None:
    """Put `state` back, unless the transaction is broken (its rollback will)."""
    conn = _connection(using)
    if _known(conn) == state:
        return
    if conn.in_atomic_block and conn.needs_rollback:
        return
    try:
        _swap(state, using)
    except DatabaseError:
        if not conn.in_atomic_block:
            raise
        # An aborted transaction: its rollback reverts the setting.


def _activate_by(sql: str, params: list[Any], using: str) -> uuid.UUID | None:
    """Set the tenant `sql` selects (or none); return it. One query."""
    conn = _connection(using)
    with conn.cursor() as cursor, _setting(conn):
        cursor.execute(
            f"WITH found AS ({sql}) SELECT (SELECT tenant_id FROM found), "
            "set_config(%s, coalesce((SELECT tenant_id::text FROM found), ''), "
            "false), set_config(%s, '', false)",
            [*params, TENANT_SETTING, SYSTEM_SETTING],
        )
        tenant_id = cursor.fetchone()[0]
    _remember(conn, (str(tenant_id) if tenant_id else "", ""))
    _stale_end(conn)
    return tenant_id


def tenant_activate_for_token(
    prefix: str, columns: Sequence[str], using: str = "default"
) -> tuple | None:
    """Act for the tenant of the agent token with `prefix` (none if there is
    none); return `columns` of the token's row, or None. One statement.

    `mgc_agent_token` (migration 0019), a SQL function that sees across
    tenants for this one answer, returns the token with its agent and tenant
    as `token`, `agent` and `tenant` (the tables' row types: a column is
    `(found.token)."prefix"`), and the statement sets their tenant on the
    session. It is a request's first statement, so it is also the
    connection's health check: on a reused connection that Django has not
    checked yet, a connection error closes it and the statement runs once
    more on a new one (what the check's own `SELECT 1` would have led to),
    and the check is not made.
    """
    conn = _connection(using)
    sql = (
        "WITH found AS MATERIALIZED (SELECT * FROM mgc_agent_token(%s)) "
        f"SELECT (found.token).id, {', '.join(columns)}, "
        "set_config(%s, coalesce((found.token).tenant_id::text, ''), false), "
        "set_config(%s, '', false) FROM (SELECT 1) AS one LEFT JOIN found ON true"
    )
    params = [prefix, TENANT_SETTING, SYSTEM_SETTING]
    checking = (
        conn.connection is not None
        and conn.health_check_enabled
        and not conn.health_check_done
        and not conn.in_atomic_block
    )
    if checking:
        conn.health_check_done = True
    try:
        row = _activate_row(conn, sql, params)
    except (OperationalError, InterfaceError):
        if not checking:
            raise
        conn.close()
        row = _activate_row(conn, sql, params)
    found, *values, tenant_id, _ = row
    _remember(conn, (tenant_id, ""))
    _stale_end(conn)
    return None if found is None else tuple(values)


def _activate_row(conn: BaseDatabaseWrapper, sql: str, params: list[Any]) -> tuple:
    with conn.cursor() as cursor, _setting(conn):
        cursor.execute(sql, params)
        return cursor.fetchone()


def tenant_activate_for_slug(slug: str, using: str = "default") -> None:
    """Act for the tenant named `slug` (none if there is none).

    The caller then checks the membership, which the setting makes visible
    only if it is in this tenant.
    """
    _activate_by(
        "SELECT id AS tenant_id FROM memory_core_tenant WHERE slug = %s",
        [slug],
        using=using,
    )


def current(using: str = "default") -> State:
    """Return (tenant id or "", "on" or "") as the session has them."""
    with _connection(using).cursor() as cursor:
        cursor.execute(
            "SELECT coalesce(current_setting(%s, true), ''), "
            "coalesce(current_setting(%s, true), '')",
            [TENANT_SETTING, SYSTEM_SETTING],
        )
        return tuple(cursor.fetchone())  # type: ignore[return-value]


@contextlib.contextmanager
def tenant_context(
    tenant_id: uuid.UUID | str, using: str = "default"
) -> Iterator[None]:
    """Act for one tenant (and only it) inside the block."""
    previous = _swap((str(tenant_id), ""), using)
    try:
        yield
    finally:
        _restore(previous, using)


@contextlib.contextmanager
def system_context(using: str = "default") -> Iterator[None]:
    """See every tenant's rows inside the block: the narrow cross-tenant paths."""
    previous = _swap(SYSTEM, using)
    try:
        yield
    finally:
        _restore(previous, using)


def tenant_activate(tenant_id: uuid.UUID | str, using: str = "default") -> None:
    """Act for `tenant_id` until the request or task ends (it clears the setting)."""
    _swap((str(tenant_id), ""), using)


def system_call(function: Callable[..., Any]) -> Callable[..., Any]:
    """Decorate a cross-tenant function: it runs in `system_context`."""
    import functools

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with system_context():
            return function(*args, **kwargs)

    return wrapper


def session_reset(using: str = "default") -> State:
    """Clear the settings of the session; return what they were.

    No query when nothing is set (a connection not open yet, or one this
    process cleared); one whose server went away is closed, so the next
    query opens a new session.
    """
    conn = _connection(using)
    if _known(conn) == EMPTY and not _stale(conn):
        return EMPTY
    try:
        return _swap(EMPTY, using)
    except DatabaseError:
        if conn.in_atomic_block:
            raise
        conn.close()
        return EMPTY


# Where the operator's pages live: a superuser there sees every tenant.
OPERATOR_PATHS = ("/platform/", "/admin/")
# The load balancer's probes read no tenant table and must not need the database.
PROBE_PATHS = ("/healthz", "/readyz")


class DatabaseTenantMiddleware:
    """Start every request with no tenant set; put back the previous values after.

    Lazily: the settings are cleared just before the request's first query
    (an execute wrapper), so a request that reads no table costs nothing,
    and where this process knows nothing is set, no query either. Nothing
    set is put back lazily too (`_stale_mark`): in production every request
    starts and ends so, and an agent's request then costs no query for the
    setting beyond its token's activation. Placed
    after the authentication middleware: a superuser on the operator's pages
    (`OPERATOR_PATHS`) gets the system context for the request.
    """

    def __init__(self, get_response: Callable[[Any], Any]) -> None:
        self.get_response = get_response

    def __call__(self, request: Any) -> Any:
        if request.path in PROBE_PATHS:
            return self.get_response(request)
        if request.path.startswith(OPERATOR_PATHS) and _is_operator(request):
            previous = _swap(SYSTEM)
            try:
                return self.get_response(request)
            finally:
                _restore(previous)
        conn = _connection("default")
        cleared: list[State] = []

        def clear_first(execute, sql, params, many, context):
            if not cleared:
                cleared.append(EMPTY)  # before the query below re-enters
                # A stale session that reaches here is about to be set, in
                # full and durably, by this statement (`_stale_guard`).
                if not _stale(conn):
                    cleared[0] = session_reset()
            return execute(sql, params, many, context)

        try:
            with conn.execute_wrapper(clear_first):
                return self.get_response(request)
        finally:
            if cleared:
                _request_end(conn, cleared[0])


def _request_end(conn: BaseDatabaseWrapper, previous: State) -> None:
    """Put back what was there before the request; nothing set is put back
    lazily (the session is marked stale), saving a query per request."""
    if (
        previous == EMPTY
        and conn.connection is not None
        and not conn.in_atomic_block
        and _known(conn) is not None
    ):
        if _known(conn) != EMPTY:
            _stale_mark(conn)
        return
    _restore(previous)


def _is_operator(request: Any) -> bool:
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_active and user.is_superuser)


# SQL for migrations: enable and force RLS on a table keyed by tenant_id.
def policy_sql(table: str, *, key: str = "tenant_id") -> str:
    """Return the SQL that isolates `table` by its `key` column."""
    return f"""
ALTER TABLE {table} ENABLE ROW LEVEL SECURITY;
ALTER TABLE {table} FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON {table}
    USING ({key} = nullif(current_setting('{TENANT_SETTING}', true), '')::uuid)
    WITH CHECK ({key} = nullif(current_setting('{TENANT_SETTING}', true), '')::uuid);
CREATE POLICY system_access ON {table}
    USING (current_setting('{SYSTEM_SETTING}', true) = 'on')
    WITH CHECK (current_setting('{SYSTEM_SETTING}', true) = 'on');
"""


def policy_drop_sql(table: str) -> str:
    return f"""
DROP POLICY IF EXISTS tenant_isolation ON {table};
DROP POLICY IF EXISTS system_access ON {table};
ALTER TABLE {table} NO FORCE ROW LEVEL SECURITY;
ALTER TABLE {table} DISABLE ROW LEVEL SECURITY;
"""


def grants_sql(role: str = APP_ROLE) -> str:
    """Grant the app role data access (no DDL, no TRUNCATE), now and for new tables.

    A no-op where the role does not exist yet (docs/deploy.md: create it,
    then migrate).
    """
    tables = "SELECT, INSERT, UPDATE, DELETE"
    statements = [
        f"GRANT USAGE ON SCHEMA public TO {role}",
        f"GRANT {tables} ON ALL TABLES IN SCHEMA public TO {role}",
        f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {role}",
        f"ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT {tables} ON TABLES TO {role}",
        "ALTER DEFAULT PRIVILEGES IN SCHEMA public "
        f"GRANT USAGE, SELECT ON SEQUENCES TO {role}",
    ]
    body = "\n".join(f"        EXECUTE '{statement}';" for statement in statements)
    return f"""
DO $$
BEGIN
    IF EXISTS (SELECT FROM pg_roles WHERE rolname = '{role}') THEN
{body}
    END IF;
END
$$;
"""


def tenant_of(model: Any, pk: Any) -> uuid.UUID | None:
    """Return the tenant of one row, looked up across tenants (tasks' first step)."""
    with system_context():
        return model.objects.filter(pk=pk).values_list("tenant_id", flat=True).first()


def for_each_tenant(function: Callable[[], int]) -> int:
    """Run `function` once per tenant, in that tenant's context; sum the results.

    The beat jobs' sweepers: row-level security limits each run to one
    tenant's rows, so the sweeper itself needs no tenant filter.
    """
    from memory_core.models import Tenant

    total = 0
    for tenant_id in Tenant.objects.order_by("pk").values_list("pk", flat=True):
        with tenant_context(tenant_id):
            total += function()
    return total
