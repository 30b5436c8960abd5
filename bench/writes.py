"""Write-path benchmark: `python -m bench.writes [--n 1000]`.

Posts N distinct writes over HTTP to a real server, lets a real Celery worker
drain them, then does the same with N exact duplicates. Prints JSON with
committed writes/s, end-to-end and per-gate latencies, and the embedding
model's own batch throughput measured in the same run; writes it to
bench/results/writes.json. Runs in its own database (memory_bench).

`--single-only` measures one write end to end alone: N distinct writes
loaded into the scope by a worker, then `--single` writes posted one at a
time with `Prefer: wait=30`, as the full run's last part does; it writes
bench/results/writes_single.json.

`--duplicates-only` stores one write, then posts N exact copies of it and
lets a fresh worker drain them (bench/results/writes_duplicates.json).

`--ingest-only` measures the door alone: N distinct writes posted by
`--clients` threads, no worker, after the server has warmed up; `--repeat K`
posts K rounds of N and reports each. It writes
bench/results/writes_ingest.json. With `--batch 1 10 50`, each round posts
N writes for each batch size in turn through /api/v1/writes/batch
(bench/results/writes_ingest_batch.json).
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path

from bench import bench_database, bench_django_setup

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"


def _redis_available() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=0.5):
            return True
    except OSError:
        return False


def configure() -> None:
    """Point this process (and its children) at the bench database and queue."""
    if "DATABASE_URL" not in os.environ:
        sys.path.insert(0, str(ROOT))

        bench_database("memory_bench")
    if "CELERY_BROKER_URL" not in os.environ and _redis_available():
        os.environ["CELERY_BROKER_URL"] = "redis://127.0.0.1:6379/14"
    os.environ["MGC_CELERY_QUEUE"] = f"bench-{uuid.uuid4().hex[:8]}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "memory_core.settings"

    bench_django_setup()


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    return round(values[min(len(values) - 1, int(q * len(values)))], 3)


class Worker:
    """A real Celery worker on the bench's queue: one process (`--pool=solo`),
    or `processes` prefork processes with a core's share each, as production."""

    def __init__(self, processes: int = 1) -> None:
        self.ready_at: float | None = None
        self.last_decided_at: float | None = None
        pool = ["--pool=solo"]
        env = dict(os.environ)
        if processes > 1:
            pool = ["--pool=prefork", f"--concurrency={processes}"]
            env.setdefault(
                "OMP_NUM_THREADS", str(max(1, (os.cpu_count() or 1) // processes))
            )
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "memory_core",
                "worker",
                *pool,
                "--loglevel=INFO",
                "-Q",
                os.environ["MGC_CELERY_QUEUE"],
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self._ready = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            if "embedding model loaded" in line and not self._ready.is_set():
                self.ready_at = time.time()
                self._ready.set()
            elif "decided: " in line:
                # Logged once the write's transaction committed, at "ts".
                try:
                    at = datetime.fromisoformat(json.loads(line)["ts"]).timestamp()
                except (ValueError, KeyError, TypeError):
                    at = time.time()
                self.last_decided_at = max(self.last_decided_at or 0.0, at)

    def wait_ready(self) -> float:
        if not self._ready.wait(180):
            raise RuntimeError("worker did not start")
        return self.ready_at

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(30)


class Server:
    """The production web server (gunicorn, memory_core/gunicorn_conf.py)."""

    def __init__(self, port: int) -> None:
        self.port = port
        RESULTS.mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "-c",
                "python:memory_core.gunicorn_conf",
                "memory_core.wsgi",
            ],
            cwd=ROOT,
            env={**os.environ, "MGC_BIND": f"127.0.0.1:{port}"},
            stdout=subprocess.DEVNULL,
            stderr=open(RESULTS / "writes_server.log", "w"),  # noqa: SIM115
        )
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("server did not start")

    def cpu_seconds(self) -> float:
        """CPU time of the server's processes (master and web processes)."""
        return sum(_pid_cpu_seconds(pid) for pid in self.pids())

    def pids(self) -> list[int]:
        """The master's pid, then its web processes'."""
        pids = [self.proc.pid]
        children = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children")
        with contextlib.suppress(OSError):
            pids += [int(p) for p in children.read_text().split()]
        return pids

    def wait_idle(self, quiet: float = 0.5, timeout: float = 120) -> None:
        """Wait until the web processes stop using CPU (their warm-up is done)."""
        deadline = time.time() + timeout
        last = self.cpu_seconds()
        while time.time() < deadline:
            time.sleep(quiet)
            now = self.cpu_seconds()
            if now - last < 0.02 * quiet:
                return
            last = now

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(30)


def post_all(
    port: int,
    token: str,
    bodies: list[dict],
    clients: int,
    batch: int = 0,
    refused: list[dict] | None = None,
) -> float:
    """POST every body with its own Idempotency-Key; return writes per second.

    With `batch` K, the bodies go K at a time to /api/v1/writes/batch, each
    batch with its own key; every write of it must be answered 202. With a
    `refused` list, a write the door answers 422 is appended to it (the
    error envelope's code and gate) instead of failing the run.
    """
    local = threading.local()
    if batch:
        requests = [
            ("/api/v1/writes/batch", {"writes": bodies[i : i + batch]}, 207)
            for i in range(0, len(bodies), batch)
        ]
    else:
        requests = [("/api/v1/writes", body, 202) for body in bodies]

    def post(request: tuple[str, dict, int]) -> int:
        path, body, expected = request
        if not hasattr(local, "conn"):
            local.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        local.conn.request(
            "POST",
            path,
            body=json.dumps(body),
            headers={
                "Authorization": f"Bearer {token}",
                "Content-Type": "application/json",
                "Idempotency-Key": uuid.uuid4().hex,
            },
        )
        response = local.conn.getresponse()
        answer = response.read()
        if response.status == 422 and refused is not None and not batch:
            error = json.loads(answer).get("error", {})
            refused.append({"code": error.get("code"), "gate": error.get("gate")})
            return response.status
        if response.status != expected:
            raise RuntimeError(f"POST {path} answered {response.status}")
        if batch:
            statuses = {r["status"] for r in json.loads(answer)["results"]}
            if statuses != {202}:
                raise RuntimeError(f"a batch's writes answered {statuses}")
        return response.status

    started = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(post, requests))
    return len(bodies) / (time.perf_counter() - started)


def drain(
    write_ids: set,
    started_at: float,
    timeout: float = 600,
    worker: Worker | None = None,
) -> dict:
    from memory_core.models import WriteRequest, WriteStatus

    deadline = time.time() + timeout
    while time.time() < deadline:
        left = WriteRequest.objects.filter(
            id__in=write_ids, status=WriteStatus.QUEUED
        ).count()
        if not left:
            break
        time.sleep(0.2)
    if worker is not None:
        time.sleep(0.5)  # the worker's last log lines, read by its thread
    rows = list(
        WriteRequest.objects.filter(id__in=write_ids).values(
            "status", "created_at", "finished_at", "gate_decisions"
        )
    )
    last = max(r["finished_at"] for r in rows if r["finished_at"]).timestamp()
    statuses: dict[str, int] = {}
    gates: dict[str, list[float]] = {}
    tiers: dict[str, int] = {}
    for row in rows:
        statuses[row["status"]] = statuses.get(row["status"], 0) + 1
        for g in row["gate_decisions"]:
            gates.setdefault(g["gate"], []).append(g["ms"])
            if g["decision"] == "duplicate":
                tiers[g["details"]["tier"]] = tiers.get(g["details"]["tier"], 0) + 1
    return {
        "writes": len(rows),
        "statuses": statuses,
        "writes_per_s": round(len(rows) / max(last - started_at, 1e-6), 1),
        # `finished_at` is stamped when a batch starts deciding, before its
        # writes' gates, audit append and commit; the worker logs each write
        # once committed (`Worker.last_decided_at`).
        "committed_writes_per_s": round(
            len(rows) / max((worker.last_decided_at or last) - started_at, 1e-6), 1
        )
        if worker is not None
        else None,
        "stopped_at_dedup_tier": {t: round(n / len(rows), 3) for t, n in tiers.items()},
        "per_gate_ms": {
            name: {
                "p50": percentile(v, 0.5),
                "p95": percentile(v, 0.95),
                "p99": percentile(v, 0.99),
            }
            for name, v in gates.items()
        },
    }


def model_throughput(texts: list[str], provider=None, rounds: int = 3) -> float:
    """Texts per second of a batch call to the (configured) provider.

    The best of `rounds` calls: on a shared machine one call can meet another
    process's burst, and the model's rate is the denominator of every ratio.
    """
    from memory_core.embeddings import get_provider

    provider = provider or get_provider()
    provider.embed(texts[:64])  # load and warm
    best = 0.0
    for _ in range(rounds):
        started = time.perf_counter()
        provider.embed(texts)
        best = max(best, len(texts) / (time.perf_counter() - started))
    return best


def torch_throughput(texts: list[str]) -> float:
    """The PyTorch run of the same model: what the ONNX default replaced."""
    from memory_core.embeddings import LocalMiniLM

    return model_throughput(texts, LocalMiniLM())


WORDS = """
account address agenda airport allergy analytics apartment appointment archive
backup badge balance bank battery birthday blender budget bug calendar camera
cancel carrier cat certificate chart checkout cinema client coffee colleague
compiler concert contract coupon cousin credit customer dashboard database
deadline dentist deploy desk diet discount doctor dog domain download driver
editor email engine espresso event export family fever flight football garden
gift grocery guitar gym hardware holiday hotel insurance invoice jacket kernel
keyboard kitchen landlord laptop lawyer lease library license loan lunch
manager marathon meeting migration mortgage museum neighbour newsletter
notebook office onboarding order package painting parking passport payroll
pharmacy piano pipeline pizza plumber podcast printer project quota recipe
refund router salary sandwich schedule school server shipment shoes
subscription sunset supplier surgery tablet tax teacher telescope tennis
ticket train translation umbrella vacation vendor violin visa warehouse
wedding weekend window yoga
""".split()
VERBS = [
    "prefers",
    "cancelled",
    "moved",
    "asked about",
    "complained about",
    "renewed",
    "forgot",
    "booked",
    "paid for",
    "reviewed",
    "lost",
    "ordered",
]


def distinct_texts(n: int, run: str) -> list[str]:
    """Return n sentences that differ in meaning, not only in numbers."""
    import random

    rng = random.Random(run)
    return [
        f"The user {rng.choice(VERBS)} the {rng.choice(WORDS)} and the "
        f"{rng.choice(WORDS)} before the {rng.choice(WORDS)}, mentioning "
        f"{' '.join(rng.sample(WORDS, 5))} (ref {run}-{i})."
        for i in range(n)
    ]


def bench_tenant(slug: str, name: str, *, judge: bool = False):
    """Make a tenant `slug` whose agents may post thousands of writes.

    Its per-agent limits are lifted; with `judge`, the model judge is on
    (`cross_encoder_judge`).
    """
    from audit.services import Actor
    from memory_core.services.tenancy import tenant_create

    tenant = tenant_create(slug=slug, name=name, actor=Actor.system("bench"))
    tenant.policy = {
        "rate_limits": {"episodic": 10**9},
        "storm_writes_per_minute": 10**9,
        "cross_encoder_judge": judge,
    }
    tenant.save(update_fields=["policy"])
    return tenant


def bench_agent(slug: str, name: str, *, judge: bool = False) -> tuple:
    """Make a `bench_tenant`, one user scope and one episodic agent in it.

    Return (tenant, scope path, agent).
    """
    from audit.services import Actor
    from memory_core.services.tenancy import agent_create, scope_create

    actor = Actor.system("bench")
    tenant = bench_tenant(slug, name, judge=judge)
    scope = f"/org/{slug}/user/1/"
    scope_create(tenant=tenant, path=scope, actor=actor)
    agent = agent_create(
        tenant=tenant,
        name="bench",
        allowed_scopes=[scope],
        allowed_layers=["episodic"],
        actor=actor,
    )
    return tenant, scope, agent


def note(scope: str, text: str) -> dict:
    """A user-stated episodic memory: low risk, so the pipeline commits it."""
    return {
        "scope": scope,
        "layer": "episodic",
        "content": text,
        "source": "user_stated",
        "confidence": 0.9,
    }


class Sessions:
    """Sample what the app's database sessions are doing while the door is busy.

    Every 20 ms, from pg_stat_activity: the mean number of the app role's
    sessions in each state, and of those waiting, on what (a lock on the
    audit chain's head shows as `Lock:transactionid` or `Lock:tuple`).
    """

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.samples = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> Sessions:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(5)

    def _run(self) -> None:
        from django.db import connections

        conn = connections.create_connection("default")
        try:
            with conn.cursor() as cursor:
                while not self._stop.is_set():
                    cursor.execute(
                        "SELECT state, wait_event_type, wait_event "
                        "FROM pg_stat_activity WHERE datname = current_database() "
                        "AND usename <> current_user "
                        "AND backend_type = 'client backend'"
                    )
                    self.samples += 1
                    for state, kind, event in cursor.fetchall():
                        name = f"{state}:{kind}:{event}" if kind else state
                        self.counts[name] = self.counts.get(name, 0) + 1
                    time.sleep(0.02)
        finally:
            conn.close()

    def means(self) -> dict[str, float]:
        return {
            name: round(n / max(self.samples, 1), 2)
            for name, n in sorted(self.counts.items(), key=lambda kv: -kv[1])
            if n / max(self.samples, 1) >= 0.01
        }


def _pid_cpu_seconds(pid: int) -> float:
    """User + system CPU time of one process (0 if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1]
    except OSError:
        return 0.0
    utime, stime = fields.split()[11:13]
    return (int(utime) + int(stime)) / os.sysconf("SC_CLK_TCK")


def backends_cpu() -> dict[int, float]:
    """CPU seconds of each of the app role's PostgreSQL backends in this database.

    The embedded server runs on this machine: its backends' /proc entries
    say what the door's statements cost the database, which the server's
    own CPU does not include.
    """
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
            "AND usename <> current_user AND backend_type = 'client backend'"
        )
        pids = [row[0] for row in cursor.fetchall()]
    return {pid: _pid_cpu_seconds(pid) for pid in pids}


def backends_cpu_since(before: dict[int, float]) -> float:
    """CPU seconds the app's backends used since `before` (new ones in full)."""
    return sum(cpu - before.get(pid, 0.0) for pid, cpu in backends_cpu().items())


def loadavg() -> list[str]:
    return Path("/proc/loadavg").read_text().split()[:3]


def tenant_write_ids(tenant) -> set:
    """Every write of the bench's tenant, by id."""
    from memory_core.models import WriteRequest

    return set(WriteRequest.objects.filter(tenant=tenant).values_list("id", flat=True))


def copies_drain(
    args: argparse.Namespace, *, tenant, scope: str, token: str, text: str
) -> dict:
    """Post N exact copies of a stored text; a fresh worker drains them."""
    before = tenant_write_ids(tenant)
    post_all(args.port, token, [note(scope, text)] * args.n, args.clients)
    worker = Worker()
    try:
        fresh = tenant_write_ids(tenant) - before
        return drain(fresh, worker.wait_ready(), worker=worker)
    finally:
        worker.stop()


def machine() -> dict:
    """The conditions a result was taken in."""
    return {
        "loadavg": loadavg(),
        "cpu_count": os.cpu_count(),
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def ingest_only(args: argparse.Namespace, *, scope: str, token: str, run: str) -> None:
    """Post `--repeat` rounds of N distinct writes to a warmed server; no worker.

    With `--batch K …`, each round posts N writes for each K in turn, K at a
    time to /api/v1/writes/batch (the sizes interleaved, round after round).
    """
    RESULTS.mkdir(parents=True, exist_ok=True)
    server = Server(args.port)
    sizes = args.batch or [0]
    rounds = []
    try:
        warm = [note(scope, t) for t in distinct_texts(4 * args.clients, run + "w")]
        for size in sizes:
            post_all(args.port, token, warm, args.clients, batch=size)
            warm = [note(scope, t) for t in distinct_texts(len(warm), run + f"w{size}")]
        server.wait_idle()
        for k in range(args.repeat):
            for size in sizes:
                texts = distinct_texts(args.n, f"{run}{k}b{size}")
                bodies = [note(scope, t) for t in texts]
                cpu = server.cpu_seconds()
                pg_cpu = backends_cpu()
                client_cpu = time.process_time()
                with Sessions() as sessions:
                    rate = post_all(args.port, token, bodies, args.clients, size)
                client_cpu = time.process_time() - client_cpu
                rounds.append(
                    {
                        "batch": size,
                        "writes_per_s": round(rate, 1),
                        "server_cpu_ms_per_write": round(
                            (server.cpu_seconds() - cpu) * 1000 / args.n, 2
                        ),
                        # The app's PostgreSQL backends, and this process (the
                        # clients and the sessions' sampler).
                        "pg_cpu_ms_per_write": round(
                            backends_cpu_since(pg_cpu) * 1000 / args.n, 2
                        ),
                        "client_cpu_ms_per_write": round(client_cpu * 1000 / args.n, 2),
                        "db_sessions": sessions.means(),
                        "loadavg": loadavg(),
                    }
                )
                print(json.dumps(rounds[-1]), file=sys.stderr)
    finally:
        server.stop()
    by_size = {
        str(size): round(
            statistics.median(r["writes_per_s"] for r in rounds if r["batch"] == size),
            1,
        )
        for size in sizes
    }
    result = {
        "n": args.n,
        "clients": args.clients,
        "web_concurrency": os.environ.get("WEB_CONCURRENCY", ""),
        "web_threads": os.environ.get("MGC_WEB_THREADS", ""),
        # Batch size 0: one write a request (POST /api/v1/writes).
        "api_ingest_writes_per_s": by_size[str(sizes[0])]
        if len(sizes) == 1
        else by_size,
        "rounds": rounds,
        **machine(),
    }
    name = "writes_ingest_batch.json" if args.batch else "writes_ingest.json"
    (RESULTS / name).write_text(json.dumps(result, indent=2))
    print(json.dumps({k: v for k, v in result.items() if k != "rounds"}, indent=2))


def single_writes(port: int, token: str, bodies: list[dict]) -> list[dict]:
    """POST each body alone with `Prefer: wait=30`; return each one's timing.

    Each entry: the write's id, its status, and the milliseconds from the
    request to the answer (`ms`).
    """
    timings = []
    for body in bodies:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        started = time.perf_counter()
        conn.request(
            "POST",
            "/api/v1/writes",
            body=json.dumps(body),
            headers={
                "Authorization": f"Bearer {token}",
                "Content-Type": "application/json",
                "Prefer": "wait=30",
            },
        )
        response = conn.getresponse()
        raw = response.read()
        ms = (time.perf_counter() - started) * 1000
        conn.close()
        if response.status not in (200, 201, 202):
            raise RuntimeError(f"POST answered {response.status}: {raw[:500]!r}")
        answer = json.loads(raw)
        assert answer["status"] in {"committed", "duplicate"}, answer
        timings.append({"id": answer["id"], "status": answer["status"], "ms": ms})
    return timings


def single_breakdown(timings: list[dict]) -> dict:
    """Split each single write's time at the stored timestamps.

    `door_ms`: request to the write's row (created_at, at the door);
    `to_decision_ms`: the row to the worker's decision (finished_at);
    `after_decision_ms`: the decision to the answer (the long poll seeing
    it, and the response). Percentiles of each.
    """
    from memory_core.models import WriteRequest

    rows = {
        str(r["id"]): r
        for r in WriteRequest.objects.filter(id__in=[t["id"] for t in timings]).values(
            "id", "created_at", "finished_at", "gate_decisions"
        )
    }
    parts: dict[str, list[float]] = {
        "total_ms": [],
        "to_decision_ms": [],
        "gates_ms": [],
    }
    for t in timings:
        row = rows[t["id"]]
        parts["total_ms"].append(t["ms"])
        parts["to_decision_ms"].append(
            (row["finished_at"] - row["created_at"]).total_seconds() * 1000
        )
        parts["gates_ms"].append(sum(g.get("ms") or 0 for g in row["gate_decisions"]))
    return {
        name: {"p50": percentile(v, 0.5), "p95": percentile(v, 0.95)}
        for name, v in parts.items()
    }


def single_only(
    args: argparse.Namespace, *, tenant, scope: str, token: str, run: str
) -> None:
    """Load N distinct writes with a worker, then time `--single` writes alone."""

    RESULTS.mkdir(parents=True, exist_ok=True)
    server = Server(args.port)
    worker = None
    try:
        post_all(
            args.port,
            token,
            [note(scope, t) for t in distinct_texts(args.n, run)],
            args.clients,
        )
        worker = Worker()
        drain(tenant_write_ids(tenant), worker.wait_ready())
        load_before = loadavg()
        timings = single_writes(
            args.port,
            token,
            [note(scope, t) for t in distinct_texts(args.single, run + "e")],
        )
    finally:
        if worker is not None:
            worker.stop()
        server.stop()
    result = {
        "n": args.n,
        "single": args.single,
        "end_to_end_ms_single_write": {
            "p50": percentile([t["ms"] for t in timings], 0.5),
            "p95": percentile([t["ms"] for t in timings], 0.95),
        },
        "breakdown": single_breakdown(timings),
        "loadavg_before": load_before,
        **machine(),
    }
    (RESULTS / "writes_single.json").write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))


def duplicates_only(
    args: argparse.Namespace, *, tenant, scope: str, token: str, run: str
) -> None:
    """One write stored by a worker, then N exact copies drained by a fresh one."""

    text = distinct_texts(1, run)[0]
    server = Server(args.port)
    worker = None
    try:
        post_all(args.port, token, [note(scope, text)], 1)
        worker = Worker()
        drain(tenant_write_ids(tenant), worker.wait_ready())
        worker.stop()
        worker = None
        duplicates = copies_drain(
            args, tenant=tenant, scope=scope, token=token, text=text
        )
    finally:
        if worker is not None:
            worker.stop()
        server.stop()
    result = {
        "n": args.n,
        "exact_duplicates": duplicates,
        **machine(),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "writes_duplicates.json").write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))


def pipeline_only(
    args: argparse.Namespace, *, tenant, scope: str, token: str, run: str
) -> None:
    """Only the distinct writes' drain, with the judge as `--judge` says.

    For a comparison of two policies (the model judge on and off) run one
    after the other: the model's rate is measured in the same run, and the
    JSON goes to bench/results/writes_pipeline[_judge].json.
    """
    model_rate = model_throughput(distinct_texts(args.n, run + "m"))
    server = Server(args.port)
    worker = None
    try:
        bodies = [note(scope, t) for t in distinct_texts(args.n, run)]
        post_all(args.port, token, bodies, args.clients)
        worker = Worker()
        distinct = drain(tenant_write_ids(tenant), worker.wait_ready(), worker=worker)
    finally:
        if worker is not None:
            worker.stop()
        server.stop()
    result = {
        "n": args.n,
        "cross_encoder_judge": args.judge,
        "embedding_model_texts_per_s": round(model_rate, 1),
        "distinct": distinct,
        "pipeline_vs_model": round(distinct["writes_per_s"] / model_rate, 3),
        "loadavg": loadavg(),
        "cpu_count": os.cpu_count(),
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    name = "writes_pipeline_judge.json" if args.judge else "writes_pipeline.json"
    (RESULTS / name).write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument(
        "--ingest-only",
        action="store_true",
        help="only the door: post N distinct writes, no worker",
    )
    parser.add_argument("--repeat", type=int, default=1, help="rounds of --ingest-only")
    parser.add_argument(
        "--batch",
        type=int,
        nargs="+",
        default=None,
        help="with --ingest-only: post the writes K at a time to "
        "/api/v1/writes/batch, for each K given (bench/results/"
        "writes_ingest_batch.json)",
    )
    parser.add_argument(
        "--duplicates-only",
        action="store_true",
        help="store one write, then drain N exact duplicates of it (no model rate)",
    )
    parser.add_argument(
        "--single-only",
        action="store_true",
        help="only one write end to end: load N writes, then post --single alone",
    )
    parser.add_argument(
        "--single", type=int, default=50, help="writes posted one at a time"
    )
    parser.add_argument(
        "--judge",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="the tenant's model judge on or off (cross_encoder_judge); "
        "the default policy's setting unless given",
    )
    parser.add_argument(
        "--pipeline-only",
        action="store_true",
        help="only the distinct writes' drain (no torch rate, one write, copies)",
    )
    args = parser.parse_args()
    configure()
    if args.judge is None:
        from memory_core.policy import DEFAULT_POLICY

        args.judge = DEFAULT_POLICY.cross_encoder_judge
    if not args.port:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            args.port = probe.getsockname()[1]

    from django.core.management import call_command

    from audit.services import Actor
    from memory_core.embeddings import get_provider
    from memory_core.services.tenancy import agent_token_issue

    call_command("migrate", verbosity=0)
    run = uuid.uuid4().hex[:6]
    tenant, scope, agent = bench_agent(f"bench-{run}", "Bench", judge=args.judge)
    _, token = agent_token_issue(agent=agent, actor=Actor.system("bench"))
    if args.ingest_only:
        ingest_only(args, scope=scope, token=token, run=run)
        return
    if args.single_only:
        single_only(args, tenant=tenant, scope=scope, token=token, run=run)
        return
    if args.duplicates_only:
        duplicates_only(args, tenant=tenant, scope=scope, token=token, run=run)
        return
    if args.pipeline_only:
        pipeline_only(args, tenant=tenant, scope=scope, token=token, run=run)
        return
    texts = distinct_texts(args.n, run)
    model_rate = model_throughput(distinct_texts(args.n, run + "m"))
    torch_rate = torch_throughput(distinct_texts(min(args.n, 500), run + "t"))

    RESULTS.mkdir(parents=True, exist_ok=True)
    server = Server(args.port)
    worker = None
    try:
        # Distinct writes: post them all, then let a fresh worker drain the queue.
        bodies = [note(scope, t) for t in texts]
        ingest_rate = post_all(args.port, token, bodies, args.clients)
        worker = Worker()
        distinct = drain(tenant_write_ids(tenant), worker.wait_ready(), worker=worker)
        # End-to-end latency with the worker running, writes arriving one by one.
        e2e = [
            t["ms"]
            for t in single_writes(
                args.port,
                token,
                [note(scope, t) for t in distinct_texts(args.single, run + "e")],
            )
        ]
        worker.stop()
        worker = None

        # Exact duplicates of one stored memory: no embedding needed.
        duplicates = copies_drain(
            args, tenant=tenant, scope=scope, token=token, text=texts[0]
        )
    finally:
        if worker is not None:
            worker.stop()
        server.stop()

    result = {
        "n": args.n,
        "cross_encoder_judge": args.judge,
        "embedding_provider": get_provider().name,
        "embedding_model_texts_per_s": round(model_rate, 1),
        "torch_model_texts_per_s": round(torch_rate, 1),
        "provider_vs_torch": round(model_rate / torch_rate, 2),
        "api_ingest_writes_per_s": round(ingest_rate, 1),
        "distinct": distinct,
        "pipeline_vs_model": round(distinct["writes_per_s"] / model_rate, 3),
        # Every rate as a multiple of the model's own, measured in this run:
        # on a shared, loaded machine the ratios travel, the figures do not.
        # The issue's targets at its model rate of 198 texts/s: pipeline 0.70,
        # duplicates 1000/198 = 5.05, ingest 400/198 = 2.02.
        "vs_model": {
            "pipeline": round(distinct["writes_per_s"] / model_rate, 3),
            "exact_duplicates": round(duplicates["writes_per_s"] / model_rate, 3),
            "api_ingest": round(ingest_rate / model_rate, 3),
        },
        "loadavg": loadavg(),
        "end_to_end_ms_single_write": {
            "p50": percentile(e2e, 0.5),
            "p95": percentile(e2e, 0.95),
        },
        "exact_duplicates": duplicates,
        "cpu_count": os.cpu_count(),
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "writes.json").write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))
    print(f"median of e2e: {statistics.median(e2e):.1f} ms", file=sys.stderr)


if __name__ == "__main__":
    main()
