"""GC's service: recovering an expired memory within the grace period.

A run's batches, rules and phases are tested through the job, in
tests/memory_core/lifecycle/test_gc.py.
"""

from __future__ import annotations

import pytest
from django.utils import timezone

from audit.models import AuditEvent
from memory_core.exceptions import Forbidden, StateConflict
from memory_core.models import MemoryItem, MemoryVersion, Role
from memory_core.services.gc import memory_recover
from tests.factories import make_member
from tests.memory_core.lifecycle.test_gc import DAY, run, status, stored


def test_recovery_within_grace_restores_a_new_version(tenant):
    curator = make_member(tenant, Role.CURATOR)
    item = stored(tenant, expires_at=timezone.now() - DAY)
    run(tenant)
    expired_head = MemoryItem.objects.get(pk=item.pk).head_id
    copy = memory_recover(
        tenant=tenant, item_id=item.id, user=curator, reason="still true"
    )
    item.refresh_from_db()
    assert item.status == "active" and item.head_id == copy.id != expired_head
    assert item.expires_at is None and item.expired_at is None
    assert copy.number == 2 and copy.last_reinforced_at is not None
    old = MemoryVersion.objects.get(pk=expired_head)
    assert old.status == "expired" and old.valid_to is not None
    event = AuditEvent.objects.get(action="memory.recover")
    assert event.metadata["expired_by"] == "hard_ttl" and event.reason == "still true"
    # The next run leaves it alone.
    run(tenant)
    assert status(item) == "active"


def test_recovery_needs_a_curator_and_an_expired_item(tenant):
    viewer = make_member(tenant, Role.VIEWER)
    curator = make_member(tenant, Role.CURATOR)
    item = stored(tenant)
    with pytest.raises(Forbidden):
        memory_recover(tenant=tenant, item_id=item.id, user=viewer, reason="x")
    with pytest.raises(StateConflict) as refused:
        memory_recover(tenant=tenant, item_id=item.id, user=curator, reason="x")
    assert refused.value.code == "not_expired"
