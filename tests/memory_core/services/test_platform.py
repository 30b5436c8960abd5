"""Platform services called directly: onboarding a tenant (the command and the
operator's views are tested in test_tenant_onboarding.py and test_platform_views.py).
"""

from __future__ import annotations

import pytest

from audit.services import Actor
from memory_core.exceptions import Invalid
from memory_core.services.platform import tenant_onboard

pytestmark = pytest.mark.django_db


def test_a_leading_hyphen_is_refused_by_the_service_too():
    # On the command line argparse already takes "-acme" for an option.
    with pytest.raises(Invalid) as error:
        tenant_onboard(
            slug="-acme",
            name="Acme",
            region="eu-west",
            admin_email="a@acme.example",
            actor=Actor.system("tests"),
        )
    assert error.value.code == "invalid_slug"
