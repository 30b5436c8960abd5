"""The values that flow through the write pipeline."""

from __future__ import annotations

import enum
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol


class Decision(enum.StrEnum):
    ACCEPT = "accept"
    REJECT = "reject"
    DEFER = "defer"
    # Dedup found the same memory: reinforce it and stop, the write is answered.
    DUPLICATE = "duplicate"


@dataclass
class Candidate:
    """A write on its way through the gates, built from the stored payload."""

    write_id: uuid.UUID
    agent_id: uuid.UUID
    scope_path: str
    layer: str
    content: str
    kind: str = "note"
    key: str | None = None
    subject: str = ""
    predicate: str = ""
    object: str = ""
    confidence: float = 0.7
    source: str = "agent_inferred"
    evidence: list[dict[str, Any]] = field(default_factory=list)
    ttl_seconds: int | None = None
    soft_ttl_seconds: int | None = None
    classification: str = "general"
    residency: str = ""
    task_id: str = ""
    session_id: str = ""
    deadline: datetime | None = None
    embedding: list[float] | None = None
    content_hash: str = ""
    # Set by gates as they learn about the write.
    scope_id: uuid.UUID | None = None
    update_item_id: uuid.UUID | None = None


@dataclass(frozen=True)
class GateResult:
    gate: str
    decision: Decision
    code: str = ""
    reason: str = ""
    details: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def accept(cls, gate: str, reason: str = "", **details: Any) -> GateResult:
        return cls(gate, Decision.ACCEPT, "", reason, details)

    @classmethod
    def reject(cls, gate: str, code: str, reason: str, **details: Any) -> GateResult:
        return cls(gate, Decision.REJECT, code, reason, details)


@dataclass(frozen=True)
class ScopeRef:
    id: uuid.UUID
    path: str


@dataclass(frozen=True)
class ExistingVersion:
    version_id: uuid.UUID
    item_id: uuid.UUID
    content_hash: str
    similarity: float = 1.0


class Lookups(Protocol):
    """Read-only questions gates ask about stored memory (tenant-bound)."""

    def scope(self, path: str) -> ScopeRef | None: ...

    def item_head_by_key(
        self, scope_id: uuid.UUID, layer: str, key: str
    ) -> ExistingVersion | None: ...

    def version_by_hash(
        self, scope_id: uuid.UUID, layer: str, content_hash: str
    ) -> ExistingVersion | None: ...

    def nearest(
        self, scope_id: uuid.UUID, layer: str, embedding: Sequence[float], k: int
    ) -> list[ExistingVersion]: ...


@dataclass
class GateContext:
    """What gates may know: the tenant, the agent, the time, settings, lookups."""

    tenant_id: uuid.UUID
    agent_allowed_scopes: list[str]
    agent_allowed_layers: list[str]
    now: datetime
    lookups: Lookups | None = None
    embed: Callable[[Candidate], list[float]] | None = None
    max_content_bytes: int = 32 * 1024
    embedding_dim: int = 384
    semantic_duplicate_threshold: float = 0.95
