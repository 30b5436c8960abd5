"""Key rotation: reads during the window, `manage.py rotate_keys`, its check.

Data is made under key A (redaction and provenance); the tests then make B
current with A as the previous key, as an operator would, and rotate.
"""

# ruff: noqa: F811 - the fixtures imported below are arguments of the tests
from __future__ import annotations

import dataclasses
from io import StringIO

import pytest
from cryptography.fernet import InvalidToken
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from approvals.erasure.requests import erasure_file
from approvals.erasure.selectors import erasure_preview
from approvals.key_rotation import KEYED_ROWS
from approvals.models import ErasureRequest
from audit.models import AuditEvent
from memory_core.models import MemoryItem, MemoryVersion, RedactionToken
from memory_core.provenance import provenance_verify
from memory_core.redaction import value_decrypt, value_digest
from memory_core.services import key_rotation
from memory_core.services.redaction import redaction_resolve
from memory_core.services.review_edits import DraftEdit, draft_edit_apply
from memory_core.services.reviews import resign_approved
from tests.factories import make_agent, make_tenant
from tests.memory_core.lifecycle.test_erasure import (  # noqa: F401
    JANE_EMAIL,
    USER_42,
    agent,
    officer,
)
from tests.memory_core.services.test_curation import committed, unit_vector

REDACTION_A, REDACTION_B = "redaction key A", "redaction key B"
PROVENANCE_A, PROVENANCE_B = "provenance key A", "provenance key B"
GLOBEX_USER = "/org/globex/user/7/"
BOTH_DROPPABLE = (
    "Nothing is left under a previous key: you can now remove "
    "MGC_PROVENANCE_KEY_PREVIOUS and MGC_REDACTION_KEY_PREVIOUS"
)


def use_keys(settings, *, redaction: str, provenance: str, previous=()) -> None:
    """Configure the keys as the environment of every process would."""
    settings.MGC_REDACTION_KEY = redaction
    settings.MGC_PROVENANCE_KEY = provenance
    settings.MGC_REDACTION_KEY_PREVIOUS = [r for r, _ in previous]
    settings.MGC_PROVENANCE_KEY_PREVIOUS = [p for _, p in previous]


def rotate_to_b(settings) -> None:
    """Make B current, with A as the previous key (the rotation window)."""
    use_keys(
        settings,
        redaction=REDACTION_B,
        provenance=PROVENANCE_B,
        previous=[(REDACTION_A, PROVENANCE_A)],
    )


def only_b(settings) -> None:
    use_keys(settings, redaction=REDACTION_B, provenance=PROVENANCE_B)


def command(name: str, *args: str) -> str:
    out = StringIO()
    call_command(name, *args, stdout=out)
    return out.getvalue()


def command_failing(name: str, *args: str) -> tuple[str, str]:
    out = StringIO()
    with pytest.raises(CommandError) as failure:
        call_command(name, *args, stdout=out)
    assert failure.value.returncode == 1
    return out.getvalue(), str(failure.value)


def decrypts_with(ciphertext, key: str) -> bool:
    try:
        value_decrypt(ciphertext, key=key)
    except InvalidToken:
        return False
    return True


def keyed_state(tenant) -> dict:
    """Return every keyed column of the tenant, to compare before and after."""
    return {
        "mappings": sorted(
            (t.pk, bytes(t.ciphertext), t.value_digest)
            for t in RedactionToken.objects.filter(tenant=tenant)
        ),
        "identifiers": sorted(
            (str(r.pk), bytes(r.identifiers_ciphertext))
            for r in ErasureRequest.objects.filter(tenant=tenant)
        ),
        "signatures": sorted(
            (str(v.pk), v.signature)
            for v in MemoryVersion.objects.filter(tenant=tenant)
        ),
    }


def rotation_events(tenant) -> list[AuditEvent]:
    return list(
        AuditEvent.objects.filter(tenant_id=tenant.id, action="keys.rotate").order_by(
            "seq"
        )
    )


@dataclasses.dataclass
class Seeded:
    contact: MemoryItem
    other: MemoryItem
    request: ErasureRequest


@pytest.fixture
def seeded(settings, tenant, agent, officer) -> Seeded:
    """Under key A: a memory with a redacted email, another, an erasure request."""
    use_keys(settings, redaction=REDACTION_A, provenance=PROVENANCE_A)
    contact = committed(
        agent, f"Asked to be emailed at {JANE_EMAIL} about renewals.", scope=USER_42
    )
    assert "<EMAIL_1>" in contact.head.content
    other = committed(agent, "Prefers morning meetings.", scope=USER_42)
    request = erasure_file(
        tenant=tenant,
        identifiers=[("email", JANE_EMAIL)],
        legal_basis="consent_withdrawn",
        user=officer,
    )
    return Seeded(contact, other, request)


def jane_token(tenant) -> RedactionToken:
    return RedactionToken.objects.get(tenant=tenant, principal=USER_42)


# The rotation window: B current, A previous.


def test_reads_accept_the_previous_key_during_the_window(
    settings, tenant, agent, officer, seeded
):
    rotate_to_b(settings)
    token = jane_token(tenant)
    assert value_decrypt(token.ciphertext) == JANE_EMAIL
    assert (
        redaction_resolve(
            tenant=tenant,
            principal=USER_42,
            token="<EMAIL_1>",
            actor=officer,
            reason="rotation test",
        )
        == JANE_EMAIL
    )
    # The same email written now finds its mapping under A: no second token.
    again = committed(agent, f"Call {JANE_EMAIL} on Monday.", scope=USER_42)
    assert "<EMAIL_1>" in again.head.content
    assert RedactionToken.objects.filter(tenant=tenant).count() == 1
    # The erasure preview decrypts the identifiers and finds the token by its
    # digest under A.
    preview = erasure_preview(tenant=tenant, request_id=seeded.request.pk, user=officer)
    found = {entry.item_id for entry in preview.direct}
    assert {seeded.contact.pk, again.pk} <= found
    assert ("Redaction mappings", 1) in [(label, n) for label, n, _ in preview.rows]
    # Signatures under A are intact, and said to be under a previous key.
    output = command("provenance_verify")
    assert f"{tenant.slug}: 3 signed versions checked, 0 tampered" in output
    assert "2 signed with a previous key" in output
    assert "rotate_keys --provenance" in output


def test_without_the_previous_key_old_rows_are_unreadable(
    settings, tenant, officer, seeded
):
    # What the window avoids: B alone neither decrypts nor verifies them.
    only_b(settings)
    with pytest.raises(InvalidToken):
        value_decrypt(jane_token(tenant).ciphertext)
    _, error = command_failing("provenance_verify")
    assert "2 tampered" in error


def test_a_draft_signed_under_the_previous_key_can_still_be_approved(settings, seeded):
    rotate_to_b(settings)
    version = seeded.other.head
    resign_approved(version, approved_by="curator", now=timezone.now())
    assert provenance_verify(
        version.provenance, version.signature, PROVENANCE_B.encode()
    )


def test_a_draft_signed_under_the_previous_key_can_still_be_edited(settings, seeded):
    rotate_to_b(settings)
    version = seeded.other.head
    draft_edit_apply(
        version, DraftEdit("Prefers meetings before ten.", unit_vector(), pii=False)
    )
    assert provenance_verify(
        version.provenance, version.signature, PROVENANCE_B.encode()
    )
    assert version.provenance["content_hash"] == version.content_hash


# rotate_keys


def test_rotate_keys_moves_every_keyed_row_to_the_new_keys(
    settings, tenant, officer, seeded
):
    globex = make_tenant("globex", scopes=(GLOBEX_USER,))
    globex_agent = make_agent(globex)[0]
    committed(globex_agent, "Reach them at ops@globex.example.", scope=GLOBEX_USER)
    rotate_to_b(settings)

    output = command("rotate_keys")

    assert (
        f"{tenant.slug}: redaction mappings: 1 checked, 1 re-encrypted, "
        "0 already under the current key, 0 reported"
    ) in output
    assert f"{tenant.slug}: erasure identifiers: 1 checked, 1 re-encrypted" in output
    assert f"{tenant.slug}: version signatures: 2 checked, 2 re-signed" in output
    assert f"{globex.slug}: version signatures: 1 checked, 1 re-signed" in output
    assert BOTH_DROPPABLE in output
    # Everything decrypts under B alone and no longer under A.
    token = jane_token(tenant)
    assert decrypts_with(token.ciphertext, REDACTION_B)
    assert not decrypts_with(token.ciphertext, REDACTION_A)
    assert token.value_digest == value_digest("EMAIL", JANE_EMAIL, key=REDACTION_B)
    request = ErasureRequest.objects.get(pk=seeded.request.pk)
    assert decrypts_with(request.identifiers_ciphertext, REDACTION_B)
    assert not decrypts_with(request.identifiers_ciphertext, REDACTION_A)
    for version in MemoryVersion.objects.all():
        assert provenance_verify(
            version.provenance, version.signature, PROVENANCE_B.encode()
        )
        assert not provenance_verify(
            version.provenance, version.signature, PROVENANCE_A.encode()
        )
    # One event per tenant, counts only.
    (event,) = rotation_events(tenant)
    assert event.object_type == "tenant" and event.object_id == str(tenant.id)
    assert event.metadata == {
        "rotated": {
            "redaction_mappings": 1,
            "erasure_identifiers": 1,
            "version_signatures": 2,
        },
        "left_alone": {
            "redaction_mappings": 0,
            "erasure_identifiers": 0,
            "version_signatures": 0,
        },
    }
    assert len(rotation_events(globex)) == 1
    text = str([e.metadata for e in AuditEvent.objects.all()])
    for secret in (REDACTION_A, REDACTION_B, PROVENANCE_A, PROVENANCE_B):
        assert secret not in text

    # With A gone, B alone reads and verifies everything.
    only_b(settings)
    assert value_decrypt(token.ciphertext) == JANE_EMAIL
    verified = command("provenance_verify")
    assert f"{tenant.slug}: 2 signed versions checked, 0 tampered" in verified
    assert "previous key" not in verified
    preview = erasure_preview(tenant=tenant, request_id=request.pk, user=officer)
    assert seeded.contact.pk in {entry.item_id for entry in preview.direct}
    assert "Nothing is left under a previous key" in command("rotate_keys", "--check")


def test_a_second_run_changes_nothing(settings, tenant, seeded):
    rotate_to_b(settings)
    command("rotate_keys")
    before, events = keyed_state(tenant), AuditEvent.objects.count()

    output = command("rotate_keys")

    assert keyed_state(tenant) == before
    assert AuditEvent.objects.count() == events
    assert (
        f"{tenant.slug}: version signatures: 2 checked, 0 re-signed, "
        "2 already under the current key"
    ) in output


def test_a_dry_run_changes_nothing(settings, tenant, seeded):
    rotate_to_b(settings)
    before, events = keyed_state(tenant), AuditEvent.objects.count()

    output = command("rotate_keys", "--dry-run")

    assert keyed_state(tenant) == before
    assert AuditEvent.objects.count() == events
    assert f"{tenant.slug}: redaction mappings: 1 checked, 1 to be re-encrypted" in (
        output
    )
    assert f"{tenant.slug}: version signatures: 2 checked, 2 to be re-signed" in (
        output
    )
    assert "Dry run: nothing was written." in output
    assert "you can now remove" not in output


def test_check_fails_until_everything_is_rotated(settings, tenant, seeded):
    rotate_to_b(settings)
    output, error = command_failing("rotate_keys", "--check")
    assert f"{tenant.slug}: redaction mappings: 1 checked, 1 under a previous key" in (
        output
    )
    assert "4 row(s) are still under a previous key" in error
    command("rotate_keys")
    assert BOTH_DROPPABLE in command("rotate_keys", "--check")


def test_a_tampered_version_is_reported_and_not_resigned(settings, tenant, seeded):
    tampered = seeded.other.head
    MemoryVersion.objects.filter(pk=tampered.pk).update(
        content="Prefers evening meetings."
    )
    forged = seeded.contact.head
    MemoryVersion.objects.filter(pk=forged.pk).update(signature="0" * 64)
    rotate_to_b(settings)

    output, error = command_failing("rotate_keys")

    assert (
        f"TAMPERED item {tampered.item_id} version {tampered.number} "
        f"(id {tampered.pk}): content; not re-signed"
    ) in output
    assert f"(id {forged.pk}): signature; not re-signed" in output
    assert MemoryVersion.objects.get(pk=tampered.pk).signature == tampered.signature
    assert MemoryVersion.objects.get(pk=forged.pk).signature == "0" * 64
    assert f"{tenant.slug}: version signatures: 2 checked, 0 re-signed" in output
    # The rest is rotated; the tampered rows stay reported, not under A.
    assert BOTH_DROPPABLE in output
    assert "2 row(s) need a person's attention" in error
    (event,) = rotation_events(tenant)
    assert event.metadata["left_alone"]["version_signatures"] == 2
    assert event.metadata["rotated"]["version_signatures"] == 0


def test_a_killed_run_is_resumed_and_audited_once(
    settings, tenant, agent, seeded, monkeypatch
):
    committed(agent, "Works from Lisbon.", scope=USER_42)
    rotate_to_b(settings)
    calls = []

    def dies_on_the_second_batch(rows):
        calls.append(len(rows))
        if len(calls) == 2:
            raise RuntimeError("killed")
        return key_rotation.VERSION_SIGNATURES.rotate(rows)

    dying = dataclasses.replace(
        key_rotation.VERSION_SIGNATURES, rotate=dies_on_the_second_batch
    )
    monkeypatch.setattr(
        "approvals.management.commands.rotate_keys.KEYED_ROWS",
        (*KEYED_ROWS[:2], dying),
    )
    with pytest.raises(RuntimeError, match="killed"):
        command("rotate_keys", "--batch-size", "1")
    # The batches before it committed; the event waits for the last one.
    assert decrypts_with(jane_token(tenant).ciphertext, REDACTION_B)
    assert not rotation_events(tenant)
    monkeypatch.undo()

    output = command("rotate_keys", "--batch-size", "1")

    assert f"{tenant.slug}: version signatures: 3 checked, 2 re-signed" in output
    assert BOTH_DROPPABLE in output
    (event,) = rotation_events(tenant)
    assert event.metadata["rotated"]["version_signatures"] == 2


def test_only_the_redaction_key(settings, tenant, seeded):
    rotate_to_b(settings)
    output = command("rotate_keys", "--redaction")
    assert "version signatures" not in output
    assert (
        "Nothing is left under a previous key: you can now remove "
        "MGC_REDACTION_KEY_PREVIOUS from every process"
    ) in output
    version = MemoryVersion.objects.get(pk=seeded.other.head_id)
    assert provenance_verify(
        version.provenance, version.signature, PROVENANCE_A.encode()
    )


def test_a_value_stored_twice_across_keys_is_reported_not_merged(
    settings, tenant, agent, seeded
):
    # A worker ran with B but without A as previous: the email got a second
    # token under B.
    only_b(settings)
    twice = committed(agent, f"Write to {JANE_EMAIL}.", scope=USER_42)
    assert "<EMAIL_2>" in twice.head.content
    rotate_to_b(settings)

    output, error = command_failing("rotate_keys", "--redaction")

    assert "(/org/acme/user/42/ <EMAIL_1>): another token of this principal" in (output)
    assert "1 row(s) are still under a previous key" in error
    assert decrypts_with(jane_token_numbered(tenant, 1).ciphertext, REDACTION_A)


def jane_token_numbered(tenant, number: int) -> RedactionToken:
    return RedactionToken.objects.get(tenant=tenant, principal=USER_42, number=number)


def test_the_subject_hash_is_kept(settings, tenant, seeded):
    rotate_to_b(settings)
    command("rotate_keys")
    assert (
        ErasureRequest.objects.get(pk=seeded.request.pk).subject_hash
        == seeded.request.subject_hash
    )


def test_bad_arguments(db):
    with pytest.raises(CommandError, match="at least 1"):
        command("rotate_keys", "--batch-size", "0")
    with pytest.raises(CommandError, match="No tenant 'nope'"):
        command("rotate_keys", "--tenant", "nope")
