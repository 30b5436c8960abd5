"""Every answer under /api/ is JSON: errors in the envelope, never an HTML page."""

from __future__ import annotations

import json
import logging

import pytest
from django.test import RequestFactory
from django.urls import get_resolver

from memory_core import apis
from memory_core.models import WriteRequest
from tests.memory_core.test_write_api import BODY

WRITES = "/api/v1/writes"
MISSING = "00000000-0000-0000-0000-000000000000"


def error(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/json"
    body = response.json()["error"]
    assert body["code"] == code and body["message"]
    return body


@pytest.mark.parametrize(
    "path", ["/api/v1/nope", "/api/v1/writes/", "/api/v2/writes", "/api/"]
)
def test_an_unknown_api_url_is_a_json_404(api, path):
    error(api.get(path), 404, "not_found")


def test_an_unknown_console_url_stays_html(api):
    response = api.get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_a_method_the_operation_lacks_is_a_json_405(api):
    response = api.delete(WRITES)
    error(response, 405, "method_not_allowed")
    assert "POST" in response["Allow"]


def test_a_crash_in_an_api_view_is_a_logged_json_500(api, monkeypatch, caplog):
    def crash(**kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(apis, "memory_item_list", crash)
    with caplog.at_level(logging.ERROR, logger="memory_core.exceptions"):
        response = api.get("/api/v1/memories")
    error(response, 500, "internal_error")
    assert "a bug" not in response.content.decode()
    assert "MemoryListApi" in caplog.text and "RuntimeError" in caplog.text


@pytest.mark.parametrize(
    ("status", "code"),
    [(400, "bad_request"), (403, "permission_denied"), (404, "not_found")],
)
def test_djangos_error_pages_answer_json_under_api(status, code):
    handler = get_resolver().resolve_error_handler(status)
    response = handler(RequestFactory().get("/api/v1/writes"), Exception())
    assert response.status_code == status
    assert response["Content-Type"] == "application/json"
    assert b'"code": "' + code.encode() + b'"' in response.content
    html = handler(RequestFactory().get("/reviews/"), Exception())
    assert html["Content-Type"].startswith("text/html")


def test_djangos_500_page_answers_json_under_api():
    handler = get_resolver().resolve_error_handler(500)
    response = handler(RequestFactory().get("/api/v1/memories"))
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert b"internal_error" in response.content


def test_a_missing_or_bad_token_is_401_with_the_bearer_challenge(client):
    response = client.get("/api/v1/memories", HTTP_AUTHORIZATION="Bearer nope")
    error(response, 401, "unauthenticated")
    assert response["WWW-Authenticate"] == 'Bearer realm="api"'
    error(client.get("/api/v1/memories"), 401, "unauthenticated")


def test_another_content_type_is_415(api):
    response = api.post(WRITES, data="scope=x", content_type="text/plain")
    error(response, 415, "unsupported_media_type")


def test_json_nested_too_deeply_is_400_not_a_crash(api):
    for path in (WRITES, "/api/v1/forget"):
        response = api.post(path, data="[" * 50_000, content_type="application/json")
        error(response, 400, "malformed_json")


@pytest.mark.parametrize("path", [WRITES, "/api/v1/forget"])
def test_a_body_over_the_limit_is_413(api, path):
    body = '{"content": "' + "x" * 300_000 + '"}'
    error(
        api.post(path, data=body, content_type="application/json"),
        413,
        "body_too_large",
    )


def test_a_body_over_djangos_upload_limit_is_413(api, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    body = '{"content": "' + "x" * 2000 + '"}'
    response = api.post(WRITES, data=body, content_type="application/json")
    error(response, 413, "body_too_large")


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("post", WRITES),
        ("get", f"{WRITES}/{MISSING}"),
        ("get", "/api/v1/memories"),
        ("get", f"/api/v1/memories/{MISSING}"),
        ("get", f"/api/v1/memories/{MISSING}/versions"),
        ("post", "/api/v1/forget"),
    ],
)
def test_an_unknown_query_parameter_is_422(api, method, path):
    response = getattr(api, method)(f"{path}?colour=red", {}, format="json")
    body = error(response, 422, "unknown_parameter")
    assert body["details"] == {"parameters": ["colour"]}


def test_there_is_no_format_switch(api):
    error(api.get("/api/v1/memories?format=json"), 422, "unknown_parameter")


@pytest.mark.parametrize(
    "query",
    [
        "limit=0",
        "limit=501",
        "limit=ten",
        "offset=-1",
        "offset=99999999999999999999",
        "inherit=yes",
        "inherit=",
        "layer=",
        "status=",
        "as_of=",
        "as_of=yesterday",
        "key=",
        "scope=%00",
    ],
)
def test_an_invalid_list_parameter_is_422(api, query):
    body = error(api.get(f"/api/v1/memories?{query}"), 422, "invalid_parameter")
    assert set(body["details"]) == {query.split("=")[0]}


@pytest.mark.parametrize("wait", ["-1", "31", "nan", "inf", "soon", ""])
def test_an_invalid_wait_is_422(api, wait):
    write = api.post(WRITES, BODY, format="json").json()
    response = api.get(f"{WRITES}/{write['id']}?wait={wait}")
    error(response, 422, "invalid_parameter")


@pytest.mark.parametrize("key", ["", "a\x00b", "é", "k" * 256])
def test_an_idempotency_key_outside_printable_ascii_is_422(api, key):
    response = api.post(WRITES, BODY, format="json", HTTP_IDEMPOTENCY_KEY=key)
    error(response, 422, "invalid_idempotency_key")
    assert not WriteRequest.objects.exists()


@pytest.mark.parametrize(
    "fields",
    [
        '{"name": "a\\u0000b"}',
        '{"a\\u0000": 1}',
        '{"steps": ["\\ud800"]}',
        '{"n": 1e999}',
    ],
)
def test_fields_the_database_cannot_store_are_422(api, fields):
    body = json.dumps(BODY)[:-1] + f', "fields": {fields}}}'
    response = api.post(WRITES, data=body, content_type="application/json")
    error(response, 422, "invalid_write")
    assert not WriteRequest.objects.exists()


@pytest.mark.parametrize(
    "change",
    [
        {"content": "\ud800"},
        {"ttl_seconds": 10**12},
        {"soft_ttl_seconds": 10**12},
        {"confidence": None},
    ],
)
def test_values_that_would_crash_the_door_or_the_worker_are_422(api, change):
    body = json.dumps({**BODY, **change})  # ASCII, a surrogate escaped
    response = api.post(WRITES, data=body, content_type="application/json")
    error(response, 422, "invalid_write")
    assert not WriteRequest.objects.exists()
