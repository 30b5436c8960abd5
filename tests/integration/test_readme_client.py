"""The README's Python client runs as written against a live server.

The block between `<!-- readme-client -->` and `<!-- /readme-client -->` is
run in a fresh interpreter with a real token; the memories it reads back are
committed through the write service and the pipeline, with real embeddings.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

from memory_core.models import Role
from tests.conftest import ROOT
from tests.factories import make_agent, make_member, make_tenant
from tests.memory_core.test_console_search_views import remember

BLOCK = re.compile(
    r"<!-- readme-client -->\s*```python\n(?P<code>.*?)```\s*<!-- /readme-client -->",
    re.DOTALL,
)
USER = "/org/acme/user/42/"


def readme_client() -> str:
    match = BLOCK.search((ROOT / "README.md").read_text())
    assert match, "README.md has no <!-- readme-client --> Python block"
    return match["code"]


def test_the_readme_client_reads_memory_back(live_server):
    tenant = make_tenant("acme", scopes=(USER,))
    # A procedure would wait for a curator's review; let it commit.
    tenant.policy = {"async_review_at": 0.99, "sync_block_at": 0.999}
    tenant.save(update_fields=["policy"])
    make_member(tenant, Role.CURATOR)
    agent, token = make_agent(tenant)
    remember(agent, "The user prefers dark mode.")
    remember(agent, "Invoices go to the finance mailbox.")
    remember(
        agent,
        "Deploy user-service through the staging cluster first.",
        scope="/org/acme/",
        layer="procedural",
    )

    run = subprocess.run(
        [sys.executable, "-c", readme_client()],
        env={**os.environ, "MGC_URL": live_server.url, "MGC_TOKEN": token},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert re.fullmatch(
        r"0\.\d\d The user prefers dark mode\. \(/org/acme/user/42/ v1\)", lines[0]
    ), run.stdout
    assert (
        "[preference] Deploy user-service through the staging cluster first." in lines
    ), run.stdout
