"""Schemathesis against a live server: the API is what its schema publishes.

The real WSGI application serves its own schema (/api/schema/) on the test
database. Schemathesis runs every operation in it (whoever added it) with
schema-valid and schema-violating data, in all its phases and with all its
checks: a 5xx, an undocumented status code, header or content type, a
response body the schema does not describe, invalid data accepted, valid
data refused, or a request without the token let in fails the test, with
Schemathesis's report (and a curl line per failure) as the message.

The tenant holds a memory with two versions and writes in three states, and
the config below hands their ids and the tenant's scopes to Schemathesis
some of the time, so the detail operations answer 200 with real bodies as
well as 404.
"""

from __future__ import annotations

import subprocess
import sys
import time
import uuid
from pathlib import Path

import numpy as np

from memory_core.services.writes import write_process, write_submit
from tests.factories import make_agent, make_tenant

ST = Path(sys.executable).with_name("st")
SCOPES = ("/org/acme/", "/org/acme/user/42/")
# Per operation; the 2–3 phases multiply it. About a minute on two cores.
MAX_EXAMPLES = 40
UNLIMITED = 1_000_000

CONFIG = """
# Valid shapes the pipeline still refuses (a scope outside the tenant, a
# kind in the wrong layer, an unknown residency class, a malformed e-mail
# to forget) are 422: the schema describes a body, not the tenant's data.
[[operations]]
include-operation-id = ["writes_create", "writes_batch_create", "forget_create"]
checks.positive_data_acceptance.expected-statuses = [
    "2xx", "401", "403", "404", "409", "422", "429",
]

# A batch answers a write the schema refuses in its 207, that write alone
# (422 in its result), so that one bad write never refuses the others; a body
# that is not a batch is refused whole (tests/memory_core/test_write_batch_api.py).
[[operations]]
include-operation-id = ["writes_batch_create"]
checks.negative_data_rejection.expected-statuses = [
    "207", "400", "401", "403", "404", "413", "415", "422", "429",
]

# Search and context refuse what a schema cannot say: a blank (whitespace)
# query, an `as_of` in the future, a scope the agent may not read (422).
[[operations]]
include-operation-id = ["search_create", "context_create"]
checks.positive_data_acceptance.expected-statuses = ["2xx", "401", "403", "404", "422"]

[parameters]
"body.scope" = {{ dictionary = "scopes", probability = 0.7 }}
"query.scope" = {{ dictionary = "scopes", probability = 0.5 }}
"path.memory_id" = {{ dictionary = "memory_ids", probability = 0.5 }}
"path.write_id" = {{ dictionary = "write_ids", probability = 0.5 }}

[dictionaries.scopes]
values = {scopes}

[dictionaries.memory_ids]
values = {memory_ids}

[dictionaries.write_ids]
values = {write_ids}
"""


def _vector(seed: int) -> list[float]:
    vector = np.random.default_rng(seed).normal(size=384)
    return (vector / np.linalg.norm(vector)).tolist()


def _submit(agent, content: str, *, process: bool, seed: int = 0):
    payload = {
        "scope": "/org/acme/user/42/",
        "layer": "episodic",
        "kind": "note",
        "key": "drink",
        "content": content,
        "source": "user_stated",
        "confidence": 0.9,
        "evidence": [{"source_type": "DOCUMENT", "uri": "doc://handbook"}],
        "embedding": _vector(seed),
    }
    write = write_submit(
        agent=agent, payload=payload, idempotency_key=uuid.uuid4().hex
    ).write
    if process:
        write_process(write_id=write.id)
        write.refresh_from_db()
    return write


def _toml_list(values) -> str:
    return "[" + ", ".join(f'"{value}"' for value in values) + "]"


def test_the_api_keeps_its_published_contract(live_server, settings, tmp_path):
    # No worker consumes the writes: a long poll would only wait out its time.
    settings.MGC_LONG_POLL_MAX_SECONDS = 0.2
    tenant = make_tenant("acme", scopes=SCOPES[1:])
    # Thousands of writes a minute are this test's normal, not a storm.
    tenant.policy = {
        "storm_writes_per_minute": UNLIMITED,
        "session_write_budget": UNLIMITED,
        "rate_limits": dict.fromkeys(
            ("session", "episodic", "semantic", "procedural"), UNLIMITED
        ),
    }
    tenant.save(update_fields=["policy"])
    agent, token = make_agent(tenant)
    first = _submit(agent, "The user drinks tea.", process=True, seed=1)
    second = _submit(agent, "The user drinks coffee now.", process=True, seed=2)
    queued = _submit(agent, "The user likes jazz.", process=False, seed=3)
    refused = _submit(agent, "key AKIAIOSFODNN7EXAMPLE", process=False, seed=4)
    assert first.memory_item_id and second.memory_item_id == first.memory_item_id
    config = tmp_path / "schemathesis.toml"
    config.write_text(
        CONFIG.format(
            scopes=_toml_list(SCOPES),
            memory_ids=_toml_list([first.memory_item_id]),
            write_ids=_toml_list([first.id, second.id, queued.id, refused.id]),
        )
    )

    started = time.monotonic()
    run = subprocess.run(
        [
            str(ST),
            "--config-file",
            str(config),
            "--no-color",
            "run",
            f"{live_server.url}/api/schema/",
            "--header",
            f"Authorization: Bearer {token}",
            "--checks",
            "all",
            "--mode",
            "all",
            "--max-examples",
            str(MAX_EXAMPLES),
            "--seed",
            "1",
            # One worker: hypothesis describes strategies with ast.parse,
            # which CPython 3.11 can fail with a SystemError in threads.
            "--workers",
            "1",
            "--request-timeout",
            "10",
            "--max-failures",
            "50",
        ],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=tmp_path,
    )
    elapsed = time.monotonic() - started
    report = f"{run.stdout}{run.stderr}\nSchemathesis took {elapsed:.0f} s"
    assert run.returncode == 0, report
