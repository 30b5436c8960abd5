"""Agent services called directly: suspension by a write storm, resumption,
reputation (the admin's agent pages are tested in test_administration.py and
tests/approvals/test_admin_views.py).
"""

from __future__ import annotations

from audit.models import AuditEvent
from memory_core.models import Agent
from memory_core.services.agents import (
    agent_reputation_refresh,
    agent_resume,
    agent_suspend,
)
from tests.factories import SYSTEM, make_agent


def test_a_suspension_is_recorded_once_with_its_first_reason(tenant):
    agent, _ = make_agent(tenant)
    (entry,) = agent_suspend(agent_id=agent.pk, reason="write storm")
    assert (entry.action, entry.object_id) == ("agent.suspend", str(agent.pk))
    assert agent_suspend(agent_id=agent.pk, reason="again") == []
    agent.refresh_from_db()
    assert agent.writes_suspended_at is not None
    assert agent.suspension_reason == "write storm"


def test_resuming_lifts_the_suspension_once_audited(tenant):
    agent, _ = make_agent(tenant)
    agent_suspend(agent_id=agent.pk, reason="write storm")
    resumed = agent_resume(agent=agent, actor=SYSTEM, reason="storm over")
    assert resumed.writes_suspended_at is None and resumed.suspension_reason == ""
    agent_resume(agent=resumed, actor=SYSTEM, reason="nothing to lift")
    events = AuditEvent.objects.filter(tenant_id=tenant.id, action="agent.resume")
    assert [e.reason for e in events] == ["storm over"]


def test_reputation_without_decisions_is_even(tenant):
    agent, _ = make_agent(tenant)
    assert agent_reputation_refresh(agent_id=agent.pk) == 0.5
    stored = Agent.objects.get(pk=agent.pk)
    assert (stored.reputation, stored.human_decisions) == (0.5, 0)
