"""The worker's batch, in process: `python -m bench.worker_profile [--n 512]`.

Stores N of `bench.writes`' distinct sentences through the door
(`write_submit`), then runs `write_process` in this process until none is
queued, on the real model and database, as the app role under row-level
security; then the same with N exact duplicates of the first sentence. The
model's own batch rate is measured in the same process, on other sentences,
before and after the run (best of three calls each), so the ratio is taken
against the model as the machine ran it then. `--profile` runs the batches
under cProfile and prints where the time went. Prints JSON and writes it to
bench/results/worker_profile.json; runs in its own database
(`MGC_BENCH_DATABASE`, else memory_bench_worker). `--duplicates-only` stores
one sentence and drains N exact duplicates of it, without the model's rate
(bench/results/worker_profile_duplicates.json). `--judge` turns the
tenant's model judge on (`cross_encoder_judge`) and counts its calls, pairs
and seconds.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import time
import uuid
from pathlib import Path

from bench import bench_database, bench_django_setup

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"


def configure() -> str:
    """Set Django up as the owner; return the app role's URL for the run."""
    bench_database("memory_bench_worker")
    # No worker consumes here: the door's drain messages go nowhere.
    os.environ["CELERY_BROKER_URL"] = "memory://"
    os.environ["MGC_CELERY_QUEUE"] = f"bench-{uuid.uuid4().hex[:8]}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "memory_core.settings"
    app_url = os.environ["DATABASE_URL"]
    bench_django_setup()
    return app_url


def as_app_role(app_url: str) -> None:
    """Reconnect the default connection as the app role (RLS applies), as deployed."""
    import dj_database_url
    from django.db import connection

    connection.close()
    parsed = dj_database_url.parse(app_url)
    for name in ("NAME", "USER", "PASSWORD", "HOST", "PORT", "OPTIONS"):
        connection.settings_dict[name] = parsed.get(
            name, connection.settings_dict[name]
        )


class ModelClock:
    """Count the seconds and texts of the configured provider's calls."""

    def __init__(self, provider) -> None:
        self.seconds, self.texts = 0.0, 0
        embed = provider.embed

        def timed(texts):
            started = time.perf_counter()
            try:
                return embed(texts)
            finally:
                self.seconds += time.perf_counter() - started
                self.texts += len(texts)

        provider.embed = timed  # the one instance every caller gets


class JudgeClock:
    """Count the model judge's calls (one a write that asks), pairs and seconds."""

    def __init__(self, judge) -> None:
        self.figures = {"calls": 0, "pairs": 0, "seconds": 0.0}
        probabilities = judge.probabilities

        def timed(pairs):
            started = time.perf_counter()
            try:
                return probabilities(pairs)
            finally:
                self.figures["calls"] += 1
                self.figures["pairs"] += len(pairs)
                self.figures["seconds"] += time.perf_counter() - started

        judge.probabilities = timed  # the one instance every caller gets

    def result(self) -> dict:
        return {**self.figures, "seconds": round(self.figures["seconds"], 3)}


def drain(
    tenant_id, profiler: cProfile.Profile | None
) -> tuple[int, float, int, float]:
    """Run `write_process` until the tenant has nothing queued.

    Return (writes decided, seconds, batches, this process's CPU seconds).
    """
    from memory_core.rls import tenant_context
    from memory_core.services.writes import write_oldest_queued, write_process

    decided = batches = 0
    cpu = time.process_time()
    started = time.perf_counter()
    with tenant_context(tenant_id):
        while (oldest := write_oldest_queued(tenant_id=tenant_id)) is not None:
            if profiler is not None:
                profiler.enable()
            decided += write_process(write_id=oldest)
            if profiler is not None:
                profiler.disable()
            batches += 1
    return decided, time.perf_counter() - started, batches, time.process_time() - cpu


def submit(agent, bodies: list[dict]) -> None:
    from memory_core.rls import tenant_context
    from memory_core.services.writes import write_submit

    with tenant_context(agent.tenant_id):
        for body in bodies:
            write_submit(agent=agent, payload=body, idempotency_key=uuid.uuid4().hex)


def statuses(tenant_id, since) -> dict[str, int]:
    from django.db.models import Count

    from memory_core.models import WriteRequest
    from memory_core.rls import tenant_context

    with tenant_context(tenant_id):
        rows = (
            WriteRequest.objects.filter(tenant_id=tenant_id, created_at__gte=since)
            .values("status")
            .annotate(n=Count("id"))
        )
        return {r["status"]: r["n"] for r in rows}


def top(profiler: cProfile.Profile, sort: str, limit: int) -> str:
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats(sort).print_stats(limit)
    return out.getvalue()


def rates(decided: int, seconds: float, batches: int, cpu: float) -> dict:
    """A drain's figures: writes, batches, wall seconds, writes/s, CPU ms a write."""
    return {
        "cpu_ms_per_write": round(1000 * cpu / max(decided, 1), 3),
        "writes": decided,
        "batches": batches,
        "seconds": round(seconds, 3),
        "writes_per_s": round(decided / seconds, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=512)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--top", type=int, default=45)
    parser.add_argument("--skip-duplicates", action="store_true")
    parser.add_argument(
        "--duplicates-only",
        action="store_true",
        help="store one sentence, then drain N exact duplicates of it",
    )
    parser.add_argument(
        "--judge", action="store_true", help="the tenant's model judge on"
    )
    parser.add_argument(
        "--judge-neighbours",
        type=int,
        help="with --judge: the policy's cross_encoder_neighbours (default 3)",
    )
    parser.add_argument(
        "--adapters",
        type=Path,
        help="with --judge: this judge file instead of the shipped one",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="drain N fresh distinct sentences this many times in one process: "
        "the later rounds run on the process's warm caches, as a long-running "
        "worker does (printed under 'later_rounds'; --profile profiles round 1)",
    )
    parser.add_argument(
        "--no-prefetch",
        action="store_true",
        help="embed each batch only when it is claimed (measures the overlap)",
    )
    args = parser.parse_args()
    app_url = configure()

    from django.core.management import call_command
    from django.utils import timezone

    from bench.writes import bench_agent, distinct_texts, model_throughput, note
    from memory_core.embeddings import get_provider

    if args.no_prefetch:
        from memory_core.services import writes

        writes._prefetch_next = lambda *args, **kwargs: None
    result_prefetch = not args.no_prefetch
    call_command("migrate", verbosity=0)
    run = uuid.uuid4().hex[:6]
    tenant, scope, agent = bench_agent(f"wp-{run}", "Worker profile", judge=args.judge)
    if args.judge_neighbours:
        tenant.policy["cross_encoder_neighbours"] = args.judge_neighbours
        tenant.save(update_fields=["policy"])
    as_app_role(app_url)
    provider = get_provider()
    clock = ModelClock(provider)
    judge_clock = full_clock = None
    if args.judge:
        from bench.judge_cost import judge_for

        judge = judge_for(args.adapters)
        judge.probabilities([("warm", "up")])
        judge_clock = JudgeClock(judge)
        # The cascade's full judge: the pairs the small one escalated.
        full_clock = JudgeClock(judge.full) if hasattr(judge, "full") else None
    texts = distinct_texts(1 if args.duplicates_only else args.n, run)
    result: dict = {
        "n": args.n,
        "embedding_provider": provider.name,
        "prefetch": result_prefetch,
        "cross_encoder_judge": args.judge,
        "judge_neighbours": args.judge_neighbours,
        "adapters": str(args.adapters) if args.adapters else None,
    }
    if args.duplicates_only:
        # The one memory the duplicates copy; no model rate, no distinct figures.
        submit(agent, [note(scope, texts[0])])
        drain(tenant.id, None)
        distinct_profile = None
    else:
        model_before = model_throughput(distinct_texts(args.n, run + "m"), provider)
        # What the worker's process init does besides loading the model
        # (where the tree has it: memory_core.celery.warm_worker_process).
        from memory_core import celery as worker_init

        if hasattr(worker_init, "warm_worker_process"):
            worker_init.warm_worker_process()
        profiler = cProfile.Profile() if args.profile else None
        since = timezone.now()
        submit(agent, [note(scope, t) for t in texts])
        clock.seconds = clock.texts = 0
        decided, seconds, batches, cpu = drain(tenant.id, profiler)
        result["distinct"] = {
            **rates(decided, seconds, batches, cpu),
            "model_seconds": round(clock.seconds, 3),
            "model_texts": clock.texts,
            "ms_per_write": round(1000 * seconds / max(decided, 1), 3),
            "non_model_ms_per_write": round(
                1000 * (seconds - clock.seconds) / max(decided, 1), 3
            ),
            "statuses": statuses(tenant.id, since),
        }
        if judge_clock is not None:
            result["distinct"]["judge"] = judge_clock.result()
            if full_clock is not None:
                result["distinct"]["judge_escalated"] = full_clock.result()
        distinct_profile = profiler
        later = []
        for round_no in range(2, args.rounds + 1):
            since = timezone.now()
            more = distinct_texts(args.n, f"{run}r{round_no}")
            submit(agent, [note(scope, t) for t in more])
            clock.seconds = clock.texts = 0
            decided, seconds, batches, cpu = drain(tenant.id, None)
            later.append(
                {
                    "round": round_no,
                    **rates(decided, seconds, batches, cpu),
                    "model_seconds": round(clock.seconds, 3),
                    "statuses": statuses(tenant.id, since),
                }
            )
        if later:
            result["later_rounds"] = later
    dup_profile = None
    if not args.skip_duplicates:
        dup_profile = cProfile.Profile() if args.profile else None
        since = timezone.now()
        submit(agent, [note(scope, texts[0]) for _ in range(args.n)])
        decided, seconds, batches, cpu = drain(tenant.id, dup_profile)
        result["exact_duplicates"] = {
            **rates(decided, seconds, batches, cpu),
            "statuses": statuses(tenant.id, since),
        }
    if not args.duplicates_only:
        model_after = model_throughput(distinct_texts(args.n, run + "a"), provider)
        result["model_texts_per_s"] = {
            "before": round(model_before, 1),
            "after": round(model_after, 1),
        }
        model_rate = max(model_before, model_after)
        result["pipeline_vs_model"] = round(
            result["distinct"]["writes_per_s"] / model_rate, 3
        )
    result["loadavg"] = Path("/proc/loadavg").read_text().split()[:3]
    result["when"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    RESULTS.mkdir(parents=True, exist_ok=True)
    name = "worker_profile_duplicates" if args.duplicates_only else "worker_profile"
    (RESULTS / f"{name}.json").write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))
    if distinct_profile is not None:
        print("== distinct writes, by own time")
        print(top(distinct_profile, "tottime", args.top))
        print("== distinct writes, by cumulative time")
        print(top(distinct_profile, "cumulative", args.top))
    if dup_profile is not None:
        print("== exact duplicates, by own time")
        print(top(dup_profile, "tottime", args.top))
        print("== exact duplicates, by cumulative time")
        print(top(dup_profile, "cumulative", args.top))


if __name__ == "__main__":
    main()
