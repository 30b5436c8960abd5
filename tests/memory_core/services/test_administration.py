"""The admin's services: the rows they change, their audit events, their refusals."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth.models import User

from audit.models import AuditEvent
from memory_core.auth import hash_secret
from memory_core.exceptions import Forbidden, Invalid, NotFound
from memory_core.models import Agent, AgentToken, Membership, Role
from memory_core.policy import DEFAULT_POLICY, policy_for
from memory_core.services.administration import (
    admin_agent_create,
    admin_agent_resume,
    admin_agent_token_issue,
    admin_agent_token_revoke,
    agent_activate,
    agent_deactivate,
    agent_update,
    member_invite,
    membership_remove,
    membership_set_role,
    tenant_policy_update,
)
from memory_core.services.agents import agent_suspend
from tests.factories import make_agent, make_member


@pytest.fixture
def admin(tenant) -> User:
    return make_member(tenant, Role.ADMIN, username="ada")


@pytest.fixture
def curator(tenant) -> User:
    return make_member(tenant, Role.CURATOR, username="cora")


@pytest.fixture
def agent(tenant) -> Agent:
    return make_agent(tenant, name="helper")[0]


def events(tenant, action: str) -> list[AuditEvent]:
    return list(AuditEvent.objects.filter(tenant_id=tenant.id, action=action))


def membership(tenant, user) -> Membership:
    return Membership.objects.get(tenant=tenant, user=user)


# Who may act


SERVICES = {
    "set_role": lambda t, u, m, a: membership_set_role(
        tenant=t, user=u, membership_id=m.pk, role=Role.VIEWER
    ),
    "remove": lambda t, u, m, a: membership_remove(
        tenant=t, user=u, membership_id=m.pk
    ),
    "invite": lambda t, u, m, a: member_invite(
        tenant=t, user=u, username="newbie", role=Role.VIEWER
    ),
    "agent_create": lambda t, u, m, a: admin_agent_create(
        tenant=t,
        user=u,
        name="new-agent",
        allowed_scopes=[f"/org/{t.slug}/"],
        allowed_layers=["episodic"],
    ),
    "agent_update": lambda t, u, m, a: agent_update(
        tenant=t,
        user=u,
        agent_id=a.pk,
        allowed_scopes=["/global/"],
        allowed_layers=["session"],
        role="verifier",
    ),
    "agent_deactivate": lambda t, u, m, a: agent_deactivate(
        tenant=t, user=u, agent_id=a.pk
    ),
    "agent_resume": lambda t, u, m, a: admin_agent_resume(
        tenant=t, user=u, agent_id=a.pk
    ),
    "token_issue": lambda t, u, m, a: admin_agent_token_issue(
        tenant=t, user=u, agent_id=a.pk
    ),
    "token_revoke": lambda t, u, m, a: admin_agent_token_revoke(
        tenant=t, user=u, agent_id=a.pk, token_id=a.tokens.get().pk
    ),
    "policy": lambda t, u, m, a: tenant_policy_update(
        tenant=t, user=u, changes={"review_sla_hours": 48}, reason="faster"
    ),
}


@pytest.mark.parametrize("name", SERVICES)
@pytest.mark.parametrize("role", [Role.CURATOR, Role.VIEWER, Role.COMPLIANCE_OFFICER])
def test_only_admins_may_act(name, role, tenant, admin, agent):
    actor = make_member(tenant, role)
    target = make_member(tenant, Role.CURATOR)
    before = AuditEvent.objects.filter(tenant_id=tenant.id).count()
    with pytest.raises(Forbidden, match="Only admins"):
        SERVICES[name](tenant, actor, membership(tenant, target), agent)
    assert AuditEvent.objects.filter(tenant_id=tenant.id).count() == before
    assert membership(tenant, target).role == Role.CURATOR
    assert not User.objects.filter(username="newbie").exists()


@pytest.mark.parametrize("name", SERVICES)
def test_a_non_member_is_not_found(name, tenant, other_tenant, admin, agent):
    outsider = make_member(other_tenant, Role.ADMIN)
    target = make_member(tenant, Role.CURATOR)
    with pytest.raises(NotFound):
        SERVICES[name](tenant, outsider, membership(tenant, target), agent)


# Members


def test_set_role_changes_the_row_and_audits_old_and_new(tenant, admin, curator):
    changed = membership_set_role(
        tenant=tenant,
        user=admin,
        membership_id=membership(tenant, curator).pk,
        role=Role.COMPLIANCE_OFFICER,
    )
    assert changed.role == membership(tenant, curator).role == Role.COMPLIANCE_OFFICER
    [event] = events(tenant, "membership.role_change")
    assert event.actor_type == "user" and event.actor_id == str(admin.pk)
    assert event.object_id == str(curator.pk)
    assert event.metadata == {"old": "curator", "new": "compliance_officer"}


def test_setting_the_same_role_writes_nothing(tenant, admin, curator):
    membership_set_role(
        tenant=tenant,
        user=admin,
        membership_id=membership(tenant, curator).pk,
        role=Role.CURATOR,
    )
    assert events(tenant, "membership.role_change") == []


def test_unknown_role_is_refused(tenant, admin, curator):
    with pytest.raises(Invalid, match="Unknown role 'owner'"):
        membership_set_role(
            tenant=tenant,
            user=admin,
            membership_id=membership(tenant, curator).pk,
            role="owner",
        )


def test_the_last_admin_cannot_be_demoted_or_removed(tenant, admin):
    mine = membership(tenant, admin).pk
    with pytest.raises(Invalid, match="ada is the last admin of Acme") as error:
        membership_set_role(
            tenant=tenant, user=admin, membership_id=mine, role=Role.CURATOR
        )
    assert error.value.code == "last_admin"
    with pytest.raises(Invalid, match="last admin"):
        membership_remove(tenant=tenant, user=admin, membership_id=mine)
    assert membership(tenant, admin).role == Role.ADMIN


def test_an_admin_cannot_lock_themselves_out(tenant, admin):
    make_member(tenant, Role.ADMIN, username="second")
    mine = membership(tenant, admin).pk
    with pytest.raises(Invalid, match="cannot demote or remove yourself") as error:
        membership_set_role(
            tenant=tenant, user=admin, membership_id=mine, role=Role.VIEWER
        )
    assert error.value.code == "self_lockout"
    with pytest.raises(Invalid, match="yourself"):
        membership_remove(tenant=tenant, user=admin, membership_id=mine)
    assert membership(tenant, admin).role == Role.ADMIN


def test_another_admin_can_demote_an_admin(tenant, admin):
    second = make_member(tenant, Role.ADMIN, username="second")
    membership_set_role(
        tenant=tenant,
        user=second,
        membership_id=membership(tenant, admin).pk,
        role=Role.CURATOR,
    )
    assert membership(tenant, admin).role == Role.CURATOR
    # Now `second` is the last admin and cannot step down.
    with pytest.raises(Invalid, match="last admin"):
        membership_set_role(
            tenant=tenant,
            user=second,
            membership_id=membership(tenant, second).pk,
            role=Role.CURATOR,
        )


def test_remove_deletes_the_membership_not_the_user(tenant, admin, curator):
    membership_remove(
        tenant=tenant, user=admin, membership_id=membership(tenant, curator).pk
    )
    assert not Membership.objects.filter(tenant=tenant, user=curator).exists()
    assert User.objects.filter(pk=curator.pk).exists()
    [event] = events(tenant, "membership.remove")
    assert event.object_id == str(curator.pk)
    assert event.metadata == {"role": "curator"}


def test_another_tenants_membership_is_not_found(tenant, other_tenant, admin):
    elsewhere = make_member(other_tenant, Role.CURATOR)
    for call in (
        lambda: membership_set_role(
            tenant=tenant,
            user=admin,
            membership_id=membership(other_tenant, elsewhere).pk,
            role=Role.VIEWER,
        ),
        lambda: membership_remove(
            tenant=tenant,
            user=admin,
            membership_id=membership(other_tenant, elsewhere).pk,
        ),
    ):
        with pytest.raises(NotFound):
            call()
    assert membership(other_tenant, elsewhere).role == Role.CURATOR


def test_invite_creates_an_account_with_a_one_time_password(tenant, admin):
    created, password = member_invite(
        tenant=tenant,
        user=admin,
        username="newbie",
        role=Role.VIEWER,
        email="newbie@example.com",
    )
    user = User.objects.get(username="newbie")
    assert created.user == user and created.role == Role.VIEWER
    assert password and len(password) >= 16
    assert user.check_password(password)
    assert password not in user.password
    [event] = events(tenant, "membership.invite")
    assert event.metadata == {"role": "viewer", "new_account": True}
    assert password not in str(event.metadata) + event.reason


def test_invite_attaches_an_existing_user_without_a_password(
    tenant, other_tenant, admin
):
    existing = make_member(other_tenant, Role.ADMIN, username="globex-ann")
    created, password = member_invite(
        tenant=tenant, user=admin, username="globex-ann", role=Role.CURATOR
    )
    assert password is None
    assert created.user == existing
    existing.refresh_from_db()
    assert existing.check_password("pw-for-tests")
    [event] = events(tenant, "membership.invite")
    assert event.metadata == {"role": "curator", "new_account": False}


def test_invite_refuses_a_member_and_a_bad_username(tenant, admin, curator):
    with pytest.raises(Invalid, match="cora is already a member of Acme"):
        member_invite(tenant=tenant, user=admin, username="cora", role=Role.VIEWER)
    with pytest.raises(Invalid, match="valid username"):
        member_invite(tenant=tenant, user=admin, username="no spaces", role="viewer")
    with pytest.raises(Invalid, match="Give a username"):
        member_invite(tenant=tenant, user=admin, username="  ", role=Role.VIEWER)
    assert not User.objects.filter(username="no spaces").exists()
    assert events(tenant, "membership.invite") == []


# Agents and tokens


def test_agent_create_checks_scopes_layers_and_name(tenant, admin, agent):
    def create(**overrides):
        args = {
            "name": "scribe",
            "allowed_scopes": ["/org/acme/user/42/"],
            "allowed_layers": ["episodic", "semantic"],
        }
        return admin_agent_create(tenant=tenant, user=admin, **{**args, **overrides})

    with pytest.raises(Invalid, match="Acme has no scope /org/acme/user/99/"):
        create(allowed_scopes=["/org/acme/user/99/"])
    with pytest.raises(Invalid, match="no scope /org/globex/"):
        create(allowed_scopes=["/org/globex/"])
    with pytest.raises(Invalid, match="Unknown layers: working"):
        create(allowed_layers=["working"])
    with pytest.raises(Invalid, match="at least one layer"):
        create(allowed_layers=[])
    with pytest.raises(Invalid, match="already has an agent named 'helper'"):
        create(name="helper")
    assert not Agent.objects.filter(name="scribe").exists()

    scribe = create()
    assert scribe.tenant == tenant
    assert scribe.allowed_scopes == ["/org/acme/user/42/"]
    assert scribe.allowed_layers == ["episodic", "semantic"]
    [event] = [
        e for e in events(tenant, "agent.create") if e.object_id == str(scribe.pk)
    ]
    assert event.actor_id == str(admin.pk)


def test_agent_update_changes_grants_and_audits_the_difference(tenant, admin, agent):
    agent_update(
        tenant=tenant,
        user=admin,
        agent_id=agent.pk,
        allowed_scopes=["/org/acme/user/42/", "/org/acme/user/43/"],
        allowed_layers=["session"],
        role="verifier",
        reason="narrow it down",
    )
    agent.refresh_from_db()
    assert agent.allowed_scopes == ["/org/acme/user/42/", "/org/acme/user/43/"]
    assert agent.allowed_layers == ["session"]
    assert agent.role == "verifier"
    [event] = events(tenant, "agent.update")
    assert event.reason == "narrow it down"
    assert event.metadata["changes"]["role"] == {"old": "executor", "new": "verifier"}
    assert event.metadata["changes"]["allowed_layers"]["new"] == ["session"]


def test_agent_update_refuses_unknown_scopes(tenant, admin, agent):
    with pytest.raises(Invalid, match="no scope /org/acme/nowhere/"):
        agent_update(
            tenant=tenant,
            user=admin,
            agent_id=agent.pk,
            allowed_scopes=["/org/acme/nowhere/"],
            allowed_layers=["session"],
            role="executor",
        )
    agent.refresh_from_db()
    assert agent.allowed_scopes == ["/org/acme/"]
    assert events(tenant, "agent.update") == []


def test_another_tenants_agent_and_token_are_not_found(tenant, other_tenant, admin):
    theirs, _ = make_agent(other_tenant)
    token = theirs.tokens.get()
    calls = [
        lambda: agent_update(
            tenant=tenant,
            user=admin,
            agent_id=theirs.pk,
            allowed_scopes=["/global/"],
            allowed_layers=["session"],
            role="executor",
        ),
        lambda: agent_deactivate(tenant=tenant, user=admin, agent_id=theirs.pk),
        lambda: admin_agent_resume(tenant=tenant, user=admin, agent_id=theirs.pk),
        lambda: admin_agent_token_issue(tenant=tenant, user=admin, agent_id=theirs.pk),
        lambda: admin_agent_token_revoke(
            tenant=tenant, user=admin, agent_id=theirs.pk, token_id=token.pk
        ),
        lambda: agent_deactivate(tenant=tenant, user=admin, agent_id=uuid.uuid4()),
        lambda: agent_deactivate(tenant=tenant, user=admin, agent_id="not-a-uuid"),
    ]
    for call in calls:
        with pytest.raises(NotFound):
            call()
    token.refresh_from_db()
    assert token.revoked_at is None
    assert theirs.tokens.count() == 1


def test_a_token_of_another_agent_is_not_found(tenant, admin, agent):
    other, _ = make_agent(tenant)
    with pytest.raises(NotFound, match="No such token"):
        admin_agent_token_revoke(
            tenant=tenant, user=admin, agent_id=agent.pk, token_id=other.tokens.get().pk
        )


def test_token_issue_stores_only_the_hash(tenant, admin, agent):
    token, full = admin_agent_token_issue(
        tenant=tenant, user=admin, agent_id=agent.pk, label="prod"
    )
    prefix, secret = full.split("_")[1:]
    stored = AgentToken.objects.get(pk=token.pk)
    assert stored.prefix == prefix and stored.label == "prod"
    assert stored.secret_hash == hash_secret(secret)
    assert secret not in stored.secret_hash
    [event] = [
        e for e in events(tenant, "agent_token.issue") if e.object_id == str(token.pk)
    ]
    assert event.actor_id == str(admin.pk)
    assert secret not in str(event.metadata)


def test_token_revoke_marks_it_and_refuses_twice(tenant, admin, agent):
    token = agent.tokens.get()
    admin_agent_token_revoke(
        tenant=tenant, user=admin, agent_id=agent.pk, token_id=token.pk, reason="leak"
    )
    token.refresh_from_db()
    assert token.revoked_at is not None
    [event] = events(tenant, "agent_token.revoke")
    assert event.reason == "leak" and event.actor_id == str(admin.pk)
    with pytest.raises(Invalid, match="already revoked"):
        admin_agent_token_revoke(
            tenant=tenant, user=admin, agent_id=agent.pk, token_id=token.pk
        )


def test_deactivate_and_activate(tenant, admin, agent):
    agent_deactivate(tenant=tenant, user=admin, agent_id=agent.pk, reason="retired")
    agent.refresh_from_db()
    assert not agent.is_active
    with pytest.raises(Invalid, match="activate it before issuing tokens"):
        admin_agent_token_issue(tenant=tenant, user=admin, agent_id=agent.pk)
    agent_deactivate(tenant=tenant, user=admin, agent_id=agent.pk)  # no-op
    agent_activate(tenant=tenant, user=admin, agent_id=agent.pk)
    agent.refresh_from_db()
    assert agent.is_active
    assert [e.reason for e in events(tenant, "agent.deactivate")] == ["retired"]
    assert len(events(tenant, "agent.activate")) == 1


def test_resume_lifts_a_suspension(tenant, admin, agent):
    from django.db import transaction

    with transaction.atomic():
        agent_suspend(agent_id=agent.pk, reason="write storm")
    admin_agent_resume(tenant=tenant, user=admin, agent_id=agent.pk, reason="fixed")
    agent.refresh_from_db()
    assert agent.writes_suspended_at is None
    [event] = events(tenant, "agent.resume")
    assert event.reason == "fixed" and event.actor_id == str(admin.pk)


# The policy


def test_policy_update_stores_only_overrides_and_audits_each_change(tenant, admin):
    policy = tenant_policy_update(
        tenant=tenant,
        user=admin,
        changes={
            "rate_limits": {"semantic": 20, "session": 40},
            "review_sla_hours": 24,
            "sync_deadline_seconds": 120,
            "async_review_at": 0.35,
            "auto_resolve_contradictions": True,
        },
        reason="tighter sync deadline",
    )
    tenant.refresh_from_db()
    # Values equal to the defaults (session 40, SLA 24 h) are not stored.
    assert tenant.policy == {
        "rate_limits": {"semantic": 20},
        "sync_deadline_seconds": 120,
        "async_review_at": 0.35,
        "auto_resolve_contradictions": True,
    }
    assert policy == policy_for(tenant)
    assert policy.rate_limits["semantic"] == 20 and policy.rate_limits["session"] == 40
    [event] = events(tenant, "tenant.policy_update")
    assert event.reason == "tighter sync deadline"
    assert event.actor_id == str(admin.pk)
    assert event.metadata == {
        "changes": {
            "rate_limits.semantic": {"old": 10, "new": 20},
            "sync_deadline_seconds": {"old": 300, "new": 120},
            "async_review_at": {"old": 0.3, "new": 0.35},
            "auto_resolve_contradictions": {"old": False, "new": True},
        }
    }


def test_policy_none_resets_to_the_default(tenant, admin):
    tenant_policy_update(
        tenant=tenant,
        user=admin,
        changes={"review_sla_hours": 8, "rate_limits": {"episodic": 5}},
        reason="try",
    )
    tenant_policy_update(
        tenant=tenant,
        user=admin,
        changes={"review_sla_hours": None, "rate_limits": {"episodic": None}},
        reason="back",
    )
    tenant.refresh_from_db()
    assert tenant.policy == {}
    last = events(tenant, "tenant.policy_update")[-1]
    assert last.metadata["changes"]["review_sla_hours"] == {"old": 8, "new": 24}


def test_policy_without_changes_writes_nothing(tenant, admin):
    tenant_policy_update(
        tenant=tenant, user=admin, changes={"review_sla_hours": 24}, reason="same"
    )
    assert events(tenant, "tenant.policy_update") == []
    assert tenant.policy == {}


def test_policy_tuples_and_choices(tenant, admin):
    tenant_policy_update(
        tenant=tenant,
        user=admin,
        changes={
            "confidence_betas": [0.25, 0.25, 0.25, 0.25],
            "external_evidence_types": ["DOCUMENT", "HUMAN_INPUT"],
            "layers_needing_external_evidence": ["procedural"],
        },
        reason="simpler",
    )
    policy = policy_for(tenant)
    assert policy.confidence_betas == (0.25, 0.25, 0.25, 0.25)
    assert set(policy.external_evidence_types) == {"DOCUMENT", "HUMAN_INPUT"}
    assert policy.layers_needing_external_evidence == ("procedural",)
    # The same choices in another order are no change.
    tenant_policy_update(
        tenant=tenant,
        user=admin,
        changes={"external_evidence_types": ["HUMAN_INPUT", "DOCUMENT"]},
        reason="reorder",
    )
    assert len(events(tenant, "tenant.policy_update")) == 1


@pytest.mark.parametrize(
    ("changes", "key", "message"),
    [
        ({"review_sla_hours": 0}, "review_sla_hours", "whole number of at least 1"),
        ({"review_sla_hours": 2.5}, "review_sla_hours", "whole number"),
        ({"review_sla_hours": "24"}, "review_sla_hours", "got '24'"),
        ({"review_sla_hours": True}, "review_sla_hours", "whole number"),
        ({"sync_deadline_seconds": -5}, "sync_deadline_seconds", "at least 1"),
        ({"rate_limits": {"semantic": 0}}, "rate_limits.semantic", "at least 1"),
        ({"rate_limits": {"working": 3}}, "rate_limits.working", "Unknown key"),
        ({"rate_limits": 10}, "rate_limits", "mapping of session"),
        ({"fact_thresholds": {"semantic": 1.2}}, "fact_thresholds.semantic", "0 to 1"),
        ({"topic_similarity": -0.1}, "topic_similarity", "from 0 to 1"),
        ({"topic_similarity": float("nan")}, "topic_similarity", "from 0 to 1"),
        ({"freshness_half_life_days": 0}, "freshness_half_life_days", "above 0"),
        ({"auto_resolve_contradictions": 1}, "auto_resolve_contradictions", "on or"),
        ({"confidence_betas": [0.5, 0.5]}, "confidence_betas", "4 values"),
        ({"confidence_betas": [0.5, 0.5, 2, -1]}, "confidence_betas.2", "0 to 1"),
        (
            {"external_evidence_types": ["AGENT_REASONING"]},
            "external_evidence_types",
            "'AGENT_REASONING' is not one",
        ),
        ({"reputation_min_decisions": -1}, "reputation_min_decisions", "at least 0"),
    ],
)
def test_policy_bad_values_are_refused_with_clear_messages(
    tenant, admin, changes, key, message
):
    with pytest.raises(Invalid) as error:
        tenant_policy_update(tenant=tenant, user=admin, changes=changes, reason="x")
    assert error.value.code == "invalid_policy"
    assert key in error.value.details
    assert message in error.value.details[key]
    assert key in error.value.message
    tenant.refresh_from_db()
    assert tenant.policy == {}
    assert events(tenant, "tenant.policy_update") == []


@pytest.mark.parametrize(
    ("changes", "key", "message"),
    [
        (
            {"async_review_at": 0.8},
            "sync_block_at",
            "sync block threshold (0.7) must not be below the async review "
            "threshold (0.8)",
        ),
        ({"sync_block_at": 0.2}, "sync_block_at", "(0.2)"),
        ({"risk_weights": {"layer": 0.35}}, "risk_weights", "add up to 1.1"),
        ({"validation_weights": [0.2, 0.2, 0.2]}, "validation_weights", "add up to"),
        (
            {"external_evidence_types": []},
            "external_evidence_types",
            "at least one external evidence type",
        ),
    ],
)
def test_policy_inconsistent_values_are_refused(tenant, admin, changes, key, message):
    with pytest.raises(Invalid) as error:
        tenant_policy_update(tenant=tenant, user=admin, changes=changes, reason="x")
    assert message in error.value.details[key]
    tenant.refresh_from_db()
    assert tenant.policy == {}


def test_policy_thresholds_may_move_together(tenant, admin):
    tenant_policy_update(
        tenant=tenant,
        user=admin,
        changes={"async_review_at": 0.8, "sync_block_at": 0.9},
        reason="more autonomy",
    )
    assert policy_for(tenant).async_review_at == 0.8


def test_policy_unknown_settings_are_refused(tenant, admin):
    with pytest.raises(Invalid, match="Unknown policy settings: bogus, ttl") as error:
        tenant_policy_update(
            tenant=tenant,
            user=admin,
            changes={"bogus": 1, "ttl": 3, "review_sla_hours": 12},
            reason="x",
        )
    assert error.value.code == "unknown_policy_setting"
    assert set(error.value.details) == {"bogus", "ttl"}
    tenant.refresh_from_db()
    assert tenant.policy == {}


def test_policy_needs_a_reason(tenant, admin):
    with pytest.raises(Invalid, match="Give a reason"):
        tenant_policy_update(
            tenant=tenant, user=admin, changes={"review_sla_hours": 12}, reason="  "
        )
    tenant.refresh_from_db()
    assert tenant.policy == {}


def test_policy_keeps_other_overrides(tenant, admin):
    tenant.policy = {"storm_writes_per_minute": 500}
    tenant.save(update_fields=["policy"])
    tenant_policy_update(
        tenant=tenant, user=admin, changes={"review_sla_hours": 12}, reason="x"
    )
    tenant.refresh_from_db()
    assert tenant.policy == {"storm_writes_per_minute": 500, "review_sla_hours": 12}
    assert DEFAULT_POLICY.review_sla_hours == 24
