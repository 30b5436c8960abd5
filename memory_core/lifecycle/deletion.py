"""Hard deletion of memory items and of every row that holds their content.

One primitive, `items_hard_delete`, shared by erasure, retention and the
second phase of garbage collection. It deletes, in the caller's transaction:

- the items and all their versions (so the embeddings leave the HNSW index),
- the write requests that produced or touched them (their payloads and
  idempotency records): rows whose `memory_item` or `version` is deleted and
  rows a deleted version names as its `write_request`,
- every row that references a deleted row with `on_delete=CASCADE` (log
  entries, annotations, conflicts, pair allowances, review escalations, and
  whatever a later model adds), recursively,

and sets to NULL the references of surviving rows (`on_delete=SET_NULL`),
for instance another item's log entry naming a deleted version.

The relations are read from the models' metadata, not listed here, so a new
model pointing at an item, a version or a write request is handled without
touching this module (and without `memory_core` importing that app). It is
set-based: one `SELECT` per relation and level to find dependants, one
`DELETE` per table, one `UPDATE` per nullable reference, each with
`= ANY(%s)` over the ids; Django's per-object collector would load every
version's embedding into Python first.

It writes no audit event: the caller records what it deleted and why.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.apps import apps
from django.db import connection, models

from memory_core.metrics import tracing
from memory_core.models import MemoryItem, MemoryVersion, WriteRequest


@dataclass(frozen=True)
class _Reference:
    model: type[models.Model]
    column: str
    on_delete: object


def _references_to(target: type[models.Model]) -> list[_Reference]:
    """Return every concrete foreign key, in any installed app, pointing at `target`."""
    found = []
    for model in apps.get_models():
        for field in model._meta.concrete_fields:
            if field.is_relation and field.related_model is target:
                found.append(
                    _Reference(model, field.column, field.remote_field.on_delete)
                )
    return found


def _select_ids(model: type[models.Model], column: str, ids: Iterable) -> set:
    quote = connection.ops.quote_name
    table, pk = quote(model._meta.db_table), quote(model._meta.pk.column)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {pk} FROM {table} WHERE {quote(column)} = ANY(%s)",
            [list(ids)],
        )
        return {row[0] for row in cursor.fetchall()}


def _collect(roots: dict[type[models.Model], set]) -> dict[type[models.Model], set]:
    """Return the roots plus everything that cascades from them, by model."""
    doomed: dict[type[models.Model], set] = {m: set(ids) for m, ids in roots.items()}
    frontier = [(m, set(ids)) for m, ids in roots.items() if ids]
    while frontier:
        target, ids = frontier.pop()
        for ref in _references_to(target):
            if ref.on_delete is not models.CASCADE:
                continue
            found = _select_ids(ref.model, ref.column, ids)
            new = found - doomed.setdefault(ref.model, set())
            if new:
                doomed[ref.model] |= new
                frontier.append((ref.model, new))
    return doomed


@tracing.memory_operation(tracing.DELETE)
def items_hard_delete(
    *, tenant_id: uuid.UUID, item_ids: Sequence[uuid.UUID]
) -> dict[str, int]:
    """Delete the items and every row holding their content; return rows per table.

    Only items of `tenant_id` are touched, whatever ids are passed. Run it
    inside the caller's transaction (with the items locked if other writers
    may touch them); nothing is committed here.
    """
    item_ids = list(
        MemoryItem.objects.filter(
            tenant_id=tenant_id, id__in=list(item_ids)
        ).values_list("id", flat=True)
    )
    if not item_ids:
        return {}
    version_rows = list(
        MemoryVersion.objects.filter(
            tenant_id=tenant_id, item_id__in=item_ids
        ).values_list("id", "write_request_id")
    )
    version_ids = {v for v, _ in version_rows}
    write_ids = {w for _, w in version_rows if w is not None}
    write_ids |= set(
        WriteRequest.objects.filter(tenant_id=tenant_id)
        .filter(
            models.Q(memory_item_id__in=item_ids) | models.Q(version_id__in=version_ids)
        )
        .values_list("id", flat=True)
    )
    doomed = _collect(
        {
            MemoryItem: set(item_ids),
            MemoryVersion: version_ids,
            WriteRequest: write_ids,
        }
    )

    counts: dict[str, int] = {}
    with connection.cursor() as cursor:
        # Foreign keys are DEFERRABLE INITIALLY DEFERRED, so the order of the
        # deletes does not matter; survivors' references are nulled after.
        for model, ids in doomed.items():
            if not ids:
                continue
            table = model._meta.db_table
            cursor.execute(
                f"DELETE FROM {connection.ops.quote_name(table)} "
                f"WHERE {connection.ops.quote_name(model._meta.pk.column)} = ANY(%s)",
                [list(ids)],
            )
            counts[table] = counts.get(table, 0) + cursor.rowcount
        for target, ids in doomed.items():
            if not ids:
                continue
            for ref in _references_to(target):
                if ref.on_delete is not models.SET_NULL:
                    continue
                column = connection.ops.quote_name(ref.column)
                cursor.execute(
                    f"UPDATE {connection.ops.quote_name(ref.model._meta.db_table)} "
                    f"SET {column} = NULL WHERE {column} = ANY(%s)",
                    [list(ids)],
                )
    return counts
