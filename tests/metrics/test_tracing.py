"""Tracing: off without an endpoint; GenAI memory spans with ids, never content."""

from __future__ import annotations

import pytest
from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import (
    InMemorySpanExporter,
)

from memory_core.lifecycle.deletion import items_hard_delete
from memory_core.metrics import tracing
from tests.memory_core.test_console_views import write

CONTENT = "The user's locker code is on the blue card."
EXPORTER = InMemorySpanExporter()


@pytest.fixture(scope="module", autouse=True)
def provider():
    """A recording provider for this process (the API allows one, once)."""
    current = trace.get_tracer_provider()
    if not isinstance(current, TracerProvider):
        current = TracerProvider()
        trace.set_tracer_provider(current)
    current.add_span_processor(SimpleSpanProcessor(EXPORTER))
    yield


@pytest.fixture
def spans():
    EXPORTER.clear()
    return EXPORTER


def values(span) -> str:
    return " ".join(str(v) for v in span.attributes.values())


def test_tracing_is_off_without_an_otlp_endpoint(monkeypatch):
    monkeypatch.delenv("OTEL_EXPORTER_OTLP_ENDPOINT", raising=False)
    monkeypatch.delenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", raising=False)
    assert tracing.configure_tracing("mgc-test") is False


def test_a_processed_write_is_an_update_memory_span(spans, agent_and_token):
    agent, _ = agent_and_token
    committed = write(agent, CONTENT)

    (span,) = [s for s in spans.get_finished_spans() if s.name == "update_memory"]
    assert span.attributes["gen_ai.operation.name"] == "update_memory"
    assert span.attributes["gen_ai.memory.record.id"] == str(committed.memory_item_id)
    assert span.attributes["mgc.write.status"] == "committed"
    assert "locker" not in values(span)


def test_search_and_delete_are_memory_spans(spans, agent_and_token):
    from memory_core.retrieval import memory_search

    agent, _ = agent_and_token
    committed = write(agent, CONTENT)
    memory_search(tenant=agent.tenant, agent=agent, query="locker code")
    items_hard_delete(tenant_id=agent.tenant_id, item_ids=[committed.memory_item_id])

    names = {s.name: s for s in spans.get_finished_spans()}
    search = names["search_memory"]
    assert search.attributes["gen_ai.operation.name"] == "search_memory"
    assert search.attributes["gen_ai.agent.id"] == str(agent.id)
    assert "locker" not in values(search)
    delete = names["delete_memory"]
    assert delete.attributes["gen_ai.memory.record.id"] == str(committed.memory_item_id)
