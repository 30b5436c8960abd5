"""Review-queue benchmark: `python -m bench.console_queue [--n 10000]`.

Bulk-inserts N pending reviews (write requests with their draft versions and
random unit vectors, not through the pipeline) into one tenant of the bench
database (memory_bench), then requests the queue page through Django's test
client in several filter and sort variants: p50/p95 server time and the SQL
queries per page. Prints JSON and writes bench/results/console_queue.json.
A second run reuses the tenant's rows.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
import uuid
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
SLUG = "queue-bench"
TARGET_P95_MS = 150.0
GATES = (
    "idempotency",
    "schema",
    "evidence",
    "sensitivity",
    "contradiction",
    "dedup",
    "semantic_dedup",
    "provenance",
)


def unit_vector(rng: random.Random, dim: int = 384) -> list[float]:
    vector = [rng.gauss(0.0, 1.0) for _ in range(dim)]
    norm = sum(v * v for v in vector) ** 0.5
    return [v / norm for v in vector]


def gate_trace(rng: random.Random, *, tier: str, risk: float, pii: bool) -> list:
    """Return a gate trace shaped like the pipeline's, ending in a review."""
    trace = [
        {"gate": g, "decision": "accept", "code": "", "reason": "", "details": {}}
        for g in GATES
    ]
    if pii:
        trace[3]["code"] = "pii_redacted"
        trace[3]["details"] = {"tokens": ["<EMAIL_1>"]}
    if rng.random() < 0.15:
        trace[4] |= {
            "decision": "review",
            "code": "contradiction",
            "reason": "Contradicts an active memory on the same subject.",
        }
    trace.append(
        {
            "gate": "risk",
            "decision": "review",
            "code": "approval_required" if tier == "sync" else "review_required",
            "reason": f"Risk {risk:.2f}: a curator decides.",
            "details": {"risk": risk, "tier": tier},
        }
    )
    for decision in trace:
        decision["ms"] = round(rng.uniform(0.05, 3.0), 3)
    return trace


def seed(n: int) -> dict:
    """Create the bench tenant and top its queue up to `n` pending reviews."""
    from django.contrib.auth.models import User
    from django.db import connection, transaction
    from django.utils import timezone

    from audit.services import Actor
    from memory_core.hashing import content_hash, sha256
    from memory_core.models import (
        Agent,
        MemoryItem,
        MemoryVersion,
        Role,
        Scope,
        Tenant,
        VersionStatus,
        WriteRequest,
        WriteStatus,
    )
    from memory_core.services.tenancy import (
        agent_create,
        membership_grant,
        scope_create,
        tenant_create,
    )

    actor = Actor.system("bench")
    tenant = Tenant.objects.filter(slug=SLUG).first()
    if tenant is None:
        tenant = tenant_create(slug=SLUG, name="Queue bench", actor=actor)
    paths = [
        *(f"/org/{SLUG}/user/{u}/" for u in range(1, 6)),
        *(f"/org/{SLUG}/user/1/task/t{t}/" for t in range(1, 4)),
    ]
    existing = set(Scope.objects.filter(tenant=tenant).values_list("path", flat=True))
    for path in paths:
        if path not in existing:
            scope_create(tenant=tenant, path=path, actor=actor)
    names = set(Agent.objects.filter(tenant=tenant).values_list("name", flat=True))
    for name in {"support", "planner", "researcher", "billing", "ops"} - names:
        agent_create(
            tenant=tenant,
            name=name,
            allowed_scopes=[f"/org/{SLUG}/"],
            allowed_layers=["episodic", "semantic", "procedural"],
            actor=actor,
        )
    user = User.objects.filter(username="queue-bench-curator").first()
    if user is None:
        user = User.objects.create_user("queue-bench-curator")
        membership_grant(tenant=tenant, user=user, role=Role.CURATOR, actor=actor)

    pending = WriteRequest.objects.filter(
        tenant=tenant,
        status__in=[WriteStatus.PENDING_REVIEW, WriteStatus.AWAITING_APPROVAL],
    )
    missing = n - pending.count()
    scopes = list(Scope.objects.filter(tenant=tenant, path__in=paths).order_by("path"))
    agents = list(Agent.objects.filter(tenant=tenant).order_by("name"))
    rng = random.Random(missing)
    started = time.perf_counter()
    now = timezone.now()
    for start in range(0, max(missing, 0), 1000):
        items, versions, writes = [], [], []
        for i in range(start, min(start + 1000, missing)):
            scope, agent = rng.choice(scopes), rng.choice(agents)
            layer = rng.choice(["episodic", "episodic", "semantic", "procedural"])
            sync = rng.random() < 0.1
            tier = "sync" if sync else "async"
            risk = round(rng.uniform(0.7, 1.0) if sync else rng.uniform(0.3, 0.7), 4)
            pii = rng.random() < 0.2
            verb = rng.choice(["prefers", "cancelled", "renewed", "disputed"])
            thing = rng.choice(["invoice", "plan", "ticket", "order"])
            when = rng.choice(["deadline", "audit", "renewal"])
            content = (
                f"Bench review {i}: the customer {verb} the {thing} "
                f"{'for <EMAIL_1> ' if pii else ''}before the {when} "
                f"({uuid.uuid4().hex[:8]})."
            )
            age = timedelta(seconds=rng.uniform(0, 3 * 86400))
            created = now - age
            item_id, version_id, write_id = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
            items.append(
                MemoryItem(
                    id=item_id,
                    tenant=tenant,
                    scope=scope,
                    layer=layer,
                    status=VersionStatus.DRAFT,
                    head_id=version_id,
                    created_by_agent=agent,
                    created_at=created,
                    updated_at=created,
                )
            )
            evidence = [
                {"source_type": "DOCUMENT", "uri": f"doc://kb/{k}", "authority": 0.8}
                for k in range(rng.randint(0, 3))
            ]
            versions.append(
                MemoryVersion(
                    id=version_id,
                    tenant=tenant,
                    item_id=item_id,
                    scope=scope,
                    layer=layer,
                    number=1,
                    content=content,
                    embedding=unit_vector(rng),
                    content_hash=content_hash(content),
                    confidence=0.8,
                    source="agent_inferred",
                    evidence=evidence,
                    evidence_count=max(1, len(evidence)),
                    flags=["pii"] if pii else [],
                    risk_score=risk,
                    approval_state="pending",
                    status=VersionStatus.DRAFT,
                    valid_from=created,
                    agent=agent,
                    write_request_id=write_id,
                    created_at=created,
                )
            )
            factors = {
                "layer": {"episodic": 0.3, "semantic": 0.8, "procedural": 1.0}[layer],
                "contradiction": 0.0,
                "evidence": round(rng.uniform(0, 0.5), 4),
                "confidence": round(rng.uniform(0, 0.5), 4),
                "blast_radius": 0.2,
                "novelty": float(rng.random() < 0.5),
            }
            writes.append(
                WriteRequest(
                    id=write_id,
                    tenant=tenant,
                    agent=agent,
                    idempotency_key=f"bench-{write_id}",
                    request_hash=sha256(str(write_id)),
                    content_token=sha256(content),
                    payload={"scope": scope.path, "layer": layer, "content": content},
                    scope_path=scope.path,
                    layer=layer,
                    status=(
                        WriteStatus.AWAITING_APPROVAL
                        if sync
                        else WriteStatus.PENDING_REVIEW
                    ),
                    gate="risk",
                    code="approval_required" if sync else "review_required",
                    gate_decisions=gate_trace(rng, tier=tier, risk=risk, pii=pii),
                    memory_item_id=item_id,
                    version_id=version_id,
                    flags=["pii"] if pii else [],
                    risk_score=risk,
                    risk_factors=factors,
                    tier=tier,
                    review_deadline=created
                    + (timedelta(minutes=5) if sync else timedelta(hours=24)),
                    started_at=created,
                    finished_at=created + timedelta(seconds=1),
                )
            )
        with transaction.atomic():
            # An item's head and a version's item point at each other; the
            # foreign keys are deferred, so both go in within one transaction.
            MemoryItem.objects.bulk_create(items)
            WriteRequest.objects.bulk_create(writes)
            MemoryVersion.objects.bulk_create(versions)
            # bulk_create stamps created_at with now: give rows their ages.
            with connection.cursor() as cursor:
                cursor.executemany(
                    "UPDATE memory_core_writerequest SET created_at = %s WHERE id = %s",
                    [(w.started_at, w.id) for w in writes],
                )
        print(f"inserted {start + len(writes)}/{missing}", file=sys.stderr)
    with connection.cursor() as cursor:
        # What autovacuum would do soon after a burst of writes: fresh
        # statistics, and a visibility map that allows index-only scans.
        cursor.execute("VACUUM ANALYZE memory_core_writerequest")
        cursor.execute("VACUUM ANALYZE memory_core_memoryversion")
    return {
        "tenant": tenant,
        "user": user,
        "inserted": max(missing, 0),
        "insert_s": round(time.perf_counter() - started, 1),
        "scope": scopes[0].path,
        "agent": str(agents[0].pk),
    }


def measure(
    tenant, user, variants: dict[str, str], rounds: int, htmx: bool = False
) -> dict:
    """Return p50/p95 server time and the query count per page, per variant."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    client = Client()
    client.force_login(user)
    base = reverse("review_queue", args=[tenant.slug])
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    queries, rows = {}, {}
    for name, params in variants.items():
        client.get(f"{base}?{params}", **headers)  # warm up
        with CaptureQueriesContext(connection) as captured:
            response = client.get(f"{base}?{params}", **headers)
        assert response.status_code == 200, (name, response.status_code)
        queries[name] = len(captured)
        rows[name] = response.content.count(b'<tr id="review-')
    timings: list[float] = []
    per_variant: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(rounds):
        for name, params in variants.items():
            started = time.perf_counter()
            client.get(f"{base}?{params}", **headers)
            elapsed = (time.perf_counter() - started) * 1000
            timings.append(elapsed)
            per_variant[name].append(elapsed)
    return {
        "requests": len(timings),
        "p50_ms": percentile(timings, 0.5),
        "p95_ms": percentile(timings, 0.95),
        "max_ms": round(max(timings), 1),
        "per_variant_p50_ms": {k: percentile(v, 0.5) for k, v in per_variant.items()},
        "queries_per_page": queries,
        "rows_per_page": rows,
        "constant_query_count": len(set(queries.values())) == 1,
    }


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return round(values[min(len(values) - 1, int(q * len(values)))], 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=5, help="passes over variants")
    args = parser.parse_args()
    # Time what production serves: no debug query log or debug templates.
    os.environ.setdefault("DJANGO_DEBUG", "false")
    sys.path.insert(0, str(ROOT))
    from bench.writes import configure

    configure()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    seeded = seed(args.n)
    tenant, user = seeded["tenant"], seeded["user"]
    variants = {
        "default": "",
        "sync_only": "tier=sync",
        "by_risk": "sort=risk",
        "semantic_high_risk": "layer=semantic&min_risk=0.5",
        "scope_subtree": f"scope={seeded['scope']}",
        "agent_oldest": f"agent={seeded['agent']}&sort=oldest",
        "page_100": "page=100",
    }
    from memory_core.models import WriteRequest

    waiting = WriteRequest.objects.filter(
        tenant=tenant, status__in=["pending_review", "awaiting_approval"]
    ).count()
    result = {
        "pending_reviews": waiting,
        "inserted_now": seeded["inserted"],
        "insert_s": seeded["insert_s"],
        "full_page": measure(tenant, user, variants, args.rounds),
        "htmx_partial": measure(tenant, user, variants, args.rounds, htmx=True),
        "target_p95_ms": TARGET_P95_MS,
        "cpu_count": os.cpu_count(),
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    result["meets_target"] = (
        result["full_page"]["p95_ms"] <= TARGET_P95_MS
        and result["full_page"]["constant_query_count"]
        and result["htmx_partial"]["constant_query_count"]
    )
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "console_queue.json").write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
