"""gunicorn's own logs as JSON lines, like the application's (requestlog.py).

`logger_class` in memory_core/gunicorn_conf.py. Each access line is one JSON
object: method, path (without its query string, which may hold a search's
words), status, bytes sent, duration, the client's address and the request
id the application answered in `X-Request-ID` (requestlog.RequestIdMiddleware),
so an access line joins the application's lines of the same request. gunicorn's
error log (start-up, worker boots and timeouts) is JSON too.

`MGC_LOG_FORMAT=text` keeps gunicorn's plain lines.
"""

from __future__ import annotations

import os
from datetime import timedelta
from typing import Any

from gunicorn.glogging import Logger

from memory_core.metrics.requestlog import JsonFormatter

REQUEST_ID_HEADER = "x-request-id"


def _header(headers: Any, name: str) -> str:
    """A header's value from gunicorn's (name, value) pairs, case-insensitive."""
    if hasattr(headers, "items"):
        headers = headers.items()
    for key, value in headers or ():
        if str(key).lower() == name:
            return str(value)
    return ""


class JsonLogger(Logger):
    """gunicorn's logger, writing JSON lines with the request id."""

    def setup(self, cfg) -> None:
        super().setup(cfg)
        if not self.json_enabled():
            return
        formatter = JsonFormatter()
        for log in (self.error_log, self.access_log):
            for handler in log.handlers:
                handler.setFormatter(formatter)

    @staticmethod
    def json_enabled() -> bool:
        return os.environ.get("MGC_LOG_FORMAT", "json") != "text"

    def access(self, resp, req, environ: dict, request_time: timedelta) -> None:
        if not self.json_enabled():
            super().access(resp, req, environ, request_time)
            return
        if not self.access_log_enabled:
            return
        try:
            self.access_log.info(
                "%s %s %s",
                environ.get("REQUEST_METHOD", "-"),
                environ.get("PATH_INFO", ""),
                self._status(resp),
                extra=self.access_fields(resp, req, environ, request_time),
            )
        except Exception:
            self.exception("access log line failed")

    @staticmethod
    def _status(resp) -> int | str:
        status = resp.status
        if isinstance(status, str):
            status = status.split(None, 1)[0]
        try:
            return int(status)
        except (TypeError, ValueError):
            return str(status)

    def access_fields(
        self, resp, req, environ: dict, request_time: timedelta
    ) -> dict[str, Any]:
        """The access line's fields (JsonFormatter writes them by name)."""
        request_headers = getattr(req, "headers", req)
        request_id = _header(resp.headers, REQUEST_ID_HEADER) or _header(
            request_headers, REQUEST_ID_HEADER
        )
        sent = getattr(resp, "sent", None)
        return {
            "request_id": request_id,
            "http_method": environ.get("REQUEST_METHOD", ""),
            "http_path": environ.get("PATH_INFO", ""),
            "http_status": self._status(resp),
            "http_bytes": int(sent) if sent is not None else 0,
            "duration_ms": round(request_time.total_seconds() * 1000, 3),
            "remote_addr": environ.get("REMOTE_ADDR", ""),
            "user_agent": environ.get("HTTP_USER_AGENT", ""),
        }
