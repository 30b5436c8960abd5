"""`/metrics`: behind its token, and merging every process's samples."""

from __future__ import annotations

import json
import os

import pytest
from django.test import override_settings

pytestmark = pytest.mark.worker

TOKEN = "scrape-token-for-tests"
BODY = {
    "scope": "/org/acme/user/42/",
    "layer": "episodic",
    "content": "The user's favourite tea is genmaicha.",
    "source": "user_stated",
    "confidence": 0.9,
}


def series(text: str, name: str, **labels: str) -> list[str]:
    """The exposition lines of `name` whose labels include `labels`."""
    return [
        line
        for line in text.splitlines()
        if line.startswith((name + "{", name + " "))
        and all(f'{k}="{v}"' in line for k, v in labels.items())
    ]


def test_metrics_is_off_without_a_token(client, db):
    assert client.get("/metrics").status_code == 404


@override_settings(MGC_METRICS_TOKEN=TOKEN)
def test_metrics_refuses_a_missing_or_wrong_token(client, db):
    assert client.get("/metrics").status_code == 401
    wrong = client.get("/metrics", HTTP_AUTHORIZATION="Bearer nope")
    assert wrong.status_code == 401
    assert wrong["WWW-Authenticate"].startswith("Bearer")


@override_settings(MGC_METRICS_TOKEN=TOKEN)
def test_a_scrape_after_a_write_has_the_gate_histograms_of_api_and_worker(
    worker, api, client, tenant
):
    assert os.environ.get("PROMETHEUS_MULTIPROC_DIR")  # as run_console runs
    response = api.post(
        "/api/v1/writes",
        data=json.dumps(BODY),
        content_type="application/json",
        HTTP_PREFER="wait=30",
    )
    assert response.json()["status"] == "committed", response.json()

    scrape = client.get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}")

    assert scrape.status_code == 200
    assert scrape["Content-Type"].startswith("text/plain")
    text = scrape.content.decode()
    # Gates the API ran in this process, and gates the worker ran in its own.
    assert series(
        text, "mgc_gate_duration_seconds_bucket", gate="schema", phase="submit"
    )
    assert series(text, "mgc_gate_duration_seconds_bucket", gate="risk", phase="worker")
    assert series(text, "mgc_gate_duration_seconds_count", gate="dedup", phase="worker")
    assert series(text, "mgc_writes_total", stage="submit", status="queued")
    assert series(text, "mgc_writes_total", stage="worker", status="committed")
    assert series(text, "mgc_worker_batch_size_count")
    assert series(text, "mgc_embedding_duration_seconds_count")
    assert series(
        text, "mgc_http_request_duration_seconds_count", route="api/v1/writes"
    )
    # Gauges read from the database at scrape time.
    assert "mgc_review_queue_depth" in text and "mgc_erasure_open" in text
