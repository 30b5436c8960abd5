"""Re-key existing chains: unkeyed SHA-256 links become HMACs under MGC_AUDIT_KEY.

An unkeyed chain proves nothing (anyone can recompute it), so no link stays
unkeyed: verification knows HMAC links only. Each tenant's chain is first
checked link by link under the old scheme and re-keyed only as far as it
holds; from the first broken link on it is left as it was, so `audit_verify`
still reports the break there. The chain head follows the re-keyed last link
only if it matched the old one. See docs/audit.md, "Existing trails".

The hash functions are copied here, frozen, so later changes to
`audit.services` cannot change what this migration did.
"""

import hashlib
import hmac
import json

from django.conf import settings
from django.db import migrations

GENESIS_HASH = "0" * 64
BATCH = 2000


def _body(event) -> str:
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


def _unkeyed(prev: str, body: str) -> str:
    return hashlib.sha256((prev + body).encode()).hexdigest()


def _current_key() -> tuple[str, bytes]:
    key = settings.MGC_AUDIT_KEY.encode()
    key_id = hmac.new(key, b"mgc-audit-key-id", hashlib.sha256).hexdigest()[:16]
    return key_id, key


def _rechain(apps, schema_editor, *, forwards: bool) -> None:
    AuditEvent = apps.get_model("audit", "AuditEvent")
    AuditChainHead = apps.get_model("audit", "AuditChainHead")
    # The migrating connection (the tables' owner), not the app's `default`.
    db = schema_editor.connection.alias
    key_id, key = _current_key()

    def keyed(prev: str, body: str) -> str:
        return hmac.new(key, (prev + body).encode(), hashlib.sha256).hexdigest()

    old, new = (_unkeyed, keyed) if forwards else (keyed, _unkeyed)
    old_key_id, new_key_id = ("", key_id) if forwards else (key_id, "")
    tenants = (
        AuditEvent.objects.using(db)
        .order_by()
        .values_list("tenant_id", flat=True)
        .distinct()
    )
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(
            "ALTER TABLE audit_auditevent DISABLE TRIGGER audit_event_insert_only"
        )
        for tenant_id in list(tenants):
            old_prev = new_prev = GENESIS_HASH
            expected, updates, intact = 1, [], True
            events = (
                AuditEvent.objects.using(db).filter(tenant_id=tenant_id).order_by("seq")
            )
            for event in events.iterator(chunk_size=BATCH):
                body = _body(event)
                if (
                    event.seq != expected
                    or event.key_id != old_key_id
                    or event.prev_hash != old_prev
                    or event.hash != old(old_prev, body)
                ):
                    intact = False
                    break
                digest = new(new_prev, body)
                updates.append((new_prev, digest, new_key_id, event.id))
                old_prev, new_prev, expected = event.hash, digest, expected + 1
                if len(updates) >= BATCH:
                    _update(cursor, updates)
            _update(cursor, updates)
            head = AuditChainHead.objects.using(db).filter(tenant_id=tenant_id).first()
            if intact and head and head.seq == expected - 1 and head.hash == old_prev:
                AuditChainHead.objects.using(db).filter(tenant_id=tenant_id).update(
                    hash=new_prev
                )
        cursor.execute(
            "ALTER TABLE audit_auditevent ENABLE TRIGGER audit_event_insert_only"
        )


def _update(cursor, updates: list) -> None:
    if updates:
        cursor.executemany(
            "UPDATE audit_auditevent SET prev_hash = %s, hash = %s, key_id = %s "
            "WHERE id = %s",
            updates,
        )
        updates.clear()


def rechain_keyed(apps, schema_editor) -> None:
    _rechain(apps, schema_editor, forwards=True)


def rechain_unkeyed(apps, schema_editor) -> None:
    _rechain(apps, schema_editor, forwards=False)


class Migration(migrations.Migration):
    dependencies = [("audit", "0003_event_key_id")]

    operations = [migrations.RunPython(rechain_keyed, rechain_unkeyed)]
