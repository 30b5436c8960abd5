"""Erasure benchmark: `python -m bench.erasure [--versions 1000000] [--subject 1000]`.

Bulk-inserts a tenant holding N memory versions (one per item, random unit
vectors, synthetic text, a write request each), 10% of them carrying other
principals' redaction tokens, plus a data subject with S items in their user
scope (redacted email, name in clear, half of them cited as evidence by a
derived item elsewhere). Then times the preview (the scan with its closure,
as the detail page runs it) and the execution (chunks, rescan, locked
verification with nearest-neighbour probes, certificate), prints JSON with
the figures and EXPLAIN ANALYZE of the scan's main queries, and writes it to
bench/results/erasure.json. Runs in its own database (memory_bench_erasure);
the bulk rows are kept between runs and reused when the sizes match.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from bench import bench_database, bench_django_setup

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
DB_NAME = "memory_bench_erasure"
SLUG = "bench-erasure"
SUBJECT_SCOPE = f"/org/{SLUG}/user/subject/"
SUBJECT_EMAIL = "jane.bench@example.com"
SUBJECT_NAME = "Jane Benchmark"
USERS = 1000


def configure() -> None:
    if "DATABASE_URL" not in os.environ:
        sys.path.insert(0, str(ROOT))

        bench_database(DB_NAME)
    os.environ.setdefault("DJANGO_DEBUG", "false")
    os.environ["DJANGO_SETTINGS_MODULE"] = "memory_core.settings"

    bench_django_setup()


def _sql(statement: str, params=None) -> list[tuple]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(statement, params or [])
        return cursor.fetchall() if cursor.description else []


def _columns(table: str) -> list[str]:
    return [
        row[0]
        for row in _sql(
            "SELECT column_name FROM information_schema.columns WHERE table_name = %s "
            "AND is_generated = 'NEVER' ORDER BY ordinal_position",
            [table],
        )
    ]


def _copy_rows(table: str, template_id: str, series: str, overrides: dict) -> None:
    """INSERT … SELECT copies of a template row, some columns overridden.

    Copying a real row keeps the insert correct whatever columns other
    features add to the table.
    """
    columns = _columns(table)
    select = ", ".join(overrides.get(c, f"tpl.{c}") for c in columns)
    _sql(
        f"INSERT INTO {table} ({', '.join(columns)}) SELECT {select} "
        f"FROM {table} tpl, {series} WHERE tpl.id = %s",
        [template_id],
    )


def _secondary_indexes(table: str) -> list[tuple[str, str]]:
    return _sql(
        "SELECT i.indexname, i.indexdef FROM pg_indexes i JOIN pg_class c ON "
        "c.relname = i.indexname JOIN pg_index x ON x.indexrelid = c.oid "
        "WHERE i.tablename = %s AND NOT x.indisprimary AND NOT x.indisunique",
        [table],
    )


def _item(tenant, content: str, *, path: str, layer: str, **version_fields):
    """Store an item with one active version through the ORM."""
    import numpy as np
    from django.utils import timezone

    from memory_core.hashing import content_hash
    from memory_core.models import MemoryItem, MemoryVersion, Scope

    now = timezone.now()
    scope = Scope.objects.get(tenant=tenant, path=path)
    item = MemoryItem.objects.create(
        tenant=tenant, scope=scope, layer=layer, created_at=now, updated_at=now
    )
    vector = np.random.default_rng().normal(size=384)
    item.head = MemoryVersion.objects.create(
        tenant=tenant,
        item=item,
        scope=scope,
        layer=layer,
        number=1,
        content=content,
        embedding=(vector / np.linalg.norm(vector)).tolist(),
        content_hash=content_hash(content),
        confidence=0.9,
        source="user_stated",
        status="active",
        valid_from=now,
        created_at=now,
        **version_fields,
    )
    item.save(update_fields=["head"])
    return item


def seed(versions: int, subject: int) -> dict:
    """Create (or reuse) the bench tenant; return its ids and timings."""
    from django.contrib.auth.models import User
    from django.db import transaction

    from audit.services import Actor
    from memory_core.models import Role, Tenant
    from memory_core.services.tenancy import (
        agent_create,
        membership_grant,
        scope_create,
        tenant_create,
    )

    tenant = Tenant.objects.filter(slug=SLUG).first()
    if tenant is not None:
        have = _sql(
            "SELECT count(*) FROM memory_core_memoryversion WHERE tenant_id = %s "
            "AND content LIKE 'Synthetic memory %%'",
            [tenant.id],
        )[0][0]
        if have == versions:
            started = time.perf_counter()
            _clear_subject(tenant)
            _seed_subject(tenant, subject)
            return {
                "tenant": tenant,
                "seconds": round(time.perf_counter() - started, 1),
                "reused_bulk": True,
            }
        raise SystemExit(
            f"{SLUG} holds {have} bulk versions, not {versions}; drop the "
            f"{DB_NAME} database to start over."
        )
    started = time.perf_counter()
    system = Actor.system("bench")
    tenant = tenant_create(slug=SLUG, name="Bench erasure", actor=system)
    user_scopes = [f"/org/{SLUG}/user/u{n}/" for n in range(USERS)]
    for path in [*user_scopes, SUBJECT_SCOPE]:
        scope_create(tenant=tenant, path=path, actor=system)
    agent = agent_create(
        tenant=tenant,
        name="bench",
        allowed_scopes=[f"/org/{SLUG}/"],
        allowed_layers=["episodic", "semantic"],
        actor=system,
    )
    officer, _ = User.objects.get_or_create(username="bench-officer")
    membership_grant(
        tenant=tenant, user=officer, role=Role.COMPLIANCE_OFFICER, actor=system
    )
    # Templates: one real item, version and write request, copied in bulk.
    template = _item(tenant, "template", path=user_scopes[0], layer="episodic")
    version = template.head
    from memory_core.models import WriteRequest

    write = WriteRequest.objects.create(
        tenant=tenant,
        agent=agent,
        idempotency_key="template",
        request_hash="0" * 64,
        content_token="0" * 64,
        payload={"content": "template"},
        scope_path=user_scopes[0],
        layer="episodic",
        status="committed",
        memory_item=template,
        version=version,
    )
    _sql(
        "UPDATE memory_core_memoryitem SET head_id = NULL WHERE id = %s", [template.id]
    )
    dropped = _secondary_indexes("memory_core_memoryversion")
    for name, _ in dropped:
        _sql(f"DROP INDEX {name}")
    scope_ids = [
        str(r[0])
        for r in _sql(
            "SELECT id FROM memory_core_scope WHERE tenant_id = %s AND path = ANY(%s) "
            "ORDER BY path",
            [tenant.id, user_scopes],
        )
    ]
    with transaction.atomic():
        _sql("CREATE TEMP TABLE bench_ids (n int PRIMARY KEY, item uuid, scope uuid)")
        _sql(
            "INSERT INTO bench_ids SELECT n, gen_random_uuid(), "
            "(%s::uuid[])[1 + n %% %s] FROM generate_series(1, %s) n",
            [scope_ids, len(scope_ids), versions],
        )
        _copy_rows(
            "memory_core_memoryitem",
            str(template.id),
            "bench_ids b",
            {
                "id": "b.item",
                "scope_id": "b.scope",
                "subject": "'user:u' || (b.n %% 1000)",
                "memory_key": "NULL",
            },
        )
        _copy_rows(
            "memory_core_memoryversion",
            str(version.id),
            "bench_ids b",
            {
                "id": "gen_random_uuid()",
                "item_id": "b.item",
                "scope_id": "b.scope",
                "number": "1",
                "content": "'Synthetic memory ' || b.n || ' on topic ' || (b.n %% 997)"
                " || CASE WHEN b.n %% 10 = 0 THEN ', reach <EMAIL_1> for it'"
                " ELSE '' END || ', noted by team ' || (b.n %% 31)",
                "embedding": "l2_normalize(ARRAY(SELECT random() - 0.5 + 0 * b.n "
                "FROM generate_series(1, 384))::vector)",
            },
        )
        _sql(
            "UPDATE memory_core_memoryitem i SET head_id = v.id FROM "
            "memory_core_memoryversion v WHERE v.item_id = i.id AND i.tenant_id = %s",
            [tenant.id],
        )
        _copy_rows(
            "memory_core_writerequest",
            str(write.id),
            "bench_ids b JOIN memory_core_memoryversion v ON v.item_id = b.item",
            {
                "id": "gen_random_uuid()",
                "idempotency_key": "'k' || b.n",
                "payload": "jsonb_build_object('content', v.content, 'scope', "
                "'/org/bench/', 'layer', 'episodic')",
                "memory_item_id": "b.item",
                "version_id": "v.id",
            },
        )
        _sql("DROP TABLE bench_ids")
        _sql("DELETE FROM memory_core_writerequest WHERE id = %s", [write.id])
        _sql("DELETE FROM memory_core_memoryversion WHERE item_id = %s", [template.id])
        _sql("DELETE FROM memory_core_memoryitem WHERE id = %s", [template.id])
    bulk_seconds = time.perf_counter() - started
    _sql("SET maintenance_work_mem = '2GB'")
    index_started = time.perf_counter()
    for _, definition in dropped:
        _sql(definition)
    index_seconds = time.perf_counter() - index_started
    _seed_subject(tenant, subject)
    _sql("ANALYZE")
    return {
        "tenant": tenant,
        "seconds": round(time.perf_counter() - started, 1),
        "bulk_insert_seconds": round(bulk_seconds, 1),
        "index_build_seconds": round(index_seconds, 1),
        "reused": False,
    }


def _clear_subject(tenant) -> None:
    """Delete what an interrupted earlier run left of the subject."""
    from django.db import transaction

    from memory_core.lifecycle.deletion import items_hard_delete

    leftovers = [
        r[0]
        for r in _sql(
            "SELECT i.id FROM memory_core_memoryitem i JOIN memory_core_scope s ON "
            "s.id = i.scope_id JOIN memory_core_memoryversion v ON v.id = i.head_id "
            "WHERE i.tenant_id = %s AND (s.path = %s OR v.content LIKE "
            "'Derived fact %%')",
            [tenant.id, SUBJECT_SCOPE],
        )
    ]
    with transaction.atomic():
        items_hard_delete(tenant_id=tenant.id, item_ids=leftovers)
        _sql(
            "DELETE FROM memory_core_redactiontoken WHERE principal = %s",
            [SUBJECT_SCOPE],
        )


def _seed_subject(tenant, subject: int) -> None:
    """Store the subject's items and the items derived from them."""
    from memory_core.redaction import redact_text

    # The subject: redacted email through the real redaction code, name clear.
    redacted, _ = redact_text(
        tenant_id=tenant.id,
        principal=SUBJECT_SCOPE,
        text=f"{SUBJECT_NAME} asked to be mailed at {SUBJECT_EMAIL}.",
    )
    subject_items = []
    for n in range(subject):
        content = redacted if n % 2 else f"Note {n}: follow up with <EMAIL_1>."
        item = _item(tenant, content, path=SUBJECT_SCOPE, layer="episodic")
        subject_items.append(item)
    for n, source in enumerate(subject_items[::2]):
        _item(
            tenant,
            f"Derived fact {n} about renewals.",
            path=f"/org/{SLUG}/",
            layer="semantic",
            evidence=[{"source_type": "MEMORY_ITEM", "memory_id": str(source.pk)}],
        )


def explain(tenant, identifiers) -> dict[str, str]:
    """Return EXPLAIN ANALYZE of the scan's main queries."""
    from memory_core.lifecycle.erasure import (
        VERSION_TEXT,
        like_contains,
        like_prefix,
        name_regex,
    )

    name = next(i.value for i in identifiers if i.kind == "name")
    queries = {
        "token_in_principal_versions": (
            "SELECT DISTINCT t.item_id FROM memory_core_memoryversion t JOIN "
            "memory_core_scope s ON s.id = t.scope_id WHERE t.tenant_id = %s "
            f"AND s.path LIKE %s AND {VERSION_TEXT} LIKE %s",
            [tenant.id, like_prefix(SUBJECT_SCOPE), like_contains("<EMAIL_1>")],
        ),
        "name_in_versions": (
            "SELECT DISTINCT t.item_id FROM memory_core_memoryversion t JOIN "
            "memory_core_scope s ON s.id = t.scope_id WHERE t.tenant_id = %s "
            f"AND {VERSION_TEXT} ~* %s",
            [tenant.id, name_regex(name)],
        ),
        "name_in_write_requests": (
            "SELECT DISTINCT t.id FROM memory_core_writerequest t WHERE "
            "t.tenant_id = %s AND (t.payload::text || ' ' || "
            "t.gate_decisions::text || ' ' || t.reason) ~* %s",
            [tenant.id, name_regex(name)],
        ),
        "evidence_closure": (
            "SELECT item_id, evidence FROM memory_core_memoryversion WHERE "
            "tenant_id = %s AND evidence @> ANY(%s::jsonb[])",
            [
                tenant.id,
                [
                    json.dumps([{"memory_id": str(r[0])}])
                    for r in _sql(
                        "SELECT i.id FROM memory_core_memoryitem i JOIN "
                        "memory_core_scope s ON s.id = i.scope_id WHERE s.path = %s",
                        [SUBJECT_SCOPE],
                    )
                ],
            ],
        ),
    }
    plans = {}
    for label, (sql, params) in queries.items():
        rows = _sql("EXPLAIN (ANALYZE, BUFFERS OFF) " + sql, params)
        plans[label] = "\n".join(r[0] for r in rows)
    return plans


def _executor(tenant):
    """Return the bench's second compliance officer, made on first use."""
    from django.contrib.auth.models import User

    from audit.services import Actor
    from memory_core.models import Membership, Role
    from memory_core.services.tenancy import membership_grant

    executor, _ = User.objects.get_or_create(username="bench-executor")
    if not Membership.objects.filter(tenant=tenant, user=executor).exists():
        membership_grant(
            tenant=tenant,
            user=executor,
            role=Role.COMPLIANCE_OFFICER,
            actor=Actor.system("bench"),
        )
    return executor


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--versions", type=int, default=1_000_000)
    parser.add_argument("--subject", type=int, default=1000)
    args = parser.parse_args()
    configure()
    global SLUG, SUBJECT_SCOPE
    # One tenant per size: audit events are insert-only, so a tenant is
    # never deleted to reseed it.
    SLUG = f"bench-erasure-{args.versions}"
    SUBJECT_SCOPE = f"/org/{SLUG}/user/subject/"
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    seeded = seed(args.versions, args.subject)
    tenant = seeded["tenant"]
    from django.contrib.auth.models import User

    from approvals.erasure.job import erasure_run
    from approvals.erasure.requests import erasure_execute, erasure_file
    from approvals.erasure.selectors import erasure_preview
    from memory_core.lifecycle.erasure import identifier_parse

    officer = User.objects.get(username="bench-officer")
    identifiers = [("email", SUBJECT_EMAIL), ("name", SUBJECT_NAME)]
    total_versions = _sql(
        "SELECT count(*) FROM memory_core_memoryversion WHERE tenant_id = %s",
        [tenant.id],
    )[0][0]
    plans = explain(tenant, [identifier_parse(k, v) for k, v in identifiers])
    request = erasure_file(
        tenant=tenant,
        identifiers=identifiers,
        legal_basis="consent_withdrawn",
        user=officer,
    )
    started = time.perf_counter()
    preview = erasure_preview(tenant=tenant, request_id=request.pk, user=officer)
    preview_seconds = time.perf_counter() - started
    # Four eyes (on by default): a second officer executes.
    erasure_execute(tenant=tenant, request_id=request.pk, user=_executor(tenant))
    started = time.perf_counter()
    status = erasure_run(request_id=request.pk)
    execution_seconds = time.perf_counter() - started
    request.refresh_from_db()
    rows = sum((request.counts or {}).get("tables", {}).values())
    result = {
        "versions_in_tenant": total_versions,
        "subject_items": args.subject,
        "seed": {k: v for k, v in seeded.items() if k != "tenant"},
        "preview_seconds": round(preview_seconds, 2),
        "preview_items": preview.item_total,
        "preview_counts": preview.counts,
        "execution_seconds": round(execution_seconds, 2),
        "status": status,
        "rows_deleted": rows,
        "rows_deleted_per_second": round(rows / execution_seconds, 1),
        "counts": request.counts,
        "certificate_audit_seq": (request.certificate or {})
        .get("audit", {})
        .get("seq"),
        "targets_met": preview_seconds < 60 and execution_seconds < 60,
        "explain_analyze": plans,
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "erasure.json").write_text(json.dumps(result, indent=2, default=str))
    print(
        json.dumps(
            {k: v for k, v in result.items() if k != "explain_analyze"},
            indent=2,
            default=str,
        )
    )
    for label, plan in plans.items():
        print(f"\n-- {label}\n{plan}")


if __name__ == "__main__":
    main()
