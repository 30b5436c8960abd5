"""The application's errors and the one DRF handler that renders them.

Every API error has the shape {"error": {"code", "message", "gate"?, "details"?}}.
"""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions as drf
from rest_framework.response import Response
from rest_framework.views import exception_handler


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
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.gate:
            body["gate"] = self.gate
        if self.details is not None:
            body["details"] = self.details
        return {"error": body}


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


class PermissionDenied(DomainError):
    status = 403
    code = "permission_denied"


class RateLimited(DomainError):
    status = 429
    code = "rate_limited"


class Conflict(DomainError):
    status = 409
    code = "conflict"


def _render(
    status: int,
    code: str,
    message: str,
    details: Any = None,
    headers: dict[str, str] | None = None,
) -> Response:
    body: dict[str, Any] = {"code": code, "message": message}
    if details is not None:
        body["details"] = details
    return Response({"error": body}, status=status, headers=headers)


def api_exception_handler(exc: Exception, context: dict) -> Response | None:
    if isinstance(exc, DomainError):
        return Response(exc.as_dict(), status=exc.status, headers=exc.headers or None)
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
    if isinstance(exc, drf.NotFound | drf.MethodNotAllowed | drf.PermissionDenied):
        response = exception_handler(exc, context)
        code = {404: "not_found", 405: "method_not_allowed", 403: "permission_denied"}
        return _render(
            response.status_code, code[response.status_code], str(exc.detail)
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
    return exception_handler(exc, context)
