"""The agents' REST API v1: one APIView per operation, thin."""

from __future__ import annotations

import json
import re

from django.conf import settings
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from memory_core.exceptions import (
    Invalid,
    Malformed,
    NotFound,
    PermissionDenied,
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
from memory_core.selectors import (
    agent_readable_scopes,
    memory_item_get,
    memory_item_list,
    memory_version_list,
    write_request_get,
)
from memory_core.services.writes import write_submit, write_wait

# Refusals that are about the agent, not the write.
SUSPENDED_CODES = {"agent_suspended", "write_storm"}
PREFER_WAIT = re.compile(r"\bwait=(\d+(?:\.\d+)?)")


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
    tier = serializers.CharField(allow_blank=True)
    review_id = serializers.SerializerMethodField()
    review_deadline = serializers.DateTimeField(allow_null=True)
    retry_at = serializers.DateTimeField(allow_null=True)
    flags = serializers.ListField(child=serializers.CharField())
    decided_by = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)

    def get_review_id(self, write: WriteRequest) -> str | None:
        """The review is the write itself, while or after a person decides it."""
        return (
            str(write.id) if write.tier in (ReviewTier.ASYNC, ReviewTier.SYNC) else None
        )


class WriteDetailOutput(WriteOutput):
    gates = serializers.ListField(
        source="gate_decisions", child=serializers.DictField()
    )


def _wait_seconds(raw: str | None) -> float:
    if not raw:
        return 0.0
    try:
        return max(0.0, min(float(raw), settings.MGC_LONG_POLL_MAX_SECONDS))
    except ValueError as exc:
        raise Invalid("wait must be a number of seconds.", code="invalid_wait") from exc


def _write_response(
    write: WriteRequest,
    *,
    detail: bool = False,
    status: int = 200,
    headers: dict | None = None,
) -> Response:
    if status == 202 and write.status == WriteStatus.REJECTED and not write.started_at:
        # Refused before it was queued: answer as the error it is (and replay
        # the same answer for the same key).
        error = PermissionDenied if write.code in SUSPENDED_CODES else Invalid
        raise error(
            write.reason,
            code=write.code,
            gate=write.gate,
            details={"write_id": str(write.id), "gates": write.gate_decisions[-1:]},
            headers=headers,
        )
    if status == 202 and write.status == WriteStatus.DEFERRED:
        wait = max(1, int((write.retry_at - timezone.now()).total_seconds() + 0.999))
        raise RateLimited(
            write.reason,
            code=write.code,
            gate=write.gate,
            details={"write_id": str(write.id), "retry_at": write.retry_at.isoformat()},
            headers={**(headers or {}), "Retry-After": str(wait)},
        )
    serializer = WriteDetailOutput if detail else WriteOutput
    return Response(serializer(write).data, status=status, headers=headers)


class WriteCreateApi(APIView):
    """Submit a memory write; it is processed asynchronously by the pipeline."""

    class InputSerializer(serializers.Serializer):
        scope = serializers.CharField(max_length=500)
        layer = serializers.ChoiceField(choices=Layer.choices)
        content = serializers.CharField(allow_blank=True, trim_whitespace=False)
        kind = serializers.CharField(max_length=64, required=False, default="note")
        key = serializers.CharField(max_length=200, required=False, allow_null=True)
        subject = serializers.CharField(
            max_length=200, required=False, allow_blank=True
        )
        predicate = serializers.CharField(
            max_length=200, required=False, allow_blank=True
        )
        object = serializers.CharField(max_length=500, required=False, allow_blank=True)
        confidence = serializers.FloatField(required=False, default=0.7)
        source = serializers.ChoiceField(
            choices=Source.choices, required=False, default=Source.AGENT_INFERRED
        )
        evidence = EvidenceSerializer(many=True, required=False)
        ttl_seconds = serializers.IntegerField(
            required=False, min_value=1, allow_null=True
        )
        soft_ttl_seconds = serializers.IntegerField(
            required=False, min_value=1, allow_null=True
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
        fields = serializers.DictField(required=False)
        embedding = serializers.ListField(
            child=serializers.FloatField(),
            required=False,
            allow_null=True,
            max_length=4096,
        )

    @extend_schema(
        request=InputSerializer,
        responses={202: WriteOutput},
        parameters=[
            OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER),
            OpenApiParameter(
                "Prefer",
                str,
                OpenApiParameter.HEADER,
                description="wait=N: wait up to N seconds for the outcome",
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        raw = request.body
        if len(raw) > settings.MGC_MAX_BODY_BYTES:
            raise TooLarge(
                f"The body is {len(raw)} bytes; the limit is "
                f"{settings.MGC_MAX_BODY_BYTES}.",
                code="body_too_large",
            )
        data = request.data
        if not isinstance(data, dict):
            raise Malformed("The body must be a JSON object.", code="malformed_json")
        unknown = sorted(set(data) - set(self.InputSerializer().fields))
        if unknown:
            raise Invalid(
                f"Unknown fields: {', '.join(unknown)}.",
                code="unknown_fields",
                details={"fields": unknown},
            )
        content = data.get("content")
        if (
            isinstance(content, str)
            and len(content.encode()) > settings.MGC_MAX_CONTENT_BYTES
        ):
            raise TooLarge(
                f"Content is {len(content.encode())} bytes; the limit is "
                f"{settings.MGC_MAX_CONTENT_BYTES}.",
                code="content_too_large",
                gate="schema",
            )
        serializer = self.InputSerializer(data=data)
        if not serializer.is_valid():
            raise Invalid(
                "The write is invalid.",
                code="invalid_write",
                gate="schema",
                details=serializer.errors,
            )
        payload = json.loads(json.dumps(serializer.validated_data, default=str))
        key = request.headers.get("Idempotency-Key")
        if key is not None and not 1 <= len(key) <= 255:
            raise Invalid(
                "Idempotency-Key must be 1 to 255 characters.",
                code="invalid_idempotency_key",
            )
        result = write_submit(
            agent=request.user.agent, payload=payload, idempotency_key=key
        )
        headers = {"Location": f"/api/v1/writes/{result.write.id}"}
        if result.replayed:
            headers["Idempotent-Replayed"] = "true"
        match = PREFER_WAIT.search(request.headers.get("Prefer", ""))
        write = result.write
        if match and write.status == WriteStatus.QUEUED:
            write = write_wait(write=write, seconds=_wait_seconds(match.group(1)))
        return _write_response(write, status=202, headers=headers)


class WriteDetailApi(APIView):
    """A write's outcome; `?wait=N` long-polls until it leaves `queued`."""

    @extend_schema(
        responses={200: WriteDetailOutput}, parameters=[OpenApiParameter("wait", float)]
    )
    def get(self, request: Request, write_id: str) -> Response:
        principal = request.user
        write = write_request_get(
            tenant=principal.tenant, write_id=write_id, agent=principal.agent
        )
        if write is None:
            raise NotFound("No such write.")
        seconds = _wait_seconds(request.query_params.get("wait"))
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
    key = serializers.CharField(source="memory_key", allow_null=True)
    content = serializers.CharField(
        source="head.content", allow_null=True, default=None
    )
    version = serializers.IntegerField(
        source="head.number", allow_null=True, default=None
    )
    version_id = serializers.UUIDField(source="head_id", allow_null=True)
    confidence = serializers.FloatField(
        source="head.confidence", allow_null=True, default=None
    )
    source = serializers.CharField(source="head.source", allow_null=True, default=None)

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
    default_limit = 50
    max_limit = 500


class MemoryListApi(APIView):
    """Memories the agent may read, newest first."""

    @extend_schema(
        responses={200: MemoryOutput(many=True)},
        parameters=[
            OpenApiParameter("scope", str),
            OpenApiParameter("inherit", bool),
            OpenApiParameter("layer", str),
            OpenApiParameter("key", str),
            OpenApiParameter("status", str),
            OpenApiParameter("as_of", str),
            OpenApiParameter("limit", int),
            OpenApiParameter("offset", int),
        ],
    )
    def get(self, request: Request) -> Response:
        principal, params = request.user, request.query_params
        as_of = None
        if params.get("as_of"):
            as_of = parse_datetime(params["as_of"])
            if as_of is None:
                raise Invalid(
                    "as_of must be an ISO 8601 date-time.", code="invalid_as_of"
                )
        status = params.get("status", VersionStatus.ACTIVE)
        if status not in VersionStatus.values or status == VersionStatus.DRAFT:
            raise Invalid(f"Unknown status {status!r}.", code="invalid_status")
        if params.get("layer") and params["layer"] not in Layer.values:
            raise Invalid(f"Unknown layer {params['layer']!r}.", code="invalid_layer")
        items = memory_item_list(
            tenant=principal.tenant,
            scope_path=params.get("scope"),
            inherit=params.get("inherit", "false").lower() in {"1", "true", "yes"},
            layer=params.get("layer"),
            key=params.get("key"),
            status=status,
            as_of=as_of,
            readable_scopes=agent_readable_scopes(
                tenant=principal.tenant, agent=principal.agent
            ),
        )
        paginator = MemoryPagination()
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


class MemoryDetailApi(APIView):
    @extend_schema(responses={200: MemoryOutput})
    def get(self, request: Request, memory_id: str) -> Response:
        return Response(MemoryOutput(_readable_item(request, memory_id)).data)


class MemoryVersionListApi(APIView):
    @extend_schema(responses={200: VersionOutput(many=True)})
    def get(self, request: Request, memory_id: str) -> Response:
        item = _readable_item(request, memory_id)
        versions = memory_version_list(tenant=request.user.tenant, item=item).exclude(
            status=VersionStatus.DRAFT
        )
        return Response({"results": VersionOutput(versions, many=True).data})
