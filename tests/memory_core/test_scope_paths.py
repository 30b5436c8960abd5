"""Scope path rules, as pure functions: ids, shapes, and what a write may create."""

from __future__ import annotations

import pytest

from memory_core.exceptions import Invalid
from memory_core.scope_paths import (
    scope_auto_create_plan,
    scope_child_path,
    scope_depth,
    scope_path_check,
    scope_segment_check,
)

EXISTING = {"/global/", "/org/acme/", "/org/acme/user/42/"}


@pytest.mark.parametrize(
    "segment", ["42", "u-1042", "onboarding.2025", "a_b", "x" * 100]
)
def test_good_ids(segment):
    assert scope_segment_check(segment) == segment


@pytest.mark.parametrize(
    "segment",
    ["", "Bob", "bob smith", "a@b.c", "-x", ".x", "_x", "x" * 101, "é", "a/b"],
)
def test_bad_ids_are_refused_with_the_rule(segment):
    with pytest.raises(Invalid) as refused:
        scope_segment_check(segment)
    assert refused.value.code == "invalid_scope_id"
    assert "lowercase letters, digits" in refused.value.message


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("/global/", "global"),
        ("/org/acme/", "org"),
        ("/org/acme/user/42/", "user"),
        ("/org/acme/task/t/", "task"),
        ("/org/acme/user/42/task/t/", "task"),
    ],
)
def test_well_formed_paths(path, kind):
    assert scope_path_check(path) == kind


@pytest.mark.parametrize(
    "path",
    [
        "/org/acme/user/42",
        "org/acme/",
        "/org/acme//user/42/",
        "/org/acme/team/1/",
        "/org/acme/task/t/user/1/",
        "/org/Acme/",
        "/nowhere/",
    ],
)
def test_malformed_paths(path):
    with pytest.raises(Invalid):
        scope_path_check(path)


def test_child_paths_and_depth():
    assert scope_child_path("/global/", "org", "eu") == "/org/eu/"
    assert scope_child_path("/org/acme/", "user", "7") == "/org/acme/user/7/"
    assert [scope_depth(p) for p in ("/global/", "/org/a/", "/org/a/user/1/")] == [
        0,
        1,
        2,
    ]
    assert scope_depth("/org/a/user/1/task/t/") == 3


def plan(path, *, kinds=("user", "task"), grant=("/org/acme/",), existing=EXISTING):
    return scope_auto_create_plan(
        path, kinds=kinds, allowed_scopes=grant, exists=existing.__contains__
    )


@pytest.mark.parametrize(
    ("path", "options", "creates"),
    [
        ("/org/acme/user/9/", {}, ["/org/acme/user/9/"]),
        ("/org/acme/task/t/", {}, ["/org/acme/task/t/"]),
        ("/org/acme/user/42/task/t/", {}, ["/org/acme/user/42/task/t/"]),
        # The chain: a missing user scope is created above its task.
        (
            "/org/acme/user/9/task/t/",
            {},
            ["/org/acme/user/9/", "/org/acme/user/9/task/t/"],
        ),
        (
            "/org/acme/user/42/task/t/",
            {"grant": ("/org/acme/user/42/",), "kinds": ("task",)},
            ["/org/acme/user/42/task/t/"],
        ),
    ],
)
def test_what_a_write_may_create(path, options, creates):
    assert plan(path, **options) == (creates, None)


@pytest.mark.parametrize(
    ("path", "options", "cause", "says"),
    [
        ("/org/acme/user/Bob/", {}, "invalid_path", "no scope may have that path"),
        ("/org/acme/team/1/", {}, "invalid_path", "nests kinds"),
        ("/org/acme/user/9/", {"kinds": ()}, "policy_off", "creates no scopes"),
        ("/org/acme/task/t/", {"kinds": ("user",)}, "kind_not_allowed", "not task"),
        (
            "/org/acme/user/9/task/t/",
            {"kinds": ("task",)},
            "parent_missing",
            "its parent /org/acme/user/9/ does not exist",
        ),
        (
            "/org/acme/user/9/",
            {"grant": ("/org/acme/user/42/",)},
            "outside_grant",
            "only at or below /org/acme/user/42/",
        ),
        ("/org/globex/user/7/", {}, "outside_grant", "only at or below /org/acme/"),
        # Granted a task that does not exist: its user scope is above the grant.
        (
            "/org/acme/user/9/task/t/",
            {"grant": ("/org/acme/user/9/task/t/",)},
            "outside_grant",
            "lies above this agent's grant",
        ),
        # Org scopes are never created by a write.
        (
            "/org/new/user/1/",
            {"grant": ("/org/new/",)},
            "parent_missing",
            "its parent /org/new/ does not exist",
        ),
    ],
)
def test_why_a_write_may_not_create_its_scope(path, options, cause, says):
    creates, refusal = plan(path, **options)
    assert creates == []
    assert refusal.cause == cause
    assert says in refusal.message
    assert refusal.message.startswith(f"Scope {path!r} does not exist")
