"""The approvals app's agent API: `POST /api/v1/forget` files an erasure request.

Authenticated like every `/api/v1/` view (an agent's bearer token, see
memory_core.auth); errors have the project's `{"error": {...}}` shape.
"""

from __future__ import annotations

from django.conf import settings
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from approvals.erasure.requests import erasure_file
from approvals.models import ErasureStatus, LegalBasis
from memory_core.apis import query_validate
from memory_core.exceptions import Invalid, Malformed, TooLarge
from memory_core.lifecycle.erasure import IDENTIFIER_KINDS, MAX_IDENTIFIERS
from memory_core.schema import WWW_AUTHENTICATE, error_responses


class ForgetCreateApi(APIView):
    """Ask for a data subject to be forgotten; a compliance officer executes it."""

    class InputSerializer(serializers.Serializer):
        class IdentifierSerializer(serializers.Serializer):
            kind = serializers.ChoiceField(choices=IDENTIFIER_KINDS)
            value = serializers.CharField(
                max_length=300,
                help_text="An email address, a phone number, a name (two "
                "letters or more), a user id (letters, digits and . _ @ + -), "
                "a user or task scope path, or a memory's id.",
            )

        identifiers = serializers.ListField(
            child=IdentifierSerializer(), min_length=1, max_length=MAX_IDENTIFIERS
        )
        legal_basis = serializers.ChoiceField(choices=LegalBasis.choices)
        scope = serializers.CharField(max_length=500, required=False, allow_blank=True)

    class OutputSerializer(serializers.Serializer):
        id = serializers.UUIDField()
        status = serializers.ChoiceField(choices=ErasureStatus.choices)
        subject_hash = serializers.CharField()
        due_at = serializers.DateTimeField()

    @extend_schema(
        operation_id="forget_create",
        request=InputSerializer,
        examples=[
            OpenApiExample(
                "A user's email address, within their scope",
                request_only=True,
                value={
                    "identifiers": [{"kind": "email", "value": "jane@example.com"}],
                    "legal_basis": "consent_withdrawn",
                    "scope": "/org/acme/user/42/",
                },
            )
        ],
        parameters=[WWW_AUTHENTICATE],
        responses={
            202: OutputSerializer,
            **error_responses(400, 401, 403, 413, 415, 422),
        },
    )
    def post(self, request: Request) -> Response:
        query_validate(request)
        if len(request.body) > settings.MGC_MAX_BODY_BYTES:
            raise TooLarge(
                f"The body is {len(request.body)} bytes; the limit is "
                f"{settings.MGC_MAX_BODY_BYTES}.",
                code="body_too_large",
            )
        if not isinstance(request.data, dict):
            raise Malformed("The body must be a JSON object.", code="malformed_json")
        serializer = self.InputSerializer(data=request.data)
        if not serializer.is_valid():
            raise Invalid(
                "The forget request is invalid.",
                code="invalid_forget",
                details=serializer.errors,
            )
        data = serializer.validated_data
        principal = request.user
        filed = erasure_file(
            tenant=principal.tenant,
            identifiers=[(i["kind"], i["value"]) for i in data["identifiers"]],
            legal_basis=data["legal_basis"],
            agent=principal.agent,
            within=data.get("scope", ""),
            source="api",
        )
        return Response(self.OutputSerializer(filed).data, status=202)
