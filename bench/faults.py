"""Fault injection, measured: `python -m bench.faults [--writes 600 --clients 4]`.

Real processes throughout: gunicorn serving the API, a Celery worker on
Redis, beat (whose sweeper re-enqueues writes left queued), PostgreSQL. While
`--clients` threads post `--writes` distinct writes, paced over `--duration`
seconds, each with its own Idempotency-Key and retried on a 503 or a broken
connection until accepted:

1. the worker is killed with SIGKILL `--kills` times, each time while its
   batch transaction has written rows, and a new one is started;
2. PostgreSQL is stopped for `--outage` seconds and started again; the web
   and the worker are not restarted;
3. every tenth write goes to a second web process whose broker is dead: the
   write is stored, and beat's sweeper dispatches it later.

Then it waits for the queue to drain and prints submitted vs committed, stuck,
duplicated and half-committed writes (committed without a version, a version
without its committed write, an item with two active heads) and the verdict
of `manage.py audit_verify`. JSON goes to bench/results/faults.json.

Stopping PostgreSQL must not touch anyone else's server: the bench runs its
own embedded server in `--data-dir` (default /tmp/faults-data), Redis DB 9 and
a queue of its own, and only ever signals the processes it started.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from bench import bench_database, bench_django_setup

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
WORKER_APP_NAME = "mgc-faults-worker"
DEAD_BROKER = "redis://127.0.0.1:1/9"  # nothing listens on port 1
UNFINISHED = ("queued", "deferred")


def configure(data_dir: str, broker: str) -> None:
    """Point this process and its children at a private server, DB and queue."""
    os.environ["MGC_DATA_DIR"] = data_dir
    sys.path.insert(0, str(ROOT))
    from memory_core import embedded_db

    assert str(embedded_db.DATA_DIR) == data_dir, "embedded_db was imported too early"
    bench_database("memory_faults")
    os.environ["CELERY_BROKER_URL"] = broker
    os.environ["MGC_CELERY_QUEUE"] = f"faults-{uuid.uuid4().hex[:8]}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "memory_core.settings"

    bench_django_setup()


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    return round(values[min(len(values) - 1, int(q * len(values)))], 2)


class Process:
    """A child process whose output goes to a log file, watched for a line."""

    def __init__(
        self, name: str, argv: list[str], env: dict[str, str], ready_line: str
    ) -> None:
        self.name = name
        logs = Path(os.environ["MGC_DATA_DIR"]) / "logs"
        logs.mkdir(parents=True, exist_ok=True)
        self.log_path = logs / f"{name}.log"
        self.ready = threading.Event()
        self.ready_line = ready_line
        self.proc = subprocess.Popen(
            argv,
            cwd=ROOT,
            env={**os.environ, **env},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        with self.log_path.open("w") as log:
            for line in self.proc.stdout:
                log.write(line)
                log.flush()
                if self.ready_line in line:
                    self.ready.set()

    def wait_ready(self, timeout: float = 240) -> None:
        if not self.ready.wait(timeout):
            raise RuntimeError(f"{self.name} did not start; see {self.log_path}")

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()


def start_worker(n: int) -> Process:
    return Process(
        f"worker-{n}",
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "memory_core",
            "worker",
            "--pool=solo",
            "--loglevel=INFO",
            f"--hostname=faults-{n}@%h",
            "-Q",
            os.environ["MGC_CELERY_QUEUE"],
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ],
        {"PGAPPNAME": WORKER_APP_NAME},
        "embedding model loaded",
    )


def start_beat() -> Process:
    schedule = Path(os.environ["MGC_DATA_DIR"]) / "celerybeat-schedule"
    return Process(
        "beat",
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "memory_core",
            "beat",
            "--loglevel=INFO",
            f"--schedule={schedule}",
        ],
        {},
        "beat: Starting",
    )


def start_web(name: str, port: int, **env: str) -> Process:
    web = Process(
        name,
        [
            sys.executable,
            "-m",
            "gunicorn",
            "-c",
            "python:memory_core.gunicorn_conf",
            "memory_core.wsgi",
        ],
        {"MGC_BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": "2", **env},
        "Booting worker",
    )
    web.port = port  # type: ignore[attr-defined]
    return web


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, timeout: float = 60) -> None:
    import socket

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"nothing listens on {port}")


def postgres(command: str) -> float:
    """Stop or start the bench's own embedded server; return the seconds taken."""
    started = time.monotonic()
    subprocess.run(
        [sys.executable, "-m", "memory_core.embedded_db", command],
        cwd=ROOT,
        env=os.environ.copy(),
        check=True,
        capture_output=True,
    )
    return time.monotonic() - started


@dataclass
class Attempted:
    """One write as its client saw it."""

    index: int
    key: str
    web: str
    accepted: bool = False
    write_id: str | None = None
    attempts: int = 0
    answers: dict[str, int] = field(default_factory=dict)
    first_at: float = 0.0
    accepted_at: float | None = None
    accept_ms: float | None = None
    refused: str | None = None


class Clients:
    """`clients` threads posting writes on a schedule, retrying until accepted."""

    def __init__(
        self,
        *,
        bodies: list[dict],
        webs: dict[str, int],
        route: list[str],
        tokens: dict[str, str],
        clients: int,
        duration: float,
        give_up_after: float,
    ) -> None:
        self.bodies, self.webs, self.tokens = bodies, webs, tokens
        self.writes = [
            Attempted(i, uuid.uuid4().hex, route[i]) for i in range(len(bodies))
        ]
        self.interval = duration / max(len(bodies), 1)
        self.give_up_after = give_up_after
        self.posted = 0  # first attempts made
        self.lock = threading.Lock()
        self.envelope_problems: list[str] = []
        self.log: list[tuple[float, str, int | str]] = []  # (time, web, answer)
        self.threads = [
            threading.Thread(target=self._run, args=(c, clients), daemon=True)
            for c in range(clients)
        ]

    def start(self) -> None:
        self.t0 = time.time()
        for thread in self.threads:
            thread.start()

    def join(self) -> None:
        for thread in self.threads:
            thread.join()

    def _run(self, client: int, clients: int) -> None:
        for write in self.writes[client::clients]:
            due = self.t0 + write.index * self.interval
            time.sleep(max(0.0, due - time.time()))
            with self.lock:
                self.posted += 1
            self._post(write)

    def _post(self, write: Attempted) -> None:
        """POST until accepted, on a new connection each time.

        (A kept-alive connection the server closed while idle would show up
        as a connection error that no fault caused.)
        """
        port = self.webs[write.web]
        write.first_at = time.time()
        while time.time() - write.first_at < self.give_up_after:
            write.attempts += 1
            started = time.perf_counter()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            try:
                conn.request(
                    "POST",
                    "/api/v1/writes",
                    body=json.dumps(self.bodies[write.index]),
                    headers={
                        "Authorization": f"Bearer {self.tokens[write.web]}",
                        "Content-Type": "application/json",
                        "Idempotency-Key": write.key,
                    },
                )
                response = conn.getresponse()
                raw = response.read()
                answer: int | str = response.status
            except (OSError, http.client.HTTPException) as exc:
                answer, raw = type(exc).__name__, b""
            finally:
                conn.close()
            self._count(write, answer)
            if answer in (200, 201, 202):
                write.accepted = True
                write.accepted_at = time.time()
                write.accept_ms = (time.perf_counter() - started) * 1000
                write.write_id = json.loads(raw)["id"]
                return
            if answer == 503:
                self._check_envelope(raw)
                time.sleep(1.0)
            elif isinstance(answer, str):
                time.sleep(0.5)
            else:
                write.refused = f"{answer} {raw[:200]!r}"
                return

    def _count(self, write: Attempted, answer: int | str) -> None:
        name = str(answer)
        write.answers[name] = write.answers.get(name, 0) + 1
        with self.lock:
            self.log.append((time.time(), write.web, answer))

    def _check_envelope(self, raw: bytes) -> None:
        try:
            error = json.loads(raw)["error"]
            assert error["code"] == "database_unavailable"
        except (ValueError, KeyError, TypeError, AssertionError):
            with self.lock:
                self.envelope_problems.append(raw[:200].decode(errors="replace"))


def worker_in_batch(table: str) -> bool:
    """Whether the worker's open transaction holds `table`'s write lock.

    A batch locks the write requests it claims (FOR UPDATE: RowShareLock)
    and takes RowExclusiveLock on the versions once it inserts them.
    """
    from django.db import connection

    mode = "RowExclusiveLock" if table.endswith("version") else "RowShareLock"
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity a JOIN pg_locks l ON l.pid = a.pid "
            "WHERE a.application_name = %s AND a.xact_start IS NOT NULL "
            "AND l.relation = %s::regclass AND l.mode = %s AND l.granted",
            [WORKER_APP_NAME, table, mode],
        )
        return cursor.fetchone()[0] > 0


def kill_mid_batch(worker: Process, timeout: float = 30) -> dict:
    """SIGKILL the worker, preferably while its batch has written versions."""
    started = time.monotonic()
    hit = "none"
    while time.monotonic() - started < timeout:
        elapsed = time.monotonic() - started
        if worker_in_batch("memory_core_memoryversion"):
            hit = "batch_had_inserted_versions"
            break
        if elapsed > timeout / 2 and worker_in_batch("memory_core_writerequest"):
            hit = "batch_had_claimed_writes"
            break
        time.sleep(0.005)
    worker.kill()
    return {"at": time.time(), "hit": hit, "waited_s": round(elapsed, 2)}


def half_committed(tenant_ids: list) -> dict:
    """The invariants, in SQL over the tenant's writes, versions and items."""
    from django.db import connection

    checks = {
        # A write that says committed, with no version (or a version it
        # does not own).
        "committed_without_version": """
            SELECT count(*) FROM memory_core_writerequest w
            LEFT JOIN memory_core_memoryversion v ON v.id = w.version_id
            WHERE w.tenant_id = ANY(%(t)s) AND w.status = 'committed'
              AND (v.id IS NULL OR v.write_request_id IS DISTINCT FROM w.id)""",
        # A version whose write is not committed (or points elsewhere).
        "version_without_committed_write": """
            SELECT count(*) FROM memory_core_memoryversion v
            LEFT JOIN memory_core_writerequest w ON w.id = v.write_request_id
            WHERE v.tenant_id = ANY(%(t)s)
              AND (w.id IS NULL OR w.status <> 'committed'
                   OR w.version_id IS DISTINCT FROM v.id)""",
        "items_with_two_active_heads": """
            SELECT count(*) FROM (
              SELECT item_id FROM memory_core_memoryversion
              WHERE tenant_id = ANY(%(t)s) AND status = 'active'
              GROUP BY item_id HAVING count(*) > 1) x""",
        "items_without_head": """
            SELECT count(*) FROM memory_core_memoryitem i
            LEFT JOIN memory_core_memoryversion v ON v.id = i.head_id
            WHERE i.tenant_id = ANY(%(t)s) AND (v.id IS NULL OR v.item_id <> i.id)""",
    }
    duplicates = {
        # Two versions made by one write.
        "versions_from_one_write": """
            SELECT coalesce(sum(n - 1), 0) FROM (
              SELECT count(*) n FROM memory_core_memoryversion
              WHERE tenant_id = ANY(%(t)s) AND write_request_id IS NOT NULL
              GROUP BY write_request_id HAVING count(*) > 1) x""",
        # The same (distinct) text stored twice: a write committed twice.
        "same_content_twice": """
            SELECT coalesce(sum(n - 1), 0) FROM (
              SELECT count(*) n FROM memory_core_memoryversion
              WHERE tenant_id = ANY(%(t)s)
              GROUP BY scope_id, layer, content_hash HAVING count(*) > 1) x""",
        # Two writes for one idempotency key (the unique constraint's job).
        "writes_per_idempotency_key": """
            SELECT coalesce(sum(n - 1), 0) FROM (
              SELECT count(*) n FROM memory_core_writerequest
              WHERE tenant_id = ANY(%(t)s)
              GROUP BY agent_id, idempotency_key HAVING count(*) > 1) x""",
    }
    out: dict[str, dict[str, int]] = {"half_committed": {}, "duplicated": {}}
    with connection.cursor() as cursor:
        for group, queries in (("half_committed", checks), ("duplicated", duplicates)):
            for name, sql in queries.items():
                cursor.execute(sql, {"t": tenant_ids})
                out[group][name] = int(cursor.fetchone()[0])
    return out


def audit_verify() -> dict:
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "manage.py", "audit_verify"],
        cwd=ROOT,
        env=os.environ.copy(),
        capture_output=True,
        text=True,
    )
    output = (done.stdout + done.stderr).strip()
    return {
        "verdict": "intact" if done.returncode == 0 else "broken",
        "output": output[-2000:],
        "seconds": round(time.monotonic() - started, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--writes", type=int, default=600)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--kills", type=int, default=3)
    parser.add_argument("--outage", type=float, default=15.0, help="seconds")
    parser.add_argument(
        "--duration", type=float, default=300.0, help="seconds the posting spans"
    )
    parser.add_argument("--dead-broker-every", type=int, default=10)
    parser.add_argument("--drain-timeout", type=float, default=420.0)
    parser.add_argument("--data-dir", default="/tmp/faults-data")
    parser.add_argument("--broker", default="redis://127.0.0.1:6379/9")
    args = parser.parse_args()
    configure(args.data_dir, args.broker)

    from django.core.management import call_command
    from django.db import connection

    from audit.services import Actor
    from bench.writes import bench_agent, distinct_texts, note
    from memory_core.models import MemoryVersion, WriteRequest
    from memory_core.services.tenancy import agent_token_issue

    call_command("migrate", verbosity=0)
    run = uuid.uuid4().hex[:6]
    actor = Actor.system("bench")
    tenant, scope, agent = bench_agent(f"faults-{run}", "Faults")
    _, token = agent_token_issue(agent=agent, actor=actor)
    # The dead broker's writes are another tenant's: a worker batches a
    # tenant's queued writes together, so only the sweeper can reach these.
    tenant_b, scope_b, agent_b = bench_agent(f"faults-{run}-b", "Faults B")
    _, token_b = agent_token_issue(agent=agent_b, actor=actor)
    tenant_ids = [tenant.id, tenant_b.id]
    route = [
        "dead_broker"
        if args.dead_broker_every and i % args.dead_broker_every == 5
        else "web"
        for i in range(args.writes)
    ]
    bodies = [
        note(scope_b if where == "dead_broker" else scope, text)
        for where, text in zip(route, distinct_texts(args.writes, run), strict=True)
    ]

    web = start_web("web", free_port())
    dead = start_web("web-dead-broker", free_port(), CELERY_BROKER_URL=DEAD_BROKER)
    beat = start_beat()
    workers = [start_worker(1)]
    events: list[dict] = []
    kills: list[dict] = []
    outage: dict = {}
    try:
        for p in (web, dead):
            wait_for_port(p.port)  # type: ignore[attr-defined]
        workers[0].wait_ready()
        beat.wait_ready()
        web_pids = {"web": web.proc.pid, "dead_broker": dead.proc.pid}
        clients = Clients(
            bodies=bodies,
            webs={"web": web.port, "dead_broker": dead.port},  # type: ignore[attr-defined]
            route=route,
            tokens={"web": token, "dead_broker": token_b},
            clients=args.clients,
            duration=args.duration,
            give_up_after=max(120.0, 4 * args.outage),
        )
        clients.start()
        t0 = clients.t0

        def progress() -> float:
            return clients.posted / max(args.writes, 1)

        # 1. SIGKILL the worker, spread over the first half of the posting.
        for k in range(args.kills):
            while progress() < 0.1 + 0.4 * k / max(args.kills, 1):
                time.sleep(0.1)
            kill = kill_mid_batch(workers[-1])
            kill.update(n=k + 1, posted=clients.posted)
            kills.append(kill)
            events.append({"t": round(kill["at"] - t0, 1), "event": f"kill {k + 1}"})
            workers.append(start_worker(len(workers) + 1))
            workers[-1].wait_ready()
            events.append({"t": round(time.time() - t0, 1), "event": "worker up"})

        # 2. Stop PostgreSQL while the clients keep posting.
        while progress() < 0.6:
            time.sleep(0.1)
        survivor = workers[-1]
        connection.close()
        posted_before = clients.posted
        stop_called_at = time.time()
        stop_s = postgres("stop")
        down_at = time.time()
        events.append({"t": round(down_at - t0, 1), "event": "postgres stopped"})
        time.sleep(args.outage)
        start_s = postgres("url")
        up_at = time.time()
        connection.close()
        events.append({"t": round(up_at - t0, 1), "event": "postgres started"})
        outage = {
            "seconds_down": round(up_at - down_at, 1),
            "stop_s": round(stop_s, 1),
            "start_s": round(start_s, 1),
            "writes_first_posted_during": clients.posted - posted_before,
        }

        clients.join()
        posting_done = time.time()
        events.append({"t": round(posting_done - t0, 1), "event": "posting done"})

        # 3. Drain: the worker, its retries and beat's sweeper finish the rest.
        deadline = time.monotonic() + args.drain_timeout
        while time.monotonic() < deadline:
            left = WriteRequest.objects.filter(
                tenant_id__in=tenant_ids, status__in=UNFINISHED
            ).count()
            if not left:
                break
            time.sleep(1)
        drained_at = time.time()
        events.append({"t": round(drained_at - t0, 1), "event": "drained"})

        rows = list(
            WriteRequest.objects.filter(tenant_id__in=tenant_ids).values(
                "id", "status", "created_at", "finished_at"
            )
        )
        statuses: dict[str, int] = {}
        for row in rows:
            statuses[row["status"]] = statuses.get(row["status"], 0) + 1
        by_id = {str(r["id"]): r for r in rows}
        lost = sum(1 for w in clients.writes if w.accepted and w.write_id not in by_id)
        swept = [
            (by_id[w.write_id]["finished_at"].timestamp() - w.accepted_at)
            for w in clients.writes
            if w.web == "dead_broker"
            and w.accepted
            and by_id.get(w.write_id, {}).get("finished_at")
        ]
        dead_ok = sum(
            1
            for w in clients.writes
            if w.web == "dead_broker"
            and w.accepted
            and by_id.get(w.write_id, {}).get("status") == "committed"
        )
        after_outage = MemoryVersion.objects.filter(
            tenant_id__in=tenant_ids,
            created_at__gt=datetime.fromtimestamp(up_at, tz=UTC),
        ).count()
        invariants = half_committed(tenant_ids)
        failing = [
            at
            for at, _, answer in clients.log
            if answer not in (200, 201, 202) and stop_called_at - 5 <= at <= up_at + 30
        ]
        outage["api_unavailable_s"] = (
            round(max(failing) - min(failing), 1) if failing else 0.0
        )
        answers: dict[str, dict[str, int]] = {}
        for at, name, answer in clients.log:
            window = (
                "during_outage"
                if stop_called_at <= at <= up_at + 5
                else "outside_outage"
            )
            bucket = answers.setdefault(window, {})
            label = f"{name}:{answer}"
            bucket[label] = bucket.get(label, 0) + 1
        alive = {
            "web_not_restarted": web.alive() and web.proc.pid == web_pids["web"],
            "dead_broker_web_not_restarted": dead.alive()
            and dead.proc.pid == web_pids["dead_broker"],
            "worker_not_restarted_across_outage": survivor.alive()
            and survivor is workers[-1],
            "versions_committed_after_outage": after_outage,
        }
    finally:
        for p in [*workers, beat, web, dead]:
            p.stop()

    verdict = audit_verify()
    accepted = [w for w in clients.writes if w.accepted]
    committed = statuses.get("committed", 0)
    stuck = sum(statuses.get(s, 0) for s in UNFINISHED)
    duplicated = sum(invariants["duplicated"].values())
    half = sum(invariants["half_committed"].values())
    result = {
        "writes": args.writes,
        "clients": args.clients,
        "kills": kills,
        "outage": outage,
        "timeline": events,
        "submitted": {
            "attempted": len(clients.writes),
            "accepted": len(accepted),
            "refused": [w.refused for w in clients.writes if w.refused],
            "gave_up": sum(
                1 for w in clients.writes if not w.accepted and not w.refused
            ),
            "retried_writes": sum(1 for w in clients.writes if w.attempts > 1),
            "answers": answers,
            "503_envelope_problems": clients.envelope_problems[:5],
            "accept_ms_p50": percentile(
                [w.accept_ms for w in accepted if w.web == "web"], 0.5
            ),
            "accept_ms_p50_dead_broker": percentile(
                [w.accept_ms for w in accepted if w.web == "dead_broker"], 0.5
            ),
        },
        "stored_rows": len(rows),
        "statuses": statuses,
        "committed": committed,
        "lost": lost,
        "stuck": stuck,
        "duplicated": duplicated,
        "half_committed": half,
        "invariants": invariants,
        "dead_broker": {
            "accepted": sum(1 for w in accepted if w.web == "dead_broker"),
            "committed_via_sweeper": dead_ok,
            "accepted_to_committed_s_p50": percentile(swept, 0.5),
            "accepted_to_committed_s_max": percentile(swept, 1.0),
        },
        "reconnect": alive,
        "drain_s": round(drained_at - posting_done, 1),
        "audit_verify": verdict,
        "cpu_count": os.cpu_count(),
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "faults.json").write_text(json.dumps(result, indent=2, default=str))
    print(json.dumps({k: result[k] for k in ("kills", "outage", "timeline")}, indent=1))
    print(table(result))


def table(result: dict) -> str:
    rows = [
        ("submitted (accepted by the API)", result["submitted"]["accepted"], None),
        ("committed", result["committed"], result["submitted"]["accepted"]),
        ("lost (accepted, no row)", result["lost"], 0),
        ("stuck (queued/deferred after drain)", result["stuck"], 0),
        ("duplicated", result["duplicated"], 0),
        ("half-committed", result["half_committed"], 0),
        ("audit_verify", result["audit_verify"]["verdict"], "intact"),
    ]
    width = max(len(r[0]) for r in rows)
    lines = [f"{'measure':<{width}}  {'value':>8}  target"]
    for name, value, target in rows:
        mark = "" if target is None else ("ok" if value == target else "MISS")
        shown = "" if target is None else target
        lines.append(f"{name:<{width}}  {value!s:>8}  {shown!s:>6} {mark}")
    for group in ("half_committed", "duplicated"):
        for name, value in result["invariants"][group].items():
            lines.append(f"  {name:<{width - 2}}  {value:>8}")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
