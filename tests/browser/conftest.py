"""Browser tests: Debian's Chromium through Playwright, one way for every journey.

Chromium missing is a failure, never a skip.
"""

import os
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in this thread; Django's ORM, used
# by the live server's fixtures, would otherwise refuse to run beside it.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Screenshots each journey leaves for a person to look at.
ARTIFACTS_ROOT = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture(autouse=True)
def chromium_installed() -> None:
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"{CHROMIUM} is missing: run `apt-get install chromium` (.ci/run does)."
        )


@pytest.fixture(autouse=True)
def close_connections_opened_under_playwright(monkeypatch) -> None:
    """Close the ORM sessions test code opened inside `with sync_playwright()`.

    Playwright's sync API runs the block in a greenlet of its own, whose
    context gives Django's ORM a connection other than the test's; nothing
    closed it, so the session stayed idle on the test database until the
    suite's end (`tests/conftest.py`, `_end_leftover_sessions`, named this
    test's). Leaving the block now closes the block's connections first.
    """
    from django.db import connections
    from playwright.sync_api import PlaywrightContextManager

    leave = PlaywrightContextManager.__exit__

    def __exit__(self, *exc_info):
        connections.close_all()
        return leave(self, *exc_info)

    monkeypatch.setattr(PlaywrightContextManager, "__exit__", __exit__)
