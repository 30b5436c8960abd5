"""Review services called directly (the queue, its decisions over HTTP and the
sync deadlines are tested in tests/approvals/test_review_*.py).
"""

# ruff: noqa: F811 - the fixtures imported below are arguments of the tests

from __future__ import annotations

import pytest

from memory_core.exceptions import AlreadyDecided
from memory_core.models import Conflict, ConflictStatus
from memory_core.services.reviews import write_review_approve
from tests.memory_core.services.test_curation import (  # noqa: F401
    agent,
    contradiction_case,
    curator,
)


def test_conflicts_are_left_open_in_the_database_too(tenant, agent, curator):
    """The bulk flag refuses without touching the case."""
    case = contradiction_case(agent)
    with pytest.raises(AlreadyDecided, match="never resolves a contradiction"):
        write_review_approve(
            tenant=tenant,
            write_id=case.write_request_id,
            user=curator,
            resolve_contradictions=False,
        )
    assert Conflict.objects.get(pk=case.pk).status == ConflictStatus.OPEN
