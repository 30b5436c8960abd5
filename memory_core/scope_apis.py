"""The agents' REST API v1 for scopes: which scopes an agent may read and write."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from memory_core.exceptions import Invalid
from memory_core.models import ScopeKind
from memory_core.selectors import agent_scope_list

SCOPE_LIST_MAX = 500


class ScopeApiErrorBody(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    gate = serializers.CharField(required=False)
    details = serializers.JSONField(required=False)


class ScopeApiError(serializers.Serializer):
    """The error envelope of every API error (memory_core/exceptions.py)."""

    error = ScopeApiErrorBody()


class ScopeListItemOutput(serializers.Serializer):
    path = serializers.CharField(source="scope.path")
    kind = serializers.ChoiceField(source="scope.kind", choices=ScopeKind.choices)
    name = serializers.CharField(source="scope.name")
    parent = serializers.CharField(allow_null=True)
    can_read = serializers.BooleanField()
    can_write = serializers.BooleanField(
        help_text="At or below a scope the agent is granted, and neither it nor "
        "an ancestor archived."
    )
    archived = serializers.BooleanField(help_text="Archived scopes take no writes.")
    created_at = serializers.DateTimeField(source="scope.created_at")


class ScopeListOutput(serializers.Serializer):
    results = ScopeListItemOutput(many=True)
    count = serializers.IntegerField(help_text="Scopes matching, on every page.")


class ScopeListApi(APIView):
    """The scopes this agent may read or write, in tree order (a parent first).

    Reads inherit downward: the ancestors of a granted scope are readable;
    a granted scope and everything below it is readable and writable.
    Another tenant's scopes are never listed.
    """

    class FilterSerializer(serializers.Serializer):
        prefix = serializers.CharField(
            required=False,
            allow_blank=True,
            max_length=500,
            help_text="Only paths starting with this, e.g. /org/acme/user/",
        )
        limit = serializers.IntegerField(
            required=False, default=100, min_value=1, max_value=SCOPE_LIST_MAX
        )
        offset = serializers.IntegerField(required=False, default=0, min_value=0)

    @extend_schema(
        operation_id="scopes_list",
        parameters=[FilterSerializer],
        responses={200: ScopeListOutput, 401: ScopeApiError, 422: ScopeApiError},
    )
    def get(self, request: Request) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        if not filters.is_valid():
            raise Invalid(
                "The query is invalid: limit is 1 to "
                f"{SCOPE_LIST_MAX}, offset 0 or more.",
                code="invalid_query",
                details=filters.errors,
            )
        principal = request.user
        count, rows = agent_scope_list(
            tenant=principal.tenant, agent=principal.agent, **filters.validated_data
        )
        return Response(ScopeListOutput({"results": rows, "count": count}).data)
