"""The agents' REST API v1 for reading by meaning: search (pull) and context (push).

Both read only what the agent may read (its scopes, their ancestors and
everything below them) and only active versions (or, with `as_of`, the
versions valid then). Access is counted after the answer, by one task per
request, unless the request says it is an evaluation
(`X-MGC-Evaluation: 1`) or `record_access` is false.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import timezone
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from memory_core.apis import NO_NUL, json_storable, query_validate
from memory_core.exceptions import Invalid, Malformed, TooLarge
from memory_core.models import Layer
from memory_core.pipeline.schemas import REGISTRY as KINDS
from memory_core.retrieval import (
    RANKINGS,
    TOKEN_ESTIMATE,
    memory_context,
    memory_search,
)
from memory_core.schema import WWW_AUTHENTICATE, error_responses

MAX_QUERY = 2000
# The memory kinds, one enum in the schema (settings.ENUM_NAME_OVERRIDES).
KIND_NAMES = list(KINDS)
MAX_SCOPES = 50
EVALUATION_HEADER = "X-MGC-Evaluation"
EVALUATION = OpenApiParameter(
    EVALUATION_HEADER,
    {"type": "string", "enum": ["0", "1"]},
    OpenApiParameter.HEADER,
    description="`1`: an evaluation run; the answer is the same, but the reads "
    "are not counted (no access recorded). Any other value is 422.",
)


def _storable(value: str) -> None:
    if not json_storable(value):
        raise serializers.ValidationError(
            "Strings may not hold NUL characters or unpaired surrogates."
        )


class StrictBooleanField(serializers.BooleanField):
    """A JSON `true` or `false`, nothing DRF would coerce ("yes", 1)."""

    def to_internal_value(self, data):
        if data is True or data is False:
            return data
        self.fail("invalid", input=data)


class StrictCharField(serializers.CharField):
    """A JSON string: DRF would take a number or a boolean as its text."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer: no numeric strings, no booleans, no 10.0."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictFloatField(serializers.FloatField):
    """A JSON number: no numeric strings, no booleans."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int | float):
            self.fail("invalid")
        return super().to_internal_value(data)


def _query_field(*, required: bool, help_text: str) -> StrictCharField:
    return StrictCharField(
        required=required,
        max_length=MAX_QUERY,
        validators=[NO_NUL, _storable],
        help_text=help_text,
    )


def _scopes_field() -> serializers.ListField:
    return serializers.ListField(
        child=StrictCharField(max_length=500, validators=[NO_NUL, _storable]),
        required=False,
        min_length=1,
        max_length=MAX_SCOPES,
        help_text="Scope paths to read, each with its ancestors; by default "
        "every scope the agent may read. A path the tenant does not have, "
        "and one the agent may not read, is 404 (the same answer).",
    )


def _body(request: Request, serializer_class, code: str) -> dict:
    """Return the validated JSON body; unknown fields and bad values are 422."""
    query_validate(request)
    if len(request.body) > settings.MGC_MAX_BODY_BYTES:
        raise TooLarge(
            f"The body is {len(request.body)} bytes; the limit is "
            f"{settings.MGC_MAX_BODY_BYTES}.",
            code="body_too_large",
        )
    data = request.data
    if not isinstance(data, dict):
        raise Malformed("The body must be a JSON object.", code="malformed_json")
    unknown = sorted(set(data) - set(serializer_class().fields))
    if unknown:
        raise Invalid(
            f"Unknown fields: {', '.join(unknown)}.",
            code="unknown_fields",
            details={"fields": unknown},
        )
    serializer = serializer_class(data=data)
    if not serializer.is_valid():
        raise Invalid(
            f"Invalid fields: {', '.join(sorted(serializer.errors))}.",
            code=code,
            details=serializer.errors,
        )
    return serializer.validated_data


def _record_access(request: Request, requested: bool) -> bool:
    value = request.headers.get(EVALUATION_HEADER)
    if value not in (None, "0", "1"):
        raise Invalid(
            f"{EVALUATION_HEADER} must be 0 or 1.",
            code="invalid_header",
            details={"headers": [EVALUATION_HEADER]},
        )
    return requested and value != "1"


class BreakdownOutput(serializers.Serializer):
    """Each term's contribution; they sum to `total` (up to rounding)."""

    vector = serializers.FloatField()
    keyword = serializers.FloatField()
    context = serializers.FloatField(
        help_text=(
            "Keyword score lent by the memories written just before this one in "
            "its scope (their words match the question)."
        )
    )
    recency = serializers.FloatField()
    importance = serializers.FloatField()
    provenance = serializers.FloatField()
    pinned = serializers.FloatField()
    stale_penalty = serializers.FloatField(help_text="Zero or negative.")
    total = serializers.FloatField()


class SearchHitOutput(serializers.Serializer):
    memory_id = serializers.UUIDField()
    version = serializers.IntegerField()
    version_id = serializers.UUIDField()
    content = serializers.CharField(allow_blank=True)
    scope = serializers.CharField()
    layer = serializers.ChoiceField(choices=Layer.choices)
    kind = serializers.CharField()
    key = serializers.CharField(allow_null=True, allow_blank=True)
    subject = serializers.CharField(allow_blank=True)
    predicate = serializers.CharField(allow_blank=True)
    object = serializers.CharField(allow_blank=True)
    confidence = serializers.FloatField()
    pinned = serializers.BooleanField()
    created_at = serializers.DateTimeField(help_text="When this version was written.")
    score = serializers.FloatField(help_text="0..1, higher is better.")
    breakdown = BreakdownOutput()


class SearchOutput(serializers.Serializer):
    results = SearchHitOutput(many=True)
    took_ms = serializers.FloatField()


class SearchInput(serializers.Serializer):
    query = _query_field(required=True, help_text="What to find; not blank.")
    scopes = _scopes_field()
    layers = serializers.ListField(
        child=serializers.ChoiceField(choices=Layer.choices),
        required=False,
        min_length=1,
        max_length=len(Layer.choices),
    )
    kinds = serializers.ListField(
        child=serializers.ChoiceField(choices=KIND_NAMES),
        required=False,
        min_length=1,
        max_length=len(KINDS),
    )
    key = StrictCharField(
        required=False, max_length=200, trim_whitespace=False, validators=[NO_NUL]
    )
    subject = StrictCharField(
        required=False, max_length=200, trim_whitespace=False, validators=[NO_NUL]
    )
    predicate = StrictCharField(
        required=False, max_length=200, trim_whitespace=False, validators=[NO_NUL]
    )
    as_of = serializers.DateTimeField(
        required=False,
        help_text="Search the memories as they were then (the versions valid "
        "then); not in the future.",
    )
    limit = StrictIntegerField(required=False, default=10, min_value=1, max_value=100)
    min_score = StrictFloatField(
        required=False,
        min_value=0.0,
        max_value=1.0,
        help_text="Leave out hits scoring less; by default the tenant's policy.",
    )
    ranking = serializers.ChoiceField(
        choices=RANKINGS,
        required=False,
        default="hybrid",
        help_text="`hybrid` fuses every signal; `vector` and `keyword` rank "
        "by that signal alone (for evaluation).",
    )
    record_access = StrictBooleanField(
        required=False,
        default=True,
        help_text="Count these reads (GC's relevance rule uses the counts).",
    )

    def validate_as_of(self, value):
        if value > timezone.now():
            raise serializers.ValidationError("as_of may not be in the future.")
        return value

    def validate_key(self, value):
        _storable(value)
        return value

    validate_subject = validate_key
    validate_predicate = validate_key


class ClosedBodyExtension(OpenApiSerializerExtension):
    """Publish that a search body takes no other fields (they are 422)."""

    target_class = SearchInput

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_basic_serializer(self.target, direction)
        return {**schema, "additionalProperties": False}


class SearchApi(APIView):
    """Find the memories the agent may read that best answer a question (pull).

    Hybrid: vector (HNSW) and keyword (full-text, any of the query's words)
    candidates, fused with recency per layer, importance (pins, reads,
    evidence) and provenance (source authority × confidence), and
    down-weighted when stale; the tenant's policy sets the weights. Each hit
    carries its score's breakdown.
    """

    @extend_schema(
        operation_id="search_create",
        request=SearchInput,
        examples=[
            OpenApiExample(
                "A question about a user",
                request_only=True,
                value={
                    "query": "Which theme does the user like?",
                    "scopes": ["/org/acme/user/42/"],
                    "limit": 5,
                },
            )
        ],
        parameters=[EVALUATION, WWW_AUTHENTICATE],
        responses={
            200: SearchOutput,
            **error_responses(400, 401, 403, 404, 413, 415, 422),
        },
    )
    def post(self, request: Request) -> Response:
        data = _body(request, SearchInput, "invalid_search")
        principal = request.user
        result = memory_search(
            tenant=principal.tenant,
            agent=principal.agent,
            query=data["query"],
            scopes=data.get("scopes"),
            layers=data.get("layers"),
            kinds=data.get("kinds"),
            key=data.get("key"),
            subject=data.get("subject"),
            predicate=data.get("predicate"),
            as_of=data.get("as_of"),
            limit=data["limit"],
            min_score=data.get("min_score"),
            ranking=data["ranking"],
            record_access=_record_access(request, data["record_access"]),
        )
        return Response(
            SearchOutput({"results": result.hits, "took_ms": result.took_ms}).data
        )


class ContextItemOutput(SearchHitOutput):
    reason = serializers.ChoiceField(
        choices=["pinned", "preference", "relevant"],
        help_text="Why it is here: pinned, a preference (kind `preference` "
        "or the procedural layer), or relevant to the task or query.",
    )


class ContextOutput(serializers.Serializer):
    items = ContextItemOutput(many=True)
    tokens_used = serializers.IntegerField(
        help_text="The items' estimated tokens: each content's characters / 4, "
        "rounded up, summed."
    )
    token_estimate = serializers.ChoiceField(
        choices=[TOKEN_ESTIMATE], help_text="How tokens are estimated."
    )
    truncated = serializers.BooleanField(
        help_text="Some memory that qualified was left out for the budgets."
    )
    took_ms = serializers.FloatField()


class ContextInput(serializers.Serializer):
    task = _query_field(
        required=False, help_text="What the agent is about to do; not blank."
    )
    query = _query_field(
        required=False, help_text="What to find; takes precedence over `task`."
    )
    scopes = _scopes_field()
    max_items = StrictIntegerField(
        required=False, default=20, min_value=1, max_value=100
    )
    token_budget = StrictIntegerField(
        required=False,
        default=2000,
        min_value=1,
        max_value=32000,
        help_text="Estimated as characters / 4 per item, rounded up.",
    )
    threshold = StrictFloatField(
        required=False,
        min_value=0.0,
        max_value=1.0,
        help_text="The least score of a relevant memory; by default the "
        "tenant's policy (`retrieval_context_threshold`).",
    )


class ClosedContextBodyExtension(ClosedBodyExtension):
    target_class = ContextInput


class ContextApi(APIView):
    """What an agent should see at the start of a task (push), within budgets.

    First the pinned memories and the preferences of the readable scopes,
    then the memories most relevant to `query` (or `task`) scoring at least
    `threshold`; never more than `max_items` items or `token_budget`
    estimated tokens. Without `task` and `query`: pinned and preferences only.
    """

    @extend_schema(
        operation_id="context_create",
        request=ContextInput,
        examples=[
            OpenApiExample(
                "A task start",
                request_only=True,
                value={
                    "task": "Deploy user-service to production",
                    "scopes": ["/org/acme/user/42/"],
                    "max_items": 5,
                    "token_budget": 2000,
                },
            )
        ],
        parameters=[EVALUATION, WWW_AUTHENTICATE],
        responses={
            200: ContextOutput,
            **error_responses(400, 401, 403, 404, 413, 415, 422),
        },
    )
    def post(self, request: Request) -> Response:
        data = _body(request, ContextInput, "invalid_context")
        principal = request.user
        context = memory_context(
            tenant=principal.tenant,
            agent=principal.agent,
            query=data.get("query") or data.get("task"),
            scopes=data.get("scopes"),
            max_items=data["max_items"],
            token_budget=data["token_budget"],
            threshold=data.get("threshold"),
            record_access=_record_access(request, True),
        )
        return Response(
            ContextOutput(
                {
                    "items": context.items,
                    "tokens_used": context.tokens_used,
                    "token_estimate": TOKEN_ESTIMATE,
                    "truncated": context.truncated,
                    "took_ms": context.took_ms,
                }
            ).data
        )
