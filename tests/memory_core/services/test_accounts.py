"""Account services called directly: one-time passwords and their change (the
password page is tested in tests/memory_core/test_account_views.py).
"""

from __future__ import annotations

import pytest

from audit.models import AuditEvent
from memory_core.exceptions import Invalid
from memory_core.models import Role
from memory_core.services.accounts import (
    password_change,
    password_change_pending,
    user_create_with_one_time_password,
)
from memory_core.services.tenancy import membership_grant
from tests.factories import SYSTEM

NEW_PASSWORD = "a new and long passphrase 42"


def test_a_one_time_password_is_pending_until_changed(tenant, other_tenant):
    user, password = user_create_with_one_time_password(username=" olga ")
    assert user.username == "olga" and user.check_password(password)
    assert password_change_pending(user)
    for t in (tenant, other_tenant):
        membership_grant(tenant=t, user=user, role=Role.VIEWER, actor=SYSTEM)
    changed = password_change(user=user, new_password=NEW_PASSWORD)
    assert changed.check_password(NEW_PASSWORD) and not password_change_pending(user)
    events = AuditEvent.objects.filter(action="user.password_change")
    assert sorted(e.tenant_id for e in events) == sorted([tenant.id, other_tenant.id])
    assert all(e.metadata == {"one_time_password_retired": True} for e in events)


def test_the_same_or_a_weak_password_is_refused(db):
    user, password = user_create_with_one_time_password(username="olga")
    with pytest.raises(Invalid) as same:
        password_change(user=user, new_password=password)
    assert same.value.code == "same_password"
    with pytest.raises(Invalid) as weak:
        password_change(user=user, new_password="123")
    assert weak.value.code == "weak_password"
    assert password_change_pending(user)
