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
# `select_related("agent__tenant")` asks, without compiling it per request.
_TOKEN_MODELS = (AgentToken, Agent, Tenant)
_TOKEN_SQL = (
    "SELECT {} FROM memory_core_agenttoken t0 "
    "JOIN memory_core_agent t1 ON t1.id = t0.agent_id "
    "JOIN memory_core_tenant t2 ON t2.id = t1.tenant_id "
    "WHERE t0.prefix = %s LIMIT 1"
).format(
    ", ".join(
        f'{alias}."{field.column}"'
        for alias, model in zip(("t0", "t1", "t2"), _TOKEN_MODELS, strict=True)
        for field in model._meta.concrete_fields
    )
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


def token_get(prefix: str) -> AgentToken | None:
    """Return the token with `prefix`, its agent and tenant loaded, or None."""
    with connection.cursor() as cursor:
        cursor.execute(_TOKEN_SQL, [prefix])
        row = cursor.fetchone()
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
        # The token's tenant first (its one cross-tenant lookup): from here to
        # the end of the request, that tenant only (memory_core/rls.py).
        tenant_activate_for_token(prefix)
        token = token_get(prefix)
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
