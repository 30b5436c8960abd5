import uuid

import pytest
from django.utils import timezone

from memory_core.pipeline.gates import sensitivity
from memory_core.pipeline.types import Candidate, Decision, GateContext

SECRETS = [
    ("AWS key AKIAIOSFODNN7EXAMPLE for the backup job", "AWS Access Key"),
    ("use ghp_abcdefghijklmnopqrstuvwxyz0123456789 to push", "GitHub Token"),
    (
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0."
        "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
        "JSON Web Token",
    ),
    (
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n"
        "-----END RSA PRIVATE KEY-----",
        "Private Key",
    ),
    ('db password = "hunter2-staging"', "Secret Keyword"),
    ("stripe sk_live_4eC39HqLyjWDarjtT1zdp7dc", "Stripe Access Key"),
    ("the token is xK9mP2qL7vN4wR8tY3zB6cF1hJ5", "High Entropy Token"),
]

CLEAN = [
    "The user prefers dark mode in every dashboard.",
    "Order 550e8400-e29b-41d4-a716-446655440000 shipped on 2026-11-20.",
    "Internationalization settings live in the admin panel.",
    "The meeting moved to 10:30 in room 4B.",
    "Passwords must be rotated every 90 days per policy.",
]


def run(content):
    c = Candidate(
        write_id=uuid.uuid4(),
        agent_id=uuid.uuid4(),
        scope_path="/org/a/",
        layer="episodic",
        content=content,
    )
    ctx = GateContext(
        tenant_id=uuid.uuid4(),
        agent_allowed_scopes=[],
        agent_allowed_layers=[],
        now=timezone.now(),
    )
    return sensitivity.check(c, ctx)


@pytest.mark.parametrize(("content", "kind"), SECRETS)
def test_secrets_are_rejected_by_kind(content, kind):
    result = run(content)
    assert result.decision == Decision.REJECT
    assert result.code == "secret_detected"
    assert kind in {f["type"] for f in result.details["findings"]}


@pytest.mark.parametrize("content", SECRETS[:3])
def test_the_secret_itself_is_not_echoed(content):
    result = run(content[0])
    assert content[0].split()[-1] not in result.reason + str(result.details)


@pytest.mark.parametrize("content", CLEAN)
def test_ordinary_text_passes(content):
    assert run(content).decision == Decision.ACCEPT
