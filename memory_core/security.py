"""Web hardening: NUL refused, security headers, refusals audited, sign-in throttled.

- `NulByteMiddleware`: PostgreSQL cannot store U+0000, and a NUL that
  reaches a query is a 500. Any header, cookie, the path, the query string or
  a form field holding one is refused up front: 400 on the console, 422 in
  the API's error envelope. Under /api/ the query string and the JSON body
  are left to the API's own validation, which names the field.
- `SecurityHeadersMiddleware`: the Content-Security-Policy on every
  response, and `Cache-Control: no-store` on every page shown to a signed-in
  user, so a shared machine's back button or disk cache keeps no tenant data.
- `AccessRefusedAuditMiddleware`: a member refused a page or an action (a
  403 under /t/<slug>/) leaves an `access.refused` event in the tenant's
  audit chain.
- `LoginThrottleBackend`: django-axes' lockout check, for sign-ins over HTTP.
- `client_address`: the address a sign-in is counted against, behind
  `MGC_TRUSTED_PROXY_COUNT` proxies.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from urllib.parse import unquote_to_bytes

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import render
from django.utils.cache import add_never_cache_headers, patch_cache_control

from audit.actions import AuditAction
from audit.services import audit_event_record
from memory_core.exceptions import error_body
from memory_core.models import Membership, Tenant
from memory_core.services.tenancy import user_actor

logger = logging.getLogger(__name__)

NUL = "\x00"
# Headers the API validates itself, naming them (422 invalid_idempotency_key).
API_VALIDATED_HEADERS = frozenset({"HTTP_IDEMPOTENCY_KEY"})
# Form bodies the middleware reads; anything else is the view's (the API's JSON).
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith("/api/")


def _header_name(meta_key: str) -> str:
    name = meta_key.removeprefix("HTTP_")
    return "-".join(part.capitalize() for part in name.split("_"))


def _has_nul(values: Iterable[str]) -> bool:
    return any(NUL in value for value in values)


def nul_location(request: HttpRequest) -> str | None:
    """Return where the request carries a NUL character, or None if nowhere."""
    api = _is_api(request)
    if NUL in request.path_info:
        return "the path"
    for key, value in request.META.items():
        if not (key.startswith("HTTP_") or key in {"CONTENT_TYPE", "CONTENT_LENGTH"}):
            continue
        if api and key in API_VALIDATED_HEADERS:
            continue
        if isinstance(value, str) and NUL in value:
            return f"the {_header_name(key)} header"
    if _has_nul(request.COOKIES) or _has_nul(request.COOKIES.values()):
        return "a cookie"
    if api:
        return None
    if b"\x00" in unquote_to_bytes(request.META.get("QUERY_STRING", "")):
        return "the query string"
    if request.method == "POST" and request.content_type in FORM_TYPES:
        form = request.POST
        if _has_nul(form) or any(_has_nul(form.getlist(k)) for k in form):
            return "a form field"
        if _has_nul(f.name or "" for f in request.FILES.values()):
            return "a file name"
    return None


class NulByteMiddleware:
    """Refuse a request with NUL in any of its text: 400, or 422 under /api/."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        where = nul_location(request)
        if where is None:
            return self.get_response(request)
        message = f"NUL characters (U+0000) are not allowed: {where} holds one."
        if _is_api(request):
            return JsonResponse(
                error_body("nul_character", message, details={"location": where}),
                status=422,
            )
        return HttpResponseBadRequest(message, content_type="text/plain")


class SecurityHeadersMiddleware:
    """Add the Content-Security-Policy; keep signed-in pages out of every cache."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = settings.MGC_CONTENT_SECURITY_POLICY
        if policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy
        user = getattr(request, "user", None)
        if (
            user is not None
            and user.is_authenticated
            and response.get("Content-Type", "").startswith("text/html")
        ):
            add_never_cache_headers(response)
            patch_cache_control(response, no_store=True, private=True)
        return response


class AccessRefusedAuditMiddleware:
    """Record a 403 answered to a tenant's member as `access.refused` in its chain.

    `member_required` puts the tenant and membership on the request, so a 403
    from anywhere below it (a role check, a service's PermissionDenied) is a
    member refused; a 403 before it (CSRF, a suspended tenant) is not.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        membership = getattr(request, "membership", None)
        if response.status_code == 403 and isinstance(membership, Membership):
            try:
                access_refused_record(
                    tenant=request.tenant,
                    user=request.user,
                    role=membership.role,
                    method=request.method or "",
                    path=request.path,
                    reason=getattr(request, "access_refused_reason", ""),
                )
            except Exception:  # The refusal stands; losing its record is logged.
                logger.exception("Could not record a refused access")
        return response

    def process_exception(
        self, request: HttpRequest, exception: Exception
    ) -> HttpResponse | None:
        if isinstance(exception, PermissionDenied) and str(exception):
            request.access_refused_reason = str(exception)
        return None


def access_refused_record(
    *, tenant: Tenant, user: User, role: str, method: str, path: str, reason: str
) -> None:
    """Append `access.refused` to the tenant's audit chain, in its own transaction.

    Nothing changed, so there is no mutation to share a transaction with; the
    path names the action (ids only, never content) and the role the member had.
    """
    with transaction.atomic():
        audit_event_record(
            tenant_id=tenant.id,
            actor=user_actor(user),
            action=AuditAction.ACCESS_REFUSED,
            reason=reason[:500],
            metadata={"method": method, "path": path[:500], "role": role},
        )


def client_address(request: HttpRequest) -> str | None:
    """Return the client's address, as the outermost trusted proxy saw it.

    With no trusted proxy (the default) it is the connection's address: a
    client can write any `X-Forwarded-For` it likes. Behind N proxies that
    each append the address they received from (nginx's
    `$proxy_add_x_forwarded_for`, HAProxy's `option forwardfor`), the
    N-th entry from the right is the one the first proxy wrote, and the
    entries left of it are the client's own, unverified. A request that did
    not come through all N proxies counts against its connection's address.
    """
    remote = request.META.get("REMOTE_ADDR") or None
    proxies = settings.MGC_TRUSTED_PROXY_COUNT
    if proxies <= 0:
        return remote
    hops = [
        hop.strip()
        for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        if hop.strip()
    ]
    if len(hops) < proxies:
        return remote
    return hops[-proxies]


class LoginThrottleBackend(AxesStandaloneBackend):
    """django-axes' lockout check for sign-ins over HTTP (/login/, /admin/login/).

    A call without a request is no sign-in over HTTP (the test client's
    `login()`, a shell): there is no address to count against, and the next
    backend checks the password as usual.
    """

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs,
    ):
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)


def lockout_response(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict | None = None,
) -> HttpResponse:
    """Render the lockout page in the console's layout: 429 with Retry-After.

    django-axes calls this (AXES_LOCKOUT_CALLABLE) for /login/ and
    /admin/login/ alike once the username and address are locked out.
    """
    cooloff = settings.AXES_COOLOFF_TIME
    response = render(
        request,
        "registration/locked_out.html",
        {
            "failure_limit": settings.AXES_FAILURE_LIMIT,
            "minutes": int(cooloff.total_seconds() // 60) if cooloff else None,
        },
        status=429,
    )
    if cooloff:
        response["Retry-After"] = str(int(cooloff.total_seconds()))
    return response
