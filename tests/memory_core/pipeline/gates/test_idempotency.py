import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from memory_core.pipeline.gates import idempotency
from memory_core.pipeline.types import Candidate, Decision, GateContext

NOW = timezone.now()


@pytest.mark.parametrize(
    ("deadline", "decision"),
    [
        (None, Decision.ACCEPT),
        (NOW + timedelta(seconds=1), Decision.ACCEPT),
        (NOW, Decision.REJECT),
        (NOW - timedelta(minutes=5), Decision.REJECT),
    ],
)
def test_deadline(deadline, decision):
    c = Candidate(
        write_id=uuid.uuid4(),
        agent_id=uuid.uuid4(),
        scope_path="/org/a/",
        layer="episodic",
        content="x",
        deadline=deadline,
    )
    ctx = GateContext(
        tenant_id=uuid.uuid4(),
        agent_allowed_scopes=[],
        agent_allowed_layers=[],
        now=NOW,
    )
    result = idempotency.check(c, ctx)
    assert result.decision == decision
    if decision == Decision.REJECT:
        assert result.code == "deadline_exceeded"
