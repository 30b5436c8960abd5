"""The schema gate's scope checks: archived scopes, and scopes a write may create."""

from __future__ import annotations

import dataclasses
import uuid

import pytest

from memory_core.pipeline.gates import schema
from memory_core.pipeline.types import Decision, ScopeRef
from memory_core.policy import DEFAULT_POLICY
from tests.memory_core.pipeline.gates.test_schema import candidate, ctx

ARCHIVED = {"/org/acme/user/43/"}
PATHS = ("/global/", "/org/acme/", "/org/acme/user/42/", "/org/acme/user/43/")


class Lookups:
    def __init__(self) -> None:
        self.refs = {p: ScopeRef(uuid.uuid4(), p, "", p in ARCHIVED) for p in PATHS}

    def scope(self, path):
        return self.refs.get(path)


def context(*, grant=("/org/acme/",), at_door=True, kinds=("user", "task")):
    return dataclasses.replace(
        ctx(scopes=grant),
        lookups=Lookups(),
        scope_auto_create=at_door,
        policy=dataclasses.replace(DEFAULT_POLICY, auto_create_scopes=kinds),
    )


def violations(path, **options):
    result = schema.check(candidate(scope_path=path), context(**options))
    return result.decision, result.details.get("violations", [])


@pytest.mark.parametrize(
    ("path", "options", "code", "says"),
    [
        (
            "/org/acme/user/43/",
            {},
            "scope_archived",
            "'/org/acme/user/43/' is archived",
        ),
        (
            "/org/acme/user/43/task/t/",
            {},
            "scope_archived",
            "nor does anything below it",
        ),
        ("/org/acme/user/9/", {"at_door": False}, "unknown_scope", "does not exist."),
        ("/org/acme/user/9/", {"kinds": ()}, "unknown_scope", "creates no scopes"),
        # Outside the grant, whether it exists or not: one answer (issue 13).
        (
            "/org/acme/user/9/",
            {"grant": ("/org/acme/user/42/",)},
            "scope_forbidden",
            "may not write to scope '/org/acme/user/9/'",
        ),
        ("/org/acme/user/NOPE/", {}, "unknown_scope", "no scope may have that path"),
        # An existing scope outside the grant stays a plain refusal.
        (
            "/org/acme/user/42/",
            {"grant": ("/org/acme/user/43/",)},
            "scope_forbidden",
            "may not write",
        ),
    ],
)
def test_refusals(path, options, code, says):
    decision, found = violations(path, **options)
    assert decision == Decision.REJECT
    assert [v["code"] for v in found] == [code]
    assert says in found[0]["message"]


def test_the_cause_of_an_unknown_scope_is_machine_readable():
    _, found = violations("/org/acme/user/9/", kinds=())
    assert found[0]["cause"] == "policy_off"


def test_archived_refusal_names_the_archived_scope():
    _, found = violations("/org/acme/user/43/task/t/")
    assert found[0]["scope"] == "/org/acme/user/43/"


@pytest.mark.parametrize(
    "path", ["/org/acme/user/9/", "/org/acme/user/9/task/t/", "/org/acme/task/x/"]
)
def test_a_creatable_scope_passes_at_the_door(path):
    c = candidate(scope_path=path)
    result = schema.check(c, context())
    assert result.decision == Decision.ACCEPT
    assert c.scope_id is None  # created with the write, after the gates
