"""The information delta of a write against a stored version (003 §12.3.3).

Dedup tiers that find a near-identical version (same structural fingerprint,
or cosine above the duplicate threshold) ask what the write adds:

- "same": nothing; every field and word of the write is already stored
  (equal, or the stored version says more). A pure duplicate: reinforce.
- "superset": strictly more; the write keeps everything stored and adds
  fields or words. MERGE into a new version (003 §12.3.4).
- "conflict": a field both sides state with different values (a triple's
  object, a value in `fields`), or texts the rule judge finds
  contradictory ("budget is 500 EUR" vs "budget is 700 EUR"). A human
  decides.
- "different": neither contains the other and nothing conflicts: each side
  has something the other lacks, or one is negated where the other is not.

Structured parts compare first: the triple (subject, predicate, object,
normalised with `hashing.normalize_value`) and `fields` key by key; lists
compare as sets. Text compares as the sets of content stems of
`judges.content_stems` (lower-cased, stemmed, stop words dropped, typed
values such as "number=32" kept), so casing, punctuation, articles and
inflection do not count as information.

The stored version's `fields` are read from `existing.fields` when the
lookup provides them; a lookup that does not leaves fields uncompared
(unknown is not empty: a write would otherwise always "add" its fields).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

from memory_core.hashing import canonical_json, normalize_value
from memory_core.pipeline.judges import RuleJudge, content_stems, read_statement
from memory_core.pipeline.types import Candidate, ExistingVersion

Delta = Literal["same", "superset", "conflict", "different"]
# A part of the comparison may also come out "subset": the write lacks
# something stored. It never escapes `information_delta`.
Part = Literal["same", "superset", "subset", "conflict", "different"]

_RULES = RuleJudge()


def information_delta(candidate: Candidate, existing: ExistingVersion) -> Delta:
    """Return what `candidate` adds to `existing` (see the module docstring)."""
    parts = [
        _triple_delta(candidate, existing),
        _text_delta(candidate.content, existing.content),
    ]
    stored_fields = getattr(existing, "fields", None)
    if stored_fields is not None:
        parts += _fields_delta(candidate.fields, stored_fields)
    return combine(parts)


def combine(parts: Iterable[Part]) -> Delta:
    """Fold the deltas of the parts into the delta of the whole."""
    seen = set(parts)
    if "conflict" in seen:
        return "conflict"
    if "different" in seen or {"superset", "subset"} <= seen:
        return "different"
    return "superset" if "superset" in seen else "same"


def _triple_delta(candidate: Candidate, existing: ExistingVersion) -> Part:
    new = _triple(candidate.subject, candidate.predicate, candidate.object)
    old = _triple(existing.subject, existing.predicate, existing.object)
    if new is None or old is None:
        return _presence(new is not None, old is not None)
    if new[:2] != old[:2]:
        return "different"  # Statements about another subject or attribute.
    if new[2] and old[2] and new[2] != old[2]:
        return "conflict"
    return _presence(bool(new[2]), bool(old[2]))


def _triple(subject: str, predicate: str, obj: str) -> tuple[str, str, str] | None:
    if not (subject and predicate):
        return None
    return normalize_value(subject), normalize_value(predicate), normalize_value(obj)


def _presence(new: bool, old: bool) -> Part:
    if new == old:
        return "same"
    return "superset" if new else "subset"


def _fields_delta(new: Mapping[str, Any], old: Mapping[str, Any]) -> list[Part]:
    parts: list[Part] = []
    for name in new.keys() | old.keys():
        if name not in old:
            parts.append("superset")
        elif name not in new:
            parts.append("subset")
        else:
            parts.append(_value_delta(new[name], old[name]))
    return parts


def _value_delta(new: Any, old: Any) -> Part:
    """Compare one field: scalars by normalised value, lists as sets."""
    if isinstance(new, list) and isinstance(old, list):
        return _set_delta({_canonical(v) for v in new}, {_canonical(v) for v in old})
    return "same" if _canonical(new) == _canonical(old) else "conflict"


def _canonical(value: Any) -> str:
    if isinstance(value, str):
        return normalize_value(value)
    return canonical_json(value)


def _set_delta(new: set[str], old: set[str]) -> Part:
    if new == old:
        return "same"
    if new > old:
        return "superset"
    if new < old:
        return "subset"
    return "conflict"


def _text_delta(new: str, old: str) -> Part:
    if _RULES.judge(old, new).contradicts:
        return "conflict"
    if read_statement(new).negated != read_statement(old).negated:
        return "different"
    delta = _set_delta(content_stems(new), content_stems(old))
    # Texts that share some words and differ in others are not a conflict
    # of fields; `_set_delta` calls that "conflict" only for field lists.
    return "different" if delta == "conflict" else delta
