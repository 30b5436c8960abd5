"""`MemoryGovernanceStore`: LangGraph's long-term store over the console's REST API.

A namespace tuple is a scope path below the agent's organisation, read as
kind/id pairs: `("user", "42")` is `/org/acme/user/42/`, `("user", "42",
"task", "t1")` is `/org/acme/user/42/task/t1/` and `()` is `/org/acme/`. An
item's `key` is the memory's `key`; its `value` dict is the memory's content:
`{"content": "text"}` is stored as the text itself (what LangMem writes),
any other dict as its JSON.

Every put is a governed write (`POST /api/v1/writes`; consecutive puts in one
`batch` call go as one `POST /api/v1/writes/batch`): the store waits for
the outcome and returns normally when the write is committed, a duplicate,
or held for a curator's review (`pending_review`, `awaiting_approval`): such
an item is not readable until a curator approves it. A refused write raises
`MemoryGovernanceError` with the gate's code. A put of `None` (a delete)
retracts the key's memory (governed and audited, history kept).
"""

from __future__ import annotations

import asyncio
import json
import os
import uuid
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

import httpx
from langgraph.store.base import (
    BaseStore,
    GetOp,
    Item,
    ListNamespacesOp,
    MatchCondition,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
)

SCOPE_KINDS = ("user", "task")
HELD_FOR_REVIEW = {"pending_review", "awaiting_approval"}
# Queued and deferred writes run later (a deferred one after its retry).
LATER = {"queued", "deferred"}
ACCEPTED = {"committed", "duplicate"} | HELD_FOR_REVIEW | LATER
# What a put waits through (`Prefer: wait`, `?wait=`): the pipeline, a curator.
WAITED = {"queued", "awaiting_approval"}


class MemoryGovernanceError(Exception):
    """A request the console refused: `code` names the reason."""

    def __init__(self, code: str, message: str, status: int | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.status = status


class MemoryGovernanceStore(BaseStore):
    """A LangGraph `BaseStore` whose puts go through the console's governance.

    `url` and `token` default to `MGC_URL` and `MGC_TOKEN` from the
    environment. `org` is the organisation's slug (`acme` for `/org/acme/`); `layer` the
    layer new memories go to; `write_fields` more fields for every write
    (`confidence`, `source`, `evidence`, `kind`, ...: the write's schema at
    /api/schema/), e.g. the evidence the semantic layer asks for; `wait`
    how long a put waits for its outcome (at most 30 s; a write still queued
    then returns, and commits later).
    """

    def __init__(
        self,
        url: str | None = None,
        token: str | None = None,
        *,
        org: str,
        layer: str = "episodic",
        write_fields: dict[str, Any] | None = None,
        wait: float = 30,
        timeout: float = 60,
        client: httpx.Client | None = None,
    ) -> None:
        url = url or os.environ.get("MGC_URL")
        token = token or os.environ.get("MGC_TOKEN")
        if not url or not token:
            raise ValueError(
                "MemoryGovernanceStore needs the console's URL and an agent token: "
                "pass url= and token=, or set MGC_URL and MGC_TOKEN."
            )
        self.org = org
        self._token = token
        self.layer = layer
        self.write_fields = dict(write_fields or {})
        self.wait = wait
        self.last_put_status: str | None = None
        self._http = client or httpx.Client(
            base_url=url.rstrip("/"),
            headers={"Authorization": f"Bearer {token}"},
            timeout=timeout,
        )

    # -- namespaces and scope paths ------------------------------------------

    def scope_path(self, namespace: tuple[str, ...]) -> str:
        """Return the scope path of `namespace`, or raise `ValueError`."""
        if len(namespace) % 2 or any(
            kind not in SCOPE_KINDS for kind in namespace[0::2]
        ):
            raise ValueError(
                f"Namespace {namespace!r} is not a scope: use kind/id pairs "
                f"below the organisation, e.g. ('user', '42') or "
                f"('user', '42', 'task', 't1')."
            )
        return "/".join(("", "org", self.org, *namespace, ""))

    def namespace(self, path: str) -> tuple[str, ...] | None:
        """Return the namespace of scope `path`, or None outside the org."""
        root = f"/org/{self.org}/"
        if not path.startswith(root):
            return None
        return tuple(p for p in path[len(root) :].split("/") if p)

    # -- HTTP ----------------------------------------------------------------

    def _request(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        response = self._http.request(method, f"/api/v1/{path}", **kwargs)
        if response.status_code >= 400 and response.status_code != 404:
            raise _error(response)
        return response

    # -- BaseStore -----------------------------------------------------------

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        results: list[Result] = []
        ops = list(ops)
        while ops:
            # Consecutive puts (not deletes) go as one `POST /writes/batch`.
            run = 0
            while run < len(ops) and _is_write(ops[run]):
                run += 1
            if run > 1:
                results.extend(self._put_many(ops[:run]))  # type: ignore[arg-type]
                ops = ops[run:]
                continue
            op = ops.pop(0)
            if isinstance(op, GetOp):
                results.append(self._get(op))
            elif isinstance(op, SearchOp):
                results.append(self._search(op))
            elif isinstance(op, PutOp):
                results.append(self._put(op))
            elif isinstance(op, ListNamespacesOp):
                results.append(self._list_namespaces(op))
            else:
                raise TypeError(f"Unknown store operation {op!r}.")
        return results

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        return await asyncio.to_thread(self.batch, list(ops))

    def _get(self, op: GetOp) -> Item | None:
        path = self.scope_path(op.namespace)
        response = self._request(
            "GET", "memories", params={"scope": path, "key": op.key, "limit": 1}
        )
        if response.status_code == 404:
            return None
        rows = response.json()["results"]
        return self._item(rows[0]) if rows else None

    def _search(self, op: SearchOp) -> list[SearchItem]:
        prefix = "/".join(("", "org", self.org, *op.namespace_prefix, ""))
        if op.query:
            # Searching every readable scope and keeping the prefix's subtree:
            # the API's `scopes` adds ancestors, not descendants.
            response = self._request(
                "POST",
                "search",
                json={"query": op.query, "limit": 100, "record_access": False},
            )
            rows = response.json()["results"] if response.status_code != 404 else []
        else:
            # Without a query, the memories of that one scope (not below it).
            prefix = self.scope_path(op.namespace_prefix)
            response = self._request(
                "GET", "memories", params={"scope": prefix, "limit": 500}
            )
            rows = response.json()["results"] if response.status_code != 404 else []
        items = [
            self._item(row, score=row.get("score"))
            for row in rows
            if row["scope"].startswith(prefix)
        ]
        if op.filter:
            items = [i for i in items if _matches(i.value, op.filter)]
        return items[op.offset : op.offset + op.limit]  # type: ignore[return-value]

    def _write(self, op: PutOp) -> dict[str, Any]:
        """The write body of a put."""
        value = op.value or {}
        if set(value) == {"content"} and isinstance(value["content"], str):
            content = value["content"]
        else:
            content = json.dumps(value, sort_keys=True, default=str)
        return {
            **self.write_fields,
            "scope": self.scope_path(op.namespace),
            "layer": self.layer,
            "key": op.key,
            "content": content,
        }

    def _put(self, op: PutOp) -> None:
        if op.value is None:
            return self._delete(self.scope_path(op.namespace), op.key)
        response = self._request(
            "POST",
            "writes",
            json=self._write(op),
            headers={
                "Idempotency-Key": str(uuid.uuid4()),
                "Prefer": f"wait={self.wait:g}",
            },
        )
        if response.status_code == 404:
            raise _error(response)
        return self._outcome(response.json())

    def _put_many(self, ops: list[PutOp]) -> list[None]:
        """Several puts as one batch (`POST /api/v1/writes/batch`), in order.

        Every write is submitted; the first one refused then raises, as the
        same puts one by one would (but the writes after it are kept). Each
        queued write is waited for as a single put is (`wait`).
        """
        response = self._request(
            "POST",
            "writes/batch",
            json={"writes": [self._write(op) for op in ops]},
            headers={"Idempotency-Key": str(uuid.uuid4())},
        )
        if response.status_code == 404:
            raise _error(response)
        answers = []
        for result in response.json()["results"]:
            if "error" in result:
                error = result["error"]
                raise MemoryGovernanceError(
                    error["code"], error["message"], result["status"]
                )
            answers.append(result["write"])
        for answer in answers:
            if answer["status"] in WAITED and self.wait > 0:
                answer = self._request(
                    "GET", f"writes/{answer['id']}", params={"wait": f"{self.wait:g}"}
                ).json()
            self._outcome(answer)
        return [None] * len(ops)

    def _outcome(self, answer: dict[str, Any]) -> None:
        """Return if the write was accepted; raise if it was refused."""
        self.last_put_status = answer["status"]
        if answer["status"] in ACCEPTED:
            return None
        raise MemoryGovernanceError(
            answer.get("code") or answer["status"],
            answer.get("reason") or f"the write was {answer['status']}",
        )

    def _delete(self, path: str, key: str) -> None:
        """Retract the key's memory: the agent's governed, audited retraction.

        The console's agent retraction is served by its Mem0-compatible API
        (`DELETE /mem0/v1/memories/{id}/`); the history is kept. A missing key
        is a no-op, as in LangGraph; a pinned memory, or one with a write
        under review, is refused (`MemoryGovernanceError`).
        """
        response = self._request(
            "GET", "memories", params={"scope": path, "key": key, "limit": 1}
        )
        rows = response.json()["results"] if response.status_code != 404 else []
        if not rows:
            return None
        response = self._http.request(
            "DELETE",
            f"/mem0/v1/memories/{rows[0]['id']}/",
            headers={"Authorization": f"Token {self._token}"},
        )
        if response.status_code >= 400 and response.status_code != 404:
            raise _error(response)
        return None

    def _list_namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        namespaces: list[tuple[str, ...]] = []
        offset = 0
        while True:
            response = self._request(
                "GET",
                "scopes",
                params={"prefix": f"/org/{self.org}/", "limit": 500, "offset": offset},
            )
            page = response.json()
            for scope in page["results"]:
                namespace = self.namespace(scope["path"])
                if namespace and scope.get("can_read", True):
                    namespaces.append(namespace)
            offset += len(page["results"])
            if not page["results"] or offset >= page["count"]:
                break
        if op.match_conditions:
            namespaces = [
                n
                for n in namespaces
                if all(_namespace_matches(n, c) for c in op.match_conditions)
            ]
        if op.max_depth is not None:
            namespaces = sorted({n[: op.max_depth] for n in namespaces})
        return namespaces[op.offset : op.offset + op.limit]

    def _item(self, row: dict[str, Any], score: float | None = None) -> Item:
        namespace = self.namespace(row["scope"]) or ()
        created = _when(row.get("created_at"))
        updated = _when(row.get("updated_at")) or created
        value = _value(row.get("content") or "")
        if score is not None:
            return SearchItem(
                namespace, row.get("key") or "", value, created, updated, score
            )
        return Item(
            value=value,
            key=row.get("key") or "",
            namespace=namespace,
            created_at=created,
            updated_at=updated,
        )

    def close(self) -> None:
        self._http.close()


def _is_write(op: Op) -> bool:
    return isinstance(op, PutOp) and op.value is not None


def _value(content: str) -> dict[str, Any]:
    try:
        value = json.loads(content)
    except ValueError:
        return {"content": content}
    return value if isinstance(value, dict) else {"content": content}


def _when(text: str | None) -> datetime:
    if not text:
        return datetime.now(UTC)
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def _matches(value: dict[str, Any], filter: dict[str, Any]) -> bool:
    return all(value.get(k) == v for k, v in filter.items())


def _namespace_matches(namespace: tuple[str, ...], cond: MatchCondition) -> bool:
    path = tuple(cond.path)
    if not path:
        return True
    if len(path) > len(namespace):
        return False
    part = (
        namespace[: len(path)]
        if cond.match_type == "prefix"
        else namespace[-len(path) :]
    )
    return all(p == "*" or p == n for p, n in zip(path, part, strict=True))


def _error(response: httpx.Response) -> MemoryGovernanceError:
    try:
        error = response.json()["error"]
        return MemoryGovernanceError(
            error["code"], error["message"], response.status_code
        )
    except (ValueError, KeyError, TypeError):
        return MemoryGovernanceError(
            "http_error", response.text[:200], response.status_code
        )
