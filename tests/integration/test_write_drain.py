"""One message per tenant drain: a burst of writes, a real worker, Redis."""

import uuid

import pytest

from memory_core.models import WriteRequest, WriteStatus
from memory_core.services.writes import (
    drain_flag_clear,
    write_drain_request,
    write_submit,
)
from tests.conftest import wait_for

pytestmark = pytest.mark.worker


def test_a_waiting_drain_takes_the_next_writes_without_a_message_each():
    tenant_id = uuid.uuid4()  # no such tenant: a worker drops these messages
    drain_flag_clear(tenant_id=tenant_id)
    try:
        assert write_drain_request(tenant_id=tenant_id, write_id=uuid.uuid4())
        assert not write_drain_request(tenant_id=tenant_id, write_id=uuid.uuid4())
        assert not write_drain_request(tenant_id=tenant_id, write_id=uuid.uuid4())
        # The task clears the flag before it claims a batch: the next write
        # sends a message of its own.
        drain_flag_clear(tenant_id=tenant_id)
        assert write_drain_request(tenant_id=tenant_id, write_id=uuid.uuid4())
    finally:
        drain_flag_clear(tenant_id=tenant_id)


def test_a_burst_larger_than_a_batch_is_all_decided(worker, tenant, agent_and_token):
    # One agent, a burst: lift its rate limits (the rate gate is not under test).
    tenant.policy = {
        **tenant.policy,
        "rate_limits": {"episodic": 10**6},
        "storm_writes_per_minute": 10**6,
    }
    tenant.save(update_fields=["policy"])
    agent = agent_and_token[0]
    agent.tenant = tenant
    ids = [
        write_submit(
            agent=agent,
            payload={
                "scope": "/org/acme/user/42/",
                "layer": "episodic",
                "content": f"Burst note {n}: the user booked room {n * 7} "
                f"for the {['budget', 'design', 'hiring', 'launch'][n % 4]} review.",
                "source": "user_stated",
                "confidence": 0.9,
            },
            idempotency_key=None,
        ).write.id
        for n in range(75)  # more than MGC_WRITE_BATCH_SIZE (64)
    ]
    wait_for(
        lambda: (
            not WriteRequest.objects.filter(
                id__in=ids, status=WriteStatus.QUEUED
            ).exists()
        ),
        timeout=180,
    )
    # Decided, whatever the gates made of these similar notes (some may be
    # held for review as clashing values): none is left waiting for a message.
    statuses = set(
        WriteRequest.objects.filter(id__in=ids).values_list("status", flat=True)
    )
    assert WriteStatus.QUEUED not in statuses
    assert WriteStatus.COMMITTED in statuses
