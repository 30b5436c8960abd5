"""Writes decided side by side: `python -m bench.write_turns [--pairs 120]`.

Production runs one prefork worker process per core; two processes may take
two batches of one tenant at once. This posts, through a real server to a
real two-process worker, `--pairs` pairs of writes, each pair in a fresh
user scope: the pair's second write 0-30 ms after its first, beside three
other writes that keep the worker busy, so the two often land in different
batches. Three pair types contradict each other, one does not (two sisters
may have two names). It counts the contradicting pairs whose two writes both
committed; `--sequential` posts each pair's second write only once the first
is decided, the baseline. Prints JSON and writes it to
bench/results/write_turns.json (or write_turns_sequential.json). Runs in the
write bench's database (memory_bench), in a tenant of its own.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import socket
import threading
import time
import uuid
from collections import Counter

from bench.writes import RESULTS, Server, Worker, bench_tenant, configure

PAIRS = (
    ("The user prefers Python for data work.", "The user prefers R for data work."),
    (
        "The team's database is hosted in Frankfurt.",
        "The team's database is hosted in Dublin.",
    ),
    ("The user's standup is at 9:30.", "The user's standup is at 10:15."),
    # Not a contradiction: the baseline shows both commit.
    ("The user's sister is called Anna.", "The user's sister is called Maria."),
)
CONTRADICTING = {0, 1, 2}
NOISE_WRITES = 3
MAX_GAP_SECONDS = 0.03


def tenant_token(slug: str) -> str:
    """A `bench_tenant` with one agent for its users' scopes; its token."""
    from audit.services import Actor
    from memory_core.policy import DEFAULT_POLICY
    from memory_core.services.tenancy import agent_create, agent_token_issue

    actor = Actor.system("bench")
    tenant = bench_tenant(slug, slug, judge=DEFAULT_POLICY.cross_encoder_judge)
    agent = agent_create(
        tenant=tenant,
        name="bench",
        allowed_scopes=[f"/org/{slug}/"],
        allowed_layers=["episodic"],
        actor=actor,
    )
    return agent_token_issue(agent=agent, actor=actor)[1]


def post(port: int, token: str, scope: str, content: str) -> str:
    """POST one write and wait for its decision; return its status."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request(
        "POST",
        "/api/v1/writes",
        body=json.dumps(
            {
                "scope": scope,
                "layer": "episodic",
                "content": content,
                "source": "user_stated",
            }
        ),
        headers={
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
            "Idempotency-Key": uuid.uuid4().hex,
            "Prefer": "wait=30",
        },
    )
    answer = json.loads(conn.getresponse().read())
    conn.close()
    return answer.get("status") or answer["error"]["code"]


def run_pairs(
    port: int, token: str, slug: str, pairs: int, sequential: bool
) -> list[tuple[int, str, str]]:
    rng = random.Random(7)
    outcomes = []
    for i in range(pairs):
        kind = i % len(PAIRS)
        first, second = PAIRS[kind]
        scope = f"/org/{slug}/user/p{i}/"
        answers: dict[str, str] = {}

        def send(
            which: str, content: str, scope: str = scope, answers: dict = answers
        ) -> None:
            answers[which] = post(port, token, scope, content)

        noise = [
            threading.Thread(
                target=send,
                args=(
                    f"noise{k}",
                    f"Note {i}-{k}: the printer on floor {k} was serviced.",
                    f"/org/{slug}/user/n{i}x{k}/",
                ),
            )
            for k in range(NOISE_WRITES)
        ]
        for thread in noise:
            thread.start()
        if sequential:
            for thread in noise:
                thread.join()
            send("first", first)
            send("second", second)
        else:
            pair = threading.Thread(target=send, args=("first", first))
            pair.start()
            time.sleep(rng.uniform(0.0, MAX_GAP_SECONDS))
            send("second", second)
            for thread in (pair, *noise):
                thread.join()
        outcomes.append((kind, answers["first"], answers["second"]))
    return outcomes


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=120)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--sequential", action="store_true")
    args = parser.parse_args()
    configure()
    slug = f"turns-{uuid.uuid4().hex[:6]}"
    token = tenant_token(slug)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    worker, server = Worker(processes=args.processes), Server(port)
    try:
        worker.wait_ready()
        outcomes = run_pairs(port, token, slug, args.pairs, args.sequential)
    finally:
        server.stop()
        worker.stop()
    contradicting = [o for o in outcomes if o[0] in CONTRADICTING]
    figures = {
        "pairs": len(outcomes),
        "sequential": args.sequential,
        "worker_processes": args.processes,
        "contradicting_pairs": len(contradicting),
        "contradicting_both_committed": sum(
            first == second == "committed" for _, first, second in contradicting
        ),
        "outcomes": {
            f"{PAIRS[kind][0]} / {PAIRS[kind][1]}": dict(
                Counter(f"{f}/{s}" for k, f, s in outcomes if k == kind)
            )
            for kind in range(len(PAIRS))
        },
    }
    print(json.dumps(figures, indent=1))
    RESULTS.mkdir(parents=True, exist_ok=True)
    name = "write_turns_sequential.json" if args.sequential else "write_turns.json"
    (RESULTS / name).write_text(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
