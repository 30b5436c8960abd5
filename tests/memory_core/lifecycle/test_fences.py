"""The erasure fence holds up the tenant's writes, and only that tenant's."""

from __future__ import annotations

import threading

import pytest
from django.db import OperationalError, connection, transaction

from memory_core.lifecycle.fences import tenant_writes_fence_close
from memory_core.models import WriteRequest
from memory_core.services.writes import write_submit
from tests.factories import make_agent


def payload(tenant) -> dict:
    return {
        "scope": f"/org/{tenant.slug}/",
        "layer": "episodic",
        "content": f"A note for {tenant.slug}.",
        "source": "user_stated",
        "embedding": [0.1] * 384,
    }


@pytest.fixture
def fence_held(tenant):
    """Hold the tenant's fence exclusive from another connection, as an erasure does."""
    holding, release = threading.Event(), threading.Event()

    def hold():
        try:
            with transaction.atomic():
                tenant_writes_fence_close(tenant.id)
                holding.set()
                release.wait(20)
        finally:
            connection.close()

    thread = threading.Thread(target=hold)
    thread.start()
    assert holding.wait(10)
    yield
    release.set()
    thread.join(10)


@pytest.mark.django_db(transaction=True)
def test_a_write_of_the_fenced_tenant_waits(tenant, fence_held):
    agent, _ = make_agent(tenant)
    with connection.cursor() as cursor:
        cursor.execute("SET lock_timeout = '300ms'")
    try:
        with pytest.raises(OperationalError, match="lock timeout"):
            write_submit(agent=agent, payload=payload(tenant), idempotency_key="k1")
    finally:
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = 0")
    assert not WriteRequest.objects.filter(tenant=tenant).exists()


@pytest.mark.django_db(transaction=True)
def test_another_tenants_write_goes_through(tenant, other_tenant, fence_held):
    agent, _ = make_agent(other_tenant)
    with connection.cursor() as cursor:
        cursor.execute("SET lock_timeout = '300ms'")
    try:
        result = write_submit(
            agent=agent, payload=payload(other_tenant), idempotency_key="k1"
        )
    finally:
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = 0")
    assert result.write.status == "queued"
