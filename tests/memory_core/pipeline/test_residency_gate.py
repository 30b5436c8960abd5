"""The residency gate (003 §12.10.3): pure, at the API and in the worker."""

import json
import uuid

import pytest
from django.utils import timezone

from memory_core.exceptions import Invalid
from memory_core.models import MemoryItem, WriteRequest, WriteStatus
from memory_core.pipeline import GATES, SUBMIT_GATES
from memory_core.pipeline.gates import residency
from memory_core.pipeline.types import Candidate, Decision, GateContext
from memory_core.policy import DEFAULT_POLICY, policy_for
from memory_core.services.administration import policy_with_changes
from memory_core.services.writes import write_process

EU_ONLY = ("eu-west", "eu-central")


def ctx(**policy):
    return GateContext(
        tenant_id=uuid.uuid4(),
        agent_allowed_scopes=["/org/acme/"],
        agent_allowed_layers=["episodic"],
        now=timezone.now(),
        policy=DEFAULT_POLICY.merged(policy),
    )


def candidate(residency=""):
    return Candidate(
        write_id=uuid.uuid4(),
        agent_id=uuid.uuid4(),
        scope_path="/org/acme/",
        layer="episodic",
        content="The user prefers dark mode.",
        residency=residency,
    )


@pytest.mark.parametrize(
    ("residency_class", "policy", "code"),
    [
        # No class: no constraint of its own.
        ("", {}, ""),
        # The default tenant stores in eu-west.
        ("eu", {}, ""),
        ("global", {}, ""),
        ("us", {}, "residency_region_not_allowed"),
        ("apac", {}, "residency_region_not_allowed"),
        ("mars", {}, "unknown_residency_class"),
        # Classes are case-sensitive names, not guesses.
        ("EU", {}, "unknown_residency_class"),
        # A US tenant: US data stays, EU data is refused.
        ("us", {"storage_region": "us-east"}, ""),
        ("eu", {"storage_region": "us-east"}, "residency_region_not_allowed"),
        # The class map is the tenant's: EU data may live in us-east here.
        (
            "eu",
            {
                "storage_region": "us-east",
                "residency_class_regions": {"eu": ["eu-west", "us-east"]},
            },
            "",
        ),
        # The tenant's allowed regions narrow every class: "global" allows
        # eu-central, but this tenant does not.
        (
            "global",
            {"storage_region": "eu-central", "allowed_regions": ["eu-west"]},
            "storage_region_not_allowed",
        ),
        (
            "eu",
            {
                "storage_region": "eu-west",
                "allowed_regions": ["eu-west", "us-east"],
                "residency_class_regions": {"eu": ["eu-central"]},
            },
            "residency_region_not_allowed",
        ),
        # A storage region outside the allowed ones refuses even a classless write.
        (
            "",
            {"storage_region": "us-west", "allowed_regions": EU_ONLY},
            "storage_region_not_allowed",
        ),
        ("eu", {"allowed_regions": EU_ONLY}, ""),
    ],
)
def test_residency_gate(residency_class, policy, code):
    result = residency.check(candidate(residency_class), ctx(**policy))
    assert result.gate == "residency"
    assert result.decision == (Decision.REJECT if code else Decision.ACCEPT)
    assert result.code == code
    if code:
        assert result.reason
        assert result.details["storage_region"] == ctx(**policy).policy.storage_region


def test_the_reason_names_the_class_and_the_regions():
    result = residency.check(candidate("us"), ctx())
    assert "'us'" in result.reason
    assert "us-east, us-west" in result.reason and "eu-west" in result.reason


def test_it_runs_at_the_door_and_in_the_worker_after_schema():
    for gates in (SUBMIT_GATES, GATES):
        names = [g.NAME for g in gates]
        assert names.index("residency") == names.index("schema") + 1


# Through the API and the worker

BODY = {
    "scope": "/org/acme/user/42/",
    "layer": "episodic",
    "content": "The user prefers dark mode.",
}


def post(api, body):
    return api.post(
        "/api/v1/writes", data=json.dumps(body), content_type="application/json"
    )


def test_the_api_refuses_a_write_that_would_break_residency(api):
    response = post(api, {**BODY, "residency": "us"})
    assert response.status_code == 422, response.content
    error = response.json()["error"]
    assert error["gate"] == "residency"
    assert error["code"] == "residency_region_not_allowed"
    assert "eu-west" in error["message"]
    write = WriteRequest.objects.get()
    assert write.status == WriteStatus.REJECTED and write.gate == "residency"
    assert "content" not in write.payload
    assert MemoryItem.objects.count() == 0


def test_the_api_accepts_a_class_the_storage_region_allows(api):
    response = post(api, {**BODY, "residency": "eu"})
    assert response.status_code == 202, response.content
    assert WriteRequest.objects.get().status == WriteStatus.QUEUED


def test_the_worker_refuses_when_the_policy_changed_after_submission(api, tenant):
    response = post(api, {**BODY, "residency": "eu"})
    assert response.status_code == 202
    tenant.policy = {"storage_region": "us-east"}
    tenant.save(update_fields=["policy"])
    write_process(write_id=uuid.UUID(response.json()["id"]))
    write = WriteRequest.objects.get()
    assert write.status == WriteStatus.REJECTED
    assert (write.gate, write.code) == ("residency", "residency_region_not_allowed")
    assert MemoryItem.objects.count() == 0


# The settings behind it


def test_admins_can_set_the_storage_region_and_class_regions(tenant):
    proposed = policy_with_changes(
        policy_for(tenant),
        {
            "storage_region": "us-east",
            "residency_class_regions": {"eu": ["eu-west", "us-east"]},
        },
    )
    assert proposed.storage_region == "us-east"
    assert set(proposed.residency_class_regions["eu"]) == {"eu-west", "us-east"}
    assert proposed.residency_class_regions["us"] == ["us-east", "us-west"]


@pytest.mark.parametrize(
    "changes",
    [
        {"storage_region": "moon-1"},
        {"storage_region": ["eu-west"]},
        {"allowed_regions": ["eu-west", "moon-1"]},
        {"residency_class_regions": {"eu": ["moon-1"]}},
        {"residency_class_regions": {"mars": ["eu-west"]}},
    ],
)
def test_unknown_regions_and_classes_are_refused(tenant, changes):
    with pytest.raises(Invalid) as raised:
        policy_with_changes(policy_for(tenant), changes)
    assert raised.value.code == "invalid_policy"
