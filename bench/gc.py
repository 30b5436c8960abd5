"""GC benchmark: `python -m bench.gc [--sizes 250000 500000 1000000]`.

For each size N, in a database of its own (memory_bench_gc, dropped and
recreated): bulk-insert N memory versions into one tenant with
`INSERT … SELECT generate_series` (3/4 of them items' active heads, 1/4 older
superseded versions; timestamps spread over two years; a mix of layers,
sources, confidences, TTLs, accesses, pins and already-expired items), then
time a dry run and a full run of `gc_run_execute`, and EXPLAIN ANALYZE the
main queries. Prints JSON, writes bench/results/gc.json and the plans to
bench/results/gc_plans_<N>.txt.

Embeddings are drawn from a pool of 4096 random unit vectors (GC reads
vectors only in the contradiction scan, which is capped per run). The HNSW
index is dropped before the load: building it for 1M vectors takes longer on
this machine than everything else together, and GC's scans never use it;
the two GIN indexes are rebuilt after the load, so version updates pay for
them as in production.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

from bench import bench_database, bench_django_setup

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
DATABASE = "memory_bench_gc"
SLUG = "gc-bench"
SCOPES = 1000
TARGET_SECONDS = 60.0


def configure_fresh() -> None:
    """Recreate the bench database, point Django at it and migrate."""
    sys.path.insert(0, str(ROOT))
    import psycopg

    from memory_core import embedded_db

    # `bench_database` honours MGC_BENCH_DATABASE: drop the one it will use.
    name = os.environ.get("MGC_BENCH_DATABASE", DATABASE)
    sock = embedded_db.socket_dir()
    with psycopg.connect(
        host=sock, user="postgres", dbname="postgres", autocommit=True
    ) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    bench_database(DATABASE)
    os.environ["DJANGO_SETTINGS_MODULE"] = "memory_core.settings"
    os.environ.setdefault("DJANGO_DEBUG", "false")

    bench_django_setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


LOAD_SQL = """
-- 1000 user scopes under the tenant's org.
INSERT INTO memory_core_scope (id, tenant_id, parent_id, path, kind, name, created_at)
SELECT gen_random_uuid(), %(tenant)s, %(org)s, %(org_path)s || 'user/' || g || '/',
       'user', 'u' || g, now()
FROM generate_series(1, %(scopes)s) g;

CREATE TEMP TABLE bench_scopes AS
SELECT row_number() OVER (ORDER BY path) - 1 AS n, id FROM memory_core_scope
WHERE tenant_id = %(tenant)s AND kind = 'user';

CREATE TEMP TABLE bench_vectors AS
SELECT g AS n, l2_normalize(array(
    SELECT random() - 0.5 + 0 * g FROM generate_series(1, 384))::vector) AS v
FROM generate_series(0, 4095) g;

CREATE TEMP TABLE bench_items AS
SELECT g AS n, gen_random_uuid() AS id, gen_random_uuid() AS v1,
       CASE WHEN g < %(superseded)s THEN gen_random_uuid() END AS v2,
       now() - random() * interval '720 days' AS created_at,
       random() AS r1, random() AS r2, random() AS r3, random() AS r4
FROM generate_series(0, %(items)s - 1) g;

INSERT INTO memory_core_memoryitem
    (id, tenant_id, scope_id, layer, kind, memory_key, subject, predicate, object,
     classification, residency, status, head_id, pinned, expires_at,
     soft_expires_at, access_count, last_accessed_at, created_at, updated_at,
     expired_at, expired_by, gc_candidate_reason, stale_reason, retrieval_weight)
SELECT b.id, %(tenant)s, s.id,
       (ARRAY['session','episodic','episodic','episodic','episodic','semantic',
              'semantic','semantic','procedural','episodic'])[1 + b.n %% 10],
       'note', NULL, '', '', '', 'general', '',
       CASE WHEN b.r4 < 0.05 THEN 'expired' ELSE 'active' END,
       NULL, b.r3 < 0.01,
       CASE WHEN b.r1 < 0.10
            THEN b.created_at + (30 + b.r2 * 400) * interval '1 day' END,
       CASE WHEN b.r1 BETWEEN 0.10 AND 0.20
            THEN b.created_at + (10 + b.r2 * 200) * interval '1 day' END,
       (b.r2 * 20)::int,
       CASE WHEN b.r3 < 0.5 THEN b.created_at + (now() - b.created_at) * b.r2 END,
       b.created_at, b.created_at,
       CASE WHEN b.r4 < 0.05 THEN now() - b.r4 * 20 * interval '60 days' END,
       CASE WHEN b.r4 < 0.05 THEN 'relevance' ELSE '' END, '', '', 1.0
FROM bench_items b JOIN bench_scopes s ON s.n = b.n %% %(scopes)s;

-- v1 of every item: superseded where a v2 exists, else the head.
INSERT INTO memory_core_memoryversion
    (id, tenant_id, item_id, scope_id, layer, number, content, structured,
     embedding, content_hash, fingerprint, confidence, adjusted_confidence, source,
     evidence, evidence_count, last_reinforced_at, validation_score,
     approval_state, approved_by, justification, status, supersedes_id,
     merged_from, flags, provenance, valid_from, valid_to, task_id, session_id,
     signature, created_at)
SELECT b.v1, %(tenant)s, b.id, i.scope_id, i.layer, 1,
       'memory ' || b.n || ' about topic ' || (b.n %% 997), '{}'::jsonb,
       vec.v, md5('memory ' || b.n), '', 0.2 + b.r2 * 0.8,
       CASE WHEN b.r3 < 0.7 THEN 0.2 + b.r2 * 0.8 END,
       (ARRAY['agent_inferred','agent_inferred','agent_inferred','user_stated',
              'user_stated','user_stated','tool_verified','tool_verified',
              'recalled','external'])[1 + (b.n / 7) %% 10],
       '[]'::jsonb, 1, NULL, CASE WHEN b.r1 < 0.6 THEN 0.3 + b.r3 * 0.7 END,
       'auto', '', '',
       CASE WHEN b.v2 IS NOT NULL THEN 'superseded'
            WHEN i.status = 'expired' THEN 'expired' ELSE 'active' END,
       NULL, '{}', '[]'::jsonb, '{}'::jsonb, b.created_at,
       CASE WHEN b.v2 IS NOT NULL
            THEN b.created_at + (now() - b.created_at) * b.r4 END,
       '', '', '', b.created_at
FROM bench_items b JOIN memory_core_memoryitem i ON i.id = b.id
JOIN bench_vectors vec ON vec.n = b.n %% 4096;

INSERT INTO memory_core_memoryversion
    (id, tenant_id, item_id, scope_id, layer, number, content, structured,
     embedding, content_hash, fingerprint, confidence, adjusted_confidence, source,
     evidence, evidence_count, last_reinforced_at, validation_score,
     approval_state, approved_by, justification, status, supersedes_id,
     merged_from, flags, provenance, valid_from, valid_to, task_id, session_id,
     signature, created_at)
SELECT b.v2, %(tenant)s, b.id, v.scope_id, v.layer, 2,
       'memory ' || b.n || ' revised about topic ' || (b.n %% 997), '{}'::jsonb,
       vec.v, md5('memory revised ' || b.n), '', v.confidence,
       v.adjusted_confidence, v.source, '[]'::jsonb, 1, NULL, v.validation_score,
       'auto', '', '', CASE WHEN i.status = 'expired' THEN 'expired' ELSE 'active' END,
       b.v1, '{}', '[]'::jsonb, '{}'::jsonb, v.valid_to, NULL, '', '', '',
       v.valid_to
FROM bench_items b JOIN memory_core_memoryversion v ON v.id = b.v1
JOIN memory_core_memoryitem i ON i.id = b.id
JOIN bench_vectors vec ON vec.n = (b.n + 1) %% 4096
WHERE b.v2 IS NOT NULL;

UPDATE memory_core_memoryitem i SET head_id = coalesce(b.v2, b.v1)
FROM bench_items b WHERE b.id = i.id;
"""


def load(n: int) -> dict:
    from django.db import connection

    from audit.services import Actor
    from memory_core.models import Scope
    from memory_core.services.tenancy import tenant_create

    tenant = tenant_create(slug=SLUG, name="GC bench", actor=Actor.system("bench"))
    org = Scope.objects.get(tenant=tenant, kind="org")
    items = (n * 3) // 4
    params = {
        "tenant": tenant.id,
        "org": org.id,
        "org_path": org.path,
        "scopes": SCOPES,
        "items": items,
        "superseded": n - items,
    }
    started = time.monotonic()
    with connection.cursor() as cursor:
        for index in (
            "memory_version_embedding_hnsw",
            "memory_version_search_gin",
            "memory_version_content_trgm",
        ):
            cursor.execute(f"DROP INDEX IF EXISTS {index}")
        for statement in LOAD_SQL.split(";\n\n"):
            if statement.strip():
                cursor.execute(statement, params)
        cursor.execute(
            "CREATE INDEX memory_version_search_gin ON memory_core_memoryversion "
            "USING gin (search_vector)"
        )
        cursor.execute(
            "CREATE INDEX memory_version_content_trgm ON memory_core_memoryversion "
            "USING gin (upper(content) gin_trgm_ops)"
        )
        cursor.execute("VACUUM ANALYZE")
        cursor.execute(
            "SELECT count(*) FROM memory_core_memoryversion WHERE tenant_id = %s",
            [tenant.id],
        )
        versions = cursor.fetchone()[0]
    return {
        "tenant": tenant,
        "items": items,
        "versions": versions,
        "load_seconds": round(time.monotonic() - started, 1),
    }


def explain(tenant) -> dict[str, str]:
    """Return EXPLAIN ANALYZE of the main queries (nothing is changed)."""
    from django.db import connection, transaction
    from django.utils import timezone

    from memory_core.lifecycle.gc import rules
    from memory_core.policy import policy_for

    ctx = rules.Context(tenant.id, timezone.now(), policy_for(tenant))
    captured: dict[str, str] = {}
    real_fetch = rules._fetch

    def capture(name):
        def fetch(sql, params):
            with connection.cursor() as cursor:
                cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql, params)
                plan = "\n".join(row[0] for row in cursor.fetchall())
                captured[name] = re.sub(r"'\{[0-9a-f,-]{200,}\}'", "'{…ids…}'", plan)
            return real_fetch(sql, params)

        return fetch

    try:
        for name, call in (
            ("expiry_classify", lambda: rules.expiry_classify(ctx)),
            ("marks_classify", lambda: rules.marks_classify(ctx)),
            ("superseded_classify", lambda: rules.superseded_classify(ctx)),
            ("hard_delete_classify", lambda: rules.hard_delete_classify(ctx)),
        ):
            rules._fetch = capture(name)
            call()
        rules._fetch = real_fetch
        ids = rules.expiry_classify(ctx)[rules.RELEVANCE][: ctx.policy.gc_batch_size]
        rules._fetch = capture("expire_batch")
        with transaction.atomic():
            rules.expire_batch(
                ctx, rule=rules.RELEVANCE, item_ids=ids, run_id=tenant.id
            )
            transaction.set_rollback(True)
    finally:
        rules._fetch = real_fetch
    return captured


def _backend_pids() -> list[int]:
    """Return the pids of the server processes serving this bench's database."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity "
            "WHERE datname = current_database() AND backend_type = 'client backend'"
        )
        return [row[0] for row in cursor.fetchall()]


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a local process, from /proc (0 if gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _wal(pid: int) -> tuple[int, int]:
    """(WAL bytes, full-page images) a server process has written (PostgreSQL 18)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT wal_bytes, wal_fpi FROM pg_stat_get_backend_wal(%s)", [pid]
        )
        row = cursor.fetchone()
    return (int(row[0] or 0), int(row[1] or 0)) if row else (0, 0)


# (pid, CPU seconds, WAL bytes, full-page images) of GC's worker connections
# (threads named gc-*), sampled as each closes: their server process ends
# with the connection, before the phase does.
ENDED: list[tuple[int, float, int, int]] = []


def _meter_worker_connections() -> None:
    from django.db.backends.base.base import BaseDatabaseWrapper

    real = BaseDatabaseWrapper.close

    def close(self) -> None:
        if self.connection is not None and threading.current_thread().name.startswith(
            "gc-"
        ):
            with self.cursor() as cursor:
                # The statistics reach shared memory when the process is idle.
                cursor.execute("SELECT pg_stat_force_next_flush()")
                cursor.execute(
                    "SELECT pg_backend_pid(), wal_bytes, wal_fpi "
                    "FROM pg_stat_get_backend_wal(pg_backend_pid())"
                )
                pid, wal, fpi = cursor.fetchone()
            ENDED.append((pid, _cpu_seconds(pid), int(wal or 0), int(fpi or 0)))
        real(self)

    BaseDatabaseWrapper.close = close


class PhaseMeter:
    """Per phase of a run: CPU seconds of this process and of the server
    processes serving the bench's database, and the WAL they wrote.

    Wall time on a shared 2-core machine follows the load; CPU seconds and
    WAL bytes per row do not (much), so before/after comparisons use them.
    GC's worker connections are sampled as they close (`ENDED`).
    """

    def __init__(self) -> None:
        self.phases: dict[str, dict[str, float]] = {}
        self._mark = self._sample()

    def _sample(self) -> dict[int | str, tuple[float, int, int]]:
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_stat_force_next_flush()")
        sample: dict[int | str, tuple[float, int, int]] = {
            "self": (time.process_time(), 0, 0)
        }
        for pid, cpu, wal, fpi in ENDED:
            sample[pid] = (cpu, wal, fpi)
        ENDED.clear()
        for pid in _backend_pids():
            sample[pid] = (_cpu_seconds(pid), *_wal(pid))
        return sample

    def phase_done(self, phase: str) -> None:
        now = self._sample()
        server_cpu = wal = fpi = 0.0
        for pid, (cpu, wal_bytes, images) in now.items():
            if pid == "self":
                continue
            cpu0, wal0, fpi0 = self._mark.get(pid, (0.0, 0, 0))
            server_cpu += cpu - cpu0
            wal += wal_bytes - wal0
            fpi += images - fpi0
        self.phases[phase] = {
            "server_cpu_s": round(server_cpu, 2),
            "python_cpu_s": round(now["self"][0] - self._mark["self"][0], 2),
            "wal_mb": round(wal / 2**20, 1),
            "wal_fpi": int(fpi),
        }
        self._mark = now


def metered_run(tenant) -> tuple[object, dict[str, dict[str, float]]]:
    """Run GC once, measuring each phase (`PhaseMeter`)."""
    from memory_core.lifecycle.gc import runs
    from memory_core.lifecycle.gc.runs import gc_run_execute

    _meter_worker_connections()
    meter = PhaseMeter()
    real = runs.gc_services.gc_run_phase_done

    def phase_done(run, *, phase: str, seconds: float) -> None:
        real(run, phase=phase, seconds=seconds)
        meter.phase_done(phase)

    runs.gc_services.gc_run_phase_done = phase_done
    try:
        run = gc_run_execute(tenant_id=tenant.id, triggered_by="bench")
    finally:
        runs.gc_services.gc_run_phase_done = real
    return run, meter.phases


def one(n: int) -> dict:
    configure_fresh()
    from memory_core.lifecycle.gc.runs import gc_run_execute

    loaded = load(n)
    tenant = loaded.pop("tenant")
    plans = explain(tenant)
    started = time.monotonic()
    dry = gc_run_execute(tenant_id=tenant.id, dry_run=True, triggered_by="bench")
    dry_seconds = time.monotonic() - started
    load_before = os.getloadavg()
    started = time.monotonic()
    run, metered = metered_run(tenant)
    seconds = time.monotonic() - started
    load_after = os.getloadavg()
    assert run is not None and run.status == "completed"
    # Steady state: the next tick examines every row again and finds no work.
    started = time.monotonic()
    idle = gc_run_execute(tenant_id=tenant.id, triggered_by="bench")
    idle_seconds = time.monotonic() - started
    assert idle is not None and idle.status == "completed"
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"gc_plans_{n}.txt").write_text(
        "\n\n".join(f"== {name}\n{plan}" for name, plan in plans.items())
    )
    return {
        "versions": loaded["versions"],
        "items": loaded["items"],
        "load_seconds": loaded["load_seconds"],
        "dry_run_seconds": round(dry_seconds, 2),
        "dry_run_counts": dry.counts,
        "run_seconds": round(seconds, 2),
        "rows_examined": run.rows_examined,
        "rows_examined_per_second": round(run.rows_examined / seconds),
        "counts": run.counts,
        "idle_run_seconds": round(idle_seconds, 2),
        "idle_rows_examined_per_second": round(idle.rows_examined / idle_seconds),
        "idle_counts": idle.counts,
        # The contradiction scan's share: the bench drops the HNSW index, so
        # its 200 neighbour searches are exact scans here, not in production.
        "idle_phase_seconds": idle.progress.get("seconds", {}),
        "phase_seconds": run.progress.get("seconds", {}),
        # CPU seconds (server processes of the bench's database, and this
        # process) and WAL written, per phase of the first run.
        "phase_cost": metered,
        "load_before_after": [round(x[0], 2) for x in (load_before, load_after)],
        "plan_times_ms": {
            name: plan.rsplit("Execution Time: ", 1)[-1].split(" ")[0]
            for name, plan in plans.items()
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--sizes", type=int, nargs="+", default=[250_000, 500_000, 1_000_000]
    )
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one(args.one)))
        return
    results = []
    for n in args.sizes:
        # A process per size: each recreates and migrates its own database.
        out = subprocess.run(
            [sys.executable, "-m", "bench.gc", "--one", str(n)],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        )
        result = json.loads(out.stdout.strip().splitlines()[-1])
        print(json.dumps(result), flush=True)
        results.append(result)
    per_version = [r["run_seconds"] / r["versions"] * 1e6 for r in results]
    summary = {
        "sizes": results,
        "microseconds_per_version": [round(x, 2) for x in per_version],
        "target_seconds_at_1m": TARGET_SECONDS,
        "meets_target": all(
            r["run_seconds"] < TARGET_SECONDS
            for r in results
            if r["versions"] >= 1_000_000
        ),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "gc.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
