"""The agents' REST API v1: one APIView per operation, thin.

Each operation is described by the OpenAPI schema (/api/schema/) as it
behaves: its query parameters with types, enums and bounds (an unknown or
invalid one is 422 `unknown_parameter` / `invalid_parameter`), its bodies,
and every error it answers in the envelope of memory_core.schema.
"""

from __future__ import annotations

import json
import math
import re
import threading
import uuid
from typing import Any

from django.conf import settings
from django.core.validators import RegexValidator
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers
from rest_framework.fields import empty
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from memory_core.exceptions import (
    DomainError,
    Forbidden,
    Invalid,
    Malformed,
    NotFound,
    RateLimited,
    TooLarge,
)
from memory_core.models import (
    Classification,
    Layer,
    MemoryItem,
    MemoryVersion,
    ReviewTier,
    Source,
    VersionStatus,
    WriteRequest,
    WriteStatus,
)
from memory_core.pipeline.gates.schema import MAX_TTL_SECONDS
from memory_core.pipeline.schemas import REGISTRY as KINDS
from memory_core.schema import (
    RETRY_AFTER,
    WWW_AUTHENTICATE,
    ErrorSerializer,
    error_responses,
)
from memory_core.selectors import (
    agent_readable_scopes,
    memory_item_get,
    memory_item_list,
    memory_version_list,
    write_request_get,
)
from memory_core.services.writes import (
    SubmitResult,
    write_submit,
    write_wait,
    writes_submit,
)

# Refusals that are about the agent, not the write.
SUSPENDED_CODES = {"agent_suspended", "write_storm"}
PREFER_WAIT = re.compile(r"\bwait=(\d+(?:\.\d+)?)")
# Printable ASCII; stored only as a keyed hash (memory_core.redaction).
IDEMPOTENCY_KEY = re.compile(r"[ -~]{1,255}")
# DRF refuses NUL in any string (PostgreSQL cannot store one); the pattern
# says so in the schema of a query parameter.
NO_NUL = RegexValidator(r"^[^\x00]*$", "Null characters are not allowed.")
# What a listed memory may be; drafts belong to the pipeline, never listed.
LISTED_STATUSES = [s for s in VersionStatus.values if s != VersionStatus.DRAFT]
# PostgreSQL fails on an OFFSET past a bigint instead of answering an empty
# page; this bound is far beyond any tenant's memories.
MAX_OFFSET = 2**31 - 1


def query_validate(
    request: Request, serializer_class: type[serializers.Serializer] | None = None
) -> dict:
    """Return the validated query parameters; an unknown or invalid one is 422."""
    known = set(serializer_class().fields) if serializer_class else set()
    unknown = sorted(set(request.query_params) - known)
    if unknown:
        raise Invalid(
            f"Unknown query parameters: {', '.join(unknown)}.",
            code="unknown_parameter",
            details={"parameters": unknown},
        )
    if serializer_class is None:
        return {}
    # A plain dict, not the QueryDict: DRF reads an empty value in a QueryDict
    # as an empty form field, i.e. absent, so `?status=` would pass unchecked.
    params = {name: request.query_params[name] for name in request.query_params}
    serializer = serializer_class(data=params)
    if not serializer.is_valid():
        raise Invalid(
            f"Invalid query parameters: {', '.join(sorted(serializer.errors))}.",
            code="invalid_parameter",
            details=serializer.errors,
        )
    return serializer.validated_data


class QueryBooleanField(serializers.BooleanField):
    """`true` or `false`, as OpenAPI clients send a boolean query parameter."""

    TRUE_VALUES = {"true"}
    FALSE_VALUES = {"false"}


def json_storable(value: object) -> bool:
    """Return whether PostgreSQL's jsonb can hold `value`.

    It refuses NUL characters, unpaired surrogates and non-finite numbers,
    all of which a JSON body can carry.
    """
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if "\x00" in item or _has_surrogate(item):
                return False
        elif isinstance(item, float):
            if not math.isfinite(item):
                return False
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


def _has_surrogate(text: str) -> bool:
    try:
        text.encode()
    except UnicodeEncodeError:
        return True
    return False


class JSONObjectField(serializers.DictField):
    """A JSON object of any values the database can store."""

    default_error_messages = {
        "unstorable": "Strings may not hold NUL characters or unpaired "
        "surrogates, and numbers must be finite."
    }

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        if not json_storable(value):
            self.fail("unstorable")
        return value


# Declared in the schema, enforced by the schema gate: it names the violation
# (`out_of_range`, `unknown_kind`, `embedding_dimension`; 422, gate `schema`)
# and checks the write again in the worker.
@extend_schema_field(
    {"type": "number", "format": "double", "minimum": 0.0, "maximum": 1.0}
)
class ConfidenceField(serializers.FloatField):
    pass


@extend_schema_field({"type": "string", "enum": list(KINDS)})
class KindField(serializers.CharField):
    pass


@extend_schema_field(
    {
        "type": "array",
        "items": {"type": "number", "format": "double"},
        "minItems": settings.MGC_EMBEDDING_DIM,
        "maxItems": settings.MGC_EMBEDDING_DIM,
    }
)
class EmbeddingField(serializers.ListField):
    pass


class EvidenceSerializer(serializers.Serializer):
    source_type = serializers.CharField(max_length=32)
    uri = serializers.CharField(max_length=2000, required=False, allow_blank=True)
    authority = serializers.FloatField(required=False, min_value=0.0, max_value=1.0)
    support = serializers.FloatField(required=False, min_value=0.0, max_value=1.0)
    excerpt = serializers.CharField(max_length=4000, required=False, allow_blank=True)
    accessed_at = serializers.DateTimeField(required=False)
    memory_id = serializers.UUIDField(required=False)


class WriteOutput(serializers.Serializer):
    id = serializers.UUIDField()
    status = serializers.ChoiceField(choices=WriteStatus.choices)
    gate = serializers.CharField(allow_blank=True)
    code = serializers.CharField(allow_blank=True)
    reason = serializers.CharField(allow_blank=True)
    memory_id = serializers.UUIDField(source="memory_item_id", allow_null=True)
    version = serializers.IntegerField(
        source="version.number", allow_null=True, default=None
    )
    version_id = serializers.UUIDField(allow_null=True)
    risk = serializers.FloatField(source="risk_score", allow_null=True)
    tier = serializers.ChoiceField(choices=ReviewTier.choices, allow_blank=True)
    review_id = serializers.SerializerMethodField()
    conflicts_with = serializers.SerializerMethodField(
        help_text="The memories this write contradicts, when the contradiction "
        "gate refused it or sent it to a curator."
    )
    review_deadline = serializers.DateTimeField(allow_null=True)
    retry_at = serializers.DateTimeField(allow_null=True)
    flags = serializers.ListField(child=serializers.CharField())
    decided_by = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)

    def get_review_id(self, write: WriteRequest) -> uuid.UUID | None:
        """The review is the write itself, while or after a person decides it."""
        return _review_id(write)

    def get_conflicts_with(self, write: WriteRequest) -> list[uuid.UUID]:
        """The contradicted memories, from the contradiction gate's trace."""
        return _conflicts_with(write)


def _review_id(write: WriteRequest) -> uuid.UUID | None:
    """The review is the write itself, while or after a person decides it."""
    return write.id if write.tier in (ReviewTier.ASYNC, ReviewTier.SYNC) else None


def _conflicts_with(write: WriteRequest) -> list[uuid.UUID]:
    """The contradicted memories, from the contradiction gate's trace."""
    for decision in write.gate_decisions or ():
        if decision.get("gate") != "contradiction":
            continue
        if decision.get("decision") not in ("reject", "review"):
            return []
        found = (decision.get("details") or {}).get("contradictions") or ()
        return list(dict.fromkeys(uuid.UUID(c["item_id"]) for c in found))
    return []


# DRF's DateTimeField's output (ISO 8601, `Z` for UTC), without a serializer.
_DATETIME = serializers.DateTimeField()


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def _moment(value: Any) -> str | None:
    return None if value is None else _DATETIME.to_representation(value)


def write_output(write: WriteRequest) -> dict[str, Any]:
    """`WriteOutput(write).data` as a plain dict: the same keys, values, formats.

    The door answers every write with it: DRF's serializer deep-copies its
    twenty fields for each response. `test_write_output` compares both.
    """
    version = write.version if write.version_id is not None else None
    risk = write.risk_score
    flags = write.flags
    return {
        "id": _text(write.id),
        "status": _text(write.status),
        "gate": _text(write.gate),
        "code": _text(write.code),
        "reason": _text(write.reason),
        "memory_id": _text(write.memory_item_id),
        "version": None if version is None else int(version.number),
        "version_id": _text(write.version_id),
        "risk": None if risk is None else float(risk),
        "tier": _text(write.tier),
        "review_id": _review_id(write),
        "conflicts_with": _conflicts_with(write),
        "review_deadline": _moment(write.review_deadline),
        "retry_at": _moment(write.retry_at),
        "flags": None if flags is None else [_text(flag) for flag in flags],
        "decided_by": _text(write.decided_by),
        "created_at": _moment(write.created_at),
        "finished_at": _moment(write.finished_at),
    }


class WriteDetailOutput(WriteOutput):
    gates = serializers.ListField(
        source="gate_decisions", child=serializers.DictField()
    )


def _wait_seconds(seconds: float | None) -> float:
    return max(0.0, min(seconds or 0.0, settings.MGC_LONG_POLL_MAX_SECONDS))


def door_refusal(
    write: WriteRequest, *, headers: dict | None = None
) -> DomainError | None:
    """Return the error a submitted write is answered with, if the door refused it.

    Refused before it was queued: the error it is (and the same answer to a
    replay of its key). Deferred by the rate gate: 429 with `Retry-After`.
    """
    if write.status == WriteStatus.REJECTED and not write.started_at:
        error = Forbidden if write.code in SUSPENDED_CODES else Invalid
        return error(
            write.reason,
            code=write.code,
            gate=write.gate,
            details={"write_id": str(write.id), "gates": write.gate_decisions[-1:]},
            headers=headers,
        )
    if write.status == WriteStatus.DEFERRED and write.code == "rate_limited":
        wait = max(1, int((write.retry_at - timezone.now()).total_seconds() + 0.999))
        return RateLimited(
            write.reason,
            code=write.code,
            gate=write.gate,
            details={"write_id": str(write.id), "retry_at": write.retry_at.isoformat()},
            headers={**(headers or {}), "Retry-After": str(wait)},
        )
    return None


def _write_response(
    write: WriteRequest,
    *,
    detail: bool = False,
    status: int = 200,
    headers: dict | None = None,
) -> Response:
    if status == 202:
        refusal = door_refusal(write, headers=headers)
        if refusal is not None:
            raise refusal
    data = WriteDetailOutput(write).data if detail else write_output(write)
    return Response(data, status=status, headers=headers)


# The write body's fields, bound once per thread (see `_WriteBody`).
_bound_fields = threading.local()


class WriteCreateApi(APIView):
    """Submit a memory write; it is processed asynchronously by the pipeline."""

    class InputSerializer(serializers.Serializer):
        scope = serializers.CharField(max_length=500)
        layer = serializers.ChoiceField(choices=Layer.choices)
        content = serializers.CharField(allow_blank=True, trim_whitespace=False)
        kind = KindField(max_length=64, required=False, default="note")
        key = serializers.CharField(max_length=200, required=False, allow_null=True)
        subject = serializers.CharField(
            max_length=200, required=False, allow_blank=True
        )
        predicate = serializers.CharField(
            max_length=200, required=False, allow_blank=True
        )
        object = serializers.CharField(max_length=500, required=False, allow_blank=True)
        confidence = ConfidenceField(required=False, default=0.7)
        source = serializers.ChoiceField(
            choices=Source.choices, required=False, default=Source.AGENT_INFERRED
        )
        evidence = EvidenceSerializer(many=True, required=False)
        ttl_seconds = serializers.IntegerField(
            required=False, min_value=1, max_value=MAX_TTL_SECONDS, allow_null=True
        )
        soft_ttl_seconds = serializers.IntegerField(
            required=False, min_value=1, max_value=MAX_TTL_SECONDS, allow_null=True
        )
        classification = serializers.ChoiceField(
            choices=Classification.choices, required=False, default="general"
        )
        residency = serializers.CharField(
            max_length=32, required=False, allow_blank=True
        )
        task_id = serializers.CharField(
            max_length=200, required=False, allow_blank=True
        )
        session_id = serializers.CharField(
            max_length=200, required=False, allow_blank=True
        )
        deadline = serializers.DateTimeField(required=False, allow_null=True)
        fields = JSONObjectField(
            required=False, help_text="The kind's typed fields, e.g. a procedure's."
        )
        embedding = EmbeddingField(
            child=serializers.FloatField(),
            required=False,
            allow_null=True,
            max_length=4096,
        )

        def run_validation(self, data: Any = empty) -> Any:
            """Refuse, before the fields are checked, a body that is not an
            object (`malformed_json`), unknown fields (`unknown_fields`) and
            content over `MGC_MAX_CONTENT_BYTES` (`content_too_large`); field
            errors stay `is_valid()`'s."""
            if not isinstance(data, dict):
                raise Malformed(
                    "The body must be a JSON object.", code="malformed_json"
                )
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise Invalid(
                    f"Unknown fields: {', '.join(unknown)}.",
                    code="unknown_fields",
                    details={"fields": unknown},
                )
            content = data.get("content")
            if isinstance(content, str):
                size = len(content.encode(errors="surrogatepass"))
                if size > settings.MGC_MAX_CONTENT_BYTES:
                    raise TooLarge(
                        f"Content is {size} bytes; the limit is "
                        f"{settings.MGC_MAX_CONTENT_BYTES}.",
                        code="content_too_large",
                        gate="schema",
                    )
            return super().run_validation(data)

    @extend_schema(
        operation_id="writes_create",
        request=InputSerializer,
        examples=[
            OpenApiExample(
                "A note with its evidence",
                request_only=True,
                value={
                    "scope": "/org/acme/user/42/",
                    "layer": "episodic",
                    "kind": "note",
                    "key": "color_preference",
                    "content": "The user prefers dark mode.",
                    "confidence": 0.9,
                    "source": "user_stated",
                    "evidence": [
                        {
                            "source_type": "HUMAN_INPUT",
                            "uri": "chat://session/9#turn-3",
                            "authority": 1.0,
                            "excerpt": "I like dark mode",
                        }
                    ],
                    "task_id": "task-abc",
                    "session_id": "sess-9",
                },
            )
        ],
        responses={
            202: WriteOutput,
            **error_responses(400, 401, 403, 413, 415, 422, 429),
        },
        parameters=[
            OpenApiParameter(
                "Idempotency-Key",
                {"type": "string", "pattern": f"^{IDEMPOTENCY_KEY.pattern}$"},
                OpenApiParameter.HEADER,
                description="A replay with the same key and body returns the "
                "stored answer; the same key with another body is 422.",
            ),
            OpenApiParameter(
                "Prefer",
                str,
                OpenApiParameter.HEADER,
                description="`wait=N`: wait up to N seconds (at most "
                f"{settings.MGC_LONG_POLL_MAX_SECONDS}) for the outcome.",
            ),
            OpenApiParameter(
                "Location",
                str,
                OpenApiParameter.HEADER,
                response=[202, 403, 422, 429],
                description="The write's URL, `/api/v1/writes/{id}`.",
            ),
            OpenApiParameter(
                "Idempotent-Replayed",
                {"type": "string", "enum": ["true"]},
                OpenApiParameter.HEADER,
                response=[202, 403, 422, 429],
                description="Present on the stored answer to a replay.",
            ),
            RETRY_AFTER,
            WWW_AUTHENTICATE,
        ],
    )
    def post(self, request: Request) -> Response:
        query_validate(request)
        raw = request.body
        if len(raw) > settings.MGC_MAX_BODY_BYTES:
            raise TooLarge(
                f"The body is {len(raw)} bytes; the limit is "
                f"{settings.MGC_MAX_BODY_BYTES}.",
                code="body_too_large",
            )
        payload = write_payload(request.data)
        key = idempotency_key_header(request)
        result = write_submit(
            agent=request.user.agent, payload=payload, idempotency_key=key
        )
        headers = {"Location": f"/api/v1/writes/{result.write.id}"}
        if result.replayed:
            headers["Idempotent-Replayed"] = "true"
        match = PREFER_WAIT.search(request.headers.get("Prefer", ""))
        write = result.write
        if match and write.status == WriteStatus.QUEUED:
            write = write_wait(
                write=write, seconds=_wait_seconds(float(match.group(1)))
            )
        return _write_response(write, status=202, headers=headers)


def write_payload(data: Any) -> dict[str, Any]:
    """Return a write body validated as `POST /api/v1/writes` takes it, as JSON.

    Raise the error that endpoint answers: not an object (400), unknown
    fields or invalid values (422), content over its limit (413).
    """
    serializer = _WriteBody(data=data)
    if not serializer.is_valid():
        raise Invalid(
            "The write is invalid.",
            code="invalid_write",
            gate="schema",
            details=serializer.errors,
        )
    return json.loads(json.dumps(serializer.validated_data, default=str))


def idempotency_key_header(request: Request) -> str | None:
    """Return the request's Idempotency-Key; a malformed one is 422."""
    key = request.headers.get("Idempotency-Key")
    if key is not None and not IDEMPOTENCY_KEY.fullmatch(key):
        raise Invalid(
            "Idempotency-Key must be 1 to 255 printable ASCII characters.",
            code="invalid_idempotency_key",
        )
    return key


class _WriteBody(WriteCreateApi.InputSerializer):
    """The write body's serializer, without DRF's deep copy of its fields.

    A serializer deep-copies its declared fields on every instance (for a
    write: twenty fields and the evidence's nested serializer, on each
    request). Validation keeps no state in them (errors and validated data
    live on the serializer; a field's lazily built validators are the same
    each time), so this thread binds them once to a serializer of its own,
    holding no data, and every body of the thread is validated with them.
    The schema still describes `InputSerializer`.
    """

    @property
    def fields(self):  # type: ignore[override]
        fields = getattr(_bound_fields, "write_body", None)
        if fields is None:
            fields = WriteCreateApi.InputSerializer().fields
            _bound_fields.write_body = fields
        return fields


class WriteBatchItemOutput(serializers.Serializer):
    index = serializers.IntegerField(
        min_value=0, help_text="The write's place in `writes`."
    )
    status = serializers.IntegerField(
        help_text="What `POST /api/v1/writes` would answer for it: 202, or "
        "the error's status (403, 413, 422, 429)."
    )
    replayed = serializers.BooleanField(
        help_text="The stored answer to an earlier submit of this write."
    )
    write = WriteOutput(required=False, help_text="With a 202.")
    error = ErrorSerializer.BodySerializer(
        required=False, help_text="With an error status, as its envelope holds it."
    )


class WriteBatchCreateApi(APIView):
    """Submit several memory writes in one request: a bulk import, or the facts
    an agent drew from one turn. Each is answered as `POST /api/v1/writes`
    answers it; one refused does not refuse the others."""

    class InputSerializer(serializers.Serializer):
        writes = serializers.ListField(
            child=WriteCreateApi.InputSerializer(),
            min_length=1,
            max_length=settings.MGC_WRITE_BATCH_MAX_ITEMS,
            help_text="Each a write body as `POST /api/v1/writes` takes it.",
        )

    class OutputSerializer(serializers.Serializer):
        results = WriteBatchItemOutput(many=True, help_text="One per write, in order.")

    @extend_schema(
        operation_id="writes_batch_create",
        request=InputSerializer,
        examples=[
            OpenApiExample(
                "Two facts from one turn",
                request_only=True,
                value={
                    "writes": [
                        {
                            "scope": "/org/acme/user/42/",
                            "layer": "episodic",
                            "content": "The user prefers dark mode.",
                        },
                        {
                            "scope": "/org/acme/user/42/",
                            "layer": "episodic",
                            "content": "The user lives in Lyon.",
                        },
                    ]
                },
            )
        ],
        responses={
            207: OutputSerializer,
            **error_responses(400, 401, 403, 413, 415, 422),
        },
        parameters=[
            OpenApiParameter(
                "Idempotency-Key",
                {"type": "string", "pattern": f"^{IDEMPOTENCY_KEY.pattern}$"},
                OpenApiParameter.HEADER,
                description="The batch's key: write `i` is keyed by it and `i`. "
                "The same batch again returns the stored answers; a write "
                "whose body changed under the same key is 422 alone.",
            ),
            WWW_AUTHENTICATE,
        ],
    )
    def post(self, request: Request) -> Response:
        query_validate(request)
        _batch_body_read(request)
        items = _batch_items(request.data)
        key = idempotency_key_header(request)
        answers: dict[int, Any] = {}
        payloads = []
        for index, item in enumerate(items):
            try:
                payloads.append((index, write_payload(item)))
            except DomainError as exc:
                answers[index] = exc
        answers.update(
            writes_submit(
                agent=request.user.agent, payloads=payloads, idempotency_key=key
            )
        )
        results = [_batch_result(i, answers[i]) for i in range(len(items))]
        return Response({"results": results}, status=207)


def _batch_body_read(request: Request) -> None:
    """Read the body under the batch's limit, not one write's (413 over it).

    Django's `request.body` refuses a body over DATA_UPLOAD_MAX_MEMORY_SIZE,
    which is one write's limit; DRF's JSON parser reads `request.body`. So
    the body is read here, from the stream (bounded by Content-Length), and
    kept where `request.body` finds it.
    """
    size = int(request.META.get("CONTENT_LENGTH") or 0)
    limit = settings.MGC_WRITE_BATCH_MAX_BODY_BYTES
    if size > limit:
        raise TooLarge(
            f"The body is {size} bytes; the limit is {limit}.",
            code="body_too_large",
        )
    raw = request._request
    if not raw._read_started and not hasattr(raw, "_body"):
        raw._body = raw.read()


def _batch_items(data: Any) -> list:
    """Return the batch's writes; refuse a batch that is not one (400/422)."""
    if not isinstance(data, dict):
        raise Malformed("The body must be a JSON object.", code="malformed_json")
    unknown = sorted(set(data) - {"writes"})
    if unknown:
        raise Invalid(
            f"Unknown fields: {', '.join(unknown)}.",
            code="unknown_fields",
            details={"fields": unknown},
        )
    items = data.get("writes")
    if not isinstance(items, list) or not items:
        raise Invalid(
            "`writes` must be a non-empty list of write bodies.",
            code="invalid_batch",
            details={"writes": ["A non-empty list is required."]},
        )
    limit = settings.MGC_WRITE_BATCH_MAX_ITEMS
    if len(items) > limit:
        # 422, as any other value over its schema's bound (`maxItems`).
        raise Invalid(
            f"The batch has {len(items)} writes; the limit is {limit}.",
            code="batch_too_large",
            details={"writes": len(items), "limit": limit},
        )
    return items


def _batch_result(index: int, answer: SubmitResult | DomainError) -> dict[str, Any]:
    """One write's answer in a batch: what `POST /api/v1/writes` says of it."""
    replayed = isinstance(answer, SubmitResult) and answer.replayed
    if isinstance(answer, SubmitResult):
        answer = door_refusal(answer.write) or answer
    if isinstance(answer, DomainError):
        error = answer.as_dict()["error"]
        return {
            "index": index,
            "status": answer.status,
            "replayed": replayed,
            "error": error,
        }
    return {
        "index": index,
        "status": 202,
        "replayed": replayed,
        "write": write_output(answer.write),
    }


class WriteDetailApi(APIView):
    """A write's outcome; `?wait=N` long-polls until it leaves `queued`."""

    class QuerySerializer(serializers.Serializer):
        wait = serializers.FloatField(
            required=False,
            min_value=0,
            max_value=settings.MGC_LONG_POLL_MAX_SECONDS,
            help_text="Seconds to wait for the write to leave `queued` (or "
            "`awaiting_approval`).",
        )

    @extend_schema(
        operation_id="writes_retrieve",
        parameters=[
            QuerySerializer,
            OpenApiParameter("write_id", OpenApiTypes.UUID, OpenApiParameter.PATH),
            WWW_AUTHENTICATE,
        ],
        responses={200: WriteDetailOutput, **error_responses(401, 403, 404, 422)},
    )
    def get(self, request: Request, write_id: str) -> Response:
        query = query_validate(request, self.QuerySerializer)
        principal = request.user
        write = write_request_get(
            tenant=principal.tenant, write_id=write_id, agent=principal.agent
        )
        if write is None:
            raise NotFound("No such write.")
        seconds = _wait_seconds(query.get("wait"))
        if seconds:
            write = write_wait(write=write, seconds=seconds)
        return _write_response(write, detail=True)


class VersionOutput(serializers.ModelSerializer):
    class Meta:
        model = MemoryVersion
        fields = [
            "id",
            "number",
            "content",
            "structured",
            "content_hash",
            "confidence",
            "adjusted_confidence",
            "source",
            "evidence",
            "evidence_count",
            "last_reinforced_at",
            "status",
            "supersedes",
            "valid_from",
            "valid_to",
            "task_id",
            "session_id",
            "created_at",
        ]


class MemoryOutput(serializers.ModelSerializer):
    scope = serializers.CharField(source="scope.path")
    key = serializers.CharField(source="memory_key", allow_null=True, allow_blank=True)
    content = serializers.CharField(
        source="head.content", allow_null=True, allow_blank=True, default=None
    )
    version = serializers.IntegerField(
        source="head.number", allow_null=True, default=None
    )
    version_id = serializers.UUIDField(source="head_id", allow_null=True)
    confidence = serializers.FloatField(
        source="head.confidence", allow_null=True, default=None
    )
    source = serializers.ChoiceField(
        choices=Source.choices, source="head.source", allow_null=True, default=None
    )

    class Meta:
        model = MemoryItem
        fields = [
            "id",
            "scope",
            "layer",
            "kind",
            "key",
            "subject",
            "predicate",
            "object",
            "content",
            "version",
            "version_id",
            "confidence",
            "source",
            "status",
            "classification",
            "residency",
            "pinned",
            "expires_at",
            "created_at",
            "updated_at",
        ]


class MemoryPagination(LimitOffsetPagination):
    """DRF's limit/offset page of a query validated beforehand."""

    def __init__(self, *, limit: int, offset: int) -> None:
        self._limit, self._offset = limit, offset

    def get_limit(self, request: Request) -> int:
        return self._limit

    def get_offset(self, request: Request) -> int:
        return self._offset


class MemoryListApi(APIView):
    """Memories the agent may read, newest first."""

    class FilterSerializer(serializers.Serializer):
        scope = serializers.CharField(
            required=False,
            trim_whitespace=False,
            max_length=500,
            validators=[NO_NUL],
            help_text="Only this scope (with `inherit`, and its ancestors).",
        )
        inherit = QueryBooleanField(required=False, default=False)
        layer = serializers.ChoiceField(choices=Layer.choices, required=False)
        key = serializers.CharField(
            required=False,
            trim_whitespace=False,
            max_length=200,
            validators=[NO_NUL],
        )
        status = serializers.ChoiceField(
            choices=LISTED_STATUSES, required=False, default=VersionStatus.ACTIVE
        )
        as_of = serializers.DateTimeField(
            required=False,
            help_text="Memories as they were then (their versions valid then); "
            "`status` is ignored.",
        )
        limit = serializers.IntegerField(
            required=False, default=50, min_value=1, max_value=500
        )
        offset = serializers.IntegerField(
            required=False, default=0, min_value=0, max_value=MAX_OFFSET
        )

    class OutputSerializer(serializers.Serializer):
        count = serializers.IntegerField(help_text="Memories matching, all pages.")
        next = serializers.URLField(allow_null=True)
        previous = serializers.URLField(allow_null=True)
        results = MemoryOutput(many=True)

    @extend_schema(
        operation_id="memories_list",
        parameters=[FilterSerializer, WWW_AUTHENTICATE],
        responses={200: OutputSerializer, **error_responses(401, 403, 422)},
    )
    def get(self, request: Request) -> Response:
        principal = request.user
        filters = query_validate(request, self.FilterSerializer)
        items = memory_item_list(
            tenant=principal.tenant,
            scope_path=filters.get("scope"),
            inherit=filters["inherit"],
            layer=filters.get("layer"),
            key=filters.get("key"),
            status=filters["status"],
            as_of=filters.get("as_of"),
            readable_scopes=agent_readable_scopes(
                tenant=principal.tenant, agent=principal.agent
            ),
        )
        paginator = MemoryPagination(limit=filters["limit"], offset=filters["offset"])
        page = paginator.paginate_queryset(items, request, view=self)
        return paginator.get_paginated_response(MemoryOutput(page, many=True).data)


def _readable_item(request: Request, memory_id: str) -> MemoryItem:
    principal = request.user
    item = memory_item_get(
        tenant=principal.tenant,
        item_id=memory_id,
        readable_scopes=agent_readable_scopes(
            tenant=principal.tenant, agent=principal.agent
        ),
    )
    if item is None or item.status == VersionStatus.DRAFT:
        raise NotFound("No such memory.")
    return item


MEMORY_ID = OpenApiParameter("memory_id", OpenApiTypes.UUID, OpenApiParameter.PATH)


class MemoryDetailApi(APIView):
    @extend_schema(
        operation_id="memories_retrieve",
        parameters=[MEMORY_ID, WWW_AUTHENTICATE],
        responses={200: MemoryOutput, **error_responses(401, 403, 404, 422)},
    )
    def get(self, request: Request, memory_id: str) -> Response:
        query_validate(request)
        return Response(MemoryOutput(_readable_item(request, memory_id)).data)


class MemoryVersionListApi(APIView):
    """A memory's versions, newest first (not paged: a chain stays short)."""

    class OutputSerializer(serializers.Serializer):
        results = VersionOutput(many=True)

    @extend_schema(
        operation_id="memories_versions_list",
        parameters=[MEMORY_ID, WWW_AUTHENTICATE],
        responses={200: OutputSerializer, **error_responses(401, 403, 404, 422)},
    )
    def get(self, request: Request, memory_id: str) -> Response:
        query_validate(request)
        item = _readable_item(request, memory_id)
        versions = memory_version_list(tenant=request.user.tenant, item=item).exclude(
            status=VersionStatus.DRAFT
        )
        return Response(self.OutputSerializer({"results": versions}).data)
