"""Where a web process's CPU goes at the door: `python -m bench.door_profile`.

Starts the production server as `bench.writes --ingest-only` does (gunicorn,
memory_core/gunicorn_conf.py), posts distinct writes from `--clients`
threads for `--seconds`, and samples one web process with py-spy (`--gil`:
the samples of the thread holding the GIL, i.e. the process's Python CPU)
in the middle of it. Each sample is attributed to a step (`STEPS`); a
step's ms/write is its share of the samples times the run's measured
server CPU per write (approximate: the CPU spent outside the GIL is spread
in proportion). Prints the table and writes bench/results/door_profile.json
(and the raw stacks beside it).

Needs py-spy in the environment (`pip install py-spy`), and the right to
attach to the web process (root, or ptrace allowed).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter

from bench.writes import (
    RESULTS,
    Server,
    backends_cpu,
    backends_cpu_since,
    bench_agent,
    configure,
    distinct_texts,
    loadavg,
    note,
    post_all,
)

# (step, file part or "", function or method name or ""). Library steps first: a frame
# of one of them names the sample's step unless an application step was
# named further out (a library's frames under an application step are that
# step's work); an application step's frame always does.
LIBRARY_STEPS: list[tuple[str, str, str]] = [
    ("gunicorn (HTTP parse, poll, access log)", "gunicorn/", ""),
    ("Django handler + middleware", "django/core/handlers/", ""),
    ("Django handler + middleware", "django/middleware/", ""),
    ("Django handler + middleware", "django/utils/deprecation.py", ""),
    ("Django handler + middleware", "django/contrib/", ""),
    ("Django handler + middleware", "whitenoise/", ""),
    ("Django handler + middleware", "django_htmx/", ""),
    ("Django handler + middleware", "memory_core/security.py", ""),
    ("Django handler + middleware", "memory_core/metrics/requestlog.py", ""),
    ("Django handler + middleware", "memory_core/metrics/prometheus.py", ""),
    ("Django handler + middleware", "memory_core/rls.py", "__call__"),
    ("DRF (dispatch, request, negotiation, rendering)", "rest_framework/", ""),
]
STEPS: list[tuple[str, str, str]] = [
    ("token auth (activation, token row)", "memory_core/auth.py", "authenticate"),
    ("body validation (DRF)", "rest_framework/serializers.py", "is_valid"),
    ("view (WriteCreateApi.post, rest)", "memory_core/apis.py", "post"),
    ("202 answer", "memory_core/apis.py", "_write_response"),
    ("write_submit, the rest", "memory_core/services/writes.py", "write_submit"),
    ("prefetch (key, scope, counts)", "memory_core/pipeline/lookups.py", "prefetch"),
    ("submit gates (not sensitivity)", "memory_core/pipeline/__init__.py", ""),
    ("sensitivity gate (detectors)", "memory_core/pipeline/gates/sensitivity.py", ""),
    ("redaction", "memory_core/redaction.py", ""),
    ("redaction", "memory_core/services/redaction.py", ""),
    ("group store (fence, INSERT, chain, commit)", "services/write_groups.py", ""),
    ("drain request (Redis)", "memory_core/services/writes.py", "write_drain_request"),
    ("metrics", "memory_core/metrics/instruments.py", ""),
]


def _frame(raw: str) -> tuple[str, str]:
    """Return (function, file) of a py-spy frame `function (file:line)`."""
    name, _, rest = raw.partition(" (")
    return name, rest.rsplit(":", 1)[0]


def _match(rules: list[tuple[str, str, str]], function: str, path: str) -> str | None:
    for name, part, func in rules:
        if (not part or part in path) and (
            not func or function == func or function.endswith("." + func)
        ):
            return name
    return None


def attribute(stacks: Counter) -> Counter:
    """Samples per step (see STEPS), "other" for the rest."""
    shares: Counter = Counter()
    for stack, count in stacks.items():
        step, application = "other", False
        for raw in stack.split(";"):
            function, path = _frame(raw)
            name = _match(STEPS, function, path)
            if name is not None:
                step, application = name, True
            elif not application:
                step = _match(LIBRARY_STEPS, function, path) or step
        shares[step] += count
    return shares


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--rate", type=int, default=200, help="py-spy samples/s")
    parser.add_argument("--label", default="", help="a name for the JSON file")
    args = parser.parse_args()
    spy = shutil.which("py-spy") or os.path.join(
        os.path.dirname(sys.executable), "py-spy"
    )
    configure()
    from django.core.management import call_command

    from audit.services import Actor
    from memory_core.services.tenancy import agent_token_issue

    call_command("migrate", verbosity=0)
    run = uuid.uuid4().hex[:6]
    _, scope, agent = bench_agent(f"bench-{run}", "Bench")
    _, token = agent_token_issue(agent=agent, actor=Actor.system("bench"))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    RESULTS.mkdir(parents=True, exist_ok=True)
    server = Server(port)
    stop = threading.Event()
    posted = [0]

    def load() -> None:
        k = 0
        while not stop.is_set():
            bodies = [note(scope, t) for t in distinct_texts(64, f"{run}{k}")]
            post_all(port, token, bodies, args.clients)
            posted[0] += len(bodies)
            k += 1

    try:
        post_all(
            port,
            token,
            [note(scope, t) for t in distinct_texts(4 * args.clients, run + "w")],
            args.clients,
        )
        server.wait_idle()
        web = server.pids()[1]
        raw = RESULTS / f"door_profile{args.label}.txt"
        driver = threading.Thread(target=load, daemon=True)
        driver.start()
        time.sleep(2)
        cpu, pg, count = server.cpu_seconds(), backends_cpu(), posted[0]
        started = time.perf_counter()
        subprocess.run(
            [spy, "record", "--gil", "--format", "raw", "-r", str(args.rate)]
            + ["-d", str(int(args.seconds)), "-p", str(web), "-o", str(raw)],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        elapsed = time.perf_counter() - started
        cpu, pg = server.cpu_seconds() - cpu, backends_cpu_since(pg)
        # Batches of 64 end together: count what was posted meanwhile.
        writes = max(posted[0] - count, 1)
        stop.set()
        driver.join()
    finally:
        server.stop()
    stacks: Counter = Counter()
    for line in raw.read_text().splitlines():
        stack, _, n = line.rpartition(" ")
        if stack:
            stacks[stack] += int(n)
    shares = attribute(stacks)
    total = sum(shares.values()) or 1
    cpu_ms = cpu * 1000 / writes
    result = {
        "writes_per_s": round(writes / elapsed, 1),
        "server_cpu_ms_per_write": round(cpu_ms, 2),
        "pg_cpu_ms_per_write": round(pg * 1000 / writes, 2),
        "samples": total,
        "steps_ms_per_write": {
            step: round(n / total * cpu_ms, 2) for step, n in shares.most_common()
        },
        "web_concurrency": os.environ.get("WEB_CONCURRENCY", ""),
        "web_threads": os.environ.get("MGC_WEB_THREADS", ""),
        "loadavg": loadavg(),
    }
    out = RESULTS / f"door_profile{args.label}.json"
    out.write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
