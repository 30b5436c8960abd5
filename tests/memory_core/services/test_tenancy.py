"""Tenancy services called directly: slugs a new tenant may take, agent tokens
(onboarding is tested in test_platform.py and test_tenant_onboarding.py).
"""

from __future__ import annotations

import pytest

from audit.models import AuditEvent
from memory_core.exceptions import Invalid
from memory_core.services.tenancy import (
    agent_token_issue,
    agent_token_revoke,
    tenant_slug_check,
)
from tests.factories import SYSTEM, make_agent


@pytest.mark.parametrize("slug", ["Acme", "acme--eu", "acme-", "acme_eu", "a" * 65])
def test_an_invalid_slug_says_how_to_fix_it(db, slug):
    with pytest.raises(Invalid) as error:
        tenant_slug_check(slug)
    assert error.value.code == "invalid_slug"


def test_a_free_slug_is_returned_and_a_taken_one_refused(tenant):
    assert tenant_slug_check("acme-eu") == "acme-eu"
    with pytest.raises(Invalid) as error:
        tenant_slug_check(tenant.slug)
    assert error.value.code == "slug_taken"


def test_a_token_is_shown_once_and_revoked_once(tenant):
    agent, _ = make_agent(tenant)
    token, full = agent_token_issue(agent=agent, actor=SYSTEM, label="ci")
    assert full.startswith(f"mgc_{token.prefix}_") and token.secret_hash not in full
    revoked = agent_token_revoke(token=token, actor=SYSTEM, reason="leaked")
    assert revoked.revoked_at is not None
    again = agent_token_revoke(token=token, actor=SYSTEM, reason="twice")
    assert again.revoked_at == revoked.revoked_at
    events = AuditEvent.objects.filter(
        tenant_id=tenant.id, action="agent_token.revoke", object_id=str(token.pk)
    )
    assert [e.reason for e in events] == ["leaked"]
