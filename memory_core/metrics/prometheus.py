"""Prometheus metrics: what each process observes, and `/metrics`.

Several gunicorn processes and Celery's prefork children each observe their
own requests, gates, batches and runs. With PROMETHEUS_MULTIPROC_DIR set
(`run_console` sets it for every child, see docs/deploy.md otherwise) each
process writes its samples to files there and a scrape of any web process
merges them all (prometheus_client's multiprocess mode); a process that
exits is marked dead (gunicorn's `child_exit`, Celery's
`worker_process_shutdown`) so its live gauges drop out.

Gauges that describe the database (queue depths, open reviews past their
SLA, open erasures) are not kept by any process: the scrape reads them,
with one grouped query per table, through `DatabaseCollector`.

`/metrics` answers only a bearer token equal to MGC_METRICS_TOKEN; without
that setting it is 404, with a wrong or missing token 401.
"""

from __future__ import annotations

import hmac
import time

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.multiprocess import MultiProcessCollector

from memory_core.metrics.instruments import MULTIPROCESS, REQUEST_SECONDS
from memory_core.rls import system_context


class RequestMetricsMiddleware:
    """Observe every request's latency under its URL pattern (not its path)."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        started = time.perf_counter()
        response = self.get_response(request)
        match = getattr(request, "resolver_match", None)
        route = match.route if match is not None else "unmatched"
        REQUEST_SECONDS.labels(
            request.method, route or "/", str(response.status_code)
        ).observe(time.perf_counter() - started)
        return response


QUEUE_SQL = """
    SELECT t.slug, w.status, w.tier, count(*),
           extract(epoch FROM %(now)s - min(w.created_at)),
           count(*) FILTER (WHERE w.review_deadline < %(now)s)
    FROM memory_core_writerequest w JOIN memory_core_tenant t ON t.id = w.tenant_id
    WHERE w.status IN ('queued', 'deferred', 'pending_review', 'awaiting_approval')
    GROUP BY 1, 2, 3
"""
ERASURE_SQL = """
    SELECT t.slug, count(*), count(*) FILTER (WHERE e.due_at < %(now)s)
    FROM approvals_erasurerequest e JOIN memory_core_tenant t ON t.id = e.tenant_id
    WHERE e.status IN ('filed', 'approved', 'running', 'failed')
    GROUP BY 1
"""


class DatabaseCollector:
    """Gauges read from the database at scrape time."""

    def collect(self):
        now = timezone.now()
        queued = GaugeMetricFamily(
            "mgc_write_queue_depth",
            "Writes waiting for the worker (queued, or deferred by a rate limit).",
            labels=["tenant", "status"],
        )
        review = GaugeMetricFamily(
            "mgc_review_queue_depth",
            "Writes waiting for a person, by tier.",
            labels=["tenant", "status", "tier"],
        )
        oldest = GaugeMetricFamily(
            "mgc_review_oldest_age_seconds",
            "Age of the oldest write waiting for a person.",
            labels=["tenant"],
        )
        overdue = GaugeMetricFamily(
            "mgc_review_sla_breached",
            "Writes still waiting for a person past their review deadline.",
            labels=["tenant"],
        )
        erasure_open = GaugeMetricFamily(
            "mgc_erasure_open", "Open erasure requests.", labels=["tenant"]
        )
        erasure_overdue = GaugeMetricFamily(
            "mgc_erasure_overdue",
            "Open erasure requests past their 72 h deadline.",
            labels=["tenant"],
        )
        # Counts per tenant across tenants: the scrape is the operator's
        # (behind MGC_METRICS_TOKEN), in the system context (memory_core/rls.py).
        with system_context(), connection.cursor() as cursor:
            cursor.execute(QUEUE_SQL, {"now": now})
            queue_rows = cursor.fetchall()
            cursor.execute(ERASURE_SQL, {"now": now})
            erasure_rows = cursor.fetchall()
        ages: dict[str, float] = {}
        late: dict[str, int] = {}
        for slug, status, tier, count, age, breached in queue_rows:
            if status in ("queued", "deferred"):
                queued.add_metric([slug, status], count)
                continue
            review.add_metric([slug, status, tier or ""], count)
            ages[slug] = max(ages.get(slug, 0.0), float(age or 0))
            late[slug] = late.get(slug, 0) + breached
        for slug, age in ages.items():
            oldest.add_metric([slug], age)
            overdue.add_metric([slug], late[slug])
        for slug, count, past in erasure_rows:
            erasure_open.add_metric([slug], count)
            erasure_overdue.add_metric([slug], past)
        yield from (queued, review, oldest, overdue, erasure_open, erasure_overdue)


def scrape() -> bytes:
    """Every process's samples (or this one's) and the database gauges."""
    if MULTIPROCESS:
        registry = CollectorRegistry()
        MultiProcessCollector(registry)
        processes = generate_latest(registry)
    else:
        processes = generate_latest(REGISTRY)
    database = CollectorRegistry()
    database.register(DatabaseCollector())
    return processes + generate_latest(database)


def _authorized(request: HttpRequest, token: str) -> bool:
    header = request.headers.get("Authorization", "")
    scheme, _, given = header.partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(
        given.strip().encode(), token.encode()
    )


@never_cache
@require_GET
def metrics_view(request: HttpRequest) -> HttpResponse:
    token = settings.MGC_METRICS_TOKEN
    if not token:
        return HttpResponse(
            "Not found: /metrics is off until MGC_METRICS_TOKEN is set.\n",
            status=404,
            content_type="text/plain",
        )
    if not _authorized(request, token):
        response = HttpResponse(
            "Unauthorized: send Authorization: Bearer <MGC_METRICS_TOKEN>.\n",
            status=401,
            content_type="text/plain",
        )
        response["WWW-Authenticate"] = 'Bearer realm="metrics"'
        return response
    return HttpResponse(scrape(), content_type=CONTENT_TYPE_LATEST)
