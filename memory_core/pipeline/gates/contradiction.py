"""Gate 6: contradiction (003 §12.2.4, 000 §4 `_update_existing` and §6).

Two questions, cheapest first:

1. Same attribute: the head of the item with the write's key (its scope and
   layer), and the heads stating the same subject and predicate anywhere the
   write's scope can read (the scope and its ancestors). A different value
   is an **update** when the write is at least as confident and its source at
   least as trusted (`policy.source_authority`), as in 000 §4; otherwise it
   is a contradiction. The item a keyed write names, or the same-scope item
   of its triple, is the item the write versions (`update_item_id`) either
   way: a key is unique in its scope and layer. Other updated values in the
   same scope and layer go to `supersedes_versions`; an ancestor's value is
   left in place and shadowed by the nearer scope.
2. Semantic neighbours: the `policy.contradiction_neighbours` nearest active
   versions in the readable scopes, any layer; those from
   `policy.contradiction_judge_similarity` are put to the judge
   (`judges.get_judge`), which compares them slot by slot; those above
   σ_topic (`policy.topic_similarity`) are counted as topical. From
   `LOOSE_TYPED_SIMILARITY`, a neighbour the judge let pass that states one
   typed value of the write's kind in another frame, one word apart
   (`slots.loose_typed_clash`: "The user's SSD is 1 TB" / "User has a 512
   GB SSD as their only drive"), is a contradiction too (detector
   `loose_typed_value`): the embedding vouches for the frame.
   Versions already weighed in step 1, the item being updated and exact
   copies are not judged.
3. The model judge (`cross_encoder.py`, `policy.cross_encoder_judge`): the
   nearest `policy.cross_encoder_neighbours` of those neighbours from
   `policy.cross_encoder_similarity` are read together with the write by
   the fine-tuned MiniLM; a contradiction probability from
   `policy.cross_encoder_contradiction` is a contradiction (detector
   `cross_encoder`) the rules missed. Its probabilities stay on the
   candidate for the semantic dedup gate.

Decision (003 §12.2.4): no contradiction → ACCEPT; the write more confident
than every version it contradicts → REVIEW with a supersede proposal, or
ACCEPT superseding those in its own scope (`supersedes_versions`; an
ancestor's are shadowed) when the tenant allows auto-resolution and the gap
is at least `policy.auto_resolve_gap` (000 §6); otherwise REJECT with the
conflicting ids. The contradictions are always left in
`candidate.contradictions` for the commit's conflict rows and the risk gate.

A pair a curator resolved as keep-both (`ConflictPairAllowance`, asked
through the optional `lookups.allowed_pairs`) is not a contradiction: a write
repeating one version of the pair is not flagged against the other.

A judge that cannot be reached is asked once, not once per neighbour; the
write passes flagged `contradiction_unchecked` with the number of unjudged
neighbours in the details (fail-open, so an outage of an optional service
does not stop every write; the risk gate may weigh the flag).

A keyed write whose key is held by an item without an active head waits
while a draft of that item awaits review (DEFER `key_awaiting_review`; the
review's decision re-runs it, `services/memory.py: keyed_writes_release`),
and otherwise versions that item (retracted, superseded or expired): a key is
unique in its scope and layer, whatever the status of the item holding it.

A write whose exact content is already stored in its scope and layer, with
no other key or triple to weigh, is left to dedup without an embedding: it
will be answered `duplicate`.
"""

from __future__ import annotations

import uuid
from typing import Any

from memory_core.hashing import normalize_value
from memory_core.models import ancestor_paths
from memory_core.pipeline import alignment, cross_encoder, denials, slots
from memory_core.pipeline.judges import Judge, get_judge, opposed
from memory_core.pipeline.types import (
    Candidate,
    ExistingVersion,
    GateContext,
    GateResult,
    Lookups,
)
from memory_core.policy import Policy

NAME = "contradiction"
# services/memory.py releases the writes deferred with it.
KEY_AWAITING_REVIEW = "key_awaiting_review"
NEEDS_EMBEDDING = True

# Confidences are floats: 0.7 - 0.5 is 0.19999999999999996.
EPSILON = 1e-9
UNCHECKED_FLAG = "contradiction_unchecked"
# A typed value said in another frame, vouched for by the embedding
# (`slots.loose_typed_clash`): from this cosine. Calibrated on the tenth
# session's dev sets (QUALITY.md): 24 contradictions at 3 false from 0.7.
LOOSE_TYPED_SIMILARITY = 0.7
LOOSE_TYPED = "loose_typed_value"
# A denial and a statement of what it denies (`pipeline/denials.py`), read
# on the neighbours the rule judge reads (`contradiction_judge_similarity`).
DENIAL = "denied_instance"
# The detector of a contradiction found by the cross-encoder judge.
CROSS_ENCODER = "cross_encoder"
# A write waiting for a review is re-run when the review closes; this is
# only the fallback should that message be lost.
KEY_REVIEW_RECHECK_SECONDS = 300


def check(
    candidate: Candidate, ctx: GateContext, *, judge: Judge | None = None
) -> GateResult:
    assert ctx.lookups is not None and candidate.scope_id is not None
    lookups, policy = ctx.lookups, ctx.policy
    waiting = _key_held_by_draft(candidate, lookups)
    if waiting is not None:
        return waiting
    scope_ids = readable_scope_ids(candidate, lookups)
    contradictions: list[dict[str, Any]] = []
    updates: list[ExistingVersion] = []
    weighed: set[uuid.UUID] = set()
    # Stored versions the write repeats: a curator's keep-both covers it too.
    twins: set[uuid.UUID] = set()

    for existing, detector in _same_attribute(candidate, lookups, scope_ids):
        weighed.add(existing.version_id)
        if _same_value(candidate, existing, detector):
            twins.add(existing.version_id)
            continue
        if candidate.update_item_id is None and _versions_item(candidate, existing):
            candidate.update_item_id = existing.item_id
        if is_update(candidate, existing, policy):
            updates.append(existing)
        else:
            contradictions.append(
                _record(existing, detector, _attribute_reason(candidate, existing))
            )
    # Other values of the attribute in the same scope and layer are replaced;
    # an ancestor's value stays and is shadowed (writes never go upward).
    candidate.supersedes_versions = [
        u.version_id
        for u in updates
        if u.item_id != candidate.update_item_id
        and u.scope_id == candidate.scope_id
        and u.layer == candidate.layer
    ]

    if not (contradictions or updates or candidate.update_item_id):
        copy = lookups.version_by_hash(
            candidate.scope_id, candidate.layer, candidate.content_hash
        )
        if copy is not None:
            candidate.contradictions = []
            candidate.nearest_similarity = 1.0
            return GateResult.accept(
                NAME,
                "The same content is stored; dedup answers it.",
                copy_of=str(copy.version_id),
            )

    assert ctx.embed is not None
    neighbours = lookups.neighbours(
        scope_ids, ctx.embed(candidate), policy.contradiction_neighbours
    )
    topical = [n for n in neighbours if n.similarity > policy.topic_similarity]
    candidate.topic_neighbours = len(topical)
    candidate.nearest_similarity = max((n.similarity for n in neighbours), default=0.0)
    similarity = {n.version_id: n.similarity for n in neighbours}
    for record in contradictions:
        found = similarity.get(uuid.UUID(record["version_id"]))
        record["similarity"] = round(found, 4) if found is not None else None

    judge = judge or get_judge()
    to_judge = [
        n
        for n in neighbours
        if n.similarity >= policy.contradiction_judge_similarity
        and n.version_id not in weighed
        and n.item_id != candidate.update_item_id
        and n.content_hash != candidate.content_hash
    ]
    unchecked = 0
    for i, neighbour in enumerate(to_judge):
        judgement = judge.judge(neighbour.content, candidate.content)
        if judgement.detector == "http_unavailable":
            # Do not wait out the timeout once per neighbour.
            unchecked = len(to_judge) - i
            break
        if judgement.contradicts:
            contradictions.append(
                _record(
                    neighbour,
                    judgement.detector,
                    judgement.reason,
                    similarity=neighbour.similarity,
                )
            )
    found_ids = {c["version_id"] for c in contradictions}
    for neighbour in to_judge[: len(to_judge) - unchecked]:
        if (
            neighbour.similarity < LOOSE_TYPED_SIMILARITY
            or str(neighbour.version_id) in found_ids
        ):
            continue
        values = slots.loose_typed_clash(neighbour.content, candidate.content)
        if values:
            contradictions.append(
                _record(
                    neighbour,
                    LOOSE_TYPED,
                    f"The same slot with another value: {values[0]} vs {values[1]}.",
                    similarity=neighbour.similarity,
                )
            )
    found_ids = {c["version_id"] for c in contradictions}
    for neighbour in to_judge:
        if str(neighbour.version_id) in found_ids:
            continue
        denied = denials.denied_instance(neighbour.content, candidate.content)
        if denied:
            contradictions.append(
                _record(
                    neighbour,
                    DENIAL,
                    f"One denies what the other says: {denied[0]!r} vs {denied[1]!r}.",
                    similarity=neighbour.similarity,
                )
            )
    if unchecked and UNCHECKED_FLAG not in candidate.flags:
        candidate.flags.append(UNCHECKED_FLAG)
    model_judged = _model_judgements(candidate, neighbours, to_judge, policy)
    found = {c["version_id"] for c in contradictions}
    for neighbour in model_judged:
        probability = candidate.pair_judgements[str(neighbour.version_id)][1]
        if (
            str(neighbour.version_id) not in found
            and cross_encoder.reaches(probability, policy.cross_encoder_contradiction)
            and not slots.contained(neighbour.content, candidate.content)
            and not _reworded(neighbour, candidate)
            and not slots.other_keys(neighbour.content, candidate.content)
        ):
            record = _record(
                neighbour,
                CROSS_ENCODER,
                f"The model judge reads a contradiction ({probability:.2f}).",
                similarity=neighbour.similarity,
            )
            contradictions.append({**record, "probability": round(probability, 4)})

    twins |= {
        n.version_id
        for n in neighbours
        if n.content_hash == candidate.content_hash
        or n.similarity >= policy.semantic_duplicate_threshold
    }
    kept = _kept_both(contradictions, twins, lookups)
    contradictions = [c for c in contradictions if c["version_id"] not in kept]
    candidate.contradictions = contradictions
    details: dict[str, Any] = {
        "topic_neighbours": candidate.topic_neighbours,
        "nearest_similarity": round(candidate.nearest_similarity, 4),
    }
    if kept:
        details["kept_both"] = sorted(kept)
    if unchecked:
        details["judge_unavailable"] = unchecked
    if model_judged:
        details["cross_encoder_judged"] = [str(n.version_id) for n in model_judged]
    if updates:
        details["update_of"] = [str(v.version_id) for v in updates]
    if candidate.supersedes_versions:
        details["supersedes"] = [str(v) for v in candidate.supersedes_versions]
    return decide(candidate, policy, details)


def decide(candidate: Candidate, policy: Policy, details: dict[str, Any]) -> GateResult:
    """Turn `candidate.contradictions` into the gate's decision (003 §12.2.4)."""
    contradictions = candidate.contradictions
    if not contradictions:
        reason = "Updates the stored value." if "update_of" in details else ""
        return GateResult.accept(NAME, reason, **details)
    strongest = max(c["confidence"] for c in contradictions)
    gap = candidate.confidence - strongest
    count = _memories(len(contradictions))
    if gap > EPSILON:
        if (
            policy.auto_resolve_contradictions
            and gap >= policy.auto_resolve_gap - EPSILON
        ):
            # An ancestor's memory is shadowed, not superseded: a write never
            # changes a scope above its own (DESIGN.md, Scope).
            own = str(candidate.scope_id)
            candidate.supersedes_versions += [
                uuid.UUID(c["version_id"])
                for c in contradictions
                if c["scope_id"] == own
            ]
            return GateResult.accept(
                NAME,
                f"Supersedes {count} it contradicts: confidence gap {gap:.2f} "
                f"≥ {policy.auto_resolve_gap:.2f}.",
                **{
                    **details,
                    "auto_resolved": True,
                    "supersedes": [str(v) for v in candidate.supersedes_versions],
                    "contradictions": contradictions,
                    "confidence_gap": round(gap, 4),
                },
            )
        if "contradiction" not in candidate.review_reasons:
            candidate.review_reasons.append("contradiction")
        return GateResult.review(
            NAME,
            "contradiction",
            f"Contradicts {count} with lower confidence "
            f"({strongest:.2f} < {candidate.confidence:.2f}); "
            "a curator decides whether to supersede.",
            contradictions=contradictions,
            proposed_action="supersede",
            confidence_gap=round(gap, 4),
            **details,
        )
    return GateResult.reject(
        NAME,
        "contradiction",
        f"Contradicts {count} held with confidence {strongest:.2f} "
        f"≥ {candidate.confidence:.2f}.",
        contradictions=contradictions,
        version_ids=[c["version_id"] for c in contradictions],
        item_ids=[c["item_id"] for c in contradictions],
        **details,
    )


def _reworded(neighbour: ExistingVersion, candidate: Candidate) -> bool:
    """Return whether the rules read the pair as one fact reworded, as the
    semantic dedup gate's close tier does ("The user prefers dark mode." /
    "User wants dark mode everywhere.") or one value in another notation:
    the model judge's contradiction reading of such a pair is vetoed
    (QUALITY.md, tenth and fourteenth sessions)."""
    comparison = slots.compare(neighbour.content, candidate.content)
    if neighbour.similarity >= slots.CLOSE_PARAPHRASE_SIMILARITY and (
        comparison.same_fact or comparison.close_same_fact
    ):
        return not opposed(neighbour.content, candidate.content)
    # One value written two ways, at any cosine, as the dedup gate reads it;
    # or a write each of whose words has its partner in the stored version
    # ("held by Rosa and Kenji, nobody else" / "Only Kenji and Rosa have
    # keys …"), as the dedup gate's aligned tier reads it.
    return slots.value_reworded(
        neighbour.content, candidate.content
    ) or alignment.restates(neighbour.content, candidate.content)


def _model_judgements(
    candidate: Candidate,
    neighbours: list[ExistingVersion],
    to_judge: list[ExistingVersion],
    policy: Policy,
) -> list[ExistingVersion]:
    """Put the nearest judged neighbours to the cross-encoder; return them.

    The nearest `policy.cross_encoder_neighbours` of the write's neighbours
    from `policy.cross_encoder_similarity` (those the rules judge); their
    probabilities are left in `candidate.pair_judgements` for the dedup gate.
    """
    if not model_reads_contradictions(policy):
        return []  # off, or asked for duplicates only (the dedup gate asks)
    eligible = {n.version_id for n in to_judge}
    chosen = [
        n
        for n in neighbours[: policy.cross_encoder_neighbours]
        if n.version_id in eligible and n.similarity >= policy.cross_encoder_similarity
    ]
    cross_encoder.judge_pairs(candidate, chosen)
    return chosen


def model_reads_contradictions(policy: Policy) -> bool:
    """Whether the model judge reads the write's nearest neighbours here."""
    return policy.cross_encoder_judge and policy.cross_encoder_contradiction < 1.0


def model_similarity_floor(policy: Policy) -> float:
    """The least similarity of a neighbour the model judge reads: it must also
    be one the rules judge (`to_judge`, `contradiction_judge_similarity`)."""
    return max(policy.cross_encoder_similarity, policy.contradiction_judge_similarity)


def _kept_both(
    contradictions: list[dict[str, Any]], twins: set[uuid.UUID], lookups: Lookups
) -> set[str]:
    """Return the contradicted version ids a curator kept beside one of `twins`.

    A curator who resolved a case as keep-both said the two versions do not
    contradict; a write repeating one of them (same content, same value, or a
    semantic duplicate) is not flagged against the other again.
    """
    allowed_pairs = getattr(lookups, "allowed_pairs", None)
    if not (contradictions and twins and allowed_pairs):
        return set()
    ids = {uuid.UUID(c["version_id"]) for c in contradictions}
    allowed = allowed_pairs(sorted(ids | twins, key=str))
    return {str(v) for v in ids if any(frozenset((v, t)) in allowed for t in twins)}


def readable_scope_ids(candidate: Candidate, lookups: Lookups) -> list[uuid.UUID]:
    """Return the ids of the write's scope and its ancestors, nearest first."""
    assert candidate.scope_id is not None
    ids = [candidate.scope_id]
    for path in ancestor_paths(candidate.scope_path):
        scope = lookups.scope(path)
        if scope is not None and scope.id not in ids:
            ids.append(scope.id)
    return ids


def is_update(candidate: Candidate, existing: ExistingVersion, policy: Policy) -> bool:
    """Return whether the write may replace `existing`: as confident, as trusted."""
    authority = policy.source_authority
    return (
        candidate.confidence >= existing.confidence - EPSILON
        and authority.get(candidate.source, 0.0)
        >= authority.get(existing.source, 0.0) - EPSILON
    )


def _key_held_by_draft(candidate: Candidate, lookups: Lookups) -> GateResult | None:
    """Defer a keyed write while its key's item only has a draft under review.

    Without an active head, the item holding the key is versioned instead of
    a new item made (the key would collide with it).
    """
    assert candidate.scope_id is not None
    if not candidate.key or lookups.item_head_by_key(
        candidate.scope_id, candidate.layer, candidate.key
    ):
        return None
    held = lookups.item_by_key(candidate.scope_id, candidate.layer, candidate.key)
    if held is None:
        return None
    item_id, pending = held
    if not pending:
        candidate.update_item_id = item_id
        return None
    return GateResult.defer(
        NAME,
        KEY_AWAITING_REVIEW,
        f"Memory {item_id} holds key {candidate.key!r} and awaits a curator's "
        "review; this write runs again once that review is decided.",
        retry_after_seconds=KEY_REVIEW_RECHECK_SECONDS,
        item_id=str(item_id),
    )


def _same_attribute(
    candidate: Candidate, lookups: Lookups, scope_ids: list[uuid.UUID]
) -> list[tuple[ExistingVersion, str]]:
    """Return the stored heads for the write's key and its subject and predicate."""
    assert candidate.scope_id is not None
    found: list[tuple[ExistingVersion, str]] = []
    if candidate.key:
        head = lookups.item_head_by_key(
            candidate.scope_id, candidate.layer, candidate.key
        )
        if head is not None:
            found.append((head, "same_key"))
    if candidate.subject and candidate.predicate and candidate.object:
        seen = {v.version_id for v, _ in found}
        for head in lookups.heads_by_subject_predicate(
            scope_ids, candidate.subject, candidate.predicate
        ):
            if head.version_id not in seen and head.object:
                found.append((head, "same_attribute"))
    return found


def _same_value(candidate: Candidate, existing: ExistingVersion, detector: str) -> bool:
    if detector == "same_key":
        return existing.content_hash == candidate.content_hash
    return normalize_value(existing.object) == normalize_value(candidate.object)


def _versions_item(candidate: Candidate, existing: ExistingVersion) -> bool:
    """Return whether the write is a new version of `existing`'s item.

    The keyed item is; so is the item of the same triple in the same scope
    and layer, unless it carries another key.
    """
    if candidate.key:
        return existing.key == candidate.key
    return (
        existing.scope_id == candidate.scope_id
        and existing.layer == candidate.layer
        and not existing.key
    )


def _attribute_reason(candidate: Candidate, existing: ExistingVersion) -> str:
    if candidate.key and existing.key == candidate.key:
        what = f"Item {candidate.key!r} holds other content"
    else:
        what = (
            f"{candidate.subject} {candidate.predicate} is stored as "
            f"{existing.object!r}, not {candidate.object!r}"
        )
    return (
        f"{what}, with confidence {existing.confidence:.2f} from "
        f"{existing.source or 'an unknown source'}."
    )


def _record(
    existing: ExistingVersion,
    detector: str,
    reason: str,
    *,
    similarity: float | None = None,
) -> dict[str, Any]:
    return {
        "version_id": str(existing.version_id),
        "item_id": str(existing.item_id),
        "scope_id": str(existing.scope_id) if existing.scope_id else None,
        "similarity": round(similarity, 4) if similarity is not None else None,
        "detector": detector,
        "reason": reason,
        "confidence": existing.confidence,
    }


def _memories(count: int) -> str:
    return "a stored memory" if count == 1 else f"{count} stored memories"
