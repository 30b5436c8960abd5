"""Migration audit 0004 re-keys existing unkeyed chains, and keeps their breaks."""

from __future__ import annotations

import hashlib
import uuid

import pytest
from django.db import connections
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from audit.models import AuditChainHead, AuditEvent
from audit.services import audit_chain_verify, audit_key_id
from tests.audit.test_audit_integrity import body

BEFORE = [("audit", "0003_event_key_id")]


def migrate(targets) -> None:
    # As the tables' owner, as `manage.py migrate` does.
    executor = MigrationExecutor(connections["migrate"])
    executor.loader.build_graph()
    executor.migrate(targets)


def legacy_chain(tenant_id, n, *, edit_seq=None) -> list[str]:
    """Write an unkeyed SHA-256 chain as the code before the audit key did."""
    prev, hashes, now = "0" * 64, [], timezone.now()
    for seq in range(1, n + 1):
        event = AuditEvent(
            tenant_id=tenant_id,
            seq=seq,
            created_at=now,
            actor_type="system",
            action=f"legacy.step{seq}",
            metadata={"n": seq},
            prev_hash=prev,
        )
        event.hash = hashlib.sha256((prev + body(event)).encode()).hexdigest()
        if seq == edit_seq:
            event.reason = "edited after hashing"
        event.save()
        prev = event.hash
        hashes.append(prev)
    AuditChainHead.objects.create(tenant_id=tenant_id, seq=n, hash=prev)
    return hashes


@pytest.mark.django_db(transaction=True, databases=["default", "migrate"])
def test_rechain_keys_intact_chains_and_leaves_broken_links_broken(settings):
    latest = MigrationExecutor(connections["migrate"]).loader.graph.leaf_nodes()
    intact, broken = uuid.uuid4(), uuid.uuid4()
    migrate(BEFORE)
    try:
        legacy_hashes = legacy_chain(intact, 4)
        legacy_chain(broken, 3, edit_seq=2)

        migrate(latest)

        current = audit_key_id(settings.MGC_AUDIT_KEY.encode())
        events = AuditEvent.objects.filter(tenant_id=intact).order_by("seq")
        assert {e.key_id for e in events} == {current}
        assert [e.hash for e in events] != legacy_hashes
        assert AuditChainHead.objects.get(tenant_id=intact).hash == events.last().hash
        [found] = audit_chain_verify()
        assert (found.tenant_id, found.seq) == (str(broken), 2)

        # Backwards, the intact chain is unkeyed again, hash for hash.
        migrate(BEFORE)
        events = AuditEvent.objects.filter(tenant_id=intact).order_by("seq")
        assert [e.hash for e in events] == legacy_hashes
        assert {e.key_id for e in events} == {""}
    finally:
        migrate(latest)
