"""Dump every gate outcome of the pair sets and LoCoMo, for diffing two trees.

    python -m bench.gates_dump OUT.jsonl [--sets dev heldout …] [--no-locomo]

One JSON line per write and policy (the default policy, with the model judge
on, and the rules alone): the contradiction gate's decision, reason and
recorded contradictions, each dedup gate's decision, and `gates_quality`'s
outcome. Run it on two trees (PYTHONPATH) and `diff` the files: a change that
must not move any decision leaves them identical (ids, random per run, read
as "<uuid>"). Never reads a blind set.
"""

from __future__ import annotations

import argparse
import json
import re
import uuid

from bench import gates_quality as gq

_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def clean(value):  # noqa: ANN001, ANN201
    """`value` with its UUIDs (random per run) replaced by a placeholder."""
    if isinstance(value, uuid.UUID):
        return "<uuid>"
    if isinstance(value, dict):
        return {str(k): clean(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = [clean(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, set | frozenset) else items
    if isinstance(value, float):
        return round(value, 9)
    if isinstance(value, str):
        return _UUID.sub("<uuid>", value)
    return value


def detail(text: str, stored, policy) -> dict:  # noqa: ANN001
    from django.utils import timezone

    from memory_core.hashing import content_hash
    from memory_core.pipeline.gates import contradiction, dedup, semantic_dedup
    from memory_core.pipeline.types import Candidate, GateContext

    candidate = Candidate(
        write_id=uuid.uuid4(),
        agent_id=uuid.uuid4(),
        scope_path=gq.SCOPE_PATH,
        scope_id=gq.SCOPE_ID,
        layer="episodic",
        content=text,
        content_hash=content_hash(text),
        confidence=0.9,
        source="user_stated",
    )
    ctx = GateContext(
        tenant_id=gq.SCOPE_ID,
        agent_allowed_scopes=[gq.SCOPE_PATH],
        agent_allowed_layers=["episodic"],
        now=timezone.now(),
        lookups=gq.Lookups(stored),
        embed=lambda c: [0.0],
        policy=policy,
    )
    out: dict = {}
    result = contradiction.check(candidate, ctx)
    out["contradiction"] = clean(
        [str(result.decision), result.code, result.reason, result.details]
    )
    out["found"] = clean(candidate.contradictions)
    for gate in (dedup, semantic_dedup):
        result = gate.check(candidate, ctx)
        out[gate.__name__.rsplit(".", 1)[-1]] = clean(
            [str(result.decision), result.code, result.reason, result.details]
        )
    out["outcome"] = gq.outcome(text, stored, policy)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--sets", nargs="*", default=None)
    parser.add_argument("--no-locomo", action="store_true")
    args = parser.parse_args()
    gq.setup()
    names = args.sets or sorted(
        p.stem.removeprefix("pairs_")
        for p in gq.DATA.glob("pairs_*.jsonl")
        if "blind" not in p.name
    )
    embeddings = gq.Embeddings()
    policies = {"judge": gq.with_judge(), "rules": gq.rules_only()}
    with open(args.out, "w") as handle:
        for name in names:
            rows = gq.read_pairs(name)
            embeddings.ensure([r["a"] for r in rows] + [r["b"] for r in rows])
            for i, row in enumerate(rows):
                similarity = float(embeddings[row["a"]] @ embeddings[row["b"]])
                for label, policy in policies.items():
                    stored = [gq.stored_version(row["a"], similarity)]
                    line = {"set": name, "i": i, "policy": label}
                    line.update(detail(row["b"], stored, policy))
                    handle.write(json.dumps(line, default=str, sort_keys=True) + "\n")
            print(name, len(rows), flush=True)
        if not args.no_locomo:
            for label, policy in policies.items():
                for i, (text, stored) in enumerate(gq.locomo_writes(embeddings)):
                    line = {"set": "locomo", "i": i, "policy": label}
                    line.update(detail(text, stored, policy))
                    handle.write(json.dumps(line, default=str, sort_keys=True) + "\n")
            print("locomo", flush=True)


if __name__ == "__main__":
    main()
