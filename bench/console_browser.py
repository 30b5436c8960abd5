"""Memory-browser benchmark: `python -m bench.console_browser [--n 100000]`.

Bulk-loads N memories (items with active head versions, random unit vectors,
about one in ten with an earlier superseded version) into one tenant of its
own database (memory_bench_browser) with COPY, then times the memory browser
and the as-of view through Django's test Client: p50/p95 server time over
30 requests per filter set, and the SQL queries each request runs. Prints
JSON and writes it to bench/results/console_browser.json. A second run
reuses the loaded data (`--reload` loads it again).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

from bench import bench_database, bench_django_setup

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
DATABASE = "memory_bench_browser"
TENANT = "bench-browser"
USERS = 50
LAYERS = ("session", "episodic", "semantic", "procedural")
REQUESTS = 30
TARGET_P95_MS = 150.0


def configure() -> None:
    """Point this process at the benchmark's own database and migrate it."""
    if "DATABASE_URL" not in os.environ:
        sys.path.insert(0, str(ROOT))

        bench_database(DATABASE)
    os.environ["DJANGO_SETTINGS_MODULE"] = "memory_core.settings"
    os.environ.setdefault("DJANGO_DEBUG", "false")

    bench_django_setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


# Loading


def scope_paths() -> list[str]:
    return ["/org/bench/"] + [f"/org/bench/user/{u}/" for u in range(USERS)]


def ensure_tenant():
    """Return the bench tenant, its scopes by path and a curator, created once."""
    from audit.services import Actor
    from memory_core.models import Membership, Role, Scope, Tenant
    from memory_core.services.tenancy import (
        membership_grant,
        scope_create,
        tenant_create,
    )

    actor = Actor.system("bench")
    tenant = Tenant.objects.filter(slug=TENANT).first()
    if tenant is None:
        tenant = tenant_create(slug=TENANT, name="Bench Browser", actor=actor)
        for path in scope_paths():
            scope_create(tenant=tenant, path=path, actor=actor)
    from django.contrib.auth.models import User

    user, _ = User.objects.get_or_create(username="bench-curator")
    if not Membership.objects.filter(tenant=tenant, user=user).exists():
        membership_grant(tenant=tenant, user=user, role=Role.CURATOR, actor=actor)
    scopes = dict(Scope.objects.filter(tenant=tenant).values_list("path", "id"))
    return tenant, scopes, user


def load(tenant, scopes: dict[str, uuid.UUID], n: int) -> dict:
    """COPY `n` items and their versions in; rebuild the vector index after."""
    from django.db import connection, transaction

    from bench.writes import VERBS, WORDS
    from memory_core.hashing import content_hash

    with connection.cursor() as cursor:
        for sql in (
            "UPDATE memory_core_memoryitem SET head_id = NULL WHERE tenant_id = %s",
            "DELETE FROM memory_core_memoryversion WHERE tenant_id = %s",
            "DELETE FROM memory_core_memoryitem WHERE tenant_id = %s",
        ):
            cursor.execute(sql, [tenant.id])
    rng = random.Random(7)
    vectors = np.random.default_rng(7)
    now = datetime.now(UTC)
    paths = list(scopes)
    started = time.perf_counter()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL synchronous_commit = off")
        cursor.execute("DROP INDEX IF EXISTS memory_version_embedding_hnsw")
        items, versions = [], []
        for i in range(n):
            path = paths[i % len(paths)]
            layer = LAYERS[i % len(LAYERS)]
            created = now - timedelta(seconds=rng.randint(3600, 365 * 86400))
            item_id, head_id = uuid.uuid4(), uuid.uuid4()
            history = i % 10 == 0
            contents = [_sentence(rng, WORDS, VERBS, i, v) for v in range(1 + history)]
            for number, content in enumerate(contents, start=1):
                current = number == len(contents)
                start = created + timedelta(days=30 * (number - 1))
                versions.append(
                    (
                        head_id if current else uuid.uuid4(),
                        item_id,
                        scopes[path],
                        layer,
                        number,
                        content,
                        content_hash(content),
                        "active" if current else "superseded",
                        start,
                        None if current else start + timedelta(days=30),
                    )
                )
            updated = created + timedelta(days=30 * history)
            items.append((item_id, scopes[path], layer, f"k{i}", head_id, updated))
            if len(versions) >= 5000 or i == n - 1:
                _copy(cursor, tenant.id, items, versions, vectors, created=now)
                items, versions = [], []
        loaded = time.perf_counter() - started
        # Check the deferred foreign keys now: an index cannot be built over
        # pending trigger events.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("SET LOCAL maintenance_work_mem = '1GB'")
        cursor.execute(
            "CREATE INDEX memory_version_embedding_hnsw "
            "ON memory_core_memoryversion USING hnsw (embedding vector_cosine_ops) "
            "WITH (m = 16, ef_construction = 64)"
        )
    indexed = time.perf_counter() - started
    return {
        "items": n,
        "copy_s": round(loaded, 1),
        "with_hnsw_s": round(indexed, 1),
    }


def _sentence(rng, words, verbs, i: int, version: int) -> str:
    return (
        f"The user {rng.choice(verbs)} the {rng.choice(words)} and the "
        f"{rng.choice(words)}, mentioning {' '.join(rng.sample(words, 4))} "
        f"(memory {i}, version {version + 1})."
    )


def _copy(cursor, tenant_id, items, versions, vectors, *, created) -> None:
    with cursor.copy(
        "COPY memory_core_memoryitem (id, tenant_id, scope_id, layer, kind, "
        "memory_key, subject, predicate, object, classification, residency, status, "
        "head_id, pinned, access_count, created_at, updated_at, expired_by, "
        "gc_candidate_reason, stale_reason, retrieval_weight) FROM STDIN"
    ) as copy:
        for item_id, scope_id, layer, key, head_id, updated in items:
            copy.write_row(
                (
                    item_id,
                    tenant_id,
                    scope_id,
                    layer,
                    "note",
                    key,
                    "",
                    "",
                    "",
                    "general",
                    "",
                    "active",
                    head_id,
                    False,
                    0,
                    updated,
                    updated,
                    "",
                    "",
                    "",
                    1.0,
                )
            )
    unit = vectors.normal(size=(len(versions), 384)).astype(np.float32)
    unit /= np.linalg.norm(unit, axis=1, keepdims=True)
    with cursor.copy(
        "COPY memory_core_memoryversion (id, tenant_id, item_id, scope_id, layer, "
        "number, content, structured, embedding, content_hash, fingerprint, "
        "confidence, source, evidence, evidence_count, approval_state, approved_by, "
        "justification, status, merged_from, flags, provenance, valid_from, valid_to, "
        "task_id, session_id, signature, created_at) FROM STDIN"
    ) as copy:
        for row, vector in zip(versions, unit, strict=True):
            vid, item_id, scope_id, layer, number, content, digest = row[:7]
            status, valid_from, valid_to = row[7:]
            copy.write_row(
                (
                    vid,
                    tenant_id,
                    item_id,
                    scope_id,
                    layer,
                    number,
                    content,
                    "{}",
                    "[" + ",".join(f"{x:.5f}" for x in vector) + "]",
                    digest,
                    "",
                    0.8,
                    "user_stated",
                    "[]",
                    1,
                    "auto",
                    "",
                    "",
                    status,
                    "{}",
                    "[]",
                    "{}",
                    valid_from,
                    valid_to,
                    "",
                    "",
                    "",
                    valid_from,
                )
            )


# Timing


def timed(client, url: str, params: dict) -> dict:
    """Request `url` REQUESTS times; return p50/p95 ms and the query counts."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times, counts = [], set()
    client.get(url, params)  # warm the plan and template caches
    for _ in range(REQUESTS):
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            response = client.get(url, params)
            times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, (url, params, response.status_code)
        counts.add(len(queries))
    return {
        "params": params,
        "p50_ms": percentile(times, 0.5),
        "p95_ms": percentile(times, 0.95),
        "mean_ms": round(statistics.fmean(times), 1),
        "queries": sorted(counts),
    }


def measure(tenant, user) -> dict:
    from django.test import Client
    from django.urls import reverse

    from memory_core.models import MemoryVersion

    client = Client()
    client.force_login(user)
    memories = reverse("memory_list", args=[tenant.slug])
    as_of = reverse("scope_as_of", args=[tenant.slug])
    oldest = MemoryVersion.objects.filter(tenant=tenant).order_by("valid_from").first()
    half_year = (datetime.now(UTC) - timedelta(days=182)).isoformat()
    cases = {
        "browser: active, newest first": (memories, {}),
        "browser: one user scope": (memories, {"scope": "/org/bench/user/7/"}),
        "browser: layer": (memories, {"layer": "semantic"}),
        "browser: any status, page 40": (memories, {"status": "", "page": 40}),
        "browser: text search": (memories, {"q": "invoice"}),
        "browser: text search, rare": (memories, {"q": "telescope marathon"}),
        "browser: text, scope and layer": (
            memories,
            {"q": "passport", "scope": "/org/bench/user/3/", "layer": "episodic"},
        ),
        "as-of: half a year ago, all scopes": (as_of, {"at": half_year}),
        "as-of: half a year ago, one scope": (
            as_of,
            {"at": half_year, "scope": "/org/bench/user/11/"},
        ),
        "as-of: with inherited scopes": (
            as_of,
            {"at": half_year, "scope": "/org/bench/user/11/", "inherit": "1"},
        ),
        "as-of: first day": (
            as_of,
            {"at": (oldest.valid_from + timedelta(days=1)).isoformat()},
        ),
    }
    return {name: timed(client, url, params) for name, (url, params) in cases.items()}


def settle() -> None:
    """Vacuum and analyze the memory tables, as autovacuum would after a load.

    Index-only scans (the as-of count) need the visibility map a vacuum sets.
    """
    from django.db import connection

    with connection.cursor() as cursor:
        for table in ("memory_core_memoryitem", "memory_core_memoryversion"):
            cursor.execute(f"VACUUM (ANALYZE) {table}")


def proposed_text_filter(tenant) -> dict:
    """Time the text filter in the shape that can use the content indexes.

    `memory_item_list` ORs "the head is among the full-text matches" with
    "the head's content contains the text" across a join, which makes
    PostgreSQL read every head version. Asking one subquery for both lets it
    combine the tsvector and trigram indexes (a BitmapOr) instead:

        matching = MemoryVersion.objects.filter(tenant=tenant).filter(
            Q(search_vector=SearchQuery(text, config="english",
                                        search_type="websearch"))
            | Q(content__icontains=text)
        )
        items = items.filter(head__in=matching.values("id"))

    Return the SQL time of the browser's count and first page in that shape.
    """
    from django.contrib.postgres.search import SearchQuery
    from django.db.models import Q

    from memory_core.models import MemoryItem, MemoryVersion

    def page(text: str) -> None:
        query = SearchQuery(text, config="english", search_type="websearch")
        matching = MemoryVersion.objects.filter(tenant=tenant).filter(
            Q(search_vector=query) | Q(content__icontains=text)
        )
        items = (
            MemoryItem.objects.filter(tenant=tenant, status="active")
            .filter(head__in=matching.values("id"))
            .select_related("scope", "head")
            .defer("head__embedding", "head__search_vector")
            .order_by("-updated_at", "id")
        )
        items.count()
        list(items[:50])

    timings = {}
    for text in ("invoice", "telescope marathon", "invo"):
        page(text)
        times = []
        for _ in range(REQUESTS):
            started = time.perf_counter()
            page(text)
            times.append((time.perf_counter() - started) * 1000)
        timings[text] = {
            "sql_p50_ms": percentile(times, 0.5),
            "sql_p95_ms": percentile(times, 0.95),
        }
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--reload", action="store_true")
    args = parser.parse_args()
    configure()
    from memory_core.models import MemoryItem

    tenant, scopes, user = ensure_tenant()
    have = MemoryItem.objects.filter(tenant=tenant).count()
    loading = None
    if args.reload or have != args.n:
        loading = load(tenant, scopes, args.n)
    settle()
    pages = measure(tenant, user)
    worst = max(p["p95_ms"] for p in pages.values())
    counts = {p["queries"][0] for p in pages.values() if len(p["queries"]) == 1}
    result = {
        "memories": args.n,
        "versions": args.n + args.n // 10,
        "scopes": len(scopes),
        "requests_per_case": REQUESTS,
        "load": loading or "reused",
        "pages": pages,
        "worst_p95_ms": worst,
        "target_p95_ms": TARGET_P95_MS,
        "meets_target": worst <= TARGET_P95_MS,
        "query_counts": sorted(counts),
        "constant_query_count": all(len(p["queries"]) == 1 for p in pages.values()),
        "proposed_text_filter": proposed_text_filter(tenant),
        "measured_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "console_browser.json").write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
