"""JSON logs, and a request id that follows a write from the API into the worker."""

from __future__ import annotations

import json
import logging

import pytest

from memory_core.metrics.requestlog import JsonFormatter, request_id_var
from tests.conftest import wait_for

BODY = {
    "scope": "/org/acme/user/42/",
    "layer": "episodic",
    "content": "The user's standing desk is set to 112 cm.",
    "source": "user_stated",
    "confidence": 0.9,
}


def json_lines(lines: list[str]) -> list[dict]:
    found = []
    for line in lines:
        line = line.strip()
        if line.startswith("{"):
            try:
                found.append(json.loads(line))
            except ValueError:
                continue
    return found


def test_a_log_record_is_one_json_object_with_the_request_id():
    token = request_id_var.set("req-unit-1")
    try:
        record = logging.LogRecord(
            "x", logging.INFO, __file__, 1, "write %s", ("w1",), None
        )
        record.write_id = "w1"
        line = JsonFormatter().format(record)
    finally:
        request_id_var.reset(token)
    data = json.loads(line)
    assert data["request_id"] == "req-unit-1"
    assert data["message"] == "write w1" and data["write_id"] == "w1"
    assert data["level"] == "INFO"


def test_every_response_names_its_request_id(client, db):
    given = client.get("/healthz", HTTP_X_REQUEST_ID="abc-123")
    assert given["X-Request-ID"] == "abc-123"
    made = client.get("/healthz", HTTP_X_REQUEST_ID="bad id\nwith newline")
    assert made["X-Request-ID"] != "bad id\nwith newline"
    assert len(made["X-Request-ID"]) == 32


@pytest.mark.worker
def test_the_request_id_follows_a_write_into_the_worker(worker, api):
    response = api.post(
        "/api/v1/writes",
        data=json.dumps(BODY),
        content_type="application/json",
        HTTP_PREFER="wait=30",
        HTTP_X_REQUEST_ID="req-follow-me-1",
    )
    body = response.json()
    assert body["status"] == "committed", body
    assert response["X-Request-ID"] == "req-follow-me-1"

    def decided_line():
        for data in json_lines(list(worker.log)):
            if data.get("write_id") == body["id"] and "decided" in data["message"]:
                return data
        return None

    line = wait_for(decided_line, timeout=10)
    assert line["request_id"] == "req-follow-me-1"
    assert BODY["content"] not in json.dumps(line)
