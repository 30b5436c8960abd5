"""Retention's audited writes called directly: one batch expired or deleted,
with its audit event (the rules and the job are tested in
tests/memory_core/lifecycle/test_retention.py).
"""

# ruff: noqa: F811 - the fixtures imported below are arguments of the tests

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from audit.models import AuditEvent
from memory_core.models import MemoryItem
from memory_core.services.retention import (
    retention_items_expire,
    retention_items_hard_delete,
)
from tests.memory_core.services.test_curation import (  # noqa: F401
    agent,
    committed,
)


def test_a_batch_is_expired_with_one_event_and_no_content(tenant, agent):
    items = [committed(agent, f"The user's locker is number {n}.") for n in (7, 8)]
    ids = [i.pk for i in items]
    with transaction.atomic():
        counts = retention_items_expire(
            tenant=tenant,
            item_ids=ids,
            classification="internal",
            retention_days=30,
            now=timezone.now(),
        )
    assert counts == {"memory_item": 2, "memory_version": 2, "memory_log": 2}
    assert set(
        MemoryItem.objects.filter(pk__in=ids).values_list("status", flat=True)
    ) == {"expired"}
    event = AuditEvent.objects.get(tenant_id=tenant.id, action="retention.expire")
    assert event.metadata["items"] == 2 and event.metadata["rows"] == counts
    assert sorted(event.metadata["item_ids"]) == sorted(str(i) for i in ids)
    assert "locker" not in str(event.metadata)


def test_a_batch_is_deleted_for_good_with_one_event(tenant, agent):
    item = committed(agent, "The user's badge is blue.")
    with transaction.atomic():
        counts = retention_items_hard_delete(
            tenant=tenant,
            item_ids=[item.pk],
            classification="restricted",
            retention_days=7,
        )
    assert counts[MemoryItem._meta.db_table] == 1
    assert not MemoryItem.objects.filter(pk=item.pk).exists()
    event = AuditEvent.objects.get(tenant_id=tenant.id, action="retention.hard_delete")
    assert event.metadata["item_ids"] == [str(item.pk)]
    assert event.metadata["classification"] == "restricted"
