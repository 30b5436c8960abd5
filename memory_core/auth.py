"""Bearer-token authentication for agents.

A token reads `mgc_<prefix>_<secret>`; the prefix finds the row, the SHA-256
of the secret is compared in constant time, and revoked tokens fail. The
agents of a suspended tenant are refused with 403 `tenant_suspended`.
"""

from __future__ import annotations

import hashlib
import hmac

from django.db import connection
from django.db.models import Model
from django.utils import timezone
from rest_framework import authentication, exceptions

from memory_core.exceptions import Forbidden
from memory_core.models import Agent, AgentToken, Tenant
from memory_core.rls import tenant_activate_for_token


class AgentPrincipal:
    """The authenticated agent, as `request.user` for the API."""

    is_authenticated = True
    is_anonymous = False

    def __init__(self, token: AgentToken) -> None:
        self.token = token
        self.agent = token.agent
        self.tenant = token.agent.tenant

    def __str__(self) -> str:
        return f"agent:{self.agent.name}"


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def parse_token(raw: str) -> tuple[str, str] | None:
    parts = raw.split("_")
    if len(parts) != 3 or parts[0] != "mgc" or not parts[1] or not parts[2]:
        return None
    return parts[1], parts[2]


# The token with its agent and tenant, one row: what
# `select_related("agent__tenant")` asks, without compiling it per request,
# from the rows `mgc_agent_token` returns (memory_core/rls.py).
_TOKEN_MODELS = (AgentToken, Agent, Tenant)
_TOKEN_COLUMNS = tuple(
    f'(found.{part})."{field.column}"'
    for part, model in zip(("token", "agent", "tenant"), _TOKEN_MODELS, strict=True)
    for field in model._meta.concrete_fields
)


def _instance(model: type[Model], values: list) -> Model:
    fields = model._meta.concrete_fields
    values = [
        field.from_db_value(value, None, connection)
        if hasattr(field, "from_db_value")
        else value
        for field, value in zip(fields, values, strict=True)
    ]
    return model.from_db(connection.alias, [f.attname for f in fields], values)


def token_activate(prefix: str) -> AgentToken | None:
    """Act for the tenant of the token with `prefix` until the request ends;
    return the token, its agent and tenant loaded, or None. One query."""
    row = tenant_activate_for_token(prefix, _TOKEN_COLUMNS)
    if row is None:
        return None
    parts, start = [], 0
    for model in _TOKEN_MODELS:
        end = start + len(model._meta.concrete_fields)
        parts.append(_instance(model, list(row[start:end])))
        start = end
    token, agent, tenant = parts
    AgentToken._meta.get_field("agent").set_cached_value(token, agent)
    Agent._meta.get_field("tenant").set_cached_value(agent, tenant)
    return token


class AgentTokenAuthentication(authentication.BaseAuthentication):
    keyword = "Bearer"

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).decode(
            errors="replace"
        )
        if not header:
            return None
        scheme, _, raw = header.partition(" ")
        if scheme.lower() != self.keyword.lower() or not raw.strip():
            raise exceptions.AuthenticationFailed(
                f"Use 'Authorization: {self.keyword} <token>'."
            )
        parsed = parse_token(raw.strip())
        if parsed is None:
            raise exceptions.AuthenticationFailed("The token is malformed.")
        prefix, secret = parsed
        # The token's row and its tenant, in one statement (its one
        # cross-tenant lookup): from here to the end of the request, that
        # tenant only (memory_core/rls.py). Read on every request, no cache: a
        # revoked token is refused on the next one.
        token = token_activate(prefix)
        if token is None or not hmac.compare_digest(
            token.secret_hash, hash_secret(secret)
        ):
            raise exceptions.AuthenticationFailed("The token is not valid.")
        if token.revoked_at is not None:
            raise exceptions.AuthenticationFailed("The token has been revoked.")
        if not token.agent.is_active:
            raise exceptions.AuthenticationFailed("The agent is disabled.")
        if token.agent.tenant.is_suspended:
            # Authenticated, but not let in: 403 in the API's error envelope.
            raise Forbidden(
                f"The organisation {token.agent.tenant.slug!r} is suspended by the "
                "platform operator; its agents' requests are refused until it is "
                "lifted.",
                code="tenant_suspended",
            )
        now = timezone.now()
        if (
            token.last_used_at is None
            or (now - token.last_used_at).total_seconds() > 60
        ):
            AgentToken.objects.filter(pk=token.pk).update(last_used_at=now)
        return AgentPrincipal(token), token

    def authenticate_header(self, request) -> str:
        return 'Bearer realm="api"'
