"""The trail cannot be wiped or rewritten undetected (issue 13, item 2).

The attacks run as the tables' owner, a superuser in the tests
(`tests.conftest.as_owner`): what an app role with DDL rights (disable the
trigger) or an operator could do.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
import uuid

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import DatabaseError, connection, transaction
from django.test import override_settings

from audit.models import AuditChainHead, AuditEvent
from audit.services import Actor, audit_chain_verify, audit_event_record
from tests.conftest import as_owner
from tests.factories import make_tenant

ACTOR = Actor(type="user", id="7", label="curator")


def record(tenant_id, n=3):
    for i in range(n):
        with transaction.atomic():
            audit_event_record(
                tenant_id=tenant_id,
                actor=ACTOR,
                action=f"test.step{i}",
                object_type="thing",
                object_id=str(i),
                reason="because",
            )


def as_attacker(*statements):
    """Run SQL with every trigger off, as the table owner or a superuser can.

    As the owner (the app's role may not turn triggers off), in the test's
    transaction.
    """
    with transaction.atomic():
        as_owner("SET LOCAL session_replication_role = replica")
        for sql, params in statements:
            as_owner(sql, params)


def body(event: AuditEvent) -> str:
    return json.dumps(
        {
            "tenant_id": str(event.tenant_id),
            "seq": event.seq,
            "created_at": event.created_at.isoformat(),
            "actor_type": event.actor_type,
            "actor_id": event.actor_id,
            "action": event.action,
            "object_type": event.object_type,
            "object_id": event.object_id,
            "reason": event.reason,
            "metadata": event.metadata,
        },
        sort_keys=True,
        separators=(",", ":"),
        default=str,
    )


def unkeyed(prev: str, event: AuditEvent) -> str:
    return hashlib.sha256((prev + body(event)).encode()).hexdigest()


def keyed(key: bytes):
    def digest(prev: str, event: AuditEvent) -> str:
        return hmac.new(key, (prev + body(event)).encode(), hashlib.sha256).hexdigest()

    return digest


def rewrite(tenant_id, seq, reason, rehash):
    """Edit event `seq`'s reason and re-hash it and every later link, and the head."""
    events = list(AuditEvent.objects.filter(tenant_id=tenant_id).order_by("seq"))
    statements, prev = [], "0" * 64
    for event in events:
        if event.seq == seq:
            event.reason = reason
        if event.seq >= seq:
            digest = rehash(prev, event)
            statements.append(
                (
                    "UPDATE audit_auditevent SET reason = %s, prev_hash = %s, "
                    "hash = %s WHERE id = %s",
                    [event.reason, prev, digest, event.id],
                )
            )
            event.hash = digest
        prev = event.hash
    statements.append(
        (
            "UPDATE audit_auditchainhead SET hash = %s WHERE tenant_id = %s",
            [prev, tenant_id],
        )
    )
    as_attacker(*statements)


# -- the database refuses a wipe ------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "sql",
    [
        "TRUNCATE audit_auditevent",
        "TRUNCATE audit_auditchainhead",
        "TRUNCATE audit_auditevent, audit_auditchainhead",
        "DELETE FROM audit_auditchainhead",
    ],
)
def test_the_database_refuses_a_wipe(sql):
    record(uuid.uuid4(), 2)
    # Even to the tables' owner (the app's role may not TRUNCATE at all).
    with pytest.raises(DatabaseError, match="insert-only"), transaction.atomic():
        as_owner(sql)
    assert AuditEvent.objects.count() == 2


@pytest.mark.django_db
def test_a_chain_head_never_moves_back():
    tenant_id = uuid.uuid4()
    record(tenant_id, 3)
    with (
        pytest.raises(DatabaseError, match="only moves forward"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("UPDATE audit_auditchainhead SET seq = 1")


# -- verify works from the tenant registry and the chain heads ----------------


@pytest.mark.django_db
def test_verify_detects_a_wiped_trail_whose_head_survived():
    tenant = make_tenant("acme")
    record(tenant.id, 2)
    as_attacker(("DELETE FROM audit_auditevent WHERE tenant_id = %s", [tenant.id]))

    [broken] = audit_chain_verify()

    assert broken.tenant_id == str(tenant.id)
    assert broken.seq == 1
    assert "truncated" in broken.problem


@pytest.mark.django_db
def test_verify_detects_a_registered_tenant_without_a_trail():
    tenant = make_tenant("acme")
    as_attacker(
        ("DELETE FROM audit_auditevent WHERE tenant_id = %s", [tenant.id]),
        ("DELETE FROM audit_auditchainhead WHERE tenant_id = %s", [tenant.id]),
    )

    [broken] = audit_chain_verify()

    assert broken.tenant_id == str(tenant.id)
    assert "no audit trail" in broken.problem


@pytest.mark.django_db
def test_verify_detects_events_without_a_head():
    tenant_id = uuid.uuid4()
    record(tenant_id, 2)
    as_attacker(("DELETE FROM audit_auditchainhead WHERE tenant_id = %s", [tenant_id]))

    [broken] = audit_chain_verify()

    assert broken.tenant_id == str(tenant_id)
    assert "chain head is missing" in broken.problem


@pytest.mark.django_db
def test_the_verify_command_says_intact_only_for_an_intact_registry(capsys):
    tenant = make_tenant("acme")
    call_command("audit_verify")
    assert "intact" in capsys.readouterr().out

    as_attacker(("DELETE FROM audit_auditevent WHERE tenant_id = %s", [tenant.id]))

    with pytest.raises(CommandError):
        call_command("audit_verify")
    assert f"tenant {tenant.id}" in capsys.readouterr().err


# -- verify reads one snapshot -------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_verify_while_writes_flow_says_intact():
    busy, quiet = uuid.uuid4(), uuid.uuid4()
    with transaction.atomic():
        for _ in range(10):
            audit_event_record(
                tenant_id=busy, actor=ACTOR, action="test.seed", metadata={"n": 1}
            )
    record(quiet, 1)
    stop, appended, errors = threading.Event(), [], []

    def append() -> None:
        try:
            while not stop.is_set():
                with transaction.atomic():
                    audit_event_record(tenant_id=busy, actor=ACTOR, action="test.live")
                appended.append(1)
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            connection.close()

    writer = threading.Thread(target=append)
    writer.start()
    try:
        deadline = time.monotonic() + 4
        runs = []
        while time.monotonic() < deadline:
            runs.append(audit_chain_verify())
    finally:
        stop.set()
        writer.join(30)
    assert not errors
    assert len(appended) > 50, "the writer barely ran: the test proves nothing"
    assert len(runs) > 3
    assert all(result == [] for result in runs), runs


# -- the chain is keyed ----------------------------------------------------------


@pytest.mark.django_db
def test_events_are_chained_with_the_audit_key():
    tenant_id = uuid.uuid4()
    record(tenant_id, 2)
    first, second = AuditEvent.objects.filter(tenant_id=tenant_id).order_by("seq")
    from django.conf import settings

    digest = keyed(settings.MGC_AUDIT_KEY.encode())
    assert first.hash == digest("0" * 64, first)
    assert second.hash == digest(first.hash, second)
    assert first.hash != unkeyed("0" * 64, first)


@pytest.mark.django_db
def test_a_rewrite_rehashed_without_the_key_is_detected():
    tenant_id = uuid.uuid4()
    record(tenant_id, 4)

    rewrite(tenant_id, 2, "nothing to see here", unkeyed)

    [broken] = audit_chain_verify()
    assert (broken.tenant_id, broken.seq) == (str(tenant_id), 2)
    assert "hash" in broken.problem


@pytest.mark.django_db
def test_events_under_a_previous_audit_key_still_verify():
    tenant_id = uuid.uuid4()
    with override_settings(MGC_AUDIT_KEY="old audit key"):
        record(tenant_id, 2)
    with override_settings(MGC_AUDIT_KEY="new audit key"):
        record(tenant_id, 1)
        [broken] = audit_chain_verify()
        assert broken.seq == 1
        assert "no audit key" in broken.problem
        with override_settings(MGC_AUDIT_KEY_PREVIOUS=["old audit key"]):
            assert audit_chain_verify() == []
    keys = set(AuditEvent.objects.values_list("key_id", flat=True))
    assert len(keys) == 2


# -- signed checkpoints ------------------------------------------------------------


def checkpoint(tmp_path, name="checkpoints.jsonl"):
    path = tmp_path / name
    call_command("audit_checkpoint", "--out", str(path))
    return path


@pytest.mark.django_db
def test_a_checkpoint_is_a_signed_line_per_tenant(tmp_path):
    a, b = make_tenant("acme"), make_tenant("globex")
    record(a.id, 2)

    path = checkpoint(tmp_path)

    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert {line["tenant"] for line in lines} == {str(a.id), str(b.id)}
    line = next(line for line in lines if line["tenant"] == str(a.id))
    head = AuditChainHead.objects.get(tenant_id=a.id)
    assert (line["seq"], line["head_hash"]) == (head.seq, head.hash)
    assert set(line) == {"tenant", "seq", "head_hash", "at", "key_id", "signature"}
    # Appending: a second run adds lines, it never replaces the file.
    checkpoint(tmp_path)
    assert len(path.read_text().splitlines()) == 2 * len(lines)


@pytest.mark.django_db
def test_verify_against_an_untouched_checkpoint_passes(tmp_path, capsys):
    tenant = make_tenant("acme")
    record(tenant.id, 3)
    path = checkpoint(tmp_path)
    record(tenant.id, 2)  # the trail goes on after the checkpoint

    call_command("audit_verify", "--checkpoint", str(path))

    out = capsys.readouterr().out
    assert "intact" in out
    assert "1 checkpoint" in out


@pytest.mark.django_db
@pytest.mark.parametrize("rehash", ["unkeyed", "keyed"])
def test_verify_against_a_checkpoint_detects_rewritten_history(
    rehash, tmp_path, capsys
):
    from django.conf import settings

    tenant = make_tenant("acme")
    record(tenant.id, 4)
    path = checkpoint(tmp_path)
    record(tenant.id, 1)
    # The attacker even knows the audit key: every link re-hashes cleanly.
    digest = unkeyed if rehash == "unkeyed" else keyed(settings.MGC_AUDIT_KEY.encode())
    rewrite(tenant.id, 3, "nothing to see here", digest)
    if rehash == "keyed":
        assert audit_chain_verify() == []

    with pytest.raises(CommandError):
        call_command("audit_verify", "--checkpoint", str(path))

    err = capsys.readouterr().err
    assert f"tenant {tenant.id}" in err
    assert "checkpoint" in err


@pytest.mark.django_db
def test_verify_against_a_checkpoint_detects_a_cut_tail(tmp_path, capsys):
    tenant = make_tenant("acme")
    record(tenant.id, 3)
    path = checkpoint(tmp_path)
    last = AuditEvent.objects.filter(tenant_id=tenant.id).latest("seq")
    # Cut the last event and move the head back: the trail itself is consistent.
    as_attacker(
        ("DELETE FROM audit_auditevent WHERE id = %s", [last.id]),
        (
            "UPDATE audit_auditchainhead SET seq = %s, hash = %s WHERE tenant_id = %s",
            [last.seq - 1, last.prev_hash, tenant.id],
        ),
    )
    assert audit_chain_verify() == []

    with pytest.raises(CommandError):
        call_command("audit_verify", "--checkpoint", str(path))
    assert f"event #{last.seq} is missing" in capsys.readouterr().err


@pytest.mark.django_db
def test_a_forged_checkpoint_is_refused(tmp_path, capsys):
    from audit.services import audit_checkpoints_take

    tenant = make_tenant("acme")
    record(tenant.id, 2)
    [line] = [c for c in audit_checkpoints_take() if c["tenant"] == str(tenant.id)]
    forged = {**line, "head_hash": "f" * 64}
    path = tmp_path / "forged.jsonl"
    path.write_text(json.dumps(forged) + "\n")

    with pytest.raises(CommandError):
        call_command("audit_verify", "--checkpoint", str(path))
    assert "signature" in capsys.readouterr().err


@pytest.mark.django_db
def test_an_unreadable_checkpoint_file_is_a_clear_error(tmp_path):
    path = tmp_path / "garbage.jsonl"
    path.write_text("not json\n")
    with pytest.raises(CommandError, match="line 1"):
        call_command("audit_verify", "--checkpoint", str(path))
    with pytest.raises(CommandError, match="cannot read"):
        call_command("audit_verify", "--checkpoint", str(tmp_path / "absent"))
