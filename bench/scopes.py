"""Scope tree benchmark: `python -m bench.scopes [--n 100000]`.

An assistant tenant with N user scopes (bulk-inserted into the bench
database, memory_bench), a task below every hundredth one and an active
memory in every fiftieth. Requests Admin → Scopes (first page, a path prefix,
a deep page, archived only) through Django's test client, and the agents'
GET /api/v1/scopes: p50/p95 server time and the SQL queries per page.
Prints JSON and writes bench/results/scopes.json. A second run reuses the
tenant's rows.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
SLUG = "scopes-bench"
TARGET_P95_MS = 150.0
CHUNK = 10_000


def seed(n: int) -> dict:
    """Create the bench tenant and top it up to `n` user scopes."""
    from django.contrib.auth.models import User
    from django.db import connection, transaction
    from django.utils import timezone

    from audit.services import Actor
    from memory_core.models import Role, Scope, Tenant
    from memory_core.services.tenancy import (
        agent_create,
        agent_token_issue,
        membership_grant,
        tenant_create,
    )

    actor = Actor.system("bench")
    tenant = Tenant.objects.filter(slug=SLUG).first() or tenant_create(
        slug=SLUG, name="Scopes bench", actor=actor
    )
    user, _ = User.objects.get_or_create(username="scopes-bench-admin")
    membership_grant(tenant=tenant, user=user, role=Role.ADMIN, actor=actor)
    agent = tenant.agents.first() or agent_create(
        tenant=tenant,
        name="assistant",
        allowed_scopes=[f"/org/{SLUG}/"],
        actor=actor,
    )
    _, token = agent_token_issue(agent=agent, actor=actor)
    org = Scope.objects.get(tenant=tenant, path=f"/org/{SLUG}/")
    have = Scope.objects.filter(tenant=tenant, kind="user").count()
    started = time.perf_counter()
    now = timezone.now()
    vector = [1.0] + [0.0] * 383
    for start in range(have, n, CHUNK):
        with transaction.atomic():
            users = _seed_chunk(
                tenant, org, agent, start, min(n, start + CHUNK), now, vector
            )
        print(f"inserted {start + len(users)}/{n}", file=sys.stderr)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE memory_core_scope")
        cursor.execute("VACUUM ANALYZE memory_core_memoryitem")
    return {
        "tenant": tenant,
        "user": user,
        "token": token,
        "insert_s": round(time.perf_counter() - started, 1),
    }


def _seed_chunk(tenant, org, agent, start, end, now, vector):
    """Insert user scopes `start`..`end`, some tasks, memories and archives."""
    from memory_core.hashing import content_hash
    from memory_core.models import MemoryItem, MemoryVersion, Scope, VersionStatus

    users = [
        Scope(
            tenant=tenant,
            parent=org,
            path=f"/org/{SLUG}/user/u{i:07}/",
            kind="user",
            name=f"u{i:07}",
            created_by_agent=agent,
        )
        for i in range(start, end)
    ]
    Scope.objects.bulk_create(users)
    Scope.objects.bulk_create(
        Scope(
            tenant=tenant,
            parent=u,
            path=f"{u.path}task/onboarding/",
            kind="task",
            name="onboarding",
            created_by_agent=agent,
        )
        for u in users[::100]
    )
    items, versions = [], []
    for u in users[::50]:
        item_id, version_id = uuid.uuid4(), uuid.uuid4()
        content = f"{u.name} prefers dark mode."
        items.append(
            MemoryItem(
                id=item_id,
                tenant=tenant,
                scope=u,
                layer="episodic",
                head_id=version_id,
                created_at=now,
                updated_at=now,
            )
        )
        versions.append(
            MemoryVersion(
                id=version_id,
                tenant=tenant,
                item_id=item_id,
                scope=u,
                layer="episodic",
                number=1,
                content=content,
                content_hash=content_hash(content),
                embedding=vector,
                confidence=0.9,
                source="user_stated",
                status=VersionStatus.ACTIVE,
                valid_from=now,
                agent=agent,
                created_at=now,
            )
        )
    MemoryItem.objects.bulk_create(items)
    MemoryVersion.objects.bulk_create(versions)
    Scope.objects.filter(pk=users[-1].pk).update(archived_at=now)
    return users


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return round(values[min(len(values) - 1, int(q * len(values)))], 1)


def measure(client, base: str, variants: dict[str, str], rounds: int, **headers):
    """Return p50/p95 server time and the query count per request, per variant."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    queries = {}
    for name, params in variants.items():
        client.get(f"{base}?{params}", secure=True, **headers)  # warm up
        with CaptureQueriesContext(connection) as captured:
            response = client.get(f"{base}?{params}", secure=True, **headers)
        assert response.status_code == 200, (name, response.status_code)
        queries[name] = len(captured)
    timings, per_variant = [], {name: [] for name in variants}
    for _ in range(rounds):
        for name, params in variants.items():
            started = time.perf_counter()
            client.get(f"{base}?{params}", secure=True, **headers)
            elapsed = (time.perf_counter() - started) * 1000
            timings.append(elapsed)
            per_variant[name].append(elapsed)
    return {
        "p50_ms": percentile(timings, 0.5),
        "p95_ms": percentile(timings, 0.95),
        "per_variant_p50_ms": {k: percentile(v, 0.5) for k, v in per_variant.items()},
        "queries": queries,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_DEBUG", "false")
    sys.path.insert(0, str(ROOT))
    from bench.writes import configure

    configure()
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse
    from rest_framework.test import APIClient

    call_command("migrate", verbosity=0)
    seeded = seed(args.n)
    tenant = seeded["tenant"]
    console = Client()
    console.force_login(seeded["user"])
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {seeded['token']}")
    deep = args.n // 50 // 2 or 1
    admin_variants = {
        "first_page": "",
        "prefix": f"prefix=/org/{SLUG}/user/u00042",
        "deep_page": f"page={deep}",
        "archived": "state=archived",
    }
    api_variants = {
        "first_page": "",
        "prefix": f"prefix=/org/{SLUG}/user/u00042",
        "deep_offset": f"offset={args.n // 2}&limit=500",
    }
    admin = reverse("admin_scopes", args=[tenant.slug])
    result = {
        "user_scopes": args.n,
        "insert_s": seeded["insert_s"],
        "admin_page": measure(console, admin, admin_variants, args.rounds),
        "admin_partial": measure(
            console, admin, admin_variants, args.rounds, HTTP_HX_REQUEST="true"
        ),
        "api_scopes": measure(api, "/api/v1/scopes", api_variants, args.rounds),
        "target_p95_ms": TARGET_P95_MS,
        "cpu_count": os.cpu_count(),
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "scopes.json").write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
