"""The model judge catches what the rules miss: through the API and a real worker."""

import pytest

from memory_core.models import Conflict, MemoryItem
from tests.integration.test_pipeline_outcomes import note, post, set_policy
from tests.memory_core.pipeline.gates.test_cross_encoder_gates import (
    CONTRADICTS,
    REWORDED,
    REWORDED_STORED,
    STORED,
    THRESHOLD,
)

pytestmark = pytest.mark.worker


def gate(api, write_id, name):
    detail = api.get(f"/api/v1/writes/{write_id}").json()
    return next(g for g in detail["gates"] if g["gate"] == name)


def test_a_contradiction_and_a_rewording_the_rules_miss(worker, api, tenant):
    set_policy(tenant, **THRESHOLD)
    kept = post(api, note(STORED)).json()
    assert kept["status"] == "committed", kept

    # As confident: refused, naming the memory it contradicts.
    refused = post(api, note(CONTRADICTS)).json()
    assert refused["status"] == "rejected", refused
    assert (refused["gate"], refused["code"]) == ("contradiction", "contradiction")
    assert refused["conflicts_with"] == [kept["memory_id"]]
    decision = gate(api, refused["id"], "contradiction")
    [record] = decision["details"]["contradictions"]
    assert record["detector"] == "cross_encoder"

    # More confident: a curator's case, recorded as the model's finding.
    set_policy(tenant, sync_block_at=1.01, **THRESHOLD)
    reviewed = post(api, note(CONTRADICTS, confidence=0.95), key="more").json()
    assert reviewed["status"] == "pending_review", reviewed
    assert reviewed["conflicts_with"] == [kept["memory_id"]]
    conflict = Conflict.objects.get(write_request_id=reviewed["id"])
    assert conflict.detector == "cross_encoder"

    # A rewording of another stored fact: answered with that memory.
    set_policy(tenant, cross_encoder_judge=True)
    stored = post(api, note(REWORDED_STORED)).json()
    assert stored["status"] == "committed", stored
    again = post(api, note(REWORDED)).json()
    assert again["status"] == "duplicate", again
    assert again["memory_id"] == stored["memory_id"]
    assert gate(api, again["id"], "semantic_dedup")["details"]["tier"] == (
        "cross_encoder"
    )
    # The two stored facts and the draft under review: the duplicate made none.
    assert MemoryItem.objects.count() == 3

    # Off in the tenant's policy: the rules alone let both pass.
    set_policy(tenant, cross_encoder_judge=False)
    passed = post(api, note(REWORDED), key="off").json()
    assert passed["status"] == "committed", passed
