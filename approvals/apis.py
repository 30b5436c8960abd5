"""The approvals app's agent API: `POST /api/v1/forget` files an erasure request.

Authenticated like every `/api/v1/` view (an agent's bearer token, see
memory_core.auth); errors have the project's `{"error": {...}}` shape.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from approvals.erasure import erasure_file
from approvals.models import LegalBasis
from memory_core.erasure import IDENTIFIER_KINDS, MAX_IDENTIFIERS
from memory_core.exceptions import Invalid, Malformed


class ForgetCreateApi(APIView):
    """Ask for a data subject to be forgotten; a compliance officer executes it."""

    class InputSerializer(serializers.Serializer):
        class IdentifierSerializer(serializers.Serializer):
            kind = serializers.ChoiceField(choices=IDENTIFIER_KINDS)
            value = serializers.CharField(max_length=300)

        identifiers = IdentifierSerializer(
            many=True, allow_empty=False, max_length=MAX_IDENTIFIERS
        )
        legal_basis = serializers.ChoiceField(choices=LegalBasis.choices)
        scope = serializers.CharField(max_length=500, required=False, allow_blank=True)

    class OutputSerializer(serializers.Serializer):
        id = serializers.UUIDField()
        status = serializers.CharField()
        subject_hash = serializers.CharField()
        due_at = serializers.DateTimeField()

    @extend_schema(request=InputSerializer, responses={202: OutputSerializer})
    def post(self, request: Request) -> Response:
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
