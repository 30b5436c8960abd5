"""The hard-delete primitive: all that holds an item's content goes, nothing else."""

# ruff: noqa: F811 - the fixtures imported below are arguments of the tests
from __future__ import annotations

from django.apps import apps
from django.db import connection, models

from approvals.models import ReviewEscalation
from memory_core.lifecycle.deletion import items_hard_delete
from memory_core.models import (
    Conflict,
    MemoryAnnotation,
    MemoryItem,
    MemoryLogEntry,
    MemoryVersion,
    WriteRequest,
)
from memory_core.services.curation import memory_annotate
from tests.memory_core.services.test_curation import (  # noqa: F401
    agent,
    committed,
    contradiction_case,
    curator,
    memory,
    updated,
)


def count(sql: str, params: list) -> int:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()[0]


def test_every_reference_to_a_deleted_row_cascades_or_is_nulled():
    """The primitive relies on it: a PROTECT or DO_NOTHING here would break it."""
    targets = {MemoryItem, MemoryVersion, WriteRequest}
    for model in apps.get_models():
        for field in model._meta.concrete_fields:
            if field.is_relation and field.related_model in targets:
                assert field.remote_field.on_delete in {
                    models.CASCADE,
                    models.SET_NULL,
                }, f"{model.__name__}.{field.name}"


def test_deletes_versions_writes_log_and_dependants(tenant, agent, updated, curator):
    memory = updated
    memory_annotate(tenant=tenant, item_id=memory.id, user=curator, text="checked")
    other = committed(agent, "The office is in Lisbon.", key="office")
    version_ids = list(memory.versions.values_list("id", flat=True))
    write_ids = list(
        WriteRequest.objects.filter(memory_item=memory).values_list("id", flat=True)
    )
    assert len(version_ids) == 2 and len(write_ids) == 2
    # Another item's log entry names one of the doomed versions: it survives, nulled.
    foreign_log = MemoryLogEntry.objects.create(
        tenant=tenant,
        operation="update",
        item=other,
        version=other.head,
        previous_version_id=version_ids[0],
        created_at=other.created_at,
    )

    counts = items_hard_delete(tenant_id=tenant.id, item_ids=[memory.id])

    assert counts["memory_core_memoryitem"] == 1
    assert counts["memory_core_memoryversion"] == 2
    assert counts["memory_core_writerequest"] == 2
    assert counts["memory_core_memoryannotation"] == 1
    assert counts["memory_core_memorylogentry"] >= 2
    assert not MemoryItem.objects.filter(pk=memory.id).exists()
    assert (
        count(
            "SELECT count(*) FROM memory_core_memoryversion WHERE id = ANY(%s)",
            [version_ids],
        )
        == 0
    )
    assert (
        count(
            "SELECT count(*) FROM memory_core_writerequest WHERE id = ANY(%s)",
            [write_ids],
        )
        == 0
    )
    assert not MemoryLogEntry.objects.filter(item_id=memory.id).exists()
    assert not MemoryAnnotation.objects.filter(item_id=memory.id).exists()
    foreign_log.refresh_from_db()
    assert foreign_log.previous_version_id is None
    # The other item is whole.
    other.refresh_from_db()
    assert other.head.content == "The office is in Lisbon."
    assert WriteRequest.objects.filter(memory_item=other).count() == 1


def test_conflicts_and_escalations_of_a_deleted_write_go(tenant, agent):
    conflict = contradiction_case(agent)
    write = conflict.write_request
    ReviewEscalation.objects.create(
        tenant=tenant, write_request=write, escalated_at=write.created_at
    )
    staged_item = conflict.new_version.item_id
    existing = conflict.existing_version

    counts = items_hard_delete(tenant_id=tenant.id, item_ids=[staged_item])

    assert counts["memory_core_conflict"] == 1
    assert counts["approvals_reviewescalation"] == 1
    assert not Conflict.objects.filter(pk=conflict.pk).exists()
    assert not WriteRequest.objects.filter(pk=write.pk).exists()
    # The staged draft is an item of its own; the version it contradicts stays.
    assert staged_item != existing.item_id
    existing.refresh_from_db()
    assert existing.content == "The team standup is on Monday."


def test_only_the_callers_tenant_is_touched(tenant, other_tenant, agent, memory):
    assert items_hard_delete(tenant_id=other_tenant.id, item_ids=[memory.id]) == {}
    assert MemoryItem.objects.filter(pk=memory.id).exists()
    assert memory.versions.count() == 1
