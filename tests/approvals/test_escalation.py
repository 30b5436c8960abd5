"""Async reviews past their SLA are escalated once: flag, admins notified, audit."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from approvals.models import Notification, ReviewEscalation
from approvals.services import review_escalate, reviews_escalate_overdue
from approvals.tasks import reviews_escalate_overdue_task
from audit.models import AuditEvent
from audit.services import audit_chain_verify
from memory_core.celery import app
from memory_core.models import Role, WriteRequest
from memory_core.services.reviews import write_review_approve
from tests.approvals.test_review_queue_views import stage
from tests.factories import make_agent, make_member


@pytest.fixture
def agent(agent_and_token):
    return agent_and_token[0]


@pytest.fixture
def admins(tenant):
    return [
        make_member(tenant, Role.ADMIN, username="ada"),
        make_member(tenant, Role.ADMIN, username="alan"),
    ]


def overdue(write: WriteRequest, by: timedelta = timedelta(hours=1)) -> WriteRequest:
    """Move the write's SLA deadline into the past."""
    WriteRequest.objects.filter(pk=write.pk).update(review_deadline=timezone.now() - by)
    write.refresh_from_db()
    return write


def test_overdue_review_is_escalated_once(tenant, agent, admins):
    curator = make_member(tenant, Role.CURATOR)
    write = overdue(stage(agent, "The user asked for a refund twice."))

    assert reviews_escalate_overdue() == 1

    escalation = ReviewEscalation.objects.get(write_request=write)
    assert escalation.tenant_id == tenant.id
    assert escalation.notified_usernames == ["ada", "alan"]
    notices = Notification.objects.filter(tenant=tenant).order_by("user__username")
    assert [n.user.username for n in notices] == ["ada", "alan"]
    url = reverse("review_detail", args=[tenant.slug, write.pk])
    assert {n.url for n in notices} == {url}
    assert all(agent.name in n.message and n.read_at is None for n in notices)
    assert not Notification.objects.filter(user=curator).exists()
    event = AuditEvent.objects.get(tenant_id=tenant.id, action="review.escalate")
    assert event.object_id == str(write.pk) and event.actor_type == "system"
    assert event.reason == "review_sla_passed"
    assert sorted(event.metadata["notified_user_ids"]) == sorted(a.pk for a in admins)
    assert "refund" not in str(event.metadata)  # no memory content in the audit

    # The next beat run finds nothing new: no second flag, notice or event.
    assert reviews_escalate_overdue() == 0
    assert review_escalate(write_id=write.pk) is None
    assert ReviewEscalation.objects.count() == 1
    assert Notification.objects.count() == 2
    assert AuditEvent.objects.filter(action="review.escalate").count() == 1
    assert audit_chain_verify(tenant_ids=[tenant.id]) == []


def test_only_overdue_pending_async_reviews_escalate(tenant, agent, admins):
    on_time = stage(agent, "Still within its SLA.")
    sync = overdue(stage(agent, "A sync request past its deadline.", tier="sync"))
    decided = overdue(stage(agent, "Approved before anyone escalated."))
    write_review_approve(tenant=tenant, write_id=decided.pk, user=admins[0])
    due = overdue(stage(agent, "Forgotten in the queue."), by=timedelta(seconds=1))

    assert reviews_escalate_overdue() == 1
    assert list(
        ReviewEscalation.objects.values_list("write_request_id", flat=True)
    ) == [due.pk]
    for write in (on_time, sync, decided):
        assert not ReviewEscalation.objects.filter(write_request=write).exists()


def test_escalation_stays_in_its_tenant(tenant, other_tenant, agent, admins):
    outsider_admin = make_member(other_tenant, Role.ADMIN, username="oscar")
    other_agent, _ = make_agent(other_tenant)
    theirs = overdue(
        stage(other_agent, "Globex's overdue review.", scope="/org/globex/user/7/")
    )
    ours = overdue(stage(agent, "Acme's overdue review."))

    assert reviews_escalate_overdue() == 2

    assert set(
        Notification.objects.filter(tenant=other_tenant).values_list("user", flat=True)
    ) == {outsider_admin.pk}
    assert set(
        Notification.objects.filter(tenant=tenant).values_list("user", flat=True)
    ) == {a.pk for a in admins}
    assert ReviewEscalation.objects.get(write_request=theirs).tenant_id == (
        other_tenant.id
    )
    assert ReviewEscalation.objects.get(write_request=ours).notified_usernames == [
        "ada",
        "alan",
    ]
    assert AuditEvent.objects.filter(
        tenant_id=other_tenant.id, action="review.escalate", object_id=str(theirs.pk)
    ).exists()


def test_a_tenant_without_admins_is_still_flagged(tenant, agent):
    write = overdue(stage(agent, "Nobody to tell."))
    assert reviews_escalate_overdue() == 1
    assert ReviewEscalation.objects.get(write_request=write).notified_usernames == []
    assert Notification.objects.count() == 0


def test_the_beat_task_is_registered_and_runs(tenant, agent, admins):
    assert "approvals.reviews.escalate_overdue" in app.tasks
    assert reviews_escalate_overdue_task.name == "approvals.reviews.escalate_overdue"
    overdue(stage(agent, "Escalated by the task."))
    assert reviews_escalate_overdue_task.apply().get() == 1
    assert reviews_escalate_overdue_task.apply().get() == 0


def test_the_old_task_name_still_escalates(tenant, agent, admins):
    # A message queued before the rename runs under the alias (one release).
    old = app.tasks["approvals.escalate_overdue_reviews"]
    overdue(stage(agent, "Escalated under the old name."))
    assert old.apply().get() == 1
    assert reviews_escalate_overdue_task.apply().get() == 0


def test_the_queue_shows_the_flag_and_the_admin_badge(client, tenant, agent, admins):
    write = overdue(stage(agent, "Shown as escalated."))
    reviews_escalate_overdue()
    client.force_login(admins[0])
    body = client.get(reverse("review_queue", args=[tenant.slug])).content.decode()
    assert "tag-escalated" in body and "SLA passed" in body
    assert '<span class="notice-count" id="notice-count">1</span>' in body
    assert "waits past its SLA" in body
    detail = client.get(reverse("review_detail", args=[tenant.slug, write.pk]))
    assert "escalated" in detail.content.decode() and "ada, alan" in (
        detail.content.decode()
    )
