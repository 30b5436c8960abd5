"""Scope paths and the rules for new scopes: pure functions, no database.

A path is `/global/` or `/org/{org}/[user/{u}/][task/{t}/]` (DESIGN.md).
The services that create scopes and the schema gate, which decides whether
an agent's write may create the scope it names, share these rules.

An id segment (the `{org}`, `{u}` or `{t}`) of a new scope is lowercase
letters, digits, `-`, `_` and `.`, starting with a letter or digit. No `@`,
spaces or capitals: paths go into the audit trail and URLs, so they carry
opaque ids, never an email address or a person's name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from memory_core.exceptions import Invalid
from memory_core.models import ScopeKind, ancestor_paths

SEGMENT_MAX = 100
SEGMENT = re.compile(rf"^[a-z0-9][a-z0-9._-]{{0,{SEGMENT_MAX - 1}}}$")
SEGMENT_RULE = (
    "use lowercase letters, digits, '-', '_' and '.', starting with a letter "
    f"or digit, at most {SEGMENT_MAX} characters (for example 'u-1042' or "
    "'onboarding.2025'); no '@', spaces or capitals: use an opaque id, not an "
    "email address or a name"
)
# Kinds an agent's write may create (policy `auto_create_scopes`); org
# scopes are a tenant admin's decision.
AUTO_CREATABLE_KINDS = (ScopeKind.USER.value, ScopeKind.TASK.value)


def scope_path_kind(path: str) -> str:
    """Return the kind of `path` from its shape, or raise `Invalid`."""
    parts = [p for p in path.strip("/").split("/") if p]
    if path == "/global/":
        return ScopeKind.GLOBAL
    if len(parts) < 2 or len(parts) % 2 or parts[0] != "org":
        raise Invalid(
            f"Scope path {path!r} is not /org/{{org}}/[user/{{u}}/][task/{{t}}/].",
            code="invalid_scope_path",
        )
    kinds = parts[0::2]
    allowed = (["org"], ["org", "user"], ["org", "task"], ["org", "user", "task"])
    if kinds not in allowed:
        raise Invalid(
            f"Scope path {path!r} nests kinds as {'/'.join(kinds)}.",
            code="invalid_scope_path",
        )
    return kinds[-1]


def scope_segment_check(segment: str) -> str:
    """Return `segment` if it may name a new scope; say what is allowed otherwise."""
    if not SEGMENT.match(segment):
        raise Invalid(
            f"The id {segment!r} is not valid: {SEGMENT_RULE}.",
            code="invalid_scope_id",
        )
    return segment


def scope_path_check(path: str) -> str:
    """Return the kind of a well-formed path for a new scope, or raise `Invalid`.

    Well-formed: starts and ends with '/', nests kinds as DESIGN.md says, and
    every id segment follows `SEGMENT_RULE`.
    """
    if not path.startswith("/") or not path.endswith("/") or "//" in path:
        raise Invalid(
            f"Scope path {path!r} must start and end with '/', with no empty segment.",
            code="invalid_scope_path",
        )
    kind = scope_path_kind(path)
    for segment in path.strip("/").split("/")[1::2]:
        scope_segment_check(segment)
    return kind


def scope_child_path(parent_path: str, kind: str, segment: str) -> str:
    """Return the path of a `kind` scope named `segment` below `parent_path`."""
    if parent_path == "/global/":
        return f"/{kind}/{segment}/"
    return f"{parent_path}{kind}/{segment}/"


def scope_depth(path: str) -> int:
    """Return how deep `path` sits: /global/ 0, an org 1, its user or task 2, …"""
    return len(ancestor_paths(path)) - 1


def scope_within(path: str, roots: Iterable[str]) -> bool:
    """Return whether `path` is one of `roots` or below one of them."""
    lineage = set(ancestor_paths(path))
    return any(root in lineage for root in roots)


@dataclass(frozen=True)
class AutoCreateRefusal:
    """Why a write may not create its missing scope: a cause code and a sentence."""

    cause: str  # invalid_path, outside_grant, policy_off, kind_not_allowed,
    # parent_missing
    message: str


def scope_auto_create_plan(
    path: str,
    *,
    kinds: Iterable[str],
    allowed_scopes: Iterable[str],
    exists: Callable[[str], bool],
) -> tuple[list[str], AutoCreateRefusal | None]:
    """Return the scopes a write to missing `path` would create, top-down.

    A write may create its scope when the path is well-formed, lies at or
    below one of the agent's granted scopes, and the scope's kind is in the
    tenant's `auto_create_scopes`. Missing ancestors are created too (a
    `…/user/{u}/task/{t}/` write creates the user scope first) when each of
    them passes the same test; an org scope is never created by a write.
    Return `([], refusal)` when it may not.
    """
    kinds, allowed_scopes = tuple(kinds), list(allowed_scopes)

    def refuse(cause: str, why: str) -> tuple[list[str], AutoCreateRefusal]:
        message = f"Scope {path!r} does not exist and was not created: {why}."
        return [], AutoCreateRefusal(cause, message)

    try:
        scope_path_check(path)
    except Invalid as error:
        message = (
            f"Scope {path!r} does not exist, and no scope may have that path. "
            f"{error.message}"
        )
        return [], AutoCreateRefusal("invalid_path", message)
    if not scope_within(path, allowed_scopes):
        granted = ", ".join(allowed_scopes) or "nothing"
        return refuse(
            "outside_grant",
            f"this agent may write only at or below {granted}",
        )
    if not kinds:
        return refuse(
            "policy_off",
            "this tenant's policy creates no scopes on write (Admin → Policy, "
            "'Scopes agents may create'); ask an admin to create it",
        )
    missing = []
    for ancestor in ancestor_paths(path):
        if exists(ancestor):
            break
        missing.append(ancestor)
    allowed_text = " and ".join(kinds)
    for new in missing:
        new_kind = scope_path_kind(new)
        if new == path and new_kind not in kinds:
            return refuse(
                "kind_not_allowed",
                f"the policy creates only {allowed_text} scopes on write, not "
                f"{new_kind} scopes",
            )
        if new_kind not in kinds:
            return refuse(
                "parent_missing",
                f"its parent {new} does not exist, and the policy creates only "
                f"{allowed_text} scopes on write",
            )
        if not scope_within(new, allowed_scopes):
            return refuse(
                "outside_grant",
                f"its parent {new} does not exist and lies above this agent's "
                f"grant ({', '.join(allowed_scopes)})",
            )
    return list(reversed(missing)), None
