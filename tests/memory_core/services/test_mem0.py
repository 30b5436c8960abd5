"""The Mem0 adapter's service called directly: an agent retracting a memory
(the /mem0/ endpoints are tested in tests/integration/test_mem0_client.py and
the API tests).
"""

# ruff: noqa: F811 - the fixtures imported below are arguments of the tests

from __future__ import annotations

import pytest

from audit.models import AuditEvent
from memory_core.exceptions import NotFound, StateConflict
from memory_core.models import LogOperation, MemoryItem
from memory_core.services.mem0 import memory_retract_by_agent
from tests.factories import make_agent
from tests.memory_core.services.test_curation import (  # noqa: F401
    agent,
    committed,
)


def test_an_agent_retracts_a_memory_it_may_write(tenant, agent):
    item = committed(agent, "The user prefers dark mode.")
    retracted = memory_retract_by_agent(
        tenant=tenant, agent=agent, item_id=item.pk, reason="user asked"
    )
    assert retracted.status == "retracted"
    item.head.refresh_from_db()
    assert item.head.status == "retracted" and item.head.valid_to is not None
    assert item.log.order_by("-seq").first().operation == LogOperation.RETRACT
    event = AuditEvent.objects.get(tenant_id=tenant.id, action="memory.retract")
    assert event.metadata["via"] == "mem0" and event.reason == "user asked"
    with pytest.raises(StateConflict) as again:
        memory_retract_by_agent(tenant=tenant, agent=agent, item_id=item.pk, reason="")
    assert again.value.code == "not_active"


def test_pinned_and_out_of_scope_memories_are_refused(tenant, agent):
    item = committed(agent, "The user's office is in Lyon.")
    MemoryItem.objects.filter(pk=item.pk).update(pinned=True)
    with pytest.raises(StateConflict) as pinned:
        memory_retract_by_agent(tenant=tenant, agent=agent, item_id=item.pk, reason="")
    assert pinned.value.code == "pinned"
    elsewhere, _ = make_agent(tenant, scopes=["/org/acme/user/43/"])
    with pytest.raises(NotFound):
        memory_retract_by_agent(
            tenant=tenant, agent=elsewhere, item_id=item.pk, reason=""
        )
    assert MemoryItem.objects.get(pk=item.pk).status == "active"
