"""Per-tenant policy: every threshold and weight of the write path.

Defaults are the seeds' values (DESIGN.md cites them); a tenant overrides any
of them in `Tenant.policy`, a JSON object with the same field names. Nested
mappings are merged key by key.

Each field carries what the admin's policy page and the validation need
(`setting(default, label=…, group=…, rule=…)`): adding a setting is one
field here; the page (approvals/admin_forms.py) and the checks
(services/administration.py) are generated from it.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# Storage regions a tenant may choose (residency, 003 §12.10.3).
REGIONS = ("eu-west", "eu-central", "us-east", "us-west", "ap-southeast")


@dataclass(frozen=True)
class Rule:
    """What one policy value may be: a kind, a range, or a set of choices.

    `choices` is a tuple, or a function returning one when the choices live
    in a module that imports this one.
    """

    kind: str  # "int", "float", "bool", "choices" (several) or "choice" (one)
    minimum: float | None = None
    maximum: float | None = None
    exclusive_minimum: bool = False
    choices_of: tuple[str, ...] | Callable[[], tuple[str, ...]] = ()

    def __init__(
        self,
        kind: str,
        minimum: float | None = None,
        maximum: float | None = None,
        exclusive_minimum: bool = False,
        choices: tuple[str, ...] | Callable[[], tuple[str, ...]] = (),
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "minimum", minimum)
        object.__setattr__(self, "maximum", maximum)
        object.__setattr__(self, "exclusive_minimum", exclusive_minimum)
        object.__setattr__(self, "choices_of", choices)

    @property
    def choices(self) -> tuple[str, ...]:
        choices = self.choices_of
        return tuple(choices()) if callable(choices) else choices

    def describe(self) -> str:
        if self.kind == "bool":
            return "on or off"
        if self.kind == "choices":
            return f"a selection of {', '.join(self.choices)}"
        if self.kind == "choice":
            return f"one of {', '.join(self.choices)}"
        noun = "a whole number" if self.kind == "int" else "a number"
        if self.minimum is not None and self.maximum is not None:
            return f"{noun} from {self.minimum:g} to {self.maximum:g}"
        if self.exclusive_minimum:
            return f"{noun} above {self.minimum:g}"
        if self.minimum is not None:
            return f"{noun} of at least {self.minimum:g}"
        return noun


PROBABILITY = Rule("float", 0.0, 1.0)
POSITIVE_INT = Rule("int", 1)
COUNT = Rule("int", 0)
POSITIVE = Rule("float", 0.0, exclusive_minimum=True)
SWITCH = Rule("bool")


def layers() -> tuple[str, ...]:
    from memory_core.models import Layer

    return tuple(Layer.values)


def external_evidence_types() -> tuple[str, ...]:
    """Return the evidence types that may count as external (not the agent's own)."""
    from memory_core.pipeline.gates.evidence import (
        AGENT_REASONING,
        MEMORY_ITEM,
        SOURCE_TYPE_AUTHORITY,
    )

    return tuple(
        kind
        for kind in SOURCE_TYPE_AUTHORITY
        if kind not in (AGENT_REASONING, MEMORY_ITEM)
    )


def auto_creatable_kinds() -> tuple[str, ...]:
    from memory_core.scope_paths import AUTO_CREATABLE_KINDS

    return AUTO_CREATABLE_KINDS


@dataclass(frozen=True)
class Setting:
    """How a policy field shows on the admin's policy page, and its rule."""

    label: str
    help: str = ""
    unit: str = ""
    keys: tuple[str, ...] = ()  # names of a tuple setting's items
    group: str = "other"
    # Every value of the setting (each key of a mapping, each item of a
    # tuple) follows it; None: inferred from the default (`policy_rule`).
    rule: Rule | None = None


def setting(
    default: Any,
    *,
    label: str,
    help: str = "",
    unit: str = "",
    keys: tuple[str, ...] = (),
    group: str = "other",
    rule: Rule | None = None,
) -> Any:
    """Declare a policy field with its default and its page metadata."""
    metadata = {"setting": Setting(label, help, unit, keys, group, rule)}
    if isinstance(default, dict | list):
        return field(default_factory=lambda: copy.deepcopy(default), metadata=metadata)
    return field(default=default, metadata=metadata)


@dataclass(frozen=True)
class Group:
    """A section of the policy page; its settings are the fields naming it."""

    slug: str
    title: str
    description: str
    names: tuple[str, ...] = ()


@dataclass(frozen=True)
class Policy:
    # Rate and budget (003 §12.1.8, §12.11.2, 000 §8).
    rate_window_seconds: int = setting(
        60,
        label="Rate window",
        help="The window the per-layer limits count over.",
        unit="s",
        group="rate",
        rule=POSITIVE_INT,
    )
    rate_limits: dict[str, int] = setting(
        {"session": 40, "episodic": 30, "semantic": 10, "procedural": 5},
        label="Writes per window, by layer",
        help="Per agent. Over the limit a write is deferred with backoff (429).",
        unit="writes",
        group="rate",
        rule=POSITIVE_INT,
    )
    session_write_budget: int = setting(
        1000,
        label="Writes per session",
        help="A session's whole budget.",
        unit="writes",
        group="rate",
        rule=POSITIVE_INT,
    )
    storm_writes_per_minute: int = setting(
        50,
        label="Write-storm threshold",
        help="Writes a minute that suspend the agent until an admin resumes it.",
        unit="writes/min",
        group="rate",
        rule=POSITIVE_INT,
    )
    rate_backoff_seconds: int = setting(
        5,
        label="Backoff base",
        help="Doubled per overshoot, capped at the window.",
        unit="s",
        group="rate",
        rule=POSITIVE_INT,
    )
    # Without an Idempotency-Key, the same content from the same agent and
    # layer is answered as a replay for this long, then it is a new write.
    content_key_ttl_hours: int = setting(
        24,
        label="Replay window for repeated content",
        help=(
            "The same content from the same agent within this time is answered as the "
            "earlier write, not stored again."
        ),
        unit="h",
        group="ttl",
        rule=POSITIVE_INT,
    )

    # Evidence (003 §12.2.3, §12.11.3-4, 001).
    fact_thresholds: dict[str, float] = setting(
        {"session": 0.0, "episodic": 0.6, "semantic": 0.8, "procedural": 0.9},
        label="Evidence needed to commit, by layer",
        help=(
            "A score from 0 to 1 of how well the cited evidence supports the write "
            "(support × authority × freshness); below it the write is refused."
        ),
        group="evidence",
        rule=PROBABILITY,
    )
    source_authority: dict[str, float] = setting(
        {
            "user_stated": 1.0,
            "tool_verified": 0.9,
            "agent_inferred": 0.6,
            "recalled": 0.5,
            "external": 0.3,
        },
        label="How much each kind of source is trusted",
        help="From 0 to 1; used when the evidence itself says nothing.",
        group="evidence",
        rule=PROBABILITY,
    )
    freshness_half_life_days: float = setting(
        90.0,
        label="Freshness half-life",
        help="Evidence this old counts half.",
        unit="days",
        group="evidence",
        rule=POSITIVE,
    )
    layers_needing_external_evidence: tuple[str, ...] = setting(
        ("semantic", "procedural"),
        label="Layers needing external evidence",
        help="Writes to these layers cite at least one external source.",
        group="evidence",
        rule=Rule("choices", choices=layers),
    )
    external_evidence_types: tuple[str, ...] = setting(
        (
            "DOCUMENT",
            "API_RESPONSE",
            "HUMAN_INPUT",
        ),
        label="Evidence types that count as external",
        help="An agent's own reasoning never counts.",
        group="evidence",
        rule=Rule("choices", choices=external_evidence_types),
    )

    # Sensitivity (000 §6, 001, 004); the poisoning boost is with the risk.
    external_confidence_cap: float = setting(
        0.3,
        label="Highest confidence for outside content",
        help="Content copied from outside sources is never trusted more than this.",
        group="evidence",
        rule=PROBABILITY,
    )

    # Contradiction (003 §12.2.4, 000 §6).
    topic_similarity: float = setting(
        0.6,
        label="Same-topic similarity",
        help=(
            "From 0 to 1: above it, an existing memory counts as on the same topic and "
            "is checked for a contradiction."
        ),
        group="contradiction",
        rule=PROBABILITY,
    )
    # Neighbours at least this similar are put to the judge; the judge's
    # slot comparison, not the embedding, decides (a paraphrased frame with
    # another value often embeds below σ_topic: "lives in Lisbon" vs "home
    # city is Berlin" at 0.46). Calibrated on tests/data/pairs_dev.jsonl.
    contradiction_judge_similarity: float = setting(
        0.35,
        label="Similarity to check for a contradiction",
        help=(
            "From 0 to 1: from it, an existing memory is read by the contradiction "
            "check."
        ),
        group="contradiction",
        rule=PROBABILITY,
    )
    contradiction_neighbours: int = setting(
        10,
        label="Memories checked per write",
        help="The most similar active memories read by the contradiction check.",
        unit="items",
        group="contradiction",
        rule=POSITIVE_INT,
    )
    auto_resolve_contradictions: bool = setting(
        False,
        label="Auto-resolve contradictions",
        help="Supersede without a person when the confidence gap is wide enough.",
        group="contradiction",
        rule=SWITCH,
    )
    auto_resolve_gap: float = setting(
        0.2,
        label="Confidence gap to resolve automatically",
        help=(
            "How much more confident the new value must be to replace the old one "
            "without a person."
        ),
        group="contradiction",
        rule=PROBABILITY,
    )

    # Dedup (003 §12.3).
    semantic_duplicate_threshold: float = setting(
        0.95,
        label="Duplicate similarity",
        help=(
            "From 0 to 1: above it a write says the same as a memory and is not stored "
            "twice."
        ),
        group="contradiction",
        rule=PROBABILITY,
    )
    # Below that, a neighbour at least this similar that states the same
    # values with no subject of its own is a paraphrase: a duplicate
    # (`pipeline/slots.py`). Calibrated on the pair sets and LoCoMo
    # (pipeline/QUALITY.md): 0.5 adds held-out paraphrases and loses none.
    paraphrase_similarity: float = setting(
        0.5,
        label="Reworded duplicate similarity",
        help=(
            "From 0 to 1: from it, a write with the same values in other words is a "
            "duplicate."
        ),
        group="contradiction",
        rule=PROBABILITY,
    )
    # The cross-encoder judge (pipeline/cross_encoder.py): the project's
    # MiniLM fine-tuned to read a stored memory and the write together. Where
    # the rules pass, it adds the contradictions and reworded duplicates they
    # miss (pipeline/QUALITY.md). On by default since the tenth session: a
    # 3-layer student distilled from the 6-layer judge reads the write's
    # nearest memory, and the 6-layer judge reads again only the pairs the
    # student may call a contradiction (`CascadeJudge`); a write costs about
    # 1.5 times the worker CPU of one without it (bench/PERF.md, tenth
    # session), against six times for the 6-layer judge on 3 neighbours.
    cross_encoder_judge: bool = setting(
        True,
        label="Model judge for contradictions and rewordings",
        help=(
            "A model that reads the stored memory and the write together also "
            "judges the nearest memories: it catches more rewordings and "
            "contradictions, at about one and a half times the worker CPU of a "
            "write without it (more with more memories read per write)."
        ),
        group="contradiction",
        rule=SWITCH,
    )
    cross_encoder_similarity: float = setting(
        0.4,
        label="Similarity to ask the model judge",
        help="From 0 to 1: from it, a nearest memory is read by the model judge.",
        group="contradiction",
        rule=PROBABILITY,
    )
    cross_encoder_neighbours: int = setting(
        1,
        label="Memories the model judge reads per write",
        help="The most similar memories the model judge reads.",
        unit="items",
        group="contradiction",
        rule=POSITIVE_INT,
    )
    cross_encoder_contradiction: float = setting(
        0.99,
        label="Model judge's certainty for a contradiction",
        help=(
            "From 0 to 1: the model's probability from which it is a "
            "contradiction (1: never)."
        ),
        group="contradiction",
        rule=PROBABILITY,
    )
    cross_encoder_duplicate: float = setting(
        0.9,
        label="Model judge's certainty for a reworded duplicate",
        help=(
            "From 0 to 1: the model's probability from which it is a duplicate "
            "(1: never)."
        ),
        group="contradiction",
        rule=PROBABILITY,
    )

    # Provenance (003 §12.4.4, §12.2.5).
    confidence_betas: tuple[float, float, float, float] = setting(
        (0.15, 0.30, 0.25, 0.30),
        label="What the stored confidence is made of",
        help=(
            "Shares of the agent's own confidence, the evidence score, the source's "
            "trust and a person's approval; they add up to 1."
        ),
        keys=(
            "agent's confidence",
            "evidence score",
            "source trust",
            "approved by a person",
        ),
        group="confidence",
        rule=PROBABILITY,
    )
    validation_weights: tuple[float, float, float] = setting(
        (0.2, 0.5, 0.3),
        label="What the validation score is made of",
        help=(
            "Shares of a well-formed write, its evidence and its agreement with what is"
            " stored; they add up to 1."
        ),
        keys=("well-formed", "evidence", "consistency"),
        group="confidence",
        rule=PROBABILITY,
    )

    # Risk and approval (003 §12.6.2, §12.11.5).
    async_review_at: float = setting(
        0.3,
        label="Review after the fact from risk",
        help="A write this risky or more is stored and waits in the review queue.",
        group="risk",
        rule=PROBABILITY,
    )
    sync_block_at: float = setting(
        0.7,
        label="Hold for approval from risk",
        help=(
            "A write this risky or more waits for a person before the agent may go on."
        ),
        group="risk",
        rule=PROBABILITY,
    )

    risk_weights: dict[str, float] = setting(
        {
            "layer": 0.25,
            "contradiction": 0.20,
            "evidence": 0.15,
            "confidence": 0.15,
            "blast_radius": 0.15,
            "novelty": 0.10,
        },
        label="How much each risk factor counts",
        help=(
            "The write's risk score adds these shares of each factor; they add up to 1."
        ),
        group="risk",
        rule=PROBABILITY,
    )
    layer_risk: dict[str, float] = setting(
        {"session": 0.1, "episodic": 0.3, "semantic": 0.8, "procedural": 1.0},
        label="Risk by layer",
        help="Long-lived layers are riskier to get wrong.",
        group="risk",
        rule=PROBABILITY,
    )
    blast_radius: dict[str, float] = setting(
        {"task": 0.1, "user": 0.2, "org": 0.6, "global": 1.0},
        label="Risk by scope kind",
        help="A wider scope reaches more agents and users.",
        group="risk",
        rule=PROBABILITY,
    )
    poisoning_risk_boost: float = setting(
        0.4,
        label="Extra risk for instruction-like content",
        help="Added when a memory reads like an order to the agent (prompt injection).",
        group="risk",
        rule=PROBABILITY,
    )
    review_sla_hours: int = setting(
        24,
        label="Async review SLA",
        help="Overdue reviews are escalated to admins.",
        unit="h",
        group="review",
        rule=POSITIVE_INT,
    )
    sync_deadline_seconds: int = setting(
        300,
        label="Sync approval deadline",
        help="Unanswered sync requests are rejected then (fail closed).",
        unit="s",
        group="review",
        rule=POSITIVE_INT,
    )
    reputation_threshold: float = setting(
        0.5,
        label="Lowest agent reputation",
        help="Agents whose approval record is below it always go to review.",
        group="risk",
        rule=PROBABILITY,
    )
    reputation_min_decisions: int = setting(
        10,
        label="Decisions before reputation counts",
        help="A new agent's record counts only after this many human decisions.",
        unit="decisions",
        group="risk",
        rule=COUNT,
    )

    # Scopes (DESIGN.md "Scope"): the kinds of scope an agent's write may
    # create when the scope it names does not exist yet, at or below what the
    # agent may write; an empty tuple turns it off (memory_core/scope_paths.py).
    auto_create_scopes: tuple[str, ...] = setting(
        ("user", "task"),
        label="Scopes agents may create",
        help=(
            "When an agent writes to a scope that does not exist yet, at or below what "
            "it may write, create it if it is of these kinds (with any missing user "
            "scope above a task). None: only admins create scopes (Admin → Scopes)."
        ),
        group="scopes",
        rule=Rule("choices", choices=auto_creatable_kinds),
    )

    # Erasure (003 §12.10.2, issue 14): with four eyes (the default) two
    # people sign off an erasure: whoever executes it is neither the person who
    # filed it nor the officer who approved it; a request an agent filed is
    # approved by one officer and executed by another.
    erasure_four_eyes: bool = setting(
        True,
        label="Four eyes on erasure",
        help="A second compliance officer approves each erasure before it runs.",
        group="erasure",
    )

    # Retention (003 §12.10.4): days an item may live after it was created,
    # by classification; 0 keeps it indefinitely. Past the limit, classes in
    # `retention_hard_delete` are deleted for good (PII: a legal duty), the
    # others are soft-deleted (expired, recoverable until GC's grace ends).
    # Pins hold only the classes in `retention_pinned_exempt`, never PII.
    retention_days: dict[str, int] = setting(
        {"pii": 90, "business": 365, "general": 1825, "public": 0},
        label="Retention by classification",
        help=(
            "Days after creation; past it the memory goes whatever its use. 0 keeps it "
            "indefinitely."
        ),
        unit="days",
        group="retention",
        rule=COUNT,
    )
    retention_hard_delete: tuple[str, ...] = setting(
        ("pii",),
        label="Hard-deleted at retention",
        help=(
            "These classifications are deleted for good; the others are expired "
            "(recoverable until garbage collection's grace period ends)."
        ),
        group="retention",
    )
    retention_pinned_exempt: tuple[str, ...] = setting(
        ("business", "general"),
        label="Pins hold retention for",
        help=(
            "A pinned memory of these classifications is kept past retention and shown "
            "on the compliance report; a pin never holds PII."
        ),
        group="retention",
    )

    # Residency (003 §12.10.3): where this tenant's memory is stored, the
    # regions it may be stored in, and the regions each residency class
    # allows. A write whose class does not allow the storage region is refused.
    storage_region: str = setting(
        "eu-west",
        label="Storage region",
        help="Where this tenant's memory is stored.",
        group="retention",
        rule=Rule("choice", choices=REGIONS),
    )
    allowed_regions: tuple[str, ...] = setting(
        REGIONS,
        label="Allowed regions",
        help=(
            "Regions this tenant's memory may be stored in; a storage region outside "
            "them refuses every write."
        ),
        group="retention",
        rule=Rule("choices", choices=REGIONS),
    )
    residency_class_regions: dict[str, list[str]] = setting(
        {
            "eu": ["eu-west", "eu-central"],
            "us": ["us-east", "us-west"],
            "apac": ["ap-southeast"],
            "global": list(REGIONS),
        },
        label="Regions by residency class",
        help=(
            "A write with a residency class is refused unless the class allows the "
            "storage region."
        ),
        group="retention",
        rule=Rule("choices", choices=REGIONS),
    )
    gc_grace_days: int = setting(
        30,
        label="Grace before deletion",
        help="An expired memory can be recovered for this long, then it is deleted.",
        unit="days",
        group="gc",
    )
    gc_candidate_unread_days: int = setting(
        30,
        label="Unread before flagged",
        help="A memory no agent has read for this long is flagged for clean-up.",
        unit="days",
        group="gc",
    )
    gc_superseded_days: int = setting(
        90,
        label="Old versions kept",
        help="Replaced versions older than this are cleaned up.",
        unit="days",
        group="gc",
    )
    gc_low_confidence: float = setting(
        0.3,
        label="Low confidence",
        help="Memories below this confidence are flagged once old enough.",
        group="gc",
    )
    gc_low_confidence_days: int = setting(
        60,
        label="Low-confidence age",
        help="How old a low-confidence memory must be.",
        unit="days",
        group="gc",
    )
    gc_confidence_decay_rate: float = setting(
        0.05,
        label="Confidence lost per period",
        help="Unconfirmed memories lose this much confidence each period.",
        group="gc",
    )
    gc_confidence_decay_period_days: int = setting(
        30, label="Confidence decay period", unit="days", group="gc"
    )
    gc_confidence_floor: float = setting(
        0.3,
        label="Lowest confidence after decay",
        help="Decay never goes below this.",
        group="gc",
    )
    gc_relevance_lambda_per_day: dict[str, float] = setting(
        {"session": 12.0, "episodic": 0.01, "semantic": 0.001, "procedural": 0.0005},
        label="Relevance fading per day, by layer",
        help="How fast an unread memory stops being relevant.",
        group="gc",
    )
    gc_relevance_threshold: dict[str, float] = setting(
        {"session": 0.1, "episodic": 0.2, "semantic": 0.1, "procedural": 0.1},
        label="Relevance to stay, by layer",
        help="Below it a memory is flagged for clean-up.",
        group="gc",
    )
    gc_idle_hours: dict[str, int] = setting(
        {"session": 1, "episodic": 720, "semantic": 4320, "procedural": 8760},
        label="Idle before flagged, by layer",
        help="Hours without a read before a memory of the layer is flagged.",
        unit="h",
        group="gc",
    )
    gc_access_window_days: int = setting(
        30,
        label="Reads counted over",
        help="Recent reads keep a memory alive.",
        unit="days",
        group="gc",
    )
    gc_default_impact: float = setting(
        1.0,
        label="Default importance",
        help="Used when a write names none.",
        group="gc",
    )
    staleness_weights: tuple[float, float, float] = setting(
        (0.4, 0.3, 0.3),
        label="What staleness is made of",
        help=(
            "Shares of age, time since last read and contradictions; they add up to 1."
        ),
        keys=("age", "unread", "contradicted"),
        group="gc",
    )
    staleness_max_age_days: int = setting(
        365, label="Age counted as fully stale", unit="days", group="gc"
    )
    staleness_access_days: int = setting(
        30, label="Unread counted as fully stale", unit="days", group="gc"
    )
    staleness_stale_at: float = setting(
        0.7,
        label="Marked stale from",
        help="A stale memory is read less: its score is down-weighted.",
        group="gc",
    )
    staleness_evict_at: float = setting(
        0.9,
        label="Flagged for removal from",
        help="Staler than this, it is flagged for clean-up.",
        group="gc",
    )
    gc_down_weight: float = setting(
        0.5,
        label="Down-weight of stale memories",
        help="Their search score is multiplied by it.",
        group="gc",
    )
    gc_contradiction_scan_limit: int = setting(
        200,
        label="Memories re-checked per run",
        help="Stored memories checked again for contradictions on each clean-up run.",
        unit="items",
        group="gc",
    )

    # Garbage collection and hygiene (000 §4 and §6, 003 §12.7, 001); see
    # memory_core/lifecycle/gc/README.md for each rule's formula.
    gc_batch_size: int = setting(
        2000,
        label="Memories per clean-up batch",
        help="Keeps each clean-up run short.",
        unit="items",
        group="gc",
    )

    # Retrieval (000 §5, DESIGN.md "Retrieval"; memory_core/retrieval.py has
    # the formula). `weighted` sums the normalised signals; `rrf` replaces
    # the vector and keyword signals by their reciprocal ranks, k = rrf_k.
    # Weights are relative: the score divides by their sum, so it is in 0..1.
    retrieval_fusion: str = setting(
        "weighted",
        label="How search results are ranked",
        help="weighted: add up the signals below; rrf: rank by position in each list.",
        group="retrieval",
        rule=Rule("choice", choices=("weighted", "rrf")),
    )
    retrieval_weights: dict[str, float] = setting(
        {
            "vector": 0.6,
            "keyword": 0.4,
            "recency": 0.05,
            "importance": 0.05,
            "provenance": 0.1,
        },
        label="How much each signal counts in search",
        help=(
            "Meaning, exact words, how recent, importance and source; relative shares."
        ),
        group="retrieval",
        rule=Rule("float", 0.0),
    )
    retrieval_recency_half_life_days: dict[str, float] = setting(
        {"session": 1.0, "episodic": 30.0, "semantic": 365.0, "procedural": 730.0},
        label="Recency half-life, by layer",
        help="A memory this old counts half as recent.",
        unit="days",
        group="retrieval",
        rule=POSITIVE,
    )
    # A pinned memory's score moves this share of the way towards 1.
    retrieval_pinned_boost: float = setting(
        0.2,
        label="Boost for pinned memories",
        help="A pinned memory's score moves this share of the way towards the top.",
        group="retrieval",
        rule=PROBABILITY,
    )
    retrieval_rrf_k: int = setting(
        60,
        label="Rank smoothing (rrf)",
        help="Larger evens out the lists' top places.",
        group="retrieval",
        rule=POSITIVE_INT,
    )
    # Candidates per signal: max(limit × 10, this), at most 1000.
    retrieval_candidates: int = setting(
        100,
        label="Candidates per signal",
        help="At least this many results are read from each signal before ranking.",
        unit="items",
        group="retrieval",
        rule=Rule("int", 10, 1000),
    )
    # Keyword context, at query time (bench/RETRIEVAL.md "Sixth session"): a
    # memory's keyword score gains this share of the keyword scores of the
    # memories written just before it in its scope (the `context` term).
    retrieval_neighbour_weight: float = setting(
        0.6,
        label="Keyword context from earlier memories",
        help=(
            "A memory also scores this share of the word matches of the memories "
            "written just before it in its scope; 0 turns it off."
        ),
        group="retrieval",
        rule=Rule("float", 0.0, 2.0),
    )
    retrieval_neighbours: int = setting(
        2,
        label="Earlier memories that lend keyword context",
        help="How many of the memories written just before one in its scope count.",
        unit="memories",
        group="retrieval",
        rule=Rule("int", 0, 5),
    )
    # Seventh session: the k-th memory before lends W × decay^(k-1), so the
    # one just before counts most (chosen on the dev conversations: two
    # neighbours, decay 0.25-0.33 tie; bench/RETRIEVAL.md "Seventh session:
    # recall").
    retrieval_neighbour_decay: float = setting(
        0.3,
        label="Keyword context decay per earlier memory",
        help=(
            "Each memory further back lends this share of what the one after it "
            "lends; 1 weighs them all alike."
        ),
        group="retrieval",
        rule=Rule("float", 0.0, 1.0),
    )
    retrieval_min_score: float = setting(
        0.0,
        label="Lowest search score",
        help="Results below it are left out.",
        group="retrieval",
        rule=PROBABILITY,
    )
    # POST /api/v1/context: the relevant memories' default threshold (push).
    retrieval_context_threshold: float = setting(
        0.35,
        label="Relevance for the context endpoint",
        help="What an agent is given unasked must score at least this.",
        group="retrieval",
        rule=PROBABILITY,
    )

    def merged(self, overrides: dict[str, Any] | None) -> Policy:
        """Return this policy with `overrides` applied; unknown names are refused."""
        if not overrides:
            return self
        names = {f.name for f in dataclasses.fields(self)}
        unknown = set(overrides) - names
        if unknown:
            raise ValueError(f"unknown policy settings: {', '.join(sorted(unknown))}")
        changes = {}
        for name, value in overrides.items():
            current = getattr(self, name)
            if isinstance(current, dict):
                value = {**current, **value}
            elif isinstance(current, tuple):
                value = tuple(value)
            changes[name] = value
        return dataclasses.replace(self, **changes)

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


DEFAULT_POLICY = Policy()


def policy_setting(name: str) -> Setting:
    """Return how setting `name` shows on the policy page, and its rule."""
    return POLICY_FIELDS[name].metadata["setting"]


def policy_rule(name: str) -> Rule:
    """Return the rule for setting `name`, inferred from its default if it has none."""
    rule = policy_setting(name).rule
    if rule is not None:
        return rule
    default = getattr(DEFAULT_POLICY, name)
    if isinstance(default, dict | tuple) and default:
        default = next(iter(default.values() if isinstance(default, dict) else default))
    if isinstance(default, bool):
        return SWITCH
    if isinstance(default, int):
        return POSITIVE_INT
    if isinstance(default, str):
        return Rule("choices", choices=tuple(getattr(DEFAULT_POLICY, name)))
    return Rule("float", 0.0)


POLICY_FIELDS = {f.name: f for f in dataclasses.fields(Policy)}
POLICY_NAMES = tuple(POLICY_FIELDS)
# The page's sections, in order; a field names its section (`group=`).
_SECTIONS = (
    (
        "rate",
        "Rate limits",
        (
            "How fast each agent may write before writes are deferred or it is "
            "suspended: a runaway agent cannot flood memory."
        ),
    ),
    (
        "evidence",
        "Evidence thresholds",
        (
            "How much support a write needs, by layer, and what counts as external: "
            "long-lived memory must be backed by something."
        ),
    ),
    (
        "contradiction",
        "Contradiction and duplicates",
        (
            "When a write is checked against similar memories, and when it is a "
            "duplicate: agents should not read two answers to one question."
        ),
    ),
    (
        "risk",
        "Risk weights and tier thresholds",
        (
            "Each write gets a risk score from 0 to 1. Below the review threshold it is"
            " stored at once; from it, it waits in the review queue; from the hold "
            "threshold, the agent waits for a person."
        ),
    ),
    (
        "review",
        "Review SLA and sync deadline",
        "How long people have to decide before reviews are escalated or refused.",
    ),
    ("scopes", "Scopes", "Which scopes an agent's first write may create."),
    (
        "erasure",
        "Right to erasure",
        "Who must agree before a data subject's memories are erased.",
    ),
    ("ttl", "TTL defaults", "How long memories live when a write names no TTL."),
    (
        "retention",
        "Retention and residency",
        (
            "How long memories are kept by classification, what happens after, and "
            "where they may be stored: the law and contracts set these."
        ),
    ),
    (
        "confidence",
        "Confidence and validation",
        "How a write's stored confidence and validation score are worked out.",
    ),
    (
        "gc",
        "Garbage collection and hygiene",
        (
            "When memories are flagged, expired and deleted for good: memory that "
            "nobody reads or trusts any more is cleaned up."
        ),
    ),
    (
        "retrieval",
        "Retrieval",
        "How agents' searches and context requests rank what they read back.",
    ),
    ("other", "Other settings", ""),
)
POLICY_GROUPS = tuple(
    Group(
        slug,
        title,
        description,
        tuple(n for n in POLICY_NAMES if policy_setting(n).group == slug),
    )
    for slug, title, description in _SECTIONS
)


def policy_for(tenant) -> Policy:
    """Return the tenant's effective policy."""
    return DEFAULT_POLICY.merged(getattr(tenant, "policy", None) or {})
