"""The application's errors and the one DRF handler that renders them.

Every API error has the shape {"error": {"code", "message", "gate"?, "details"?}},
whatever raised it: a DomainError, DRF, Django, or a bug (500 `internal_error`).
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import Http404
from rest_framework import exceptions as drf
from rest_framework.response import Response

# rest_framework.views is not imported at module level: it loads the DRF
# settings, whose authentication class (memory_core.auth) imports this module.

logger = logging.getLogger(__name__)


class DomainError(Exception):
    status = 422
    code = "invalid"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        gate: str | None = None,
        details: Any = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code or self.code
        self.gate = gate
        self.details = details
        self.headers = headers or {}

    def as_dict(self) -> dict[str, Any]:
        return error_body(self.code, self.message, gate=self.gate, details=self.details)


class NotFound(DomainError):
    """Missing or another tenant's: the two are indistinguishable on purpose."""

    status = 404
    code = "not_found"


class Malformed(DomainError):
    status = 400
    code = "malformed_request"


class Invalid(DomainError):
    status = 422
    code = "invalid"


class TooLarge(DomainError):
    status = 413
    code = "too_large"


class Forbidden(DomainError):
    """A member (or agent) whose role or grant does not allow the action."""

    status = 403
    code = "permission_denied"


class RateLimited(DomainError):
    status = 429
    code = "rate_limited"


class StateConflict(DomainError):
    """The object is not in a state that allows the action (409)."""

    status = 409
    code = "conflict"


class AlreadyDecided(StateConflict):
    """Someone decided (or closed) the review or case first."""


# How long a client should wait before retrying while the database is away.
DATABASE_RETRY_AFTER_SECONDS = 5


def database_unavailable(exc: BaseException | None) -> bool:
    """Return whether `exc` means the database is unreachable for now.

    A stopped or restarting server, a dropped connection, a query cancelled
    by a timeout: transient, so the answer is 503 and a retry, not a 500.
    """
    return isinstance(exc, OperationalError | InterfaceError)


DATABASE_UNAVAILABLE_MESSAGE = (
    "The database is unavailable for the moment; retry the request shortly."
)


def error_body(
    code: str, message: str, *, gate: str | None = None, details: Any = None
) -> dict[str, Any]:
    """Return the API's error envelope."""
    body: dict[str, Any] = {"code": code, "message": message}
    if gate:
        body["gate"] = gate
    if details is not None:
        body["details"] = details
    return {"error": body}


def _render(
    status: int,
    code: str,
    message: str,
    details: Any = None,
    headers: dict[str, str] | None = None,
) -> Response:
    return Response(
        error_body(code, message, details=details), status=status, headers=headers
    )


def api_exception_handler(exc: Exception, context: dict) -> Response:
    """Render any exception raised in an API view as the error envelope."""
    from rest_framework.views import set_rollback

    set_rollback()
    if isinstance(exc, DomainError):
        return Response(exc.as_dict(), status=exc.status, headers=exc.headers or None)
    if isinstance(exc, RequestDataTooBig):
        return _render(413, "body_too_large", "The request body is too large.")
    if isinstance(exc, Http404):
        exc = drf.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = drf.PermissionDenied()
    if isinstance(exc, drf.ParseError):
        return _render(
            400, "malformed_json", f"The body is not valid JSON: {exc.detail}"
        )
    if isinstance(exc, drf.UnsupportedMediaType):
        return _render(
            415, "unsupported_media_type", "Send the body as application/json."
        )
    if isinstance(exc, drf.NotAuthenticated | drf.AuthenticationFailed):
        return _render(
            401,
            "unauthenticated",
            str(exc.detail),
            headers={"WWW-Authenticate": 'Bearer realm="api"'},
        )
    if isinstance(exc, drf.ValidationError):
        return _render(422, "invalid", "The request is invalid.", details=exc.detail)
    if isinstance(exc, drf.Throttled):
        return _render(
            429,
            "rate_limited",
            str(exc.detail),
            headers={"Retry-After": str(int(exc.wait or 1))},
        )
    if isinstance(exc, drf.APIException):
        # 403, 404, 405, 406 and the rest: DRF's own code names the error.
        return _render(exc.status_code, exc.default_code, str(exc.detail))
    view = context.get("view")
    if database_unavailable(exc):
        logger.warning("database unavailable in %s: %s", type(view).__name__, exc)
        return _render(
            503,
            "database_unavailable",
            DATABASE_UNAVAILABLE_MESSAGE,
            headers={"Retry-After": str(DATABASE_RETRY_AFTER_SECONDS)},
        )
    logger.exception(
        "Unhandled error in %s", type(view).__name__ if view else "an API view"
    )
    return _render(
        500, "internal_error", "An unexpected error occurred; it has been logged."
    )
