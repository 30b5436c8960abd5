"""The sensitivity rescan (memory_core/services/sensitivity.py) through its command."""

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from audit.models import AuditEvent
from memory_core.hashing import sha256
from memory_core.models import MemoryItem, MemoryVersion, Scope, VersionStatus

USER_42 = "/org/acme/user/42/"


def make_version(tenant, content, *, flags=(), status=VersionStatus.ACTIVE):
    scope = Scope.objects.get(tenant=tenant, path=USER_42)
    now = timezone.now()
    item = MemoryItem.objects.create(
        tenant=tenant, scope=scope, layer="episodic", created_at=now, updated_at=now
    )
    return MemoryVersion.objects.create(
        tenant=tenant,
        item=item,
        scope=scope,
        layer="episodic",
        number=1,
        content=content,
        embedding=[0.1] * 384,
        content_hash=sha256(content),
        confidence=0.5,
        source="recalled",
        status=status,
        flags=list(flags),
        valid_from=now,
        created_at=now,
    )


@pytest.fixture
def stored(tenant):
    return {
        "pii": make_version(tenant, "Mail alice@example.com or +44 7911 123456"),
        "secret": make_version(tenant, "key AKIAIOSFODNN7EXAMPLE for backups"),
        "redacted": make_version(tenant, "Mail <EMAIL_1>", flags=["pii"]),
        "clean": make_version(tenant, "The user prefers dark mode."),
        "old": make_version(tenant, "bob@example.com", status=VersionStatus.SUPERSEDED),
    }


def rescan_events(tenant):
    return AuditEvent.objects.filter(
        tenant_id=tenant.id, action="memory.rescan_flagged"
    )


def test_rescan_dry_run_changes_nothing(tenant, stored, capsys):
    call_command("sensitivity_rescan", "--dry-run")
    out = capsys.readouterr().out
    assert "acme: scanned 4, would flag 2" in out
    assert "EMAIL 1, PHONE 1" in out
    assert not rescan_events(tenant).exists()
    assert MemoryVersion.objects.get(pk=stored["pii"].pk).flags == []


def test_rescan_flags_unredacted_pii_and_secrets_and_audits_each(
    tenant, other_tenant, stored, capsys
):
    call_command("sensitivity_rescan", "--tenant", "acme")
    flags = {
        name: MemoryVersion.objects.get(pk=v.pk).flags for name, v in stored.items()
    }
    assert flags == {
        "pii": ["pii"],
        "secret": ["secret"],
        "redacted": ["pii"],
        "clean": [],
        "old": [],
    }
    events = {e.object_id: e for e in rescan_events(tenant)}
    assert set(events) == {str(stored["pii"].pk), str(stored["secret"].pk)}
    metadata = events[str(stored["pii"].pk)].metadata
    assert metadata["flags_added"] == ["pii"]
    assert metadata["pii"] == {"EMAIL": 1, "PHONE": 1}
    assert "alice" not in str(metadata) and "7911" not in str(metadata)
    assert "AKIA" not in str(events[str(stored["secret"].pk)].metadata)
    assert "acme: scanned 4, flagged 2" in capsys.readouterr().out

    call_command("sensitivity_rescan", "--tenant", "acme")
    assert rescan_events(tenant).count() == 2  # nothing new the second time


def test_rescan_of_an_unknown_tenant_fails(db):
    with pytest.raises(CommandError):
        call_command("sensitivity_rescan", "--tenant", "nope")
