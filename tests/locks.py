"""A row lock held by another transaction, for tests of `SKIP LOCKED` paths."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection, models, transaction


@contextmanager
def row_locked_elsewhere(instance: models.Model) -> Iterator[None]:
    """Hold `instance`'s row (`SELECT … FOR UPDATE`) in another thread's
    transaction, on its own connection, while the block runs."""
    holding, release = threading.Event(), threading.Event()
    manager = type(instance)._default_manager

    def hold() -> None:
        try:
            with transaction.atomic():
                manager.select_for_update().get(pk=instance.pk)
                holding.set()
                release.wait(30)
        finally:
            connection.close()

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert holding.wait(30), "the other transaction never took the lock"
        yield
    finally:
        release.set()
        holder.join()
