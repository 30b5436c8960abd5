"""Fixtures shared by the memory_core tests."""

from __future__ import annotations

import pytest

from tests.factories import make_agent


@pytest.fixture
def reader(tenant):
    """An agent of `tenant` whose writes commit without review (these tests read;
    org-wide knowledge would otherwise wait for a curator)."""
    tenant.policy = {"async_review_at": 0.95}
    tenant.save(update_fields=["policy"])
    agent, _ = make_agent(tenant)
    return agent
