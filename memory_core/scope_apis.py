"""The agents' REST API v1 for scopes: which scopes an agent may read and write."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from memory_core.apis import MAX_OFFSET, query_validate
from memory_core.models import ScopeKind
from memory_core.schema import WWW_AUTHENTICATE, error_responses
from memory_core.selectors import agent_scope_list

SCOPE_LIST_MAX = 500


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
        prefix = serializers.RegexField(
            r"^/[a-z0-9_./-]*$",
            required=False,
            max_length=500,
            help_text="Only paths starting with this, e.g. /org/acme/user/",
        )
        limit = serializers.IntegerField(
            required=False, default=100, min_value=1, max_value=SCOPE_LIST_MAX
        )
        offset = serializers.IntegerField(
            required=False, default=0, min_value=0, max_value=MAX_OFFSET
        )

    @extend_schema(
        operation_id="scopes_list",
        parameters=[FilterSerializer, WWW_AUTHENTICATE],
        responses={200: ScopeListOutput, **error_responses(401, 403, 422)},
    )
    def get(self, request: Request) -> Response:
        filters = query_validate(request, self.FilterSerializer)
        principal = request.user
        count, rows = agent_scope_list(
            tenant=principal.tenant, agent=principal.agent, **filters
        )
        return Response(ScopeListOutput({"results": rows, "count": count}).data)
