"""A Mem0-compatible API: the platform endpoints `mem0ai`'s MemoryClient speaks.

Mounted under /mem0/ (memory_core/mem0_urls.py), so an agent written against
Mem0 switches over with `MemoryClient(api_key=<agent token>,
host="https://console/mem0")`. Every message is a governed write through the
same gates and pipeline as /api/v1/writes; search is this project's retrieval;
an update is a new version of the memory (a keyed write), a delete an audited
retraction. The mapping and its limits: docs/mem0.md. These views are not in
the OpenAPI schema (it describes /api/v1 only).
"""

from __future__ import annotations

import re
import uuid
from typing import Any

from django.conf import settings
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from memory_core.auth import AgentTokenAuthentication
from memory_core.exceptions import (
    DomainError,
    Forbidden,
    Invalid,
    Malformed,
    NotFound,
    StateConflict,
)
from memory_core.models import MemoryItem, VersionStatus, WriteRequest, WriteStatus
from memory_core.retrieval import memory_search
from memory_core.scope_paths import scope_segment_check
from memory_core.selectors import (
    agent_readable_scopes,
    memory_item_get,
    memory_version_list,
    write_request_get,
)
from memory_core.services.mem0 import memory_retract_by_agent
from memory_core.services.writes import write_submit, write_wait, writes_submit

LAYER = "episodic"
KEY_PREFIX = "mem0-"
PENDING = {WriteStatus.QUEUED, WriteStatus.DEFERRED}
EVENT_ID = re.compile(r"^[0-9a-f-]{36}(\.[0-9a-f-]{36}){0,49}$")


class Mem0TokenAuthentication(AgentTokenAuthentication):
    """`Authorization: Token <agent token>`, as the Mem0 client sends it."""

    keyword = "Token"

    def authenticate_header(self, request) -> str:
        return 'Token realm="mem0"'


class Mem0View(APIView):
    authentication_classes = [Mem0TokenAuthentication]
    schema = None


def _object(request: Request) -> dict[str, Any]:
    data = request.data
    if not isinstance(data, dict):
        raise Malformed("The body must be a JSON object.", code="malformed_json")
    return data


def _segment(value: Any, name: str) -> str | None:
    if value in (None, ""):
        return None
    if not isinstance(value, str):
        raise Invalid(f"{name} must be a string.", code="invalid_parameter")
    try:
        return scope_segment_check(value)
    except Invalid as exc:
        raise Invalid(f"{name}: {exc.message}", code="invalid_scope_id") from exc


def _scope(tenant_slug: str, user_id: str | None, run_id: str | None) -> str:
    path = f"/org/{tenant_slug}/"
    if user_id:
        path += f"user/{user_id}/"
    if run_id:
        path += f"task/{run_id}/"
    return path


def _ids_of(path: str) -> tuple[str | None, str | None]:
    parts = [p for p in path.strip("/").split("/") if p]
    pairs = dict(zip(parts[0::2], parts[1::2], strict=False))
    return pairs.get("user"), pairs.get("task")


def _filters(data: dict[str, Any]) -> tuple[str | None, str | None]:
    filters = data.get("filters") or {}
    if not isinstance(filters, dict):
        raise Invalid("filters must be an object.", code="invalid_parameter")
    user_id = filters.get("user_id", data.get("user_id"))
    run_id = filters.get("run_id", data.get("run_id"))
    for key in ("AND", "OR"):
        for clause in filters.get(key) or ():
            if isinstance(clause, dict):
                user_id = clause.get("user_id", user_id)
                run_id = clause.get("run_id", run_id)
    return _segment(user_id, "user_id"), _segment(run_id, "run_id")


def _memory(item: MemoryItem, agent_name: str, score: float | None = None) -> dict:
    user_id, run_id = _ids_of(item.scope.path)
    head = item.head
    out = {
        "id": str(item.id),
        "memory": head.content if head else None,
        "hash": head.content_hash if head else None,
        "user_id": user_id,
        "agent_id": agent_name,
        "run_id": run_id,
        "app_id": None,
        "metadata": {"scope": item.scope.path, "layer": item.layer},
        "categories": [],
        "immutable": item.pinned,
        "expiration_date": item.expires_at.date().isoformat()
        if item.expires_at
        else None,
        "created_at": item.created_at.isoformat(),
        "updated_at": item.updated_at.isoformat(),
    }
    if score is not None:
        out["score"] = score
    return out


def _readable(request: Request, memory_id: str) -> MemoryItem:
    principal = request.user
    try:
        uuid.UUID(memory_id)
    except ValueError:
        raise NotFound("No such memory.") from None
    item = memory_item_get(
        tenant=principal.tenant,
        item_id=memory_id,
        readable_scopes=agent_readable_scopes(
            tenant=principal.tenant, agent=principal.agent
        ),
    )
    if item is None or item.status != VersionStatus.ACTIVE:
        raise NotFound("No such memory.")
    return item


def _refused(write: WriteRequest) -> None:
    """A write refused before it was queued (a secret, a storm): a 4xx."""
    if write.status == WriteStatus.REJECTED and not write.started_at:
        error = Forbidden if write.code == "agent_suspended" else Invalid
        raise error(
            write.reason,
            code=write.code,
            gate=write.gate,
            details={"write_id": str(write.id)},
        )


def _submit(request: Request, payload: dict[str, Any]) -> WriteRequest:
    result = write_submit(
        agent=request.user.agent, payload=payload, idempotency_key=None
    )
    _refused(result.write)
    return result.write


class PingApi(Mem0View):
    def get(self, request: Request) -> Response:
        principal = request.user
        return Response(
            {
                "status": "ok",
                "org_id": principal.tenant.slug,
                "project_id": principal.tenant.slug,
                "user_email": None,
            }
        )


class AddApi(Mem0View):
    """Each user message becomes a governed write; `infer` changes nothing."""

    def post(self, request: Request) -> Response:
        data = _object(request)
        messages = data.get("messages")
        if isinstance(messages, str):
            messages = [{"role": "user", "content": messages}]
        if not isinstance(messages, list) or not messages:
            raise Invalid("messages must be a non-empty list.", code="invalid_messages")
        user_id = _segment(data.get("user_id"), "user_id")
        run_id = _segment(data.get("run_id"), "run_id")
        scope = _scope(request.user.tenant.slug, user_id, run_id)
        texts = [
            m.get("content")
            for m in messages
            if isinstance(m, dict) and m.get("role", "user") == "user"
        ]
        texts = [t for t in texts if isinstance(t, str) and t.strip()]
        if not texts:
            raise Invalid("No user message with content.", code="invalid_messages")
        # One batch: the messages' writes in one transaction, one drain.
        answers = writes_submit(
            agent=request.user.agent,
            payloads=[
                (
                    index,
                    {
                        "scope": scope,
                        "layer": LAYER,
                        "kind": "note",
                        "key": f"{KEY_PREFIX}{uuid.uuid4().hex[:16]}",
                        "content": text,
                        "source": "user_stated",
                        "task_id": run_id or "",
                    },
                )
                for index, text in enumerate(texts)
            ],
            idempotency_key=None,
        )
        writes = []
        for answer in answers.values():
            if isinstance(answer, DomainError):
                raise answer
            _refused(answer.write)
            writes.append(answer.write)
        return Response(
            {
                "event_id": ".".join(str(w.id) for w in writes),
                "status": "PENDING",
                "message": "Memory processing has been queued for background "
                "execution (governed: see /v1/event/{event_id}/).",
            }
        )


def _event_result(write: WriteRequest) -> dict[str, Any]:
    return {
        "id": str(write.memory_item_id) if write.memory_item_id else None,
        "event": {
            WriteStatus.COMMITTED: "ADD",
            WriteStatus.DUPLICATE: "NONE",
        }.get(write.status, "NONE"),
        "memory": write.payload.get("content"),
        "write_id": str(write.id),
        "write_status": write.status,
        "code": write.code,
        "reason": write.reason,
    }


class EventApi(Mem0View):
    def get(self, request: Request, event_id: str) -> Response:
        if not EVENT_ID.match(event_id):
            raise NotFound("No such event.")
        principal = request.user
        writes = []
        for write_id in event_id.split("."):
            write = write_request_get(
                tenant=principal.tenant, write_id=write_id, agent=principal.agent
            )
            if write is None:
                raise NotFound("No such event.")
            if write.status in PENDING:
                write = write_wait(
                    write=write, seconds=settings.MGC_LONG_POLL_MAX_SECONDS
                )
            writes.append(write)
        if any(w.status in PENDING for w in writes):
            status = "PENDING"
        elif all(w.status == WriteStatus.REJECTED for w in writes):
            status = "FAILED"
        else:
            status = "SUCCEEDED"
        return Response(
            {
                "id": event_id,
                "event_type": "ADD",
                "status": status,
                "results": [_event_result(w) for w in writes],
            }
        )


class SearchApi(Mem0View):
    def post(self, request: Request) -> Response:
        data = _object(request)
        query = data.get("query")
        if not isinstance(query, str) or not query.strip():
            raise Invalid("query must be a non-empty string.", code="invalid_query")
        top_k = data.get("top_k", data.get("limit", 10))
        if not isinstance(top_k, int) or not 1 <= top_k <= 100:
            raise Invalid("top_k must be an integer 1..100.", code="invalid_parameter")
        threshold = data.get("threshold")
        if threshold is not None and not isinstance(threshold, int | float):
            raise Invalid("threshold must be a number.", code="invalid_parameter")
        principal = request.user
        user_id, run_id = _filters(data)
        scopes = None
        if user_id or run_id:
            scopes = [_scope(principal.tenant.slug, user_id, run_id)]
        try:
            result = memory_search(
                tenant=principal.tenant,
                agent=principal.agent,
                query=query,
                scopes=scopes,
                limit=top_k,
                min_score=threshold,
            )
        except NotFound:
            # A user or run with no memories yet (or one the agent may not
            # read: the same answer) has nothing to find, as in Mem0.
            return Response({"results": []})
        items = {
            i.id: i
            for i in MemoryItem.objects.filter(
                tenant=principal.tenant, id__in=[h.memory_id for h in result.hits]
            ).select_related("scope", "head")
        }
        results = [
            _memory(items[h.memory_id], principal.agent.name, score=h.score)
            for h in result.hits
            if h.memory_id in items
        ]
        return Response({"results": results})


class ListApi(Mem0View):
    """get_all: the agent's active memories, filtered by user_id/run_id, paged."""

    def post(self, request: Request) -> Response:
        data = _object(request)
        principal = request.user
        user_id, run_id = _filters(data)
        try:
            page = int(request.query_params.get("page", 1))
            size = int(request.query_params.get("page_size", 100))
        except ValueError:
            raise Invalid(
                "page and page_size are integers.", code="invalid_parameter"
            ) from None
        if page < 1 or not 1 <= size <= 500:
            raise Invalid("page >= 1, page_size 1..500.", code="invalid_parameter")
        items = (
            MemoryItem.objects.filter(
                tenant=principal.tenant,
                status=VersionStatus.ACTIVE,
                scope__in=agent_readable_scopes(
                    tenant=principal.tenant, agent=principal.agent
                ),
            )
            .select_related("scope", "head")
            .order_by("-created_at", "id")
        )
        if user_id:
            items = items.filter(scope__path__contains=f"/user/{user_id}/")
        if run_id:
            items = items.filter(scope__path__contains=f"/task/{run_id}/")
        count = items.count()
        rows = items[(page - 1) * size : page * size]
        base = request.build_absolute_uri(request.path)
        return Response(
            {
                "count": count,
                "next": f"{base}?page={page + 1}&page_size={size}"
                if page * size < count
                else None,
                "previous": f"{base}?page={page - 1}&page_size={size}"
                if page > 1
                else None,
                "results": [_memory(i, principal.agent.name) for i in rows],
            }
        )


class V1ListOrAddApi(Mem0View):
    """Client 1.x: POST /v1/memories/ adds; DELETE /v1/memories/ deletes all."""

    def post(self, request: Request) -> Response:
        return AddApi().post(request)

    def delete(self, request: Request) -> Response:
        principal = request.user
        user_id = _segment(request.query_params.get("user_id"), "user_id")
        run_id = _segment(request.query_params.get("run_id"), "run_id")
        if not user_id and not run_id:
            raise Invalid(
                "Name user_id or run_id: deleting every memory is refused.",
                code="filter_required",
            )
        items = MemoryItem.objects.filter(
            tenant=principal.tenant, status=VersionStatus.ACTIVE
        ).select_related("scope")
        if user_id:
            items = items.filter(scope__path__contains=f"/user/{user_id}/")
        if run_id:
            items = items.filter(scope__path__contains=f"/task/{run_id}/")
        deleted, refused = [], []
        for item in items:
            try:
                memory_retract_by_agent(
                    tenant=principal.tenant,
                    agent=principal.agent,
                    item_id=item.id,
                    reason="mem0 delete_all",
                )
                deleted.append(str(item.id))
            except NotFound:
                continue
            except StateConflict as exc:  # pinned, or a write under review
                refused.append({"id": str(item.id), "reason": exc.message})
        return Response(
            {
                "message": f"{len(deleted)} memories retracted; "
                f"{len(refused)} refused.",
                "retracted": deleted,
                "refused": refused,
            }
        )


class DetailApi(Mem0View):
    def get(self, request: Request, memory_id: str) -> Response:
        return Response(_memory(_readable(request, memory_id), request.user.agent.name))

    def put(self, request: Request, memory_id: str) -> Response:
        data = _object(request)
        item = _readable(request, memory_id)
        text = data.get("text")
        if not isinstance(text, str) or not text.strip():
            raise Invalid(
                "text is required: only the memory's text can be updated here.",
                code="invalid_update",
            )
        key = item.memory_key
        if not key:
            raise Invalid(
                "This memory has no key, so it cannot be versioned through the "
                "Mem0 API; write it through /api/v1/writes.",
                code="not_updatable",
            )
        write = _submit(
            request,
            {
                "scope": item.scope.path,
                "layer": item.layer,
                "kind": item.kind,
                "key": key,
                "content": text,
                "source": "user_stated",
            },
        )
        if write.status in PENDING:
            write = write_wait(write=write, seconds=settings.MGC_LONG_POLL_MAX_SECONDS)
        return Response(
            {
                "id": str(item.id),
                "message": {
                    WriteStatus.COMMITTED: "Memory updated: a new version.",
                    WriteStatus.DUPLICATE: "Memory unchanged: same text.",
                    WriteStatus.PENDING_REVIEW: "Update awaits a curator's review.",
                }.get(write.status, f"Update {write.status}: {write.reason}"),
                "write_id": str(write.id),
                "write_status": write.status,
                "code": write.code,
                "reason": write.reason,
            }
        )

    def delete(self, request: Request, memory_id: str) -> Response:
        item = _readable(request, memory_id)
        memory_retract_by_agent(
            tenant=request.user.tenant,
            agent=request.user.agent,
            item_id=item.id,
            reason="mem0 delete",
        )
        return Response(
            {"message": "Memory retracted (governed and audited; history kept)."}
        )


class HistoryApi(Mem0View):
    def get(self, request: Request, memory_id: str) -> Response:
        principal = request.user
        try:
            uuid.UUID(memory_id)
        except ValueError:
            raise NotFound("No such memory.") from None
        item = memory_item_get(
            tenant=principal.tenant,
            item_id=memory_id,
            readable_scopes=agent_readable_scopes(
                tenant=principal.tenant, agent=principal.agent
            ),
        )
        if item is None or item.status == VersionStatus.DRAFT:
            raise NotFound("No such memory.")
        user_id, run_id = _ids_of(item.scope.path)
        versions = list(
            memory_version_list(tenant=principal.tenant, item=item)
            .exclude(status=VersionStatus.DRAFT)
            .order_by("number")
        )
        history, previous = [], None
        for v in versions:
            history.append(
                {
                    "id": str(v.id),
                    "memory_id": str(item.id),
                    "input": [],
                    "old_memory": previous,
                    "new_memory": v.content,
                    "user_id": user_id,
                    "run_id": run_id,
                    "event": "ADD" if v.number == 1 else "UPDATE",
                    "status": v.status,
                    "version": v.number,
                    "metadata": None,
                    "created_at": v.created_at.isoformat(),
                    "updated_at": (v.valid_to or v.created_at).isoformat(),
                }
            )
            previous = v.content
        if item.status == VersionStatus.RETRACTED and versions:
            history[-1]["event"] = "DELETE"
        return Response(history)
