"""Contradiction cases resolved by a curator: each resolution's rows, log and
audit, the refusals, and two curators at once.
"""

# ruff: noqa: F811 - the fixtures imported below are arguments of the tests

from __future__ import annotations

import uuid

import numpy as np
import pytest
from django.conf import settings

from audit.models import AuditEvent
from audit.services import audit_chain_verify
from memory_core.exceptions import Forbidden, Invalid, NotFound, StateConflict
from memory_core.models import (
    Conflict,
    ConflictPairAllowance,
    ConflictStatus,
    MemoryVersion,
    Role,
    VersionStatus,
    WriteRequest,
)
from memory_core.provenance import provenance_problems
from memory_core.services.conflicts import conflict_resolve
from tests.factories import make_member
from tests.memory_core.services.test_curation import (  # noqa: F401
    _race,
    actions,
    agent,
    committed,
    contradiction_case,
    curator,
    keyed_contradiction,
    operations,
    outsider,
    viewer,
)


def test_keep_new_publishes_the_draft_and_supersedes_the_old(tenant, agent, curator):
    case = contradiction_case(agent)
    resolved = conflict_resolve(
        tenant=tenant,
        conflict_id=case.pk,
        user=curator,
        resolution="keep_new",
        reason="moved to Tuesdays",
    )
    assert resolved.status == ConflictStatus.RESOLVED
    assert (resolved.resolution, resolved.resolved_by) == ("keep_new", "cora")
    assert MemoryVersion.objects.get(pk=case.new_version_id).status == "active"
    assert MemoryVersion.objects.get(pk=case.existing_version_id).status == "superseded"
    assert WriteRequest.objects.get(pk=case.write_request_id).status == "committed"
    assert {"write.approve", "memory.supersede", "conflict.resolve"} <= set(
        actions(tenant)
    )


def test_keep_existing_discards_the_draft(tenant, agent, curator):
    case = contradiction_case(agent)
    conflict_resolve(
        tenant=tenant,
        conflict_id=case.pk,
        user=curator,
        resolution="keep_existing",
        reason="still Monday",
    )
    write = WriteRequest.objects.get(pk=case.write_request_id)
    assert (write.status, write.code, write.reason) == (
        "rejected",
        "contradiction",
        "still Monday",
    )
    assert MemoryVersion.objects.get(pk=case.new_version_id).status == "retracted"
    assert MemoryVersion.objects.get(pk=case.existing_version_id).status == "active"
    case.refresh_from_db()
    assert case.resolution == "keep_existing"


def test_keep_both_publishes_and_remembers_the_pair(tenant, agent, curator):
    case = contradiction_case(agent)
    conflict_resolve(
        tenant=tenant,
        conflict_id=case.pk,
        user=curator,
        resolution="keep_both",
        reason="two standups, two teams",
    )
    new = MemoryVersion.objects.get(pk=case.new_version_id)
    old = MemoryVersion.objects.get(pk=case.existing_version_id)
    assert new.status == old.status == VersionStatus.ACTIVE
    assert new.approved_by == "cora" and new.signature
    allowance = ConflictPairAllowance.objects.get()
    assert {allowance.version_a_id, allowance.version_b_id} == {new.pk, old.pk}
    assert allowance.conflict_id == case.pk and allowance.created_by == curator
    case.refresh_from_db()
    assert (case.status, case.resolution) == ("resolved", "keep_both")
    assert WriteRequest.objects.get(pk=case.write_request_id).status == "committed"
    event = AuditEvent.objects.get(tenant_id=tenant.id, action="conflict.resolve")
    assert event.reason == "two standups, two teams"
    assert event.metadata == {"resolution": "keep_both"}
    assert "memory.supersede" not in actions(tenant)
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []


def test_keep_both_of_two_values_of_one_keyed_memory_is_refused(tenant, agent, curator):
    _, staged = keyed_contradiction(agent)
    case = Conflict.objects.get(write_request=staged)
    with pytest.raises(Invalid, match="same memory"):
        conflict_resolve(
            tenant=tenant,
            conflict_id=case.pk,
            user=curator,
            resolution="keep_both",
            reason="x",
        )
    case.refresh_from_db()
    assert case.status == "open"
    assert WriteRequest.objects.get(pk=staged.pk).status == "pending_review"


def test_merge_publishes_the_edited_content(tenant, agent, curator):
    case = contradiction_case(agent)
    before = MemoryVersion.objects.get(pk=case.new_version_id)
    conflict_resolve(
        tenant=tenant,
        conflict_id=case.pk,
        user=curator,
        resolution="merge",
        reason="both were true at some point",
        merged_content="The team standup moved from Monday to Tuesday in March.",
    )
    merged = MemoryVersion.objects.get(pk=case.new_version_id)
    assert merged.content == "The team standup moved from Monday to Tuesday in March."
    assert merged.content_hash != before.content_hash
    assert not np.allclose(merged.embedding, before.embedding)
    assert merged.merged_from == [case.existing_version_id]
    assert merged.status == VersionStatus.ACTIVE
    assert MemoryVersion.objects.get(pk=case.existing_version_id).status == "superseded"
    assert (
        provenance_problems(
            record=merged.provenance,
            signature=merged.signature,
            content=merged.content,
            content_hash=merged.content_hash,
            key=settings.MGC_PROVENANCE_KEY.encode(),
        )
        == []
    )
    assert operations(merged.item)[-1] == "merge"
    case.refresh_from_db()
    assert case.resolution == "merge"
    event = AuditEvent.objects.get(tenant_id=tenant.id, action="memory.edit")
    assert "Tuesday" not in str(event.metadata)


def test_merge_redacts_personal_data_and_refuses_secrets(tenant, agent, curator):
    case = contradiction_case(agent)
    with pytest.raises(Invalid, match="merged content"):
        conflict_resolve(
            tenant=tenant,
            conflict_id=case.pk,
            user=curator,
            resolution="merge",
            reason="x",
            merged_content="  ",
        )
    with pytest.raises(Invalid, match="credential"):
        conflict_resolve(
            tenant=tenant,
            conflict_id=case.pk,
            user=curator,
            resolution="merge",
            reason="x",
            merged_content="Standup key: AKIAIOSFODNN7EXAMPLE",
        )
    conflict_resolve(
        tenant=tenant,
        conflict_id=case.pk,
        user=curator,
        resolution="merge",
        reason="x",
        merged_content="Standup on Tuesday; ask jane.doe@example.com for the link.",
    )
    merged = MemoryVersion.objects.get(pk=case.new_version_id)
    assert "jane.doe@example.com" not in merged.content
    assert "<EMAIL_1>" in merged.content and "pii" in merged.flags


def test_a_resolved_case_says_who_resolved_it(tenant, agent, curator):
    case = contradiction_case(agent)
    conflict_resolve(
        tenant=tenant,
        conflict_id=case.pk,
        user=curator,
        resolution="keep_new",
        reason="x",
    )
    other = make_member(tenant, Role.CURATOR, username="carl")
    with pytest.raises(StateConflict, match="already resolved by cora: keep new"):
        conflict_resolve(
            tenant=tenant,
            conflict_id=case.pk,
            user=other,
            resolution="keep_existing",
            reason="x",
        )
    assert MemoryVersion.objects.get(pk=case.new_version_id).status == "active"


def test_conflict_refusals(tenant, other_tenant, agent, curator, viewer, outsider):
    case = contradiction_case(agent)
    kwargs = {"conflict_id": case.pk, "reason": "x", "resolution": "keep_new"}
    with pytest.raises(Forbidden):
        conflict_resolve(tenant=tenant, user=viewer, **kwargs)
    with pytest.raises(NotFound):
        conflict_resolve(tenant=tenant, user=outsider, **kwargs)
    with pytest.raises(NotFound):
        conflict_resolve(tenant=other_tenant, user=outsider, **kwargs)
    with pytest.raises(Invalid, match="Unknown resolution"):
        conflict_resolve(tenant=tenant, user=curator, **{**kwargs, "resolution": "x"})
    with pytest.raises(Invalid, match="reason"):
        conflict_resolve(tenant=tenant, user=curator, **{**kwargs, "reason": ""})
    with pytest.raises(NotFound):
        conflict_resolve(
            tenant=tenant, user=curator, **{**kwargs, "conflict_id": uuid.uuid4()}
        )
    case.refresh_from_db()
    assert case.status == "open"


@pytest.mark.parametrize(
    ("resolution", "new_status", "old_status"),
    [
        ("keep_new", "active", "superseded"),
        ("keep_existing", "superseded", "active"),
        ("keep_both", "active", "active"),
    ],
)
def test_a_case_between_two_stored_versions(
    tenant, agent, curator, resolution, new_status, old_status
):
    """A later scan may pair two stored versions; no write awaits a decision."""
    old = committed(agent, "The office closes at 6pm.")
    new = committed(agent, "The office closes at 8pm.")
    case = Conflict.objects.create(
        tenant=tenant,
        new_version_id=new.head_id,
        existing_version_id=old.head_id,
        detector="scan",
        reason="value mismatch",
    )
    conflict_resolve(
        tenant=tenant,
        conflict_id=case.pk,
        user=curator,
        resolution=resolution,
        reason="checked",
    )
    assert MemoryVersion.objects.get(pk=new.head_id).status == new_status
    assert MemoryVersion.objects.get(pk=old.head_id).status == old_status
    case.refresh_from_db()
    assert (case.status, case.resolution) == ("resolved", resolution)
    assert ConflictPairAllowance.objects.exists() == (resolution == "keep_both")
    with pytest.raises(StateConflict):
        conflict_resolve(
            tenant=tenant,
            conflict_id=case.pk,
            user=curator,
            resolution=resolution,
            reason="again",
        )


@pytest.mark.django_db(transaction=True)
def test_two_curators_resolving_at_once_exactly_one_wins(tenant, agent):
    case = contradiction_case(agent)
    first = make_member(tenant, Role.CURATOR, username="ann")
    second = make_member(tenant, Role.CURATOR, username="bob")
    outcomes = _race(
        [
            lambda: conflict_resolve(
                tenant=tenant,
                conflict_id=case.pk,
                user=first,
                resolution="keep_new",
                reason="new",
            ),
            lambda: conflict_resolve(
                tenant=tenant,
                conflict_id=case.pk,
                user=second,
                resolution="keep_both",
                reason="both",
            ),
        ]
    )
    errors = [o for o in outcomes if isinstance(o, Exception)]
    assert len(errors) == 1 and isinstance(errors[0], StateConflict), outcomes
    assert "already" in errors[0].message
    case.refresh_from_db()
    assert case.resolved_by in {"ann", "bob"}
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []
