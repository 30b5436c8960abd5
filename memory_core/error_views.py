"""Django's error views, answering in the API's JSON envelope under /api/.

DRF's exception handler (memory_core.exceptions) covers errors raised in an
API view. These cover the rest of an /api/ request: a URL no view matches,
a request Django refuses before routing (a body over
DATA_UPLOAD_MAX_MEMORY_SIZE, a bad Host) and a crash outside a view. Other
paths keep Django's HTML pages. An unreachable database is a 503 with
Retry-After on every path, not a 500: it is transient.
"""

from __future__ import annotations

import sys

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults

from memory_core.exceptions import (
    DATABASE_RETRY_AFTER_SECONDS,
    DATABASE_UNAVAILABLE_MESSAGE,
    database_unavailable,
    error_body,
)
from memory_core.htmx import forbidden


def _is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith("/api/")


def _error(status: int, code: str, message: str) -> JsonResponse:
    return JsonResponse(error_body(code, message), status=status)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if not _is_api(request):
        return defaults.bad_request(request, exception)
    if isinstance(exception, RequestDataTooBig):
        return _error(413, "body_too_large", "The request body is too large.")
    return _error(400, "bad_request", "The request is malformed.")


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if not _is_api(request):
        return forbidden(request, str(exception))
    return _error(403, "permission_denied", "This request is not allowed.")


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if not _is_api(request):
        return defaults.page_not_found(request, exception)
    return _error(404, "not_found", "No such API endpoint; see /api/schema/.")


def server_error(request: HttpRequest) -> HttpResponse:
    # Django calls this handler while it handles the exception.
    if database_unavailable(sys.exc_info()[1]):
        return _database_unavailable(request)
    if not _is_api(request):
        return defaults.server_error(request)
    return _error(
        500, "internal_error", "An unexpected error occurred; it has been logged."
    )


def _database_unavailable(request: HttpRequest) -> HttpResponse:
    if _is_api(request):
        response: HttpResponse = _error(
            503, "database_unavailable", DATABASE_UNAVAILABLE_MESSAGE
        )
    else:
        # No template: rendering one must not need the database either.
        response = HttpResponse(
            "<!doctype html><title>Service unavailable (503)</title>"
            "<h1>Service unavailable</h1><p>The database is unavailable for "
            "the moment; reload the page shortly.</p>",
            status=503,
        )
    response["Retry-After"] = str(DATABASE_RETRY_AFTER_SECONDS)
    return response
