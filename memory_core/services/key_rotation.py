"""Move stored ciphertexts, digests and signatures to the current keys.

`manage.py rotate_keys` (docs/key-rotation.md) runs once every process has
been restarted with the new keys current and the old ones in the *_PREVIOUS
variables; until then reads accept both (`memory_core/keys.py`).

Each kind of keyed row is a `RowKind`: where the tenant's rows are, how to
tell which key one is under (`look`) and how to move rows to the current key
(`rotate`). `tenant_keys_rotate` reads a tenant's rows of each kind in
primary-key order, `batch_size` at a time and without locks; the rows still
under a previous key are then locked, looked at again and rewritten, one
transaction per batch. A row already under the current key is never
rewritten, so a second run, or one resuming a killed run, does nothing twice.

A row under no key at all is reported and left alone. For a provenance
record that means tampered: it verifies under no key, or its version's
content no longer matches it, and re-signing it would launder it.

One `keys.rotate` audit event per tenant, counts only, commits with the
tenant's last rewritten batch: a run killed before that writes none, and the
run that resumes it writes one for the rows it rewrote.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from cryptography.fernet import InvalidToken
from django.db import transaction
from django.db.models import Model, QuerySet

from audit.actions import AuditAction
from audit.services import Actor, audit_event_record
from memory_core.keys import provenance_keys, redaction_keys
from memory_core.lock_objects import rows_lock
from memory_core.models import MemoryVersion, RedactionToken, Tenant
from memory_core.provenance import (
    provenance_problems,
    provenance_sign,
    provenance_verify,
)
from memory_core.redaction import value_decrypt, value_digest, value_encrypt

BATCH_SIZE = 500


class KeyState(StrEnum):
    CURRENT = "current"
    PREVIOUS = "previous"
    NONE = "none"


@dataclass(frozen=True)
class Look:
    """Which key a row is under; for a row under none, what is wrong with it."""

    state: KeyState
    problem: str = ""


@dataclass(frozen=True)
class RowKind:
    """One kind of keyed row, for `tenant_keys_rotate`.

    `rows(tenant_id)` is the tenant's rows carrying a key, loading what
    `look` and `rotate` read. `rotate(rows)` rewrites rows that are locked
    and under a previous key under the current key, in the caller's
    transaction, and returns a line for each row it had to leave alone.
    """

    name: str
    label: str
    verb: str
    key: str
    rows: Callable[[uuid.UUID], QuerySet]
    look: Callable[[Any], Look]
    rotate: Callable[[list[Any]], list[str]]


@dataclass
class RotationReport:
    """What one kind of a tenant's rows was under, and what was rewritten."""

    kind: str
    checked: int = 0
    current: int = 0
    previous: int = 0
    rotated: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def left(self) -> int:
        """Return how many rows are still under a previous key."""
        return self.previous - self.rotated


# Redaction: the mappings' ciphertexts and digests.


def value_decrypt_any(ciphertext: bytes) -> tuple[int, str] | None:
    """Return the position of the redaction key that decrypts `ciphertext`.

    Return it with the value, 0 being the current key; None when no key does.
    """
    for index, key in enumerate(redaction_keys()):
        try:
            return index, value_decrypt(ciphertext, key=key)
        except InvalidToken:
            continue
    return None


def ciphertext_look(ciphertext: bytes, *, what: str) -> Look:
    """Return which redaction key `ciphertext` is under; `what` names the row."""
    found = value_decrypt_any(ciphertext)
    if found is None:
        return Look(KeyState.NONE, f"{what}: decrypts under no key")
    return Look(KeyState.CURRENT if found[0] == 0 else KeyState.PREVIOUS)


def ciphertext_rotate(ciphertext: bytes) -> bytes:
    """Return `ciphertext`'s value encrypted under the current key."""
    return value_encrypt(value_decrypt(ciphertext))


def _mappings(tenant_id: uuid.UUID) -> QuerySet:
    return RedactionToken.objects.filter(tenant_id=tenant_id).only(
        "id", "tenant_id", "principal", "kind", "token", "value_digest", "ciphertext"
    )


def _mapping_look(row: RedactionToken) -> Look:
    found = value_decrypt_any(row.ciphertext)
    if found is None:
        return Look(
            KeyState.NONE,
            f"redaction mapping {row.pk} ({row.principal} {row.token}): "
            "decrypts under no key",
        )
    index, value = found
    # The digest is under the current key only if it is the current digest.
    if index == 0 and row.value_digest == value_digest(row.kind, value):
        return Look(KeyState.CURRENT)
    return Look(KeyState.PREVIOUS)


def _mappings_rotate(rows: list[RedactionToken]) -> list[str]:
    """Re-encrypt each mapping and recompute its digest under the current key.

    A mapping whose new digest another mapping of its principal already has
    is the same value under a second token, stored by a process that ran
    with the new key but without the previous one: it is left alone and
    reported, because merging two tokens means rewriting signed content.
    """
    for row in rows:
        value = value_decrypt(row.ciphertext)
        row.ciphertext = value_encrypt(value)
        row.value_digest = value_digest(row.kind, value)
    taken = set(
        RedactionToken.objects.filter(
            tenant_id=rows[0].tenant_id,
            value_digest__in=[row.value_digest for row in rows],
        )
        .exclude(pk__in=[row.pk for row in rows])
        .values_list("principal", "value_digest")
    )
    moved, problems = [], []
    for row in rows:
        if (row.principal, row.value_digest) in taken:
            problems.append(
                f"redaction mapping {row.pk} ({row.principal} {row.token}): "
                "another token of this principal holds the same value under "
                "the current key; merge them before dropping the previous key"
            )
            continue
        taken.add((row.principal, row.value_digest))
        moved.append(row)
    RedactionToken.objects.bulk_update(moved, ["ciphertext", "value_digest"])
    return problems


REDACTION_MAPPINGS = RowKind(
    name="redaction_mappings",
    label="redaction mappings",
    verb="re-encrypted",
    key="redaction",
    rows=_mappings,
    look=_mapping_look,
    rotate=_mappings_rotate,
)


# Provenance: the versions' signatures.


def _signed_versions(tenant_id: uuid.UUID) -> QuerySet:
    return (
        MemoryVersion.objects.filter(tenant_id=tenant_id)
        .exclude(provenance={})
        .only(
            "id",
            "item_id",
            "number",
            "provenance",
            "signature",
            "content",
            "content_hash",
        )
    )


def _signature_look(row: MemoryVersion) -> Look:
    key, *previous = provenance_keys()
    if row.signature and provenance_verify(row.provenance, row.signature, key):
        return Look(KeyState.CURRENT)
    # Under a previous key, the record must be intact to be re-signed.
    problems = provenance_problems(
        record=row.provenance,
        signature=row.signature,
        content=row.content,
        content_hash=row.content_hash,
        key=key,
        previous_keys=previous,
    )
    if problems:
        return Look(
            KeyState.NONE,
            f"TAMPERED item {row.item_id} version {row.number} (id {row.pk}): "
            f"{', '.join(problems)}; not re-signed",
        )
    return Look(KeyState.PREVIOUS)


def _signatures_rotate(rows: list[MemoryVersion]) -> list[str]:
    """Sign each version's record anew under the current key."""
    key = provenance_keys()[0]
    for row in rows:
        row.signature = provenance_sign(row.provenance, key)
    MemoryVersion.objects.bulk_update(rows, ["signature"])
    return []


VERSION_SIGNATURES = RowKind(
    name="version_signatures",
    label="version signatures",
    verb="re-signed",
    key="provenance",
    rows=_signed_versions,
    look=_signature_look,
    rotate=_signatures_rotate,
)


# The rotation


def tenant_keys_rotate(
    *,
    tenant: Tenant,
    kinds: Sequence[RowKind],
    actor: Actor,
    batch_size: int = BATCH_SIZE,
    dry_run: bool = False,
) -> list[RotationReport]:
    """Rewrite the tenant's rows still under a previous key under the current key.

    Return a report per kind, in order. A dry run only looks: its reports
    count under `previous` what a run would rewrite, so it is also the check
    that nothing is left.
    """
    reports = {kind.name: RotationReport(kind.name) for kind in kinds}
    # Hold each batch back until the next one is found, so that the last one
    # carries the audit event.
    pending: tuple[RowKind, list[Any]] | None = None
    for kind in kinds:
        report = reports[kind.name]
        for rows in _batches(kind.rows(tenant.id), batch_size):
            stale = []
            for row in rows:
                look = kind.look(row)
                report.checked += 1
                if look.state == KeyState.CURRENT:
                    report.current += 1
                elif look.state == KeyState.PREVIOUS:
                    report.previous += 1
                    stale.append(row.pk)
                else:
                    report.problems.append(look.problem)
            if stale and not dry_run:
                if pending is not None:
                    _rewrite(tenant, *pending, reports=reports)
                pending = (kind, stale)
    if pending is not None:
        _rewrite(tenant, *pending, reports=reports, actor=actor)
    return list(reports.values())


def _batches(rows: QuerySet, size: int) -> Iterator[list[Model]]:
    """Yield `rows` in primary-key order, `size` at a time, each after the last."""
    last = None
    while True:
        page = rows if last is None else rows.filter(pk__gt=last)
        batch = list(page.order_by("pk")[:size])
        if not batch:
            return
        yield batch
        last = batch[-1].pk


def _rewrite(
    tenant: Tenant,
    kind: RowKind,
    pks: list[Any],
    *,
    reports: dict[str, RotationReport],
    actor: Actor | None = None,
) -> None:
    """Lock the rows, rotate those still under a previous key; audit if `actor`."""
    report = reports[kind.name]
    with transaction.atomic(durable=True):
        rows = list(rows_lock(kind.rows(tenant.id).filter(pk__in=pks)))
        stale = [row for row in rows if kind.look(row).state == KeyState.PREVIOUS]
        # Gone (erased, completed) or rotated by another run since the look.
        report.previous -= len(pks) - len(stale)
        problems = kind.rotate(stale) if stale else []
        report.rotated += len(stale) - len(problems)
        report.problems += problems
        if actor is not None:
            audit_event_record(
                tenant_id=tenant.id,
                actor=actor,
                action=AuditAction.KEYS_ROTATE,
                object_type="tenant",
                object_id=str(tenant.id),
                metadata={
                    "rotated": {r.kind: r.rotated for r in reports.values()},
                    "left_alone": {r.kind: len(r.problems) for r in reports.values()},
                },
            )
