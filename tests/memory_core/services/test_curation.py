"""Curation services: rows, log, audit, and every refusal.

The helpers here (`remember`, `unit_vector`, `contradiction_case`, the
fixtures) are imported by the contradiction and review service tests
(test_conflicts.py, test_reviews.py) and the curation view and browser tests
too.
"""

from __future__ import annotations

import threading
import uuid
from datetime import timedelta

import numpy as np
import pytest
from django.conf import settings
from django.db import connection

from audit.models import AuditEvent
from audit.services import audit_chain_verify
from memory_core.exceptions import Forbidden, Invalid, NotFound, StateConflict
from memory_core.models import (
    Conflict,
    LogOperation,
    MemoryAnnotation,
    MemoryItem,
    MemoryLogEntry,
    MemoryVersion,
    Role,
    Scope,
    VersionStatus,
    WriteRequest,
    WriteStatus,
)
from memory_core.provenance import provenance_problems
from memory_core.selectors import memory_item_list
from memory_core.services.curation import (
    memory_annotate,
    memory_force_expire,
    memory_pin,
    memory_promote,
    memory_reclassify,
    memory_unpin,
    version_rollback,
    versions_as_of,
)
from memory_core.services.tenancy import scope_create
from memory_core.services.writes import write_process, write_submit
from tests.factories import SYSTEM, make_member

USER_SCOPE = "/org/acme/user/42/"
TASK_SCOPE = "/org/acme/user/42/task/t1/"
_rng = np.random.default_rng(20261122)


def unit_vector(near: list[float] | None = None, similarity: float = 0.85) -> list:
    """Return a random unit vector; `near` one at the given cosine similarity."""
    vector = _rng.normal(size=384)
    vector /= np.linalg.norm(vector)
    if near is not None:
        base = np.asarray(near)
        orthogonal = vector - (vector @ base) * base
        orthogonal /= np.linalg.norm(orthogonal)
        vector = similarity * base + np.sqrt(1 - similarity**2) * orthogonal
    return vector.tolist()


def remember(
    agent,
    content: str,
    *,
    scope: str = USER_SCOPE,
    layer: str = "episodic",
    key: str | None = None,
    source: str = "user_stated",
    confidence: float = 0.9,
    embedding: list[float] | None = None,
) -> WriteRequest:
    """Submit a write through the service, run the pipeline, return the stored write."""
    payload = {
        "scope": scope,
        "layer": layer,
        "content": content,
        "key": key,
        "source": source,
        "confidence": confidence,
        "embedding": embedding or unit_vector(),
        "evidence": [{"source_type": "DOCUMENT", "uri": "doc://runbook"}],
    }
    result = write_submit(agent=agent, payload=payload, idempotency_key=None)
    if result.write.status == WriteStatus.QUEUED:
        write_process(write_id=result.write.id)
    result.write.refresh_from_db()
    return result.write


def committed(agent, content: str, **kwargs) -> MemoryItem:
    write = remember(agent, content, **kwargs)
    assert write.status == WriteStatus.COMMITTED, (write.code, write.reason)
    return MemoryItem.objects.select_related("scope").get(pk=write.memory_item_id)


def contradiction_case(agent, *, scope: str = USER_SCOPE) -> Conflict:
    """Store "standup on Monday", then stage the more confident "on Tuesday"."""
    vector = unit_vector()
    old = remember(
        agent,
        "The team standup is on Monday.",
        scope=scope,
        source="agent_inferred",
        confidence=0.5,
        embedding=vector,
    )
    assert old.status == WriteStatus.COMMITTED, (old.code, old.reason)
    new = remember(
        agent,
        "The team standup is on Tuesday.",
        scope=scope,
        source="agent_inferred",
        confidence=0.95,
        embedding=unit_vector(near=vector),
    )
    assert new.status == WriteStatus.PENDING_REVIEW, (new.code, new.reason)
    return Conflict.objects.get(write_request=new)


def keyed_contradiction(agent) -> tuple[MemoryItem, WriteRequest]:
    """Store key "standup", then stage another value for it from a weaker source."""
    vector = unit_vector()
    item = committed(
        agent,
        "The team standup is on Monday.",
        key="standup",
        confidence=0.95,
        embedding=vector,
    )
    staged = remember(
        agent,
        "The team standup is on Tuesday.",
        key="standup",
        source="agent_inferred",
        confidence=0.99,
        embedding=unit_vector(near=vector),
    )
    assert staged.status == WriteStatus.PENDING_REVIEW, staged.reason
    assert staged.memory_item_id == item.pk
    return item, staged


def actions(tenant) -> list[str]:
    return list(
        AuditEvent.objects.filter(tenant_id=tenant.id)
        .order_by("seq")
        .values_list("action", flat=True)
    )


def operations(item) -> list[str]:
    return list(item.log.order_by("seq").values_list("operation", flat=True))


@pytest.fixture
def agent(agent_and_token, tenant):
    # Lift rate limits and let every write without a contradiction commit.
    tenant.policy = {
        "rate_limits": dict.fromkeys(
            ["session", "episodic", "semantic", "procedural"], 1000
        ),
        "storm_writes_per_minute": 1000,
        "async_review_at": 0.99,
        "sync_block_at": 0.999,
    }
    tenant.save(update_fields=["policy"])
    return agent_and_token[0]


@pytest.fixture
def curator(tenant):
    return make_member(tenant, Role.CURATOR, username="cora")


@pytest.fixture
def viewer(tenant):
    return make_member(tenant, Role.VIEWER, username="vic")


@pytest.fixture
def outsider(other_tenant):
    return make_member(other_tenant, Role.CURATOR, username="otto")


@pytest.fixture
def task_scope(tenant) -> Scope:
    return scope_create(tenant=tenant, path=TASK_SCOPE, actor=SYSTEM)


@pytest.fixture
def memory(agent) -> MemoryItem:
    return committed(agent, "The user prefers dark mode.", key="theme")


@pytest.fixture
def updated(agent, memory) -> MemoryItem:
    """The memory with a second version: v1 dark, v2 light."""
    committed(agent, "The user prefers light mode now.", key="theme")
    memory.refresh_from_db()
    assert memory.head.number == 2
    return memory


# Who may curate, and what every action needs


ACTIONS = {
    "pin": lambda **kw: memory_pin(**kw),
    "unpin": lambda **kw: memory_unpin(**kw),
    "expire": lambda **kw: memory_force_expire(**kw),
    "reclassify": lambda **kw: memory_reclassify(layer="semantic", **kw),
    "promote": lambda **kw: memory_promote(scope_path="/org/acme/", **kw),
    "rollback": lambda **kw: version_rollback(
        version_id=kw["item_id"] and MemoryItem.objects.get(pk=kw["item_id"]).head_id,
        **kw,
    ),
}


@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_a_viewer_is_refused_and_nothing_changes(tenant, updated, viewer, action):
    before = (MemoryVersion.objects.count(), MemoryLogEntry.objects.count())
    with pytest.raises(Forbidden):
        ACTIONS[action](tenant=tenant, item_id=updated.pk, user=viewer, reason="x")
    assert (MemoryVersion.objects.count(), MemoryLogEntry.objects.count()) == before


@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_another_tenants_member_gets_not_found(
    tenant, other_tenant, updated, outsider, action
):
    with pytest.raises(NotFound):
        ACTIONS[action](tenant=tenant, item_id=updated.pk, user=outsider, reason="x")
    with pytest.raises(NotFound):  # their own tenant has no such memory
        ACTIONS["pin"](
            tenant=other_tenant, item_id=updated.pk, user=outsider, reason="x"
        )


@pytest.mark.parametrize("action", sorted(ACTIONS))
@pytest.mark.parametrize("reason", ["", "   ", None])
def test_a_reason_is_required(tenant, updated, curator, action, reason):
    events = AuditEvent.objects.count()
    with pytest.raises(Invalid, match="reason"):
        ACTIONS[action](tenant=tenant, item_id=updated.pk, user=curator, reason=reason)
    assert AuditEvent.objects.count() == events


def test_an_admin_may_curate(tenant, memory):
    admin = make_member(tenant, Role.ADMIN)
    assert memory_pin(tenant=tenant, item_id=memory.pk, user=admin, reason="x").pinned


# Pin and unpin


def test_pin_and_unpin(tenant, memory, curator):
    item = memory_pin(
        tenant=tenant, item_id=memory.pk, user=curator, reason="core preference"
    )
    assert item.pinned and MemoryItem.objects.get(pk=memory.pk).pinned
    entry = memory.log.get(operation=LogOperation.PIN)
    assert entry.actor_user == curator and entry.reason == "core preference"
    assert entry.version_id == memory.head_id
    event = AuditEvent.objects.get(tenant_id=tenant.id, action="memory.pin")
    assert event.actor_id == str(curator.pk) and event.reason == "core preference"
    assert event.metadata["scope_id"] == str(memory.scope_id)

    memory_unpin(tenant=tenant, item_id=memory.pk, user=curator, reason="not anymore")
    assert not MemoryItem.objects.get(pk=memory.pk).pinned
    assert operations(memory)[-2:] == ["pin", "unpin"]
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []


def test_pin_twice_and_unpin_unpinned_are_refused(tenant, memory, curator):
    with pytest.raises(StateConflict, match="already not pinned"):
        memory_unpin(tenant=tenant, item_id=memory.pk, user=curator, reason="x")
    memory_pin(tenant=tenant, item_id=memory.pk, user=curator, reason="x")
    with pytest.raises(StateConflict, match="already pinned"):
        memory_pin(tenant=tenant, item_id=memory.pk, user=curator, reason="x")
    assert operations(memory).count("pin") == 1


def test_an_expired_memory_cannot_be_pinned(tenant, memory, curator):
    memory_force_expire(tenant=tenant, item_id=memory.pk, user=curator, reason="x")
    with pytest.raises(StateConflict, match="Only an active memory"):
        memory_pin(tenant=tenant, item_id=memory.pk, user=curator, reason="x")


# Rollback


def test_rollback_retracts_the_head_and_restores_its_predecessor(
    tenant, updated, curator
):
    v1, v2 = updated.versions.order_by("number")
    restored = version_rollback(
        tenant=tenant,
        item_id=updated.pk,
        version_id=v2.pk,
        user=curator,
        reason="the user never said light",
    )
    v1.refresh_from_db()
    v2.refresh_from_db()
    updated.refresh_from_db()
    assert v2.status == VersionStatus.RETRACTED and v2.valid_to is not None
    assert v1.status == VersionStatus.SUPERSEDED  # its own range stays closed
    assert restored.number == 3 and restored.status == VersionStatus.ACTIVE
    assert restored.content == v1.content == "The user prefers dark mode."
    assert restored.content_hash == v1.content_hash
    assert np.allclose(restored.embedding, v1.embedding)
    assert restored.valid_from == v2.valid_to and restored.valid_to is None
    assert restored.supersedes_id is None  # v1's own predecessor
    assert updated.head_id == restored.pk and updated.status == VersionStatus.ACTIVE
    assert restored.approved_by == curator.username
    # The copy's provenance still verifies: the signature covers the content.
    assert (
        provenance_problems(
            record=restored.provenance,
            signature=restored.signature,
            content=restored.content,
            content_hash=restored.content_hash,
            key=settings.MGC_PROVENANCE_KEY.encode(),
        )
        == []
    )
    retract, update = updated.log.order_by("-seq")[:2][::-1]
    assert (retract.operation, retract.version_id) == ("retract", v2.pk)
    assert retract.previous_version_id == v1.pk
    assert retract.reason == "the user never said light"
    assert (update.operation, update.version_id) == ("update", restored.pk)
    assert update.payload == {"restored_from": str(v1.pk), "rollback_of": str(v2.pk)}
    event = AuditEvent.objects.get(tenant_id=tenant.id, action="memory.rollback")
    assert event.metadata["restored_version_id"] == str(restored.pk)
    assert "dark" not in str(event.metadata)  # ids, never content
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []


def test_rollback_keeps_as_of_queries_exact(tenant, updated, curator):
    v1, v2 = updated.versions.order_by("number")
    restored = version_rollback(
        tenant=tenant, item_id=updated.pk, version_id=v2.pk, user=curator, reason="x"
    )
    v2.refresh_from_db()

    def visible(at) -> list[int]:
        return [
            v.number
            for v in versions_as_of(tenant=tenant, at=at)
            if v.item_id == updated.pk
        ]

    assert visible(v1.valid_from) == [1]
    assert visible(v2.valid_from) == [2]
    assert visible(v2.valid_to - timedelta(microseconds=1)) == [2]
    assert visible(restored.valid_from) == [3]
    assert visible(v1.valid_from - timedelta(seconds=1)) == []
    # The memory API's selector agrees: one item visible at each instant.
    for at in (v1.valid_from, v2.valid_from, restored.valid_from):
        assert list(memory_item_list(tenant=tenant, as_of=at)) == [updated]


def test_rollback_of_a_version_that_is_not_the_head_is_refused(
    tenant, updated, curator
):
    v1 = updated.versions.get(number=1)
    with pytest.raises(StateConflict, match="v1 is not the current version"):
        version_rollback(
            tenant=tenant,
            item_id=updated.pk,
            version_id=v1.pk,
            user=curator,
            reason="x",
        )
    # A stale form: the head it names was rolled back by someone else.
    v2 = updated.versions.get(number=2)
    version_rollback(
        tenant=tenant, item_id=updated.pk, version_id=v2.pk, user=curator, reason="x"
    )
    with pytest.raises(StateConflict, match="v2 is not the current version"):
        version_rollback(
            tenant=tenant,
            item_id=updated.pk,
            version_id=v2.pk,
            user=curator,
            reason="x",
        )
    assert updated.versions.count() == 3


def fact(agent, colour: str, **kwargs) -> WriteRequest:
    """Store the user's favourite colour as a structured, keyed fact."""
    payload = {
        "scope": USER_SCOPE,
        "layer": "semantic",
        "content": f"The user's favourite colour is {colour}.",
        "key": "favourite-colour",
        "subject": "user",
        "predicate": "favourite colour",
        "object": colour,
        "source": "user_stated",
        "confidence": 0.9,
        "embedding": unit_vector(),
        "evidence": [{"source_type": "DOCUMENT", "uri": "doc://profile"}],
        **kwargs,
    }
    write = write_submit(agent=agent, payload=payload, idempotency_key=None).write
    write_process(write_id=write.id)
    write.refresh_from_db()
    return write


def test_rollback_restores_the_stored_fact_and_the_gates_see_it(tenant, agent, curator):
    blue = fact(agent, "blue")
    assert blue.status == WriteStatus.COMMITTED, (blue.code, blue.reason)
    green = fact(agent, "green")
    assert green.status == WriteStatus.COMMITTED, (green.code, green.reason)
    item = MemoryItem.objects.get(pk=blue.memory_item_id)
    assert (item.object, item.head.number) == ("green", 2)
    version_rollback(
        tenant=tenant,
        item_id=item.pk,
        version_id=item.head_id,
        user=curator,
        reason="the user never said green",
    )
    item.refresh_from_db()
    assert (item.subject, item.predicate, item.object) == (
        "user",
        "favourite colour",
        "blue",
    )
    assert item.head.structured["object"] == "blue"
    # A later key-less "green" meets the restored "blue" (an update that
    # supersedes it), never a second active memory of the same fact beside
    # it (before, the item still said "green": a twin, stored beside).
    again = fact(agent, "green", key=None)
    assert again.status == WriteStatus.COMMITTED, (again.code, again.reason)
    active = MemoryItem.objects.filter(
        tenant=tenant, subject="user", predicate="favourite colour", status="active"
    )
    assert active.count() == 1


def test_rollback_may_restore_any_earlier_version(tenant, agent, updated, curator):
    committed(agent, "The user prefers high-contrast mode.", key="theme")
    v1, v2, v3 = updated.versions.order_by("number")
    restored = version_rollback(
        tenant=tenant,
        item_id=updated.pk,
        version_id=v3.pk,
        user=curator,
        reason="back to the first",
        to_version_id=v1.pk,
    )
    assert restored.content == v1.content == "The user prefers dark mode."
    assert restored.number == 4
    updated.refresh_from_db()
    assert updated.head_id == restored.pk
    # Not an earlier version of this item: refused, nothing changes.
    with pytest.raises(Invalid, match="not earlier"):
        version_rollback(
            tenant=tenant,
            item_id=updated.pk,
            version_id=restored.pk,
            user=curator,
            reason="x",
            to_version_id=restored.pk,
        )
    with pytest.raises(NotFound):
        version_rollback(
            tenant=tenant,
            item_id=updated.pk,
            version_id=restored.pk,
            user=curator,
            reason="x",
            to_version_id=uuid.uuid4(),
        )
    # The retracted v3 is not restorable.
    v3.refresh_from_db()
    with pytest.raises(Invalid, match="cannot be restored"):
        version_rollback(
            tenant=tenant,
            item_id=updated.pk,
            version_id=restored.pk,
            user=curator,
            reason="x",
            to_version_id=v3.pk,
        )


def test_rollback_of_another_items_version_is_not_found(
    tenant, agent, updated, curator
):
    other = committed(agent, "Invoices go out on Mondays.")
    with pytest.raises(NotFound):
        version_rollback(
            tenant=tenant,
            item_id=updated.pk,
            version_id=other.head_id,
            user=curator,
            reason="x",
        )
    with pytest.raises(NotFound):
        version_rollback(
            tenant=tenant,
            item_id=updated.pk,
            version_id=uuid.uuid4(),
            user=curator,
            reason="x",
        )


def test_rollback_of_a_first_version_is_refused(tenant, memory, curator):
    with pytest.raises(Invalid, match="no earlier version"):
        version_rollback(
            tenant=tenant,
            item_id=memory.pk,
            version_id=memory.head_id,
            user=curator,
            reason="x",
        )
    assert MemoryVersion.objects.get(pk=memory.head_id).status == "active"


def test_each_rollback_steps_one_change_back(tenant, agent, updated, curator):
    committed(agent, "The user prefers solarized mode.", key="theme")
    updated.refresh_from_db()
    contents = []
    for _ in range(2):
        restored = version_rollback(
            tenant=tenant,
            item_id=updated.pk,
            version_id=updated.head_id,
            user=curator,
            reason="step back",
        )
        updated.refresh_from_db()
        contents.append(restored.content)
    assert contents == [
        "The user prefers light mode now.",
        "The user prefers dark mode.",
    ]
    with pytest.raises(Invalid, match="no earlier version"):
        version_rollback(
            tenant=tenant,
            item_id=updated.pk,
            version_id=updated.head_id,
            user=curator,
            reason="x",
        )
    statuses = list(
        updated.versions.order_by("number").values_list("status", flat=True)
    )
    assert statuses == ["superseded", "superseded", "retracted", "retracted", "active"]


def test_rollback_of_an_expired_memory_is_refused(tenant, updated, curator):
    head = updated.head_id
    memory_force_expire(tenant=tenant, item_id=updated.pk, user=curator, reason="x")
    with pytest.raises(StateConflict, match="not the current version"):
        version_rollback(
            tenant=tenant, item_id=updated.pk, version_id=head, user=curator, reason="x"
        )


# Force-expire


def test_force_expire(tenant, memory, curator):
    item = memory_force_expire(
        tenant=tenant, item_id=memory.pk, user=curator, reason="obsolete"
    )
    head = MemoryVersion.objects.get(pk=memory.head_id)
    assert item.status == head.status == VersionStatus.EXPIRED
    assert head.valid_to is not None
    assert (item.expired_at, item.expired_by) == (head.valid_to, "curator")
    entry = memory.log.get(operation=LogOperation.EXPIRE)
    assert entry.payload == {"forced": True} and entry.version_id == head.pk
    assert "memory.expire" in actions(tenant)
    assert list(memory_item_list(tenant=tenant, status="active")) == []
    assert list(versions_as_of(tenant=tenant, at=head.valid_to)) == []
    assert list(versions_as_of(tenant=tenant, at=head.valid_from)) == [head]


def test_force_expire_refuses_pinned_and_expired(tenant, memory, curator):
    memory_pin(tenant=tenant, item_id=memory.pk, user=curator, reason="x")
    with pytest.raises(StateConflict, match="unpin it"):
        memory_force_expire(tenant=tenant, item_id=memory.pk, user=curator, reason="x")
    memory_unpin(tenant=tenant, item_id=memory.pk, user=curator, reason="x")
    memory_force_expire(tenant=tenant, item_id=memory.pk, user=curator, reason="x")
    with pytest.raises(StateConflict, match="is expired, not active"):
        memory_force_expire(tenant=tenant, item_id=memory.pk, user=curator, reason="x")
    assert operations(memory).count("expire") == 1


# Reclassify


def test_reclassify_moves_the_memory_to_another_layer(tenant, memory, curator):
    old_head = memory.head_id
    version = memory_reclassify(
        tenant=tenant,
        item_id=memory.pk,
        user=curator,
        layer="semantic",
        reason="a lasting preference",
    )
    memory.refresh_from_db()
    assert memory.layer == version.layer == "semantic"
    assert memory.head_id == version.pk and version.number == 2
    assert version.supersedes_id == old_head
    old = MemoryVersion.objects.get(pk=old_head)
    assert old.layer == "episodic" and old.status == VersionStatus.SUPERSEDED
    assert old.valid_to == version.valid_from
    entry = memory.log.get(operation=LogOperation.RECLASSIFY)
    assert entry.payload == {"from_layer": "episodic", "to_layer": "semantic"}
    event = AuditEvent.objects.get(tenant_id=tenant.id, action="memory.reclassify")
    assert event.metadata["to_layer"] == "semantic"
    # As of before, the episodic layer held it; now the semantic one does.
    assert [
        v.pk for v in versions_as_of(tenant=tenant, at=old.valid_from, layer="episodic")
    ] == [old.pk]
    assert list(memory_item_list(tenant=tenant, layer="semantic")) == [memory]


def test_reclassify_refusals(tenant, agent, memory, curator):
    with pytest.raises(Invalid, match="Unknown layer"):
        memory_reclassify(
            tenant=tenant, item_id=memory.pk, user=curator, layer="L9", reason="x"
        )
    with pytest.raises(StateConflict, match="already in the episodic layer"):
        memory_reclassify(
            tenant=tenant, item_id=memory.pk, user=curator, layer="episodic", reason="x"
        )
    committed(agent, "A semantic theme fact.", key="theme", layer="semantic")
    with pytest.raises(StateConflict, match="already has the key 'theme'"):
        memory_reclassify(
            tenant=tenant, item_id=memory.pk, user=curator, layer="semantic", reason="x"
        )
    assert memory.versions.count() == 1


# Promote


@pytest.mark.parametrize(
    ("source", "target"),
    [
        (TASK_SCOPE, USER_SCOPE),
        (TASK_SCOPE, "/org/acme/"),
        (USER_SCOPE, "/org/acme/"),
    ],
)
def test_promote_moves_the_memory_up(
    tenant, agent, curator, task_scope, source, target
):
    item = committed(agent, "Lesson: retry the flaky export once.", scope=source)
    old_head = item.head_id
    version = memory_promote(
        tenant=tenant,
        item_id=item.pk,
        user=curator,
        scope_path=target,
        reason="worth keeping",
    )
    item.refresh_from_db()
    assert item.scope.path == target == version.scope.path
    old = MemoryVersion.objects.get(pk=old_head)
    assert old.scope.path == source and old.status == VersionStatus.SUPERSEDED
    entry = item.log.get(operation=LogOperation.PROMOTE)
    assert entry.payload == {"from_scope": source, "to_scope": target}
    event = AuditEvent.objects.get(tenant_id=tenant.id, action="memory.promote")
    assert event.metadata["scope_id"] == str(item.scope_id)
    assert event.metadata["from_scope_id"] == str(old.scope_id)
    # The old scope's past still shows it; its present does not.
    assert [
        v.pk
        for v in versions_as_of(tenant=tenant, at=old.valid_from, scope_paths=[source])
    ] == [old.pk]
    assert (
        list(versions_as_of(tenant=tenant, at=version.valid_from, scope_paths=[source]))
        == []
    )
    assert list(memory_item_list(tenant=tenant, scope_path=target)) == [item]


@pytest.mark.parametrize(
    ("source", "target", "message"),
    [
        (USER_SCOPE, "/org/acme/user/43/", "sibling or another branch"),
        (USER_SCOPE, TASK_SCOPE, "is below"),
        (USER_SCOPE, USER_SCOPE, "already in"),
        (USER_SCOPE, "/global/", "user → global is not allowed"),
        (USER_SCOPE, "/org/acme/user/99/", "no scope"),
        ("/org/acme/", "/global/", "org → global is not allowed"),
    ],
)
def test_promote_refuses_all_but_ancestors(
    tenant, agent, curator, task_scope, source, target, message
):
    item = committed(agent, "Lesson: retry the flaky export once.", scope=source)
    with pytest.raises(Invalid, match=message):
        memory_promote(
            tenant=tenant,
            item_id=item.pk,
            user=curator,
            scope_path=target,
            reason="x",
        )
    item.refresh_from_db()
    assert item.scope.path == source and item.versions.count() == 1


def test_promote_refuses_a_taken_key_and_a_pending_draft(tenant, agent, curator):
    item = committed(agent, "The user prefers dark mode.", key="theme")
    committed(agent, "The org prefers light mode.", key="theme", scope="/org/acme/")
    with pytest.raises(StateConflict, match="already has the key"):
        memory_promote(
            tenant=tenant,
            item_id=item.pk,
            user=curator,
            scope_path="/org/acme/",
            reason="x",
        )
    keyed, _ = keyed_contradiction(agent)
    with pytest.raises(StateConflict, match="awaits review"):
        memory_promote(
            tenant=tenant,
            item_id=keyed.pk,
            user=curator,
            scope_path="/org/acme/",
            reason="x",
        )


def test_rollback_undoes_a_promotion(tenant, agent, curator, task_scope):
    item = committed(agent, "Lesson: retry the flaky export once.", scope=TASK_SCOPE)
    promoted = memory_promote(
        tenant=tenant, item_id=item.pk, user=curator, scope_path=USER_SCOPE, reason="x"
    )
    restored = version_rollback(
        tenant=tenant, item_id=item.pk, version_id=promoted.pk, user=curator, reason="x"
    )
    item.refresh_from_db()
    assert item.scope.path == restored.scope.path == TASK_SCOPE


# Annotate


def test_annotate(tenant, memory, curator, viewer):
    note = memory_annotate(
        tenant=tenant,
        item_id=memory.pk,
        user=curator,
        text="  Confirmed with the user on the phone.  ",
    )
    assert MemoryAnnotation.objects.get() == note
    assert note.text == "Confirmed with the user on the phone."
    assert note.author == curator and note.item_id == memory.pk
    event = AuditEvent.objects.get(tenant_id=tenant.id, action="memory.annotate")
    assert event.metadata["annotation_id"] == note.pk
    assert "phone" not in str(event.metadata) + event.reason
    with pytest.raises(Invalid, match="Write the note"):
        memory_annotate(tenant=tenant, item_id=memory.pk, user=curator, text=" ")
    with pytest.raises(Forbidden):
        memory_annotate(tenant=tenant, item_id=memory.pk, user=viewer, text="hi")
    assert MemoryAnnotation.objects.count() == 1


# Concurrency


def _race(calls) -> list:
    """Run the calls at once, each in its own thread and connection."""
    barrier = threading.Barrier(len(calls))
    outcomes: list = [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait()
            outcomes[i] = call()
        except Exception as exc:  # noqa: BLE001 - the outcome is the exception
            outcomes[i] = exc
        finally:
            connection.close()

    threads = [
        threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return outcomes


@pytest.mark.django_db(transaction=True)
def test_two_curators_rolling_back_at_once_exactly_one_wins(tenant, agent):
    committed(agent, "The user prefers dark mode.", key="theme")
    item = committed(agent, "The user prefers light mode now.", key="theme")
    users = [make_member(tenant, Role.CURATOR) for _ in range(2)]
    outcomes = _race(
        [
            lambda user=user: version_rollback(
                tenant=tenant,
                item_id=item.pk,
                version_id=item.head_id,
                user=user,
                reason="race",
            )
            for user in users
        ]
    )
    errors = [o for o in outcomes if isinstance(o, Exception)]
    assert len(errors) == 1 and errors[0].code == "not_head", outcomes
    assert item.versions.count() == 3
