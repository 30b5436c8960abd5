"""Executing and proving an erasure (issue 14): typed confirmation, four eyes,
the page after execution, finding completed requests, the signed certificate."""

# ruff: noqa: F811 - the fixtures imported below are arguments of the tests
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.urls import reverse

from approvals.erasure.certificate import certificate_check
from approvals.erasure.job import erasure_run
from approvals.erasure.requests import erasure_approve, erasure_execute, erasure_file
from approvals.models import ErasureRequest, ErasureStatus
from audit.models import AuditEvent
from memory_core.models import Role
from tests.factories import make_member
from tests.memory_core.lifecycle.test_erasure import (  # noqa: F401
    JANE_EMAIL,
    agent,
    seed_subject,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def officer(tenant):
    return make_member(tenant, Role.COMPLIANCE_OFFICER, username="olga")


@pytest.fixture
def second_officer(tenant):
    return make_member(tenant, Role.COMPLIANCE_OFFICER, username="otis")


def filed(tenant, user, email=JANE_EMAIL):
    return erasure_file(
        tenant=tenant,
        identifiers=[("email", email)],
        legal_basis="objection",
        user=user,
    )


def execute_url(tenant, request):
    return reverse("erasure_execute", args=[tenant.slug, request.pk])


def detail_url(tenant, request):
    return reverse("erasure_detail", args=[tenant.slug, request.pk])


def completed(tenant, filer, executor, agent=None):
    if agent is not None:
        seed_subject(tenant, agent)
    request = filed(tenant, filer)
    erasure_execute(tenant=tenant, request_id=request.pk, user=executor)
    assert erasure_run(request_id=request.pk) == ErasureStatus.COMPLETED
    request.refresh_from_db()
    return request


# Typed confirmation


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", b"Type the request id"),
        ("deadbeef", b"not this request&#x27;s id"),
    ],
)
def test_execution_needs_the_request_id_typed(
    client, tenant, officer, second_officer, typed, message
):
    request = filed(tenant, officer)
    client.force_login(second_officer)
    response = client.post(execute_url(tenant, request), {"confirm": typed})
    assert response.status_code == 422
    assert message in response.content
    assert b'id="erasure-confirm-error"' in response.content
    assert b'aria-invalid="true"' in response.content
    request.refresh_from_db()
    assert request.status == ErasureStatus.FILED
    assert not AuditEvent.objects.filter(action="erasure.execute").exists()


@pytest.mark.parametrize("form", ["short", "full", "upper"])
def test_the_short_or_full_id_confirms(client, tenant, officer, second_officer, form):
    request = filed(tenant, officer)
    typed = {
        "short": str(request.pk)[:8],
        "full": str(request.pk),
        "upper": f" {str(request.pk)[:8].upper()} ",
    }[form]
    client.force_login(second_officer)
    response = client.post(execute_url(tenant, request), {"confirm": typed})
    assert response.status_code == 302
    request.refresh_from_db()
    assert request.status == ErasureStatus.RUNNING
    assert request.executed_by == second_officer


def test_the_detail_page_asks_for_the_short_id(client, tenant, officer, second_officer):
    request = filed(tenant, officer)
    client.force_login(second_officer)
    page = client.get(detail_url(tenant, request)).content.decode()
    assert 'name="confirm"' in page
    assert str(request.pk)[:8] in page


# Four eyes


def test_the_filer_is_refused_with_a_403_that_is_audited(client, tenant, officer):
    request = filed(tenant, officer)
    client.force_login(officer)
    page = client.get(detail_url(tenant, request)).content.decode()
    assert 'id="erasure-four-eyes"' in page and 'name="confirm"' not in page
    response = client.post(
        execute_url(tenant, request), {"confirm": str(request.pk)[:8]}
    )
    assert response.status_code == 403
    assert b"you filed this request" in response.content
    request.refresh_from_db()
    assert request.status == ErasureStatus.FILED
    refused = AuditEvent.objects.get(tenant_id=tenant.id, action="access.refused")
    assert "you filed this request" in refused.reason
    assert refused.metadata["path"] == execute_url(tenant, request)


def test_the_approver_cannot_execute(client, tenant, officer, second_officer):
    curator = make_member(tenant, Role.CURATOR, username="cora")
    request = filed(tenant, curator)
    erasure_approve(tenant=tenant, request_id=request.pk, user=officer)
    client.force_login(officer)
    response = client.post(
        execute_url(tenant, request), {"confirm": str(request.pk)[:8]}
    )
    assert response.status_code == 403
    assert b"approved cannot also execute" in response.content
    client.force_login(second_officer)
    response = client.post(
        execute_url(tenant, request), {"confirm": str(request.pk)[:8]}
    )
    assert response.status_code == 302


# After execution


def test_after_execution_the_page_shows_the_result_not_the_preview(
    client, tenant, agent, officer, second_officer
):
    seeded = seed_subject(tenant, agent)
    request = erasure_file(
        tenant=tenant,
        identifiers=seeded.identifiers,
        legal_basis="objection",
        user=officer,
    )
    client.force_login(second_officer)
    before = client.get(detail_url(tenant, request)).content.decode()
    shown = [str(i) for i in seeded.erased if str(i) in before]
    assert 'id="erasure-preview"' in before and shown
    erased = shown[0]
    client.post(execute_url(tenant, request), {"confirm": str(request.pk)[:8]})
    running = client.get(detail_url(tenant, request)).content.decode()
    assert 'id="erasure-preview"' not in running and erased not in running
    assert 'id="erasure-running"' in running
    erasure_run(request_id=request.pk)
    done = client.get(detail_url(tenant, request)).content.decode()
    assert 'id="erasure-preview"' not in done and erased not in done
    assert 'id="erasure-result"' in done and 'id="certificate-link"' in done
    assert "Memory versions" in done and "memory_core_" not in done
    assert 'name="confirm"' not in done


# Finding completed requests


def test_completed_requests_are_found_by_filter_and_by_id(
    client, tenant, officer, second_officer
):
    done = completed(tenant, officer, second_officer)
    open_one = filed(tenant, officer, email="john@example.com")
    client.force_login(officer)
    list_url = reverse("erasure_list", args=[tenant.slug])
    default = client.get(list_url).content.decode()
    assert str(open_one.pk) in default and str(done.pk) not in default
    only_done = client.get(list_url, {"status": "completed"}).content.decode()
    assert str(done.pk) in only_done and str(open_one.pk) not in only_done
    for typed in (str(done.pk)[:8], str(done.pk), str(done.pk).upper()):
        found = client.get(list_url, {"q": typed}).content.decode()
        assert str(done.pk) in found and str(open_one.pk) not in found, typed
    # Whatever status the filter form still says: an id names one request.
    found = client.get(list_url, {"q": str(done.pk)[:8], "status": "open"})
    assert str(done.pk) in found.content.decode()
    nothing = client.get(list_url, {"q": "not-an-id!"})
    assert nothing.status_code == 200
    assert b'id="erasure-search-error"' in nothing.content
    assert b"0 requests" in nothing.content


# The signed certificate


def test_the_certificate_is_signed_labelled_and_printable(
    client, tenant, agent, officer, second_officer
):
    request = completed(tenant, officer, second_officer, agent=agent)
    certificate = request.certificate
    assert certificate["signature"]["algorithm"] == "Ed25519"
    assert certificate_check(certificate) == ""
    categories = {row["category"] for row in certificate["erased"]}
    assert "Memory versions (content, embeddings)" in categories
    client.force_login(officer)
    page = client.get(reverse("erasure_certificate", args=[tenant.slug, request.pk]))
    text = page.content.decode()
    assert "Memory versions" in text and "Write requests" in text
    assert "memory_core_" not in text
    assert "compliance-print" in text and 'class="topbar' not in text
    assert "style=" not in text and "<script>" not in text
    download = client.get(
        reverse("erasure_certificate_json", args=[tenant.slug, request.pk])
    )
    assert certificate_check(json.loads(download.content)) == ""


def test_certificate_verify_accepts_the_download_and_refuses_a_flipped_byte(
    client, tenant, officer, second_officer, tmp_path, capsys
):
    request = completed(tenant, officer, second_officer)
    client.force_login(officer)
    body = client.get(
        reverse("erasure_certificate_json", args=[tenant.slug, request.pk])
    ).content
    good = tmp_path / "certificate.json"
    good.write_bytes(body)
    call_command("certificate_verify", str(good))
    assert "Verified" in capsys.readouterr().out
    # One byte of the counts, the times or the hash changed: refused.
    at = body.index(b'"finished_at": "') + len(b'"finished_at": "') + 3
    flipped = bytearray(body)
    flipped[at] = ord("7") if flipped[at] != ord("7") else ord("8")
    bad = tmp_path / "tampered.json"
    bad.write_bytes(bytes(flipped))
    with pytest.raises(CommandError, match="altered"):
        call_command("certificate_verify", str(bad))
    # Re-signed with another key: refused too.
    forged = json.loads(body)
    forged["signature"]["public_key"] = "00" * 32
    (tmp_path / "forged.json").write_text(json.dumps(forged))
    with pytest.raises(CommandError, match="another key"):
        call_command("certificate_verify", str(tmp_path / "forged.json"))
    # As a command line: the exit status says it.
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    manage = Path(settings.BASE_DIR) / "manage.py"
    ok = subprocess.run(
        [sys.executable, str(manage), "certificate_verify", str(good)],
        env=env,
        capture_output=True,
        text=True,
    )
    assert ok.returncode == 0, ok.stderr
    refused = subprocess.run(
        [sys.executable, str(manage), "certificate_verify", str(bad)],
        env=env,
        capture_output=True,
        text=True,
    )
    assert refused.returncode != 0 and "NOT VERIFIED" in refused.stderr


def test_an_unsigned_certificate_from_before_is_signed_when_read(
    client, tenant, officer, second_officer
):
    request = completed(tenant, officer, second_officer)
    legacy = {
        k: v for k, v in request.certificate.items() if k not in ("signature", "erased")
    }
    ErasureRequest.objects.filter(pk=request.pk).update(certificate=legacy)
    client.force_login(officer)
    download = client.get(
        reverse("erasure_certificate_json", args=[tenant.slug, request.pk])
    )
    assert certificate_check(json.loads(download.content)) == ""
