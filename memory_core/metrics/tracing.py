"""OpenTelemetry tracing: on only when an OTLP endpoint is configured.

`configure_tracing()` runs in each web process (wsgi.py) and each worker
process (its first task); without OTEL_EXPORTER_OTLP_ENDPOINT (or
OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) it does nothing and the spans below are
the API's no-ops. With it: the SDK, a batch OTLP/HTTP exporter, and the
Django, Celery and psycopg instrumentations.

Memory operations follow the GenAI semantic conventions where they fit:
`gen_ai.operation.name` is `search_memory`, `update_memory` or
`delete_memory`, `gen_ai.memory.record.id` the memory item. Attributes carry
ids, counts and outcomes, never memory content; the Django spans keep the
path without its query string (a console search puts text there), and SQL
spans hold statements with placeholders, never their parameters.
"""

from __future__ import annotations

import functools
import logging
import os
import time
from collections.abc import Callable
from typing import Any

from opentelemetry import trace

logger = logging.getLogger(__name__)
tracer = trace.get_tracer("memory_core")
_configured_pid: int | None = None

SEARCH = "search_memory"
UPDATE = "update_memory"
DELETE = "delete_memory"


def endpoint() -> str:
    return os.environ.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") or os.environ.get(
        "OTEL_EXPORTER_OTLP_ENDPOINT", ""
    )


def _request_hook(span, request) -> None:
    """Keep the path, drop the query string (it may hold search text)."""
    if span and span.is_recording():
        span.set_attribute("http.target", request.path)
        span.set_attribute("url.path", request.path)
        span.set_attribute("url.query", "")
        span.set_attribute("http.url", request.build_absolute_uri(request.path))
        span.set_attribute("url.full", request.build_absolute_uri(request.path))


def configure_tracing(service_name: str, *, exporter: Any = None) -> bool:
    """Set up the SDK once per process; return whether tracing is on."""
    global _configured_pid
    if _configured_pid == os.getpid():
        return True
    if exporter is None and not endpoint():
        return False
    from opentelemetry.instrumentation.celery import CeleryInstrumentor
    from opentelemetry.instrumentation.django import DjangoInstrumentor
    from opentelemetry.instrumentation.psycopg import PsycopgInstrumentor
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor

    provider = TracerProvider(resource=Resource.create({"service.name": service_name}))
    if exporter is None:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import (
            OTLPSpanExporter,
        )

        provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    else:
        provider.add_span_processor(SimpleSpanProcessor(exporter))
    trace.set_tracer_provider(provider)
    DjangoInstrumentor().instrument(request_hook=_request_hook)
    CeleryInstrumentor().instrument()
    PsycopgInstrumentor().instrument(enable_commenter=False)
    _configured_pid = os.getpid()
    logger.info("tracing on: OTLP to %s", endpoint() or "a test exporter")
    return True


def _ids(attributes: dict[str, Any]) -> dict[str, Any]:
    return {k: str(v) for k, v in attributes.items() if v is not None}


def memory_operation(operation: str) -> Callable:
    """Trace a service function as a GenAI memory operation (ids only)."""

    def decorate(function: Callable) -> Callable:
        @functools.wraps(function)
        def wrapper(*args, **kwargs):
            tenant = kwargs.get("tenant")
            agent = kwargs.get("agent")
            attributes = _ids(
                {
                    "gen_ai.operation.name": operation,
                    "gen_ai.agent.id": getattr(agent, "id", None),
                    "mgc.tenant.id": getattr(tenant, "id", None)
                    or kwargs.get("tenant_id"),
                }
            )
            ids = kwargs.get("item_ids")
            if ids is not None:
                ids = list(ids)
                kwargs["item_ids"] = ids
                attributes["mgc.memory.record.count"] = len(ids)
                if len(ids) == 1:
                    attributes["gen_ai.memory.record.id"] = str(ids[0])
            with tracer.start_as_current_span(operation, attributes=attributes):
                return function(*args, **kwargs)

        return wrapper

    return decorate


def record_memory_operation(
    operation: str, started_ns: int, *, record_id: Any, **attributes: Any
) -> None:
    """A span for an operation that has just ended (one write of a batch)."""
    span = tracer.start_span(
        operation,
        start_time=started_ns,
        attributes=_ids(
            {
                "gen_ai.operation.name": operation,
                "gen_ai.memory.record.id": record_id,
                **attributes,
            }
        ),
    )
    span.end(end_time=time.time_ns())
