"""Measure the contradiction and dedup gates on labelled statement pairs.

    .venv/bin/python -m bench.gates_quality [--sets dev heldout blind … blind6 tune
        tune2 blind7] [--locomo] [--misses contradiction|duplicate]
        [--false contradiction|duplicate] [--contradiction T] [--duplicate T]

Each pair of `tests/data/pairs_<set>.jsonl` (dev and heldout made by
`tests/data/make_pair_sets.py`; blind to blind7, tune and tune2 written by
hand, see memory_core/pipeline/QUALITY.md; any name of such a file is
accepted, blind7 only when asked for) is run through the gates as pure functions:
the first statement is stored (a user-stated fact at confidence 0.9), the
second is the write (the same), with all-MiniLM-L6-v2 embeddings (batched,
cached in /tmp). A pair is "caught as a contradiction" when the contradiction
gate rejects the write or sends it to review for a contradiction, and "caught
as a duplicate" when the dedup or the semantic dedup gate answers DUPLICATE.
Recall is over the pairs with that label, precision over everything caught.

With --api, the same pairs go through the HTTP API instead, as the issue
measured them: a gunicorn server and a Celery worker (bench/writes.py), a
fresh scope per pair, the first statement posted and committed before the
second; each gate's own decision is read from the second write's trace
(`gate_decisions`). It runs in the bench database (memory_bench) and takes
minutes; use it on the smaller sets (`--sets blind blind2 --api`).

With --locomo, the LoCoMo observations (../shared/data/locomo/) are written
in order, one pool per conversation, each judged against its ten nearest
earlier observations: the share that passes both gates without a person
(committed, merged or answered duplicate) is printed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
import uuid
import zipfile
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
CACHE = Path("/tmp/mgc_gates_quality_embeddings.npz")
SCOPE_ID = uuid.uuid4()
SCOPE_PATH = "/org/acme/user/42/"


def setup() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()


class Embeddings:
    """Unit vectors by text, from the real model, cached across runs."""

    def __init__(self) -> None:
        self.vectors: dict[str, np.ndarray] = {}
        if CACHE.exists():
            try:
                stored = np.load(CACHE)
                self.vectors = {k: stored[k] for k in stored.files}
            except (OSError, ValueError, zipfile.BadZipFile):
                self.vectors = {}  # a cache another process left half-written

    @staticmethod
    def key(text: str) -> str:
        return hashlib.sha256(text.encode()).hexdigest()[:24]

    def ensure(self, texts) -> None:
        missing = sorted({t for t in texts if self.key(t) not in self.vectors})
        if not missing:
            return
        from memory_core.embeddings import get_provider

        for text, vector in zip(missing, get_provider().embed(missing), strict=True):
            self.vectors[self.key(text)] = np.asarray(vector, dtype=np.float32)
        # Written whole, then renamed: processes sharing the cache (benches and
        # tests beside each other) never read a half-written file.
        partial = CACHE.with_name(f"{CACHE.stem}.{os.getpid()}.partial.npz")
        np.savez(partial, **self.vectors)
        os.replace(partial, CACHE)

    def __getitem__(self, text: str) -> np.ndarray:
        return self.vectors[self.key(text)]


class Lookups:
    """The stored versions of one pool, nearest first; the DB's shape."""

    def __init__(self, stored) -> None:
        self.stored = stored

    def scope(self, path):
        return None

    def item_by_key(self, scope_id, layer, key):
        return None

    def item_head_by_key(self, scope_id, layer, key):
        return None

    def heads_by_subject_predicate(self, scope_ids, subject, predicate):
        return []

    def version_by_hash(self, scope_id, layer, digest):
        return next((v for v in self.stored if v.content_hash == digest), None)

    def version_by_fingerprint(self, scope_id, layer, fingerprint):
        return None

    def neighbours(self, scope_ids, embedding, k):
        return sorted(self.stored, key=lambda v: -v.similarity)[:k]

    def nearest(self, scope_id, layer, embedding, k):
        return self.neighbours([scope_id], embedding, k)


def stored_version(text: str, similarity: float):
    from memory_core.hashing import content_hash
    from memory_core.pipeline.types import ExistingVersion

    return ExistingVersion(
        version_id=uuid.uuid4(),
        item_id=uuid.uuid4(),
        content_hash=content_hash(text),
        similarity=similarity,
        content=text,
        scope_id=SCOPE_ID,
        layer="episodic",
        confidence=0.9,
        source="user_stated",
    )


def outcome(text: str, stored, policy=None) -> str:
    """Return "contradiction", "duplicate", "review" or "pass" for one write.

    Judged under `policy` (the default policy unless given: `rules_only()`
    leaves the model judge out).
    """
    from django.utils import timezone

    from memory_core.hashing import content_hash
    from memory_core.pipeline.gates import contradiction, dedup, semantic_dedup
    from memory_core.pipeline.types import Candidate, Decision, GateContext
    from memory_core.policy import DEFAULT_POLICY

    candidate = Candidate(
        write_id=uuid.uuid4(),
        agent_id=uuid.uuid4(),
        scope_path=SCOPE_PATH,
        scope_id=SCOPE_ID,
        layer="episodic",
        content=text,
        content_hash=content_hash(text),
        confidence=0.9,
        source="user_stated",
    )
    ctx = GateContext(
        tenant_id=SCOPE_ID,
        agent_allowed_scopes=[SCOPE_PATH],
        agent_allowed_layers=["episodic"],
        now=timezone.now(),
        lookups=Lookups(stored),
        embed=lambda c: [0.0],
        policy=policy or POLICY or DEFAULT_POLICY,
    )
    result = contradiction.check(candidate, ctx)
    if candidate.contradictions and result.decision != Decision.ACCEPT:
        return "contradiction"
    for gate in (dedup, semantic_dedup):
        result = gate.check(candidate, ctx)
        if result.decision == Decision.DUPLICATE:
            return "duplicate"
        if result.decision == Decision.REVIEW:
            return "review"
    return "pass"


POLICY = None  # the policy `outcome` judges under when given none (--judge)


def with_judge():
    """The default policy with the cross-encoder judge on (as it is by default)."""
    import dataclasses

    from memory_core.policy import DEFAULT_POLICY

    return dataclasses.replace(DEFAULT_POLICY, cross_encoder_judge=True)


def rules_only():
    """The default policy without the cross-encoder judge: the rules alone."""
    import dataclasses

    from memory_core.policy import DEFAULT_POLICY

    return dataclasses.replace(DEFAULT_POLICY, cross_encoder_judge=False)


def rules_outcome(embeddings, stored: str, written: str) -> tuple[str, float]:
    """Write `written` over `stored` through the rules alone (the model judge
    off); return the outcome and the two statements' cosine."""
    embeddings.ensure([stored, written])
    similarity = float(embeddings[stored] @ embeddings[written])
    got = outcome(written, [stored_version(stored, similarity)], rules_only())
    return got, similarity


def read_pairs(name: str) -> list[dict]:
    path = DATA / f"pairs_{name}.jsonl"
    if not path.exists():
        raise SystemExit(f"no pair set {name!r}: {path} does not exist")
    text = path.read_text()
    return [json.loads(line) for line in text.splitlines() if line]


def score_pairs(name: str, embeddings: Embeddings, policy=None) -> dict:  # noqa: ANN001
    rows = read_pairs(name)
    embeddings.ensure([r["a"] for r in rows] + [r["b"] for r in rows])
    started = time.perf_counter()
    results = []
    for row in rows:
        similarity = float(embeddings[row["a"]] @ embeddings[row["b"]])
        stored = [stored_version(row["a"], similarity)]
        results.append(outcome(row["b"], stored, policy))
    elapsed = (time.perf_counter() - started) / len(rows)
    figures = {"per_pair_ms": round(elapsed * 1000, 3)}
    for label in ("contradiction", "duplicate"):
        caught = [r for r, got in zip(rows, results, strict=True) if got == label]
        relevant = sum(r["label"] == label for r in rows)
        hits = sum(r["label"] == label for r in caught)
        figures[label] = {
            "recall": round(hits / relevant, 3),
            "precision": round(hits / len(caught), 3) if caught else 1.0,
            "caught": f"{hits}/{relevant}",
            "false": len(caught) - hits,
        }
    figures["review"] = results.count("review")
    return figures


def misses(
    name: str, embeddings: Embeddings, label: str, limit: int, only_false: bool = False
) -> None:
    """Print pairs of `label` the gates missed, and false catches of it (only
    the false catches with `only_false`)."""
    rows = read_pairs(name)
    shown = 0
    for row in rows:
        similarity = float(embeddings[row["a"]] @ embeddings[row["b"]])
        got = outcome(row["b"], [stored_version(row["a"], similarity)])
        if only_false:
            show = got == label and row["label"] != label
        else:
            show = (row["label"] == label) != (got == label)
        if show and shown < limit:
            shown += 1
            print(f"  [{row['label']}→{got} {similarity:.2f}] {row['a']} | {row['b']}")


def locomo_writes(embeddings: Embeddings):  # noqa: ANN201
    """Yield each LoCoMo observation, in order, one pool per conversation,
    with its ten nearest earlier observations as stored versions."""
    from bench import LOCOMO

    for path in sorted(LOCOMO.glob("*.json")):
        conversation = json.loads(path.read_text())
        facts = []
        for name, value in sorted(conversation.items()):
            if name.endswith("_observation") and isinstance(value, dict):
                for speaker_facts in value.values():
                    facts += [f[0] for f in speaker_facts if f and f[0]]
        embeddings.ensure(facts)
        pool: list[str] = []
        for text in facts:
            vector = embeddings[text]
            near = sorted(
                ((float(vector @ embeddings[t]), t) for t in pool), reverse=True
            )[:10]
            yield text, [stored_version(t, s) for s, t in near]
            pool.append(text)


def locomo(embeddings: Embeddings) -> dict:
    """Return the share of LoCoMo observations that pass without a person."""
    counts = {"pass": 0, "duplicate": 0, "review": 0, "contradiction": 0}
    for text, stored in locomo_writes(embeddings):
        counts[outcome(text, stored)] += 1
    total = sum(counts.values())
    return {
        **counts,
        "total": total,
        "without_a_person": round((counts["pass"] + counts["duplicate"]) / total, 4),
    }


def api_scores(names: list[str]) -> dict[str, dict]:
    """Score the pair sets through the API (see the module docstring)."""
    import socket

    from bench import writes

    writes.configure()
    from django.core.management import call_command

    from audit.services import Actor
    from memory_core.models import WriteRequest, WriteStatus
    from memory_core.policy import DEFAULT_POLICY
    from memory_core.services.tenancy import (
        agent_create,
        agent_token_issue,
        scope_create,
        tenant_create,
    )

    call_command("migrate", verbosity=0)
    run = uuid.uuid4().hex[:6]
    actor = Actor.system("bench")
    tenant = tenant_create(slug=f"gq-{run}", name="Gates quality", actor=actor)
    tenant.policy = {
        "rate_limits": {"episodic": 10**9},
        "storm_writes_per_minute": 10**9,
        # The policy the run scores (--judge, --rules, or the default's).
        "cross_encoder_judge": (POLICY or DEFAULT_POLICY).cross_encoder_judge,
    }
    tenant.save(update_fields=["policy"])
    root = f"/org/gq-{run}/"  # tenant_create made it
    agent = agent_create(
        tenant=tenant,
        name="gates-quality",
        allowed_scopes=[root],
        allowed_layers=["episodic"],
        actor=actor,
    )
    _, token = agent_token_issue(agent=agent, actor=actor)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server, worker = writes.Server(port), writes.Worker()
    worker.wait_ready()

    def post_and_wait(bodies: list[dict]) -> list[dict]:
        before = set(
            WriteRequest.objects.filter(tenant=tenant).values_list("id", flat=True)
        )
        refused: list[dict] = []
        writes.post_all(port, token, bodies, clients=4, refused=refused)
        if refused:
            # Refused at the door (422): no write, the pair's outcome "pass".
            print(
                "refused at the door:",
                dict(Counter((r["gate"], r["code"]) for r in refused)),
            )
        ids = (
            set(WriteRequest.objects.filter(tenant=tenant).values_list("id", flat=True))
            - before
        )
        deadline = time.time() + 1800
        while (
            time.time() < deadline
            and WriteRequest.objects.filter(
                id__in=ids, status=WriteStatus.QUEUED
            ).exists()
        ):
            time.sleep(0.5)
        rows = WriteRequest.objects.filter(id__in=ids).values(
            "scope_path", "gate_decisions"
        )
        return list(rows)

    results = {}
    try:
        for name in names:
            rows = read_pairs(name)
            scopes = [f"{root}user/{name}-{i}/" for i in range(len(rows))]
            for scope in scopes:
                scope_create(tenant=tenant, path=scope, actor=actor)
            post_and_wait(
                [writes.note(sc, r["a"]) for sc, r in zip(scopes, rows, strict=True)]
            )
            traces = {
                row["scope_path"]: row["gate_decisions"]
                for row in post_and_wait(
                    [
                        writes.note(sc, r["b"])
                        for sc, r in zip(scopes, rows, strict=True)
                    ]
                )
            }
            outcomes = [api_outcome(traces.get(sc) or []) for sc in scopes]
            results[name] = figures_of(rows, outcomes)
    finally:
        worker.stop()
        server.stop()
    return results


def api_outcome(trace: list[dict]) -> str:
    """Return the outcome of one write from its gates' own decisions."""
    decisions = {g["gate"]: g["decision"] for g in trace}
    if decisions.get("contradiction") in ("reject", "review"):
        return "contradiction"
    if "duplicate" in (decisions.get("dedup"), decisions.get("semantic_dedup")):
        return "duplicate"
    return "pass"


def figures_of(rows: list[dict], results: list[str]) -> dict:
    figures: dict = {}
    for label in ("contradiction", "duplicate"):
        caught = [r for r, got in zip(rows, results, strict=True) if got == label]
        relevant = sum(r["label"] == label for r in rows)
        hits = sum(r["label"] == label for r in caught)
        figures[label] = {
            "recall": round(hits / relevant, 3),
            "precision": round(hits / len(caught), 3) if caught else 1.0,
            "caught": f"{hits}/{relevant}",
            "false": len(caught) - hits,
        }
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--sets",
        nargs="*",
        default=[
            "dev",
            "heldout",
            "blind",
            "blind2",
            "blind3",
            "blind4",
            "blind5",
            "blind6",
            "tune",
            "tune2",
        ],
        help="pair sets: tests/data/pairs_<name>.jsonl (e.g. tune2, blind7)",
    )
    parser.add_argument("--locomo", action="store_true")
    parser.add_argument("--api", action="store_true", help="through the HTTP API")
    parser.add_argument("--misses", choices=["contradiction", "duplicate"])
    parser.add_argument(
        "--false",
        choices=["contradiction", "duplicate"],
        help="print only the false catches of this label (the false positives)",
    )
    parser.add_argument("--limit", type=int, default=40)
    parser.add_argument(
        "--judge",
        action="store_true",
        help="with the cross-encoder judge on (as the default policy has it)",
    )
    parser.add_argument(
        "--rules", action="store_true", help="the rules alone: the judge off"
    )
    parser.add_argument(
        "--contradiction",
        type=float,
        help="the model judge's contradiction threshold (the policy's if not given)",
    )
    parser.add_argument(
        "--duplicate",
        type=float,
        help="the model judge's duplicate threshold (the policy's if not given)",
    )
    args = parser.parse_args()
    global POLICY
    if args.judge:
        setup()
        POLICY = with_judge()
    if args.rules:
        setup()
        POLICY = rules_only()
    if args.contradiction is not None or args.duplicate is not None:
        import dataclasses

        setup()
        from memory_core.policy import DEFAULT_POLICY

        base = POLICY or DEFAULT_POLICY
        POLICY = dataclasses.replace(
            base,
            cross_encoder_contradiction=(
                base.cross_encoder_contradiction
                if args.contradiction is None
                else args.contradiction
            ),
            cross_encoder_duplicate=(
                base.cross_encoder_duplicate
                if args.duplicate is None
                else args.duplicate
            ),
        )
    if args.api:
        for name, figures in api_scores(args.sets).items():
            print(name, "api", json.dumps(figures))
        return
    setup()
    embeddings = Embeddings()
    for name in args.sets:
        print(name, json.dumps(score_pairs(name, embeddings)))
        if args.misses:
            misses(name, embeddings, args.misses, args.limit)
        if args.false:
            misses(name, embeddings, args.false, args.limit, only_false=True)
    if args.locomo:
        print("locomo", json.dumps(locomo(embeddings)))


if __name__ == "__main__":
    main()
