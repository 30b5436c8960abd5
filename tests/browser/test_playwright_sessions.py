"""Test code inside `with sync_playwright()` leaves no session on the database.

Playwright's sync API gives the block a context of its own, so the ORM there
opens a second connection (browser/conftest.py closes it on leaving).
"""

from __future__ import annotations

import pytest
from django.db import connection
from playwright.sync_api import sync_playwright

from memory_core.models import Scope
from tests.conftest import _owner_session

pytestmark = pytest.mark.django_db


def test_the_blocks_own_session_is_closed_on_leaving():
    list(Scope.objects.all()[:1])
    outer = connection.connection.info.backend_pid
    with sync_playwright():
        list(Scope.objects.all()[:1])
        inner = connection.connection.info.backend_pid
    assert inner != outer
    with _owner_session(autocommit=True) as conn:
        alive = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE pid IN (%s, %s)", [outer, inner]
        ).fetchall()
    assert alive == [(outer,)]
