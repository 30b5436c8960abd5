"""Scope services: create, rename, archive and unarchive, with their audit rows."""

from __future__ import annotations

import pytest

from audit.models import AuditEvent
from memory_core.exceptions import Forbidden, Invalid, NotFound
from memory_core.hashing import sha256
from memory_core.models import Role, Scope, WriteRequest, WriteStatus
from memory_core.services.curation import memory_promote, promotion_targets
from memory_core.services.scopes import (
    admin_scope_archive,
    admin_scope_create,
    admin_scope_rename,
    admin_scope_unarchive,
    scope_archive,
    scope_rename,
    scope_unarchive,
)
from memory_core.services.tenancy import scope_create
from tests.factories import SYSTEM, make_agent, make_member
from tests.memory_core.services.test_curation import committed

USER_SCOPE = "/org/acme/user/42/"


@pytest.fixture
def admin(tenant):
    return make_member(tenant, Role.ADMIN, username="ada")


@pytest.fixture
def agent(tenant):
    return make_agent(tenant, name="helper")[0]


def scope(tenant, path: str) -> Scope:
    return Scope.objects.get(tenant=tenant, path=path)


def events(tenant, action: str) -> list[AuditEvent]:
    return list(AuditEvent.objects.filter(tenant_id=tenant.id, action=action))


# Create


def test_admin_creates_a_user_scope_under_the_org(tenant, admin):
    created = admin_scope_create(
        tenant=tenant,
        user=admin,
        parent_path="/org/acme/",
        kind="user",
        segment="u-1042",
        name="Customer 1042",
    )
    assert created.path == "/org/acme/user/u-1042/"
    assert created.kind == "user" and created.name == "Customer 1042"
    assert created.parent == scope(tenant, "/org/acme/")
    assert created.created_by_agent is None
    (event,) = [
        e for e in events(tenant, "scope.create") if e.object_id == str(created.id)
    ]
    assert event.actor_type == "user" and event.actor_label == "ada"
    assert event.metadata == {"path": created.path, "kind": "user"}


def test_a_task_goes_under_a_user_and_an_org_under_global(tenant, admin):
    task = admin_scope_create(
        tenant=tenant, user=admin, parent_path=USER_SCOPE, kind="task", segment="t.1"
    )
    assert task.path == "/org/acme/user/42/task/t.1/" and task.name == "t.1"
    org = admin_scope_create(
        tenant=tenant, user=admin, parent_path="/global/", kind="org", segment="eu"
    )
    assert org.path == "/org/eu/" and org.parent == scope(tenant, "/global/")


@pytest.mark.parametrize(
    ("parent", "kind", "segment", "code", "says"),
    [
        ("/org/acme/", "user", "Bob Smith", "invalid_scope_id", "lowercase letters"),
        ("/org/acme/", "user", "bob@example.com", "invalid_scope_id", "no '@'"),
        ("/org/acme/", "user", "-x", "invalid_scope_id", "starting with a letter"),
        ("/org/acme/", "user", "x" * 101, "invalid_scope_id", "at most 100"),
        ("/org/acme/", "user", "42", "duplicate_scope", "already exists"),
        ("/org/acme/user/9/", "task", "t", "parent_missing", "does not exist"),
        ("/org/acme/", "team", "x", "invalid_scope_kind", "org, user or task"),
        ("/org/acme/user/42/", "user", "x", "invalid_scope_parent", "under an org"),
        ("/global/", "user", "x", "invalid_scope_parent", "is the global scope"),
        ("", "user", "x", "parent_missing", "parent scope's path"),
    ],
)
def test_create_refusals_say_what_to_fix(
    tenant, admin, parent, kind, segment, code, says
):
    before = Scope.objects.count()
    with pytest.raises(Invalid) as refused:
        admin_scope_create(
            tenant=tenant, user=admin, parent_path=parent, kind=kind, segment=segment
        )
    assert refused.value.code == code
    assert says in refused.value.message
    assert Scope.objects.count() == before


def test_a_parent_path_without_its_last_slash_is_accepted(tenant, admin):
    created = admin_scope_create(
        tenant=tenant, user=admin, parent_path="/org/acme", kind="task", segment="t"
    )
    assert created.path == "/org/acme/task/t/"


def test_no_scope_under_an_archived_one(tenant, admin):
    scope_archive(tenant=tenant, scope_id=scope(tenant, USER_SCOPE).id, actor=SYSTEM)
    with pytest.raises(Invalid) as refused:
        admin_scope_create(
            tenant=tenant, user=admin, parent_path=USER_SCOPE, kind="task", segment="t"
        )
    assert refused.value.code == "scope_archived"
    assert "unarchive it first" in refused.value.message


def test_a_duplicate_of_an_archived_scope_says_unarchive(tenant):
    scope_archive(tenant=tenant, scope_id=scope(tenant, USER_SCOPE).id, actor=SYSTEM)
    with pytest.raises(Invalid, match="archived: unarchive it instead"):
        scope_create(tenant=tenant, path=USER_SCOPE, actor=SYSTEM)


@pytest.mark.parametrize(
    "path", ["/org/acme/user/42", "org/acme/user/1/", "/org/acme//", "/org/acme/x/1/"]
)
def test_scope_create_refuses_malformed_paths(tenant, path):
    with pytest.raises(Invalid) as refused:
        scope_create(tenant=tenant, path=path, actor=SYSTEM)
    assert refused.value.code == "invalid_scope_path"


def test_only_admins_create_scopes(tenant):
    curator = make_member(tenant, Role.CURATOR)
    with pytest.raises(Forbidden):
        admin_scope_create(
            tenant=tenant,
            user=curator,
            parent_path="/org/acme/",
            kind="user",
            segment="x",
        )
    assert not Scope.objects.filter(path="/org/acme/user/x/").exists()


def test_another_tenants_admin_gets_not_found(tenant, other_tenant):
    outsider = make_member(other_tenant, Role.ADMIN)
    with pytest.raises(NotFound):
        admin_scope_create(
            tenant=tenant,
            user=outsider,
            parent_path="/org/acme/",
            kind="user",
            segment="x",
        )
    with pytest.raises(NotFound):
        admin_scope_rename(
            tenant=tenant,
            user=outsider,
            scope_id=scope(tenant, USER_SCOPE).id,
            name="Mine",
        )


def test_a_scope_of_another_tenant_is_not_found(tenant, other_tenant, admin):
    theirs = scope(other_tenant, "/org/globex/user/7/")
    for service, extra in (
        (admin_scope_rename, {"name": "Mine"}),
        (admin_scope_archive, {}),
        (admin_scope_unarchive, {}),
    ):
        with pytest.raises(NotFound, match="No such scope"):
            service(tenant=tenant, user=admin, scope_id=theirs.id, **extra)
    with pytest.raises(NotFound):
        admin_scope_rename(tenant=tenant, user=admin, scope_id="not-a-uuid", name="x")


# Rename


def test_rename_changes_the_name_and_audits_hashes_not_names(tenant, admin):
    target = scope(tenant, USER_SCOPE)
    renamed = admin_scope_rename(
        tenant=tenant, user=admin, scope_id=target.id, name="  Customer 42  "
    )
    assert renamed.name == "Customer 42"
    assert scope(tenant, USER_SCOPE).name == "Customer 42"
    (event,) = events(tenant, "scope.rename")
    assert event.actor_label == "ada" and event.object_id == str(target.id)
    assert event.metadata == {
        "path": USER_SCOPE,
        "old_name_sha256": sha256("42"),
        "new_name_sha256": sha256("Customer 42"),
    }
    # The same name again changes nothing and records nothing.
    admin_scope_rename(
        tenant=tenant, user=admin, scope_id=target.id, name="Customer 42"
    )
    assert len(events(tenant, "scope.rename")) == 1


@pytest.mark.parametrize(
    ("name", "code"), [("   ", "no_scope_name"), ("x" * 201, "invalid_scope_name")]
)
def test_rename_refuses_an_empty_or_long_name(tenant, name, code):
    with pytest.raises(Invalid) as refused:
        scope_rename(
            tenant=tenant,
            scope_id=scope(tenant, USER_SCOPE).id,
            name=name,
            actor=SYSTEM,
        )
    assert refused.value.code == code


# Archive and unarchive


def test_archive_an_empty_scope_and_unarchive_it(tenant, admin):
    target = scope(tenant, "/org/acme/user/43/")
    archived = admin_scope_archive(tenant=tenant, user=admin, scope_id=target.id)
    assert archived.archived_at is not None
    assert scope(tenant, "/org/acme/user/43/").archived_at is not None
    (event,) = events(tenant, "scope.archive")
    assert event.actor_label == "ada"
    assert event.metadata == {"path": "/org/acme/user/43/"}
    # Archiving again is a no-op, without another event.
    admin_scope_archive(tenant=tenant, user=admin, scope_id=target.id)
    assert len(events(tenant, "scope.archive")) == 1

    back = admin_scope_unarchive(tenant=tenant, user=admin, scope_id=target.id)
    assert back.archived_at is None
    assert scope(tenant, "/org/acme/user/43/").archived_at is None
    assert len(events(tenant, "scope.unarchive")) == 1


def test_archive_is_refused_while_active_memories_remain(tenant, admin, agent):
    committed(agent, "The user prefers dark mode.", scope=USER_SCOPE)
    committed(agent, "The user likes tea.", scope="/org/acme/user/42/task/t1/")
    with pytest.raises(Invalid) as refused:
        admin_scope_archive(
            tenant=tenant, user=admin, scope_id=scope(tenant, USER_SCOPE).id
        )
    error = refused.value
    assert error.code == "scope_not_empty"
    assert error.message.startswith("/org/acme/user/42/ cannot be archived yet.")
    assert "2 active memories remain in /org/acme/user/42/ and the scopes below it" in (
        error.message
    )
    assert "promote, retract or erase them first (Memories → filter by scope)" in (
        error.message
    )
    assert error.details["active_memories"] == 2
    assert error.details["pending_writes"] == 0
    assert error.details["memory_scopes"] == {
        "/org/acme/user/42/": 1,
        "/org/acme/user/42/task/t1/": 1,
    }
    assert error.details["memories_elsewhere"] == 0
    assert scope(tenant, USER_SCOPE).archived_at is None
    assert not events(tenant, "scope.archive")


def test_archive_is_refused_while_writes_are_pending(tenant, agent):
    scope_create(tenant=tenant, path="/org/acme/user/43/task/t/", actor=SYSTEM)
    WriteRequest.objects.create(
        tenant=tenant,
        agent=agent,
        idempotency_key="k",
        request_hash="h",
        content_token="t",
        payload={},
        scope_path="/org/acme/user/43/task/t/",
        layer="episodic",
        status=WriteStatus.PENDING_REVIEW,
    )
    with pytest.raises(Invalid) as refused:
        scope_archive(
            tenant=tenant, scope_id=scope(tenant, "/org/acme/user/43/").id, actor=SYSTEM
        )
    assert refused.value.details["pending_writes"] == 1
    assert "1 write is still pending" in refused.value.message
    assert "Reviews" in refused.value.message


@pytest.mark.parametrize("path", ["/global/", "/org/acme/"])
def test_the_tenants_roots_are_never_archived(tenant, path):
    with pytest.raises(Invalid) as refused:
        scope_archive(tenant=tenant, scope_id=scope(tenant, path).id, actor=SYSTEM)
    assert refused.value.code == "root_scope"


def test_unarchive_below_an_archived_ancestor_is_refused(tenant):
    scope_create(tenant=tenant, path="/org/acme/user/43/task/t/", actor=SYSTEM)
    task = scope(tenant, "/org/acme/user/43/task/t/")
    scope_archive(tenant=tenant, scope_id=task.id, actor=SYSTEM)
    scope_archive(
        tenant=tenant, scope_id=scope(tenant, "/org/acme/user/43/").id, actor=SYSTEM
    )
    with pytest.raises(Invalid) as refused:
        scope_unarchive(tenant=tenant, scope_id=task.id, actor=SYSTEM)
    assert refused.value.code == "scope_archived"
    assert "/org/acme/user/43/ is archived too" in refused.value.message


def test_only_admins_rename_archive_and_unarchive(tenant):
    viewer = make_member(tenant, Role.VIEWER)
    target = scope(tenant, "/org/acme/user/43/")
    for service, extra in (
        (admin_scope_rename, {"name": "x"}),
        (admin_scope_archive, {}),
        (admin_scope_unarchive, {}),
    ):
        with pytest.raises(Forbidden):
            service(tenant=tenant, user=viewer, scope_id=target.id, **extra)
    assert scope(tenant, "/org/acme/user/43/").archived_at is None


def test_no_promotion_into_an_archived_scope(tenant, agent):
    item = committed(agent, "The user likes tea.", scope="/org/acme/user/42/task/t1/")
    Scope.objects.filter(tenant=tenant, path=USER_SCOPE).update(
        archived_at="2026-01-01T00:00:00Z"
    )
    curator = make_member(tenant, Role.CURATOR)
    source = scope(tenant, "/org/acme/user/42/task/t1/")
    assert USER_SCOPE not in [
        s.path for s in promotion_targets(tenant=tenant, scope=source)
    ]
    with pytest.raises(Invalid) as refused:
        memory_promote(
            tenant=tenant,
            item_id=item.id,
            user=curator,
            scope_path=USER_SCOPE,
            reason="Holds for the user.",
        )
    assert refused.value.code == "scope_archived"


def test_the_refusal_names_the_fullest_scopes_and_counts_the_rest(tenant, agent):
    for n in range(6):
        path = f"/org/acme/user/43/task/t{n}/"
        scope_create(tenant=tenant, path=path, actor=SYSTEM)
        committed(agent, f"Fact {n} of the task.", scope=path)
    committed(agent, "Another fact of task zero.", scope="/org/acme/user/43/task/t0/")
    with pytest.raises(Invalid) as refused:
        scope_archive(
            tenant=tenant, scope_id=scope(tenant, "/org/acme/user/43/").id, actor=SYSTEM
        )
    details = refused.value.details
    assert details["active_memories"] == 7
    assert list(details["memory_scopes"].items()) == [
        ("/org/acme/user/43/task/t0/", 2),
        *((f"/org/acme/user/43/task/t{n}/", 1) for n in range(1, 5)),
    ]
    assert details["memories_elsewhere"] == 1
