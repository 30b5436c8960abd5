"""`manage.py provenance_verify` on stored versions."""

import uuid
from io import StringIO

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from memory_core.models import MemoryVersion, WriteStatus
from memory_core.provenance import provenance_record, provenance_sign
from memory_core.services.writes import write_process, write_submit
from tests.factories import make_agent, make_tenant

SCOPE = "/org/acme/user/42/"


def unit_vector(axis: int) -> list[float]:
    vector = [0.0] * 384
    vector[axis] = 1.0
    return vector


def commit(agent, content: str, axis: int) -> MemoryVersion:
    payload = {
        "scope": SCOPE,
        "layer": "episodic",
        "content": content,
        "source": "user_stated",
        "embedding": unit_vector(axis),
    }
    write = write_submit(
        agent=agent, payload=payload, idempotency_key=uuid.uuid4().hex
    ).write
    write_process(write_id=write.id)
    write.refresh_from_db()
    assert write.status == WriteStatus.COMMITTED
    return write.version


def sign(version: MemoryVersion) -> dict:
    """Stamp the version as the provenance gate would, straight in the row."""
    record = provenance_record(
        agent_id=version.agent_id,
        write_id=version.write_request_id,
        task_id="",
        session_id="",
        source=version.source,
        evidence=version.evidence,
        content_hash=version.content_hash,
        confidence=version.confidence,
        adjusted_confidence=0.55,
        v_fact=1.0,
        evidence_authority=1.0,
        validation_score=1.0,
        recorded_at=timezone.now(),
    )
    signature = provenance_sign(record, settings.MGC_PROVENANCE_KEY.encode())
    MemoryVersion.objects.filter(pk=version.pk).update(
        provenance=record, signature=signature
    )
    return record


def verify(*args: str) -> str:
    out = StringIO()
    call_command("provenance_verify", *args, stdout=out)
    return out.getvalue()


def verify_failing(*args: str) -> str:
    out = StringIO()
    with pytest.raises(CommandError) as failure:
        call_command("provenance_verify", *args, stdout=out)
    assert failure.value.returncode == 1
    assert "1 tampered" in str(failure.value)
    return out.getvalue()


@pytest.fixture
def versions(agent_and_token):
    agent = agent_and_token[0]
    return (
        commit(agent, "The user prefers dark mode.", axis=0),
        commit(agent, "The user's timezone is Europe/Berlin.", axis=1),
    )


def test_intact_records_pass(versions, tenant):
    sign(versions[0])
    output = verify()
    # The pipeline signs every version it commits; both are checked.
    assert f"{tenant.slug}: 2 signed versions checked, 0 tampered" in output
    assert "TAMPERED" not in output


def test_a_tampered_record_is_named_and_fails(versions):
    signed, unsigned = versions
    record = sign(signed)
    MemoryVersion.objects.filter(pk=signed.pk).update(
        provenance={**record, "adjusted_confidence": 0.99}
    )
    output = verify_failing()
    line = (
        f"TAMPERED item {signed.item_id} version {signed.number} "
        f"(id {signed.id}): signature"
    )
    assert line in output
    assert str(unsigned.id) not in output


def test_changed_content_under_an_intact_record_fails(versions):
    signed = versions[0]
    sign(signed)
    MemoryVersion.objects.filter(pk=signed.pk).update(
        content="The user prefers light mode."
    )
    output = verify_failing()
    assert f"(id {signed.id}): content" in output


def test_a_stripped_signature_fails(versions):
    signed = versions[0]
    sign(signed)
    MemoryVersion.objects.filter(pk=signed.pk).update(signature="")
    assert f"(id {signed.id}): unsigned" in verify_failing()


def test_one_tenant_at_a_time(versions, tenant):
    signed = versions[0]
    record = sign(signed)
    MemoryVersion.objects.filter(pk=signed.pk).update(
        provenance={**record, "approved_by": "mallory"}
    )
    other = make_tenant("globex", scopes=("/org/globex/user/7/",))
    make_agent(other)
    output = verify("--tenant", other.slug)
    assert "globex: 0 signed versions checked, 0 tampered" in output
    assert str(signed.id) not in output
    assert str(signed.id) in verify_failing("--tenant", tenant.slug)


def test_an_unknown_tenant_is_an_error(db):
    with pytest.raises(CommandError, match="No tenant 'nope'"):
        verify("--tenant", "nope")
