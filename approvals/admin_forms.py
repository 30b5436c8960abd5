"""Forms of the admin pages. They parse input; the administration services decide."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from django import forms

from memory_core.models import AgentRole, Layer, Role
from memory_core.policy import DEFAULT_POLICY, Policy
from memory_core.services.administration import Rule, policy_rule, policy_values

REASON_MAX = 500


class InviteForm(forms.Form):
    username = forms.CharField(max_length=150)
    email = forms.EmailField(required=False)
    role = forms.ChoiceField(choices=Role.choices, initial=Role.CURATOR)


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Role.choices)


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=REASON_MAX, required=False)


class TokenIssueForm(forms.Form):
    label = forms.CharField(max_length=100, required=False)


class AgentGrantsForm(forms.Form):
    """What an agent may write: scopes (one path a line), layers and role."""

    role = forms.ChoiceField(choices=AgentRole.choices, initial=AgentRole.EXECUTOR)
    scopes = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false"}),
        help_text="One scope path a line; the agent writes at or below each.",
    )
    layers = forms.MultipleChoiceField(
        choices=Layer.choices,
        widget=forms.CheckboxSelectMultiple,
        initial=[Layer.SESSION, Layer.EPISODIC],
    )
    reason = forms.CharField(max_length=REASON_MAX, required=False)

    def clean_scopes(self) -> list[str]:
        return [line.strip() for line in self.cleaned_data["scopes"].splitlines()]


class AgentCreateForm(AgentGrantsForm):
    name = forms.CharField(max_length=100)
    field_order = ["name", "role", "scopes", "layers"]


# Scopes


class ScopeFilterForm(forms.Form):
    prefix = forms.CharField(max_length=500, required=False)
    state = forms.ChoiceField(
        choices=[("", "Any state"), ("active", "Active"), ("archived", "Archived")],
        required=False,
    )

    def clean_prefix(self) -> str:
        prefix = self.cleaned_data["prefix"].strip()
        return prefix if not prefix or prefix.startswith("/") else f"/{prefix}"


class ScopeCreateForm(forms.Form):
    parent = forms.CharField(max_length=500)
    kind = forms.ChoiceField(
        choices=[("user", "User"), ("task", "Task"), ("org", "Org")], initial="user"
    )
    segment = forms.CharField(max_length=100)
    name = forms.CharField(max_length=200, required=False)


class ScopeRenameForm(forms.Form):
    name = forms.CharField(max_length=200)


# The settings page


@dataclass(frozen=True)
class Setting:
    label: str
    help: str = ""
    unit: str = ""
    keys: tuple[str, ...] = ()  # names of a tuple setting's items


SETTINGS: dict[str, Setting] = {
    "rate_window_seconds": Setting(
        "Rate window", "The window the per-layer limits count over.", "s"
    ),
    "rate_limits": Setting(
        "Writes per window, by layer",
        "Per agent. Over the limit a write is deferred with backoff (429).",
        "writes",
    ),
    "session_write_budget": Setting(
        "Writes per session", "A session's whole budget.", "writes"
    ),
    "storm_writes_per_minute": Setting(
        "Write-storm threshold",
        "Writes a minute that suspend the agent until an admin resumes it.",
        "writes/min",
    ),
    "rate_backoff_seconds": Setting(
        "Backoff base", "Doubled per overshoot, capped at the window.", "s"
    ),
    "fact_thresholds": Setting(
        "Evidence needed to commit, by layer",
        "A score from 0 to 1 of how well the cited evidence supports the write "
        "(support × authority × freshness); below it the write is refused.",
    ),
    "source_authority": Setting(
        "How much each kind of source is trusted",
        "From 0 to 1; used when the evidence itself says nothing.",
    ),
    "freshness_half_life_days": Setting(
        "Freshness half-life", "Evidence this old counts half.", "days"
    ),
    "layers_needing_external_evidence": Setting(
        "Layers needing external evidence",
        "Writes to these layers cite at least one external source.",
    ),
    "external_evidence_types": Setting(
        "Evidence types that count as external",
        "An agent's own reasoning never counts.",
    ),
    "external_confidence_cap": Setting(
        "Highest confidence for outside content",
        "Content copied from outside sources is never trusted more than this.",
    ),
    "topic_similarity": Setting(
        "Same-topic similarity",
        "From 0 to 1: above it, an existing memory counts as on the same topic "
        "and is checked for a contradiction.",
    ),
    "contradiction_judge_similarity": Setting(
        "Similarity to check for a contradiction",
        "From 0 to 1: from it, an existing memory is read by the contradiction check.",
    ),
    "contradiction_neighbours": Setting(
        "Memories checked per write",
        "The most similar active memories read by the contradiction check.",
        "items",
    ),
    "auto_resolve_contradictions": Setting(
        "Auto-resolve contradictions",
        "Supersede without a person when the confidence gap is wide enough.",
    ),
    "auto_resolve_gap": Setting(
        "Confidence gap to resolve automatically",
        "How much more confident the new value must be to replace the old one "
        "without a person.",
    ),
    "semantic_duplicate_threshold": Setting(
        "Duplicate similarity",
        "From 0 to 1: above it a write says the same as a memory and is not "
        "stored twice.",
    ),
    "paraphrase_similarity": Setting(
        "Reworded duplicate similarity",
        "From 0 to 1: from it, a write with the same values in other words is a "
        "duplicate.",
    ),
    "risk_weights": Setting(
        "How much each risk factor counts",
        "The write's risk score adds these shares of each factor; they add up to 1.",
    ),
    "async_review_at": Setting(
        "Review after the fact from risk",
        "A write this risky or more is stored and waits in the review queue.",
    ),
    "sync_block_at": Setting(
        "Hold for approval from risk",
        "A write this risky or more waits for a person before the agent may go on.",
    ),
    "layer_risk": Setting(
        "Risk by layer", "Long-lived layers are riskier to get wrong.", ""
    ),
    "blast_radius": Setting(
        "Risk by scope kind", "A wider scope reaches more agents and users."
    ),
    "poisoning_risk_boost": Setting(
        "Extra risk for instruction-like content",
        "Added when a memory reads like an order to the agent (prompt injection).",
    ),
    "reputation_threshold": Setting(
        "Lowest agent reputation",
        "Agents whose approval record is below it always go to review.",
    ),
    "reputation_min_decisions": Setting(
        "Decisions before reputation counts",
        "A new agent's record counts only after this many human decisions.",
        "decisions",
    ),
    "erasure_four_eyes": Setting(
        "Four eyes on erasure",
        "A second compliance officer approves each erasure before it runs.",
    ),
    "review_sla_hours": Setting(
        "Async review SLA", "Overdue reviews are escalated to admins.", "h"
    ),
    "sync_deadline_seconds": Setting(
        "Sync approval deadline",
        "Unanswered sync requests are rejected then (fail closed).",
        "s",
    ),
    "confidence_betas": Setting(
        "What the stored confidence is made of",
        "Shares of the agent's own confidence, the evidence score, the source's "
        "trust and a person's approval; they add up to 1.",
        keys=(
            "agent's confidence",
            "evidence score",
            "source trust",
            "approved by a person",
        ),
    ),
    "retention_days": Setting(
        "Retention by classification",
        "Days after creation; past it the memory goes whatever its use. "
        "0 keeps it indefinitely.",
        "days",
    ),
    "retention_hard_delete": Setting(
        "Hard-deleted at retention",
        "These classifications are deleted for good; the others are expired "
        "(recoverable until garbage collection's grace period ends).",
    ),
    "retention_pinned_exempt": Setting(
        "Pins hold retention for",
        "A pinned memory of these classifications is kept past retention and "
        "shown on the compliance report; a pin never holds PII.",
    ),
    "storage_region": Setting(
        "Storage region", "Where this tenant's memory is stored."
    ),
    "allowed_regions": Setting(
        "Allowed regions",
        "Regions this tenant's memory may be stored in; a storage region "
        "outside them refuses every write.",
    ),
    "residency_class_regions": Setting(
        "Regions by residency class",
        "A write with a residency class is refused unless the class allows "
        "the storage region.",
    ),
    "auto_create_scopes": Setting(
        "Scopes agents may create",
        "When an agent writes to a scope that does not exist yet, at or below "
        "what it may write, create it if it is of these kinds (with any missing "
        "user scope above a task). None: only admins create scopes "
        "(Admin → Scopes).",
    ),
    "validation_weights": Setting(
        "What the validation score is made of",
        "Shares of a well-formed write, its evidence and its agreement with "
        "what is stored; they add up to 1.",
        keys=("well-formed", "evidence", "consistency"),
    ),
    "content_key_ttl_hours": Setting(
        "Replay window for repeated content",
        "The same content from the same agent within this time is answered as "
        "the earlier write, not stored again.",
        "h",
    ),
    "gc_batch_size": Setting(
        "Memories per clean-up batch", "Keeps each clean-up run short.", "items"
    ),
    "gc_grace_days": Setting(
        "Grace before deletion",
        "An expired memory can be recovered for this long, then it is deleted.",
        "days",
    ),
    "gc_candidate_unread_days": Setting(
        "Unread before flagged",
        "A memory no agent has read for this long is flagged for clean-up.",
        "days",
    ),
    "gc_superseded_days": Setting(
        "Old versions kept",
        "Replaced versions older than this are cleaned up.",
        "days",
    ),
    "gc_low_confidence": Setting(
        "Low confidence",
        "Memories below this confidence are flagged once old enough.",
    ),
    "gc_low_confidence_days": Setting(
        "Low-confidence age", "How old a low-confidence memory must be.", "days"
    ),
    "gc_confidence_decay_rate": Setting(
        "Confidence lost per period",
        "Unconfirmed memories lose this much confidence each period.",
    ),
    "gc_confidence_decay_period_days": Setting("Confidence decay period", "", "days"),
    "gc_confidence_floor": Setting(
        "Lowest confidence after decay", "Decay never goes below this."
    ),
    "gc_relevance_lambda_per_day": Setting(
        "Relevance fading per day, by layer",
        "How fast an unread memory stops being relevant.",
    ),
    "gc_relevance_threshold": Setting(
        "Relevance to stay, by layer",
        "Below it a memory is flagged for clean-up.",
    ),
    "gc_idle_hours": Setting(
        "Idle before flagged, by layer",
        "Hours without a read before a memory of the layer is flagged.",
        "h",
    ),
    "gc_access_window_days": Setting(
        "Reads counted over", "Recent reads keep a memory alive.", "days"
    ),
    "gc_default_impact": Setting("Default importance", "Used when a write names none."),
    "staleness_weights": Setting(
        "What staleness is made of",
        "Shares of age, time since last read and contradictions; they add up to 1.",
        keys=("age", "unread", "contradicted"),
    ),
    "staleness_max_age_days": Setting("Age counted as fully stale", "", "days"),
    "staleness_access_days": Setting("Unread counted as fully stale", "", "days"),
    "staleness_stale_at": Setting(
        "Marked stale from",
        "A stale memory is read less: its score is down-weighted.",
    ),
    "staleness_evict_at": Setting(
        "Flagged for removal from", "Staler than this, it is flagged for clean-up."
    ),
    "gc_down_weight": Setting(
        "Down-weight of stale memories", "Their search score is multiplied by it."
    ),
    "gc_contradiction_scan_limit": Setting(
        "Memories re-checked per run",
        "Stored memories checked again for contradictions on each clean-up run.",
        "items",
    ),
    "retrieval_fusion": Setting(
        "How search results are ranked",
        "weighted: add up the signals below; rrf: rank by position in each list.",
    ),
    "retrieval_weights": Setting(
        "How much each signal counts in search",
        "Meaning, exact words, how recent, importance and source; relative shares.",
    ),
    "retrieval_recency_half_life_days": Setting(
        "Recency half-life, by layer",
        "A memory this old counts half as recent.",
        "days",
    ),
    "retrieval_pinned_boost": Setting(
        "Boost for pinned memories",
        "A pinned memory's score moves this share of the way towards the top.",
    ),
    "retrieval_rrf_k": Setting(
        "Rank smoothing (rrf)", "Larger evens out the lists' top places."
    ),
    "retrieval_candidates": Setting(
        "Candidates per signal",
        "At least this many results are read from each signal before ranking.",
        "items",
    ),
    "retrieval_min_score": Setting(
        "Lowest search score", "Results below it are left out."
    ),
    "retrieval_context_threshold": Setting(
        "Relevance for the context endpoint",
        "What an agent is given unasked must score at least this.",
    ),
}


@dataclass(frozen=True)
class Group:
    slug: str
    title: str
    description: str
    names: tuple[str, ...]


# Retention by classification and residency have their own group.
_RETENTION_RESIDENCY = (
    "retention_days",
    "retention_hard_delete",
    "retention_pinned_exempt",
    "storage_region",
    "allowed_regions",
    "residency_class_regions",
)


def _ttl_setting(name: str) -> bool:
    return ("ttl" in name or "retention" in name) and name not in _RETENTION_RESIDENCY


POLICY_NAMES = tuple(f.name for f in dataclasses.fields(Policy))
_GROUPS = (
    Group(
        "rate",
        "Rate limits",
        "How fast each agent may write before writes are deferred or it is "
        "suspended: a runaway agent cannot flood memory.",
        (
            "rate_window_seconds",
            "rate_limits",
            "session_write_budget",
            "storm_writes_per_minute",
            "rate_backoff_seconds",
        ),
    ),
    Group(
        "evidence",
        "Evidence thresholds",
        "How much support a write needs, by layer, and what counts as "
        "external: long-lived memory must be backed by something.",
        (
            "fact_thresholds",
            "source_authority",
            "freshness_half_life_days",
            "layers_needing_external_evidence",
            "external_evidence_types",
            "external_confidence_cap",
        ),
    ),
    Group(
        "contradiction",
        "Contradiction and duplicates",
        "When a write is checked against similar memories, and when it is a "
        "duplicate: agents should not read two answers to one question.",
        (
            "topic_similarity",
            "contradiction_judge_similarity",
            "contradiction_neighbours",
            "auto_resolve_contradictions",
            "auto_resolve_gap",
            "semantic_duplicate_threshold",
            "paraphrase_similarity",
        ),
    ),
    Group(
        "risk",
        "Risk weights and tier thresholds",
        "Each write gets a risk score from 0 to 1. Below the review threshold "
        "it is stored at once; from it, it waits in the review queue; from the "
        "hold threshold, the agent waits for a person.",
        (
            "async_review_at",
            "sync_block_at",
            "risk_weights",
            "layer_risk",
            "blast_radius",
            "poisoning_risk_boost",
            "reputation_threshold",
            "reputation_min_decisions",
        ),
    ),
    Group(
        "review",
        "Review SLA and sync deadline",
        "How long people have to decide before reviews are escalated or refused.",
        ("review_sla_hours", "sync_deadline_seconds"),
    ),
    Group(
        "scopes",
        "Scopes",
        "Which scopes an agent's first write may create.",
        ("auto_create_scopes",),
    ),
    Group(
        "erasure",
        "Right to erasure",
        "Who must agree before a data subject's memories are erased.",
        ("erasure_four_eyes",),
    ),
    Group(
        "ttl",
        "TTL defaults",
        "How long memories live when a write names no TTL.",
        tuple(name for name in POLICY_NAMES if _ttl_setting(name)),
    ),
    Group(
        "retention",
        "Retention and residency",
        "How long memories are kept by classification, what happens after, and "
        "where they may be stored: the law and contracts set these.",
        _RETENTION_RESIDENCY,
    ),
    Group(
        "confidence",
        "Confidence and validation",
        "How a write's stored confidence and validation score are worked out.",
        ("confidence_betas", "validation_weights"),
    ),
    Group(
        "gc",
        "Garbage collection and hygiene",
        "When memories are flagged, expired and deleted for good: memory that "
        "nobody reads or trusts any more is cleaned up.",
        (
            "gc_grace_days",
            "gc_candidate_unread_days",
            "gc_superseded_days",
            "gc_low_confidence",
            "gc_low_confidence_days",
            "gc_confidence_decay_rate",
            "gc_confidence_decay_period_days",
            "gc_confidence_floor",
            "gc_relevance_lambda_per_day",
            "gc_relevance_threshold",
            "gc_idle_hours",
            "gc_access_window_days",
            "gc_default_impact",
            "staleness_weights",
            "staleness_max_age_days",
            "staleness_access_days",
            "staleness_stale_at",
            "staleness_evict_at",
            "gc_down_weight",
            "gc_contradiction_scan_limit",
            "gc_batch_size",
        ),
    ),
    Group(
        "retrieval",
        "Retrieval",
        "How agents' searches and context requests rank what they read back.",
        (
            "retrieval_fusion",
            "retrieval_weights",
            "retrieval_recency_half_life_days",
            "retrieval_pinned_boost",
            "retrieval_rrf_k",
            "retrieval_candidates",
            "retrieval_min_score",
            "retrieval_context_threshold",
        ),
    ),
)
_GROUPED = {name for group in _GROUPS for name in group.names}
POLICY_GROUPS = (
    *_GROUPS,
    Group(
        "other",
        "Other settings",
        "",
        tuple(n for n in POLICY_NAMES if n not in _GROUPED),
    ),
)


def _display(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, list):
        return ", ".join(value) or "none"
    return str(value)


def _leaf_field(rule: Rule, initial: Any) -> forms.Field:
    """Return the input for one value; a blank number means the default."""
    if rule.kind == "bool":
        field: forms.Field = forms.BooleanField(required=False)
    elif rule.kind == "choices":
        field = forms.MultipleChoiceField(
            choices=[(c, c) for c in rule.choices],
            required=False,
            widget=forms.CheckboxSelectMultiple,
        )
    elif rule.kind == "choice":
        field = forms.ChoiceField(choices=[(c, c) for c in rule.choices])
    elif rule.kind == "int":
        field = forms.IntegerField(required=False)
    else:
        field = forms.FloatField(required=False)
    field.initial = initial
    # Submit only what the admin changed, so a concurrent edit of another
    # setting is not overwritten with the value this page showed.
    field.show_hidden_initial = True
    return field


def field_name(key: str) -> str:
    """Return the input name of a flat policy key: `rate_limits.session` → `…__…`."""
    return key.replace(".", "__")


class PolicyForm(forms.Form):
    """Every policy value as an input, each with its default and override state."""

    reason = forms.CharField(
        max_length=REASON_MAX,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Required; it goes to the audit trail with the changed values.",
    )

    def __init__(self, *args: Any, policy: Policy, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.current = policy_values(policy)
        self.defaults = policy_values(DEFAULT_POLICY)
        self.setting_errors: dict[str, list[str]] = {}
        for key, value in self.current.items():
            rule = policy_rule(key.partition(".")[0])
            self.fields[field_name(key)] = _leaf_field(rule, value)

    def changes(self) -> dict[str, Any]:
        """Return the changed values in the shape `tenant_policy_update` takes."""
        changes: dict[str, Any] = {}
        for key in self.current:
            name, _, sub = key.partition(".")
            if field_name(key) not in self.changed_data:
                continue
            value = self.cleaned_data[field_name(key)]
            if not sub:
                changes[name] = value
            elif isinstance(getattr(DEFAULT_POLICY, name), dict):
                changes.setdefault(name, {})[sub] = value
            else:
                # A tuple takes all its items; unchanged ones keep their value.
                items = changes.setdefault(name, self._items(name))
                items[int(sub)] = value
        return changes

    def saved_message(self) -> str:
        """Return what to tell the admin once the changes are saved."""
        count = len([name for name in self.changed_data if name != "reason"])
        if not count:
            return "Nothing changed: every value is as it was."
        return f"The policy is saved: {count} value{'s' if count > 1 else ''} changed."

    def _items(self, name: str) -> list[Any]:
        return [v for k, v in self.current.items() if k.partition(".")[0] == name]

    def add_service_errors(self, errors: dict[str, str]) -> None:
        """Attach the service's errors, keyed by flat policy key, to their inputs."""
        for key, message in errors.items():
            if field_name(key) in self.fields:
                self.add_error(field_name(key), message)
            elif key in POLICY_NAMES:
                self.setting_errors.setdefault(key, []).append(message)
            else:
                self.add_error(None, message)

    def groups(self) -> list[dict[str, Any]]:
        """Return the settings by group, each value with its input and default."""
        return [
            {"group": group, "settings": [self._setting(n) for n in group.names]}
            for group in POLICY_GROUPS
            if group.names or group.slug == "ttl"
        ]

    def _setting(self, name: str) -> dict[str, Any]:
        setting = SETTINGS.get(name) or Setting(name.replace("_", " ").capitalize())
        leaves = []
        for key, value in self.current.items():
            setting_name, _, sub = key.partition(".")
            if setting_name != name:
                continue
            label = setting.keys[int(sub)] if sub and setting.keys else sub
            leaves.append(
                {
                    "key": label.replace("_", " "),
                    "field": self[field_name(key)],
                    "default": _display(self.defaults[key]),
                    "overridden": value != self.defaults[key],
                }
            )
        return {
            "name": name,
            "setting": setting,
            "leaves": leaves,
            "single": len(leaves) == 1 and not leaves[0]["key"],
            "overridden": any(leaf["overridden"] for leaf in leaves),
            "errors": self.setting_errors.get(name, []),
        }
