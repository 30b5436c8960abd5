"""Resolving a redaction token (memory_core/services/redaction.py)."""

import pytest
from cryptography.fernet import InvalidToken
from django.test import override_settings

from audit.models import AuditEvent
from memory_core.exceptions import Forbidden, Invalid, NotFound
from memory_core.models import RedactionToken, Role
from memory_core.redaction import redact_text
from memory_core.services.redaction import redaction_resolve
from tests.factories import make_member

USER_42 = "/org/acme/user/42/"
USER_43 = "/org/acme/user/43/"


def redact(tenant, text, principal=USER_42):
    return redact_text(tenant_id=tenant.id, principal=principal, text=text)


@pytest.fixture
def token(tenant):
    redact(tenant, "Mail Alice@Example.com")
    return "<EMAIL_1>"


@pytest.mark.parametrize("role", [Role.COMPLIANCE_OFFICER, Role.ADMIN])
def test_a_compliance_officer_or_admin_resolves_and_it_is_audited(tenant, token, role):
    officer = make_member(tenant, role)
    value = redaction_resolve(
        tenant=tenant,
        principal=USER_42,
        token=token,
        actor=officer,
        reason="erasure request #12",
    )
    assert value == "alice@example.com"
    event = AuditEvent.objects.filter(
        tenant_id=tenant.id, action="redaction.resolve"
    ).get()
    row = RedactionToken.objects.get()
    assert (event.actor_type, event.actor_id) == ("user", str(officer.pk))
    assert (event.object_type, event.object_id) == ("redaction_token", str(row.pk))
    assert event.metadata == {"kind": "EMAIL", "token": "<EMAIL_1>"}
    assert "alice" not in str(event.metadata) + event.reason


@pytest.mark.parametrize("role", [Role.CURATOR, Role.VIEWER])
def test_other_roles_are_refused(tenant, token, role):
    with pytest.raises(Forbidden):
        redaction_resolve(
            tenant=tenant,
            principal=USER_42,
            token=token,
            actor=make_member(tenant, role),
            reason="curious",
        )
    assert not AuditEvent.objects.filter(action="redaction.resolve").exists()


def test_an_officer_of_another_tenant_is_refused(tenant, other_tenant, token):
    outsider = make_member(other_tenant, Role.COMPLIANCE_OFFICER)
    with pytest.raises(Forbidden):
        redaction_resolve(
            tenant=tenant, principal=USER_42, token=token, actor=outsider, reason="x"
        )


def test_a_token_of_another_tenant_or_principal_is_not_found(
    tenant, other_tenant, token
):
    officer = make_member(other_tenant, Role.COMPLIANCE_OFFICER)
    with pytest.raises(NotFound):
        redaction_resolve(
            tenant=other_tenant,
            principal=USER_42,
            token=token,
            actor=officer,
            reason="x",
        )
    with pytest.raises(NotFound):
        redaction_resolve(
            tenant=tenant,
            principal=USER_43,
            token=token,
            actor=make_member(tenant, Role.ADMIN),
            reason="x",
        )


def test_a_reason_is_required(tenant, token):
    with pytest.raises(Invalid):
        redaction_resolve(
            tenant=tenant,
            principal=USER_42,
            token=token,
            actor=make_member(tenant, Role.ADMIN),
            reason=" ",
        )


def test_a_wrong_key_does_not_decrypt_and_nothing_is_audited(tenant, token):
    officer = make_member(tenant, Role.COMPLIANCE_OFFICER)
    with (
        override_settings(MGC_REDACTION_KEY="another key"),
        pytest.raises(InvalidToken),
    ):
        redaction_resolve(
            tenant=tenant, principal=USER_42, token=token, actor=officer, reason="x"
        )
    assert not AuditEvent.objects.filter(action="redaction.resolve").exists()
