import uuid

import pytest
from django.utils import timezone

from memory_core.pipeline.gates import schema
from memory_core.pipeline.types import Candidate, Decision, GateContext, ScopeRef

SCOPE_IDS = {
    p: uuid.uuid4()
    for p in ("/global/", "/org/acme/", "/org/acme/user/42/", "/org/acme/user/43/")
}


class TreeLookups:
    """The scope tree of one tenant, as plain data."""

    def scope(self, path):
        return ScopeRef(SCOPE_IDS[path], path) if path in SCOPE_IDS else None


def ctx(scopes=("/org/acme/user/42/",), layers=("episodic",)):
    return GateContext(
        tenant_id=uuid.uuid4(),
        agent_allowed_scopes=list(scopes),
        agent_allowed_layers=list(layers),
        now=timezone.now(),
        lookups=TreeLookups(),
        max_content_bytes=100,
    )


def candidate(**overrides):
    values = {
        "write_id": uuid.uuid4(),
        "agent_id": uuid.uuid4(),
        "scope_path": "/org/acme/user/42/",
        "layer": "episodic",
        "content": "The user prefers dark mode.",
    }
    values.update(overrides)
    return Candidate(**values)


@pytest.mark.parametrize(
    ("overrides", "context", "codes"),
    [
        ({}, {}, []),
        ({"layer": "dreams"}, {}, ["unknown_layer"]),
        ({"layer": "semantic"}, {}, ["layer_forbidden"]),
        ({"content": "   "}, {}, ["empty_content"]),
        ({"content": "x" * 101}, {}, ["content_too_large"]),
        ({"embedding": [0.1] * 3}, {}, ["embedding_dimension"]),
        ({"confidence": 1.5}, {}, ["out_of_range"]),
        # Outside the grant, missing or not: one answer (issue 13).
        ({"scope_path": "/org/acme/user/99/"}, {}, ["scope_forbidden"]),
        ({"scope_path": "/org/acme/user/42/task/new/"}, {}, ["unknown_scope"]),
        ({"scope_path": "/org/acme/user/43/"}, {}, ["scope_forbidden"]),
        # Writes never go upward, even to an ancestor the agent can read.
        ({"scope_path": "/org/acme/"}, {}, ["scope_forbidden"]),
        ({"scope_path": "/org/acme/user/43/"}, {"scopes": ["/org/acme/"]}, []),
        (
            {
                "layer": "semantic",
                "content": "",
                "embedding": [1.0],
                "scope_path": "/nowhere/",
            },
            {},
            [
                "layer_forbidden",
                "empty_content",
                "embedding_dimension",
                "unknown_scope",
            ],
        ),
    ],
)
def test_schema_gate(overrides, context, codes):
    c = candidate(**overrides)
    result = schema.check(c, ctx(**context))
    found = [v["code"] for v in result.details.get("violations", [])]
    assert found == codes
    assert result.decision == (Decision.REJECT if codes else Decision.ACCEPT)
    if codes:
        assert result.gate == "schema" and result.code == codes[0]
    else:
        assert c.scope_id == SCOPE_IDS[c.scope_path]
