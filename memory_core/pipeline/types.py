"""The values that flow through the write pipeline."""

from __future__ import annotations

import enum
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from memory_core.policy import DEFAULT_POLICY, Policy


class Decision(enum.StrEnum):
    ACCEPT = "accept"
    REJECT = "reject"
    # Not now: retry after `details["retry_after_seconds"]` (rate limits).
    DEFER = "defer"
    # A human must decide; the remaining gates still run (they stamp
    # provenance and risk), then the write is staged for review.
    REVIEW = "review"
    # Dedup found the same memory: reinforce it and stop, the write is answered.
    DUPLICATE = "duplicate"


@dataclass
class Candidate:
    """A write on its way through the gates, built from the stored payload.

    Gates decide; they may also note what they learned here (the scope's id,
    the item a keyed write updates, scores), which later gates and the commit
    read. They never write to the database.
    """

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
    fields: dict[str, Any] = field(default_factory=dict)
    ttl_seconds: int | None = None
    soft_ttl_seconds: int | None = None
    classification: str = "general"
    residency: str = ""
    task_id: str = ""
    session_id: str = ""
    deadline: datetime | None = None
    embedding: list[float] | None = None
    content_hash: str = ""
    created_at: datetime | None = None

    # Learned by gates.
    scope_id: uuid.UUID | None = None
    scope_kind: str = ""
    update_item_id: uuid.UUID | None = None
    flags: list[str] = field(default_factory=list)
    v_fact: float | None = None
    evidence_authority: float | None = None
    contradictions: list[dict[str, Any]] = field(default_factory=list)
    topic_neighbours: int = 0
    nearest_similarity: float | None = None
    fingerprint: str = ""
    merge_with: uuid.UUID | None = None
    # Versions this write replaces when committed (a resolved contradiction).
    supersedes_versions: list[uuid.UUID] = field(default_factory=list)
    adjusted_confidence: float | None = None
    validation_score: float | None = None
    provenance: dict[str, Any] = field(default_factory=dict)
    signature: str = ""
    risk: float | None = None
    risk_factors: dict[str, float] = field(default_factory=dict)
    tier: str = ""
    review_reasons: list[str] = field(default_factory=list)
    # The cross-encoder's probabilities (compatible, contradiction,
    # duplicate) by stored version id: asked once, read by both gates.
    pair_judgements: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    # The same, read ahead for the whole worker batch in one model call
    # (`cross_encoder.judge_ahead`), by (stored text, this write's text): a
    # text a gate rewrites before the judge asks (redaction) is not found.
    judged_ahead: dict[tuple[str, str], tuple[float, float, float]] = field(
        default_factory=dict
    )


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

    @classmethod
    def defer(
        cls,
        gate: str,
        code: str,
        reason: str,
        *,
        retry_after_seconds: int,
        **details: Any,
    ) -> GateResult:
        return cls(
            gate,
            Decision.DEFER,
            code,
            reason,
            {"retry_after_seconds": retry_after_seconds, **details},
        )

    @classmethod
    def review(cls, gate: str, code: str, reason: str, **details: Any) -> GateResult:
        return cls(gate, Decision.REVIEW, code, reason, details)


@dataclass(frozen=True)
class ScopeRef:
    id: uuid.UUID
    path: str
    kind: str = ""
    # Archived scopes, and every scope below one, take no writes.
    archived: bool = False


@dataclass(frozen=True)
class ExistingVersion:
    """A stored version as gates see it; the optional fields when a gate needs them."""

    version_id: uuid.UUID
    item_id: uuid.UUID
    content_hash: str
    similarity: float = 1.0
    content: str = ""
    confidence: float = 0.0
    source: str = ""
    subject: str = ""
    predicate: str = ""
    object: str = ""
    key: str | None = None
    layer: str = ""
    scope_id: uuid.UUID | None = None
    evidence: tuple[dict[str, Any], ...] = ()
    created_at: datetime | None = None
    fields: dict[str, Any] = field(default_factory=dict)


class Lookups(Protocol):
    """Read-only questions gates ask about stored memory (tenant-bound)."""

    def scope(self, path: str) -> ScopeRef | None: ...

    def item_head_by_key(
        self, scope_id: uuid.UUID, layer: str, key: str
    ) -> ExistingVersion | None:
        """The active head of the item with this key in this scope and layer."""

    def item_by_key(
        self, scope_id: uuid.UUID, layer: str, key: str
    ) -> tuple[uuid.UUID, bool] | None:
        """The item holding this key whatever its status, and whether a draft of
        it awaits review."""

    def heads_by_subject_predicate(
        self, scope_ids: Sequence[uuid.UUID], subject: str, predicate: str
    ) -> list[ExistingVersion]:
        """Active heads stating something about the same subject and predicate."""

    def version_by_hash(
        self, scope_id: uuid.UUID, layer: str, content_hash: str
    ) -> ExistingVersion | None: ...

    def version_by_fingerprint(
        self, scope_id: uuid.UUID, layer: str, fingerprint: str
    ) -> ExistingVersion | None: ...

    def nearest(
        self, scope_id: uuid.UUID, layer: str, embedding: Sequence[float], k: int
    ) -> list[ExistingVersion]:
        """Nearest active versions in one scope and layer, most similar first."""

    def neighbours(
        self, scope_ids: Sequence[uuid.UUID], embedding: Sequence[float], k: int
    ) -> list[ExistingVersion]:
        """Nearest active versions in any of the scopes and any layer, with content."""

    def cited_items(
        self, item_ids: Sequence[uuid.UUID]
    ) -> dict[uuid.UUID, list[uuid.UUID]]:
        """For each item, the memory items its head version cites as evidence."""

    def item_scope_paths(self, item_ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, str]:
        """The scope path of each item; a missing item is absent."""

    def write_counts(
        self, agent_id: uuid.UUID, layer: str, since: datetime, session_id: str
    ) -> WriteCounts: ...

    # Optional: lookups without it never skip a pair.
    def allowed_pairs(self, version_ids: Sequence[uuid.UUID]) -> set[frozenset]:
        """Pairs among `version_ids` a curator kept both of (not contradictory)."""


@dataclass(frozen=True)
class WriteCounts:
    """The agent's admitted writes, for rate limits and budgets."""

    layer_in_window: int
    all_in_last_minute: int
    in_session: int


@dataclass
class GateContext:
    """What gates may know: the tenant, the agent, the time, policy, lookups."""

    tenant_id: uuid.UUID
    agent_allowed_scopes: list[str]
    agent_allowed_layers: list[str]
    now: datetime
    lookups: Lookups | None = None
    embed: Callable[[Candidate], list[float]] | None = None
    policy: Policy = DEFAULT_POLICY
    max_content_bytes: int = 32 * 1024
    embedding_dim: int = 384
    agent_suspended: bool = False
    agent_reputation: float = 1.0
    agent_decisions: int = 0
    # Secret for provenance signatures (settings.MGC_PROVENANCE_KEY).
    provenance_key: bytes = b""
    # At the door only: a missing scope that the policy lets this agent's
    # write create passes the schema gate; write_submit creates it with the
    # write. The worker never creates scopes.
    scope_auto_create: bool = False

    @property
    def semantic_duplicate_threshold(self) -> float:
        return self.policy.semantic_duplicate_threshold
