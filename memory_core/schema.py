"""The agents' API as OpenAPI describes it: component names and the error envelope.

drf-spectacular derives the schema from the views; this module adds what it
cannot see: a unique component name for each view's nested serializers, the
bearer scheme of memory_core.auth (so Swagger UI's Authorize works), and the
`{"error": {...}}` envelope every refusal comes in (memory_core.exceptions
renders it), with the headers some refusals carry.

`AutoSchema` is DRF's DEFAULT_SCHEMA_CLASS, so this module is loaded, and the
extension registered, before any view is described.
"""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from drf_spectacular.plumbing import build_bearer_security_scheme_object
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers


class AutoSchema(SpectacularAutoSchema):
    """drf-spectacular's AutoSchema, naming a serializer after where it is nested.

    Every view nests an `InputSerializer` and an `OutputSerializer`; named by
    class name alone they collide ("Input"), and a generated client then
    sends one operation's body to another. `WriteCreateApi.InputSerializer`
    becomes `WriteCreateInput`, a top-level `WriteOutput` stays `WriteOutput`.
    """

    def get_serializer_name(self, serializer, direction) -> str:
        qualname = type(serializer).__qualname__
        return "".join(
            part.removesuffix("Serializer").removesuffix("Api")
            for part in qualname.split(".")
        )


class AgentTokenScheme(OpenApiAuthenticationExtension):
    """`Authorization: Bearer mgc_<prefix>_<secret>`, an agent's token."""

    target_class = "memory_core.auth.AgentTokenAuthentication"
    name = "agentToken"

    def get_security_definition(self, auto_schema) -> dict:
        scheme = build_bearer_security_scheme_object(
            header_name="Authorization",
            token_prefix="Bearer",
            bearer_format="mgc_<prefix>_<secret>",
        )
        return {**scheme, "description": "An agent's API token."}


class ErrorSerializer(serializers.Serializer):
    """Every error response: `{"error": {"code", "message", "gate"?, "details"?}}`."""

    class BodySerializer(serializers.Serializer):
        code = serializers.CharField(
            help_text="Stable, machine-readable: `invalid_write`, `not_found`, …"
        )
        message = serializers.CharField(help_text="For people; may change.")
        gate = serializers.CharField(
            required=False, help_text="The pipeline gate that refused the write."
        )
        details = serializers.JSONField(
            required=False,
            help_text="What exactly was wrong, e.g. the invalid fields and why.",
        )

    error = BodySerializer()


ERRORS = {
    400: "Malformed: the body is not JSON, or not a JSON object.",
    401: "No bearer token, or a malformed, unknown or revoked one.",
    403: "Refused: the agent's tenant is suspended (`tenant_suspended`); for a "
    "write, the agent's writes are suspended (`agent_suspended`, `write_storm`); "
    "for a forget request, the agent may not act in the scope it names.",
    404: "Not found, or another tenant's: the two are indistinguishable.",
    413: "The body or the content is over its size limit.",
    415: "The body is not `application/json`.",
    422: "Invalid: the code and details say what; unknown query parameters and "
    "body fields are refused too.",
    429: "Rate limited: the write is kept and re-run after `Retry-After` seconds.",
}


def error_responses(*statuses: int) -> dict[int, OpenApiResponse]:
    """Return the documented error responses for `statuses`."""
    return {
        status: OpenApiResponse(ErrorSerializer, description=ERRORS[status])
        for status in statuses
    }


# Response headers (OpenApiParameter with `response=`) that error answers carry.
WWW_AUTHENTICATE = OpenApiParameter(
    "WWW-Authenticate",
    str,
    OpenApiParameter.HEADER,
    response=[401],
    description='`Bearer realm="api"`.',
)
RETRY_AFTER = OpenApiParameter(
    "Retry-After",
    {"type": "integer", "minimum": 1},
    OpenApiParameter.HEADER,
    response=[429],
    description="Seconds to wait before the write is re-run.",
)
