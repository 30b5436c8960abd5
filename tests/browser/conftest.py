"""Browser tests need Debian's Chromium; missing, they fail loudly (never skip)."""

from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(autouse=True)
def chromium_installed() -> None:
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"{CHROMIUM} is missing: run `apt-get install chromium` (.ci/run does)."
        )
