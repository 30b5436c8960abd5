"""Structured (JSON) logs with a request id that follows a write into the worker.

The web process takes the caller's `X-Request-ID` (if it is a sane token) or
makes one, answers it in the response's `X-Request-ID`, and keeps it in a
context variable for the request's log records. A task published during the
request carries it in a message header (`before_task_publish`); the worker
restores it around the task (`task_prerun` / `task_postrun`), so the API's
"queued" line and the worker's "decided" line of one write share it.

Log records never carry memory content: messages name ids and outcomes.
"""

from __future__ import annotations

import json
import logging
import re
import uuid
from contextvars import ContextVar
from datetime import UTC, datetime

from django.http import HttpRequest, HttpResponse

HEADER = "request_id"
request_id_var: ContextVar[str] = ContextVar("mgc_request_id", default="")
_SANE = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")
# Attributes a record may carry through `extra=` and that the JSON keeps.
EXTRA_KEYS = (
    "write_id",
    "tenant_id",
    "task",
    "task_id",
    "decided",
    "status",
    # gunicorn's access lines (gunicorn_logging.py).
    "http_method",
    "http_path",
    "http_status",
    "http_bytes",
    "duration_ms",
    "remote_addr",
    "user_agent",
)


def current_request_id() -> str:
    return request_id_var.get()


class RequestIdMiddleware:
    """Give every request an id: the caller's X-Request-ID, or a new one."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        given = request.headers.get("X-Request-ID", "")
        request_id = given if _SANE.match(given) else uuid.uuid4().hex
        request.request_id = request_id
        token = request_id_var.set(request_id)
        try:
            response = self.get_response(request)
        finally:
            request_id_var.reset(token)
        response["X-Request-ID"] = request_id
        return response


class RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if not getattr(record, "request_id", ""):
            record.request_id = request_id_var.get()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, request id."""

    def format(self, record: logging.LogRecord) -> str:
        data = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(
                timespec="milliseconds"
            ),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", "") or request_id_var.get(),
        }
        for key in EXTRA_KEYS:
            value = getattr(record, key, None)
            if value is not None:
                data[key] = str(value) if not isinstance(value, int | float) else value
        if record.exc_info:
            data["exc"] = self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False)


# Celery: the id travels in a message header and is restored in the worker.


def publish_request_id(headers: dict | None = None, **kwargs) -> None:
    request_id = request_id_var.get()
    if headers is not None and request_id:
        headers.setdefault(HEADER, request_id)


_task_tokens: dict[str, object] = {}


def task_request_id_enter(task_id: str | None = None, task=None, **kwargs) -> None:
    request = getattr(task, "request", None)
    request_id = getattr(request, HEADER, None) or (
        (getattr(request, "headers", None) or {}).get(HEADER)
    )
    if task_id and request_id:
        _task_tokens[task_id] = request_id_var.set(str(request_id))


def task_request_id_exit(task_id: str | None = None, **kwargs) -> None:
    token = _task_tokens.pop(task_id or "", None)
    if token is not None:
        request_id_var.reset(token)  # type: ignore[arg-type]
