"""Erasure request services: roles, four eyes, re-runs, faults, audit."""

# ruff: noqa: F811 - the fixtures imported below are arguments of the tests
from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from approvals.erasure import job
from approvals.erasure.job import erasure_run, erasures_resume_stalled
from approvals.erasure.requests import (
    erasure_approve,
    erasure_cancel,
    erasure_execute,
    erasure_file,
)
from approvals.erasure.selectors import erasures_open
from approvals.models import ErasureProbe, ErasureRequest, ErasureStatus
from audit.models import AuditEvent
from memory_core.exceptions import Forbidden, Invalid, NotFound, StateConflict
from memory_core.models import MemoryItem, Role
from memory_core.services.writes import write_process, write_submit
from tests.factories import make_member
from tests.memory_core.lifecycle.test_erasure import (  # noqa: F401
    JANE_EMAIL,
    USER_42,
    agent,
    officer,
    seed_subject,
)
from tests.memory_core.services.test_curation import committed, unit_vector

pytestmark = pytest.mark.django_db


@pytest.fixture
def second_officer(tenant):
    return make_member(tenant, Role.COMPLIANCE_OFFICER, username="otis")


def file(tenant, user, identifiers=((("email", JANE_EMAIL)),)):
    return erasure_file(
        tenant=tenant,
        identifiers=list(identifiers),
        legal_basis="consent_withdrawn",
        user=user,
    )


def test_filing_encrypts_identifiers_and_audits_only_the_hash(tenant, officer):
    request = file(tenant, officer, [("email", JANE_EMAIL), ("name", "Jane Doe")])
    assert JANE_EMAIL.encode() not in bytes(request.identifiers_ciphertext)
    assert request.identifier_kinds == ["email", "name"]
    assert (request.due_at - request.created_at).total_seconds() == 72 * 3600
    event = AuditEvent.objects.get(tenant_id=tenant.id, action="erasure.file")
    text = str(event.metadata) + event.reason
    assert "jane" not in text.lower()
    assert event.metadata["subject_hash"] == request.subject_hash
    assert list(erasures_open(tenant)) == [request]


@pytest.mark.parametrize(
    ("identifiers", "basis", "code"),
    [
        ([], "consent_withdrawn", "identifiers_required"),
        ([("email", "nope")], "consent_withdrawn", "invalid_identifier"),
        ([("email", JANE_EMAIL)], "because", "legal_basis"),
    ],
)
def test_bad_requests_are_refused_and_nothing_is_stored(
    tenant, officer, identifiers, basis, code
):
    with pytest.raises(Invalid) as refused:
        erasure_file(
            tenant=tenant, identifiers=identifiers, legal_basis=basis, user=officer
        )
    assert refused.value.code == code
    assert not ErasureRequest.objects.exists()


def test_roles(tenant, other_tenant, officer):
    viewer = make_member(tenant, Role.VIEWER, username="vic")
    curator = make_member(tenant, Role.CURATOR, username="cora")
    outsider = make_member(other_tenant, Role.COMPLIANCE_OFFICER, username="otto")
    with pytest.raises(Forbidden):
        file(tenant, viewer)
    request = file(tenant, curator)  # curators may file
    with pytest.raises(Forbidden):
        erasure_execute(tenant=tenant, request_id=request.pk, user=curator)
    with pytest.raises(NotFound):
        erasure_execute(tenant=tenant, request_id=request.pk, user=outsider)
    with pytest.raises(NotFound):
        erasure_execute(tenant=other_tenant, request_id=request.pk, user=outsider)
    request.refresh_from_db()
    assert request.status == ErasureStatus.FILED


def filer(tenant):
    """A curator who files: the officers' executions then pass four eyes."""
    user = User.objects.filter(username="fiona").first()
    return user or make_member(tenant, Role.CURATOR, username="fiona")


def test_four_eyes_is_on_by_default_and_the_filer_cannot_execute(
    tenant, officer, second_officer
):
    assert tenant.policy.get("erasure_four_eyes") is None  # the default
    request = file(tenant, officer)
    with pytest.raises(Forbidden) as refused:
        erasure_execute(tenant=tenant, request_id=request.pk, user=officer)
    assert refused.value.code == "four_eyes"
    assert "you filed this request" in refused.value.message
    request.refresh_from_db()
    assert request.status == ErasureStatus.FILED
    erasure_execute(tenant=tenant, request_id=request.pk, user=second_officer)
    assert erasure_run(request_id=request.pk) == ErasureStatus.COMPLETED
    request.refresh_from_db()
    assert request.certificate["executor"]["username"] == "otis"


def test_four_eyes_the_approver_cannot_execute_either(tenant, officer, second_officer):
    request = file(tenant, filer(tenant))
    erasure_approve(tenant=tenant, request_id=request.pk, user=officer)
    with pytest.raises(Forbidden):
        erasure_execute(tenant=tenant, request_id=request.pk, user=officer)
    erasure_execute(tenant=tenant, request_id=request.pk, user=second_officer)
    assert erasure_run(request_id=request.pk) == ErasureStatus.COMPLETED
    request.refresh_from_db()
    assert request.certificate["approver"]["username"] == "olga"
    assert request.certificate["executor"]["username"] == "otis"


def test_four_eyes_off_lets_the_filer_execute(tenant, officer):
    tenant.policy = {"erasure_four_eyes": False}
    tenant.save(update_fields=["policy"])
    request = file(tenant, officer)
    erasure_execute(tenant=tenant, request_id=request.pk, user=officer)
    assert erasure_run(request_id=request.pk) == ErasureStatus.COMPLETED


def test_unknown_identifiers_are_still_certified(tenant, officer):
    request = file(tenant, filer(tenant), [("email", "nobody@nowhere.test")])
    erasure_execute(tenant=tenant, request_id=request.pk, user=officer)
    assert erasure_run(request_id=request.pk) == ErasureStatus.COMPLETED
    request.refresh_from_db()
    assert request.certificate["counts"] == {"items": 0, "layers": {}, "tables": {}}
    assert request.identifiers_ciphertext in (b"", memoryview(b""))
    assert bytes(request.identifiers_ciphertext) == b""
    event = AuditEvent.objects.get(tenant_id=tenant.id, action="erasure.complete")
    assert request.certificate["audit"] == {
        "action": "erasure.complete",
        "seq": event.seq,
        "hash": event.hash,
        "prev_hash": event.prev_hash,
    }


def test_a_rerun_is_a_no_op_with_the_same_certificate(tenant, agent, officer):
    seed_subject(tenant, agent)
    request = file(tenant, filer(tenant))
    erasure_execute(tenant=tenant, request_id=request.pk, user=officer)
    erasure_run(request_id=request.pk)
    request.refresh_from_db()
    certificate = request.certificate
    events = AuditEvent.objects.filter(tenant_id=tenant.id).count()
    again = erasure_execute(tenant=tenant, request_id=request.pk, user=officer)
    assert erasure_run(request_id=request.pk) == ""
    again.refresh_from_db()
    assert again.certificate == certificate
    assert AuditEvent.objects.filter(tenant_id=tenant.id).count() == events
    with pytest.raises(StateConflict):
        erasure_cancel(tenant=tenant, request_id=request.pk, user=officer)


def test_a_survivor_fails_the_request_loudly(tenant, agent, officer, monkeypatch):
    seed_subject(tenant, agent)
    request = file(tenant, filer(tenant))
    real = job.erasure_chunk_delete

    def skip_one(*, tenant_id, item_ids):
        return real(tenant_id=tenant_id, item_ids=sorted(item_ids)[1:])

    monkeypatch.setattr(job, "erasure_chunk_delete", skip_one)
    erasure_execute(tenant=tenant, request_id=request.pk, user=officer)
    assert erasure_run(request_id=request.pk) == ErasureStatus.FAILED
    request.refresh_from_db()
    assert "memory_item" in request.error
    assert request.is_open and request.identifiers_ciphertext
    assert AuditEvent.objects.filter(action="erasure.fail").exists()
    # Fixed, a retry completes.
    monkeypatch.setattr(job, "erasure_chunk_delete", real)
    erasure_execute(tenant=tenant, request_id=request.pk, user=officer)
    assert erasure_run(request_id=request.pk) == ErasureStatus.COMPLETED
    assert not ErasureProbe.objects.filter(request=request).exists()


def test_a_write_arriving_during_execution_is_erased_too(
    tenant, agent, officer, monkeypatch, settings
):
    """A write for the subject commits between two chunks: the job finds it."""
    settings.MGC_ERASURE_CHUNK_ITEMS = 1
    committed(agent, f"Mail {JANE_EMAIL} the first report.", scope=USER_42)
    committed(agent, f"Mail {JANE_EMAIL} the second report.", scope=USER_42)
    settings.MGC_ERASURE_CHUNK_PAUSE_SECONDS = 0.001
    request = file(tenant, filer(tenant))
    arrived = []

    def a_write_arrives(seconds):
        """Between two chunks (the job's pause), the agent writes about her."""
        if arrived:
            return
        write = write_submit(
            agent=agent,
            payload={
                "scope": USER_42,
                "layer": "episodic",
                "content": f"Late: {JANE_EMAIL} called again.",
                "embedding": unit_vector(),
            },
            idempotency_key="late",
        ).write
        write_process(write_id=write.pk)
        write.refresh_from_db()
        arrived.append(write.memory_item_id)

    monkeypatch.setattr(job.time, "sleep", a_write_arrives)
    erasure_execute(tenant=tenant, request_id=request.pk, user=officer)
    assert erasure_run(request_id=request.pk) == ErasureStatus.COMPLETED
    assert arrived[0] is not None
    assert not MemoryItem.objects.filter(pk=arrived[0]).exists()
    request.refresh_from_db()
    assert request.certificate["counts"]["items"] == 3


def test_a_running_job_is_claimed_once(tenant, officer):
    request = file(tenant, filer(tenant))
    erasure_execute(tenant=tenant, request_id=request.pk, user=officer)
    assert job._claim(request.pk) == 1
    assert job._claim(request.pk) is None  # a duplicate message backs off


def test_the_sweeper_resumes_only_silent_jobs(tenant, officer, settings):
    request = file(tenant, filer(tenant))
    erasure_execute(tenant=tenant, request_id=request.pk, user=officer)
    job._claim(request.pk)
    assert erasures_resume_stalled() == 0
    settings.MGC_ERASURE_STALE_SECONDS = -1
    assert erasures_resume_stalled() == 1
    settings.MGC_ERASURE_STALE_SECONDS = 120
    assert job._claim(request.pk) == 2  # released: claimed at once


def test_cancel_destroys_the_identifiers(tenant, officer):
    request = file(tenant, filer(tenant))
    erasure_cancel(tenant=tenant, request_id=request.pk, user=officer)
    request.refresh_from_db()
    assert request.status == ErasureStatus.CANCELLED
    assert bytes(request.identifiers_ciphertext) == b""
    assert list(erasures_open(tenant)) == []
    with pytest.raises(StateConflict):
        erasure_execute(tenant=tenant, request_id=request.pk, user=officer)
