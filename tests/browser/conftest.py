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
