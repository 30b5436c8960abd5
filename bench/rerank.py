"""A learned stage over the hybrid ranking, chosen by leave-one-conversation-out.

    .venv/bin/python -m bench.rerank adapter [--ranks 8,32] [--epochs 3]
        [--lr 1e-3] [--temperatures 0.05]     # a. query-side adapter, LOCO
    .venv/bin/python -m bench.rerank fusion [--cs 0.1,1]  # c. learned fusion, LOCO
    .venv/bin/python -m bench.rerank xenc [--layers 3] [--frozen 1] [--k 30]
        [--epochs 2] [--train 26,30,41] [--name NAME]   # b. cross-encoder
    .venv/bin/python -m bench.rerank cost [--k 30] [--layers 3,6]

bench/RETRIEVAL.md "Eighth session" has the figures; none cleared the bar,
so nothing of this is in the product.

Data: the five LoCoMo conversations (questions of categories 1-4 with
evidence; a memory is positive when it cites an evidence turn) and the
hand-written synthetic pools (tests/data/retrieval_pools_*.json), every
memory stored as the bench stores it (the text and " (said on <date>)").
The hybrid ranking is the API's, recomputed offline (bench.retrieval's
`offline_scores`, the policy's default keyword context `lend0.6n2r0.3`).

Every figure of a LoCoMo conversation comes from a model trained without it
(and every choice made without it): for each of the five folds, train on
the other four and the synthetic pools, score the fifth; pooled recall@5/@10
against the base ranking's. The cross-encoder is the exception (its
training is ~25 min a fold on this CPU): `xenc` trains once, on the
synthetic pools and the `--train` conversations, and scores the other
LoCoMo ones (λ and depth chosen by leave-one-out among those scored; the
logits are cached in bench/results/rerank_xenc_NAME.json). Results go to
bench/results/rerank_*.json.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bench import retrieval as br

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
POOLS = ROOT / "tests" / "data"
LOCOMO = ("26", "30", "41", "42", "43")
# The policy's keyword context: two neighbours, the second at 0.3.
LEND, LEND_N, LEND_DECAY = 0.6, 2, 0.3
WEIGHTS = (0.6, 0.4)
DEPTH = 50


@dataclass
class Pool:
    """One conversation's memories and questions, with what ranking needs."""

    id: str
    conv: br.Conversation
    stored: np.ndarray  # memory vectors (n, 384)
    questions: np.ndarray  # question vectors (q, 384)
    terms: list[dict[str, int]]
    query_lexemes: list[list[str]]
    ranks: list[dict[int, float]]
    tiebreak: list[str]
    before: list[list[int]]
    positives: list[set[int]]

    @property
    def locomo(self) -> bool:
        return self.id in LOCOMO


def synthetic_conversations() -> list[br.Conversation]:
    """The hand-written pools as Conversations (a memory's turn: its id)."""
    out = []
    for path in sorted(POOLS.glob("retrieval_pools_*.json")):
        for n, pool in enumerate(json.loads(path.read_text())["pools"]):
            observations = [
                br.Observation(
                    m["speaker"], f"{m['text']} (said on {m['date']})", {m["id"]}
                )
                for m in pool["memories"]
            ]
            questions = [
                {
                    "question": q["question"],
                    "evidence": set(q["evidence"]),
                    "category": q.get("category", 4),
                }
                for q in pool["questions"]
                if q.get("evidence")
            ]
            cid = f"{path.stem.split('_')[-1]}{n}"
            speakers = tuple(pool["speakers"][:2])
            out.append(br.Conversation(cid, speakers, observations, questions))
    return out


def pools_load(synthetic: bool = True) -> list[Pool]:
    cache = br.VectorCache(br.CACHE / "offline-vectors.npz")
    convs = [br.conversation_load(c, dated=True) for c in LOCOMO]
    if synthetic:
        convs += synthetic_conversations()
    pools = []
    for conv in convs:
        contents = [o.content for o in conv.observations]
        questions = [q["question"] for q in conv.questions]
        query_lexemes = [list(t) for t in br.lexicon(questions)]
        pools.append(
            Pool(
                id=conv.id,
                conv=conv,
                stored=cache.get(contents),
                questions=cache.get(questions),
                terms=br.lexicon(contents),
                query_lexemes=query_lexemes,
                ranks=br.ts_ranks(contents, query_lexemes),
                tiebreak=[uuid.uuid5(uuid.NAMESPACE_URL, c).hex for c in contents],
                before=[br.scope_before(conv, i, LEND_N) for i in range(len(contents))],
                positives=[
                    {
                        i
                        for i, o in enumerate(conv.observations)
                        if o.turns & q["evidence"]
                    }
                    for q in conv.questions
                ],
            )
        )
    return pools


def hybrid(pool: Pool, j: int, cosine: np.ndarray) -> tuple[list[int], dict]:
    """The API's hybrid order of question `j` given its cosines, and scores."""
    return br.offline_scores(
        cosine,
        pool.ranks[j],
        pool.terms,
        pool.query_lexemes[j],
        pool.tiebreak,
        weights=WEIGHTS,
        lend=LEND,
        before=pool.before,
        lend_decay=LEND_DECAY,
    )


def hits(pool: Pool, j: int, order: list[int]) -> tuple[bool, bool]:
    wanted = pool.positives[j]
    return bool(wanted & set(order[:5])), bool(wanted & set(order[:10]))


def figures(rows: list[tuple[bool, bool]]) -> dict:
    n = len(rows) or 1
    return {
        "n": len(rows),
        "recall@5": round(sum(a for a, _ in rows) / n, 3),
        "recall@10": round(sum(b for _, b in rows) / n, 3),
    }


def report(name: str, per_fold: dict[str, list], base: dict[str, list]) -> dict:
    """Per fold and pooled figures of a method against the base."""
    folds = {
        c: {"model": figures(per_fold[c]), "base": figures(base[c])} for c in per_fold
    }
    pooled_rows = [r for c in per_fold for r in per_fold[c]]
    base_rows = [r for c in per_fold for r in base[c]]
    out = {
        "folds": folds,
        "pooled": figures(pooled_rows),
        "base": figures(base_rows),
    }
    print(f"\n{name}")
    for c, f in folds.items():
        print(
            f"  {c}: {f['model']['recall@5']} / {f['model']['recall@10']} "
            f"(base {f['base']['recall@5']} / {f['base']['recall@10']})"
        )
    print(
        f"  pooled: {out['pooled']['recall@5']} / {out['pooled']['recall@10']} "
        f"(base {out['base']['recall@5']} / {out['base']['recall@10']})"
    )
    sys.stdout.flush()
    return out


def base_rows(pools: list[Pool]) -> dict[str, list]:
    out = {}
    for pool in pools:
        rows = []
        for j in range(len(pool.conv.questions)):
            order, _ = hybrid(pool, j, pool.stored @ pool.questions[j])
            rows.append(hits(pool, j, order))
        out[pool.id] = rows
    return out


# -- a. The query-side adapter --------------------------------------------------


def adapter_train(
    pools: list[Pool],
    *,
    rank: int,
    epochs: int,
    temperature: float = 0.05,
    lr: float = 1e-3,
    decay: float = 0.0,
    seed: int = 0,
) -> dict[str, np.ndarray]:
    """q' = normalize(q + B A q), trained by a softmax over each question's
    whole pool (its positives against every other memory: the hard ones
    included), stored vectors unchanged."""
    import torch

    torch.manual_seed(seed)
    dim = pools[0].stored.shape[1]
    a = torch.nn.Parameter(torch.randn(rank, dim) / dim**0.5)
    b = torch.nn.Parameter(torch.zeros(dim, rank))
    optimizer = torch.optim.AdamW([a, b], lr=lr, weight_decay=decay)
    data = []
    for pool in pools:
        memories = torch.from_numpy(pool.stored)
        for j, positives in enumerate(pool.positives):
            if positives:
                target = torch.zeros(len(pool.stored))
                target[list(positives)] = 1.0 / len(positives)
                data.append((memories, torch.from_numpy(pool.questions[j]), target))
    rng = np.random.default_rng(seed)
    for _ in range(epochs):
        for start in range(0, len(data), 32):
            batch = [data[i] for i in rng.permutation(len(data))[start : start + 32]]
            loss = 0.0
            for memories, q, target in batch:
                moved = q + b @ (a @ q)
                moved = moved / moved.norm()
                logits = memories @ moved / temperature
                loss = loss - (target * torch.log_softmax(logits, 0)).sum()
            optimizer.zero_grad()
            (loss / len(batch)).backward()
            optimizer.step()
    return {"A": a.detach().numpy(), "B": b.detach().numpy()}


def adapted(weights: dict[str, np.ndarray], q: np.ndarray) -> np.ndarray:
    moved = q + weights["B"] @ (weights["A"] @ q)
    return moved / np.linalg.norm(moved)


def adapter_rows(pool: Pool, weights: dict[str, np.ndarray]) -> list:
    rows = []
    for j in range(len(pool.conv.questions)):
        cosine = pool.stored @ adapted(weights, pool.questions[j])
        order, _ = hybrid(pool, j, cosine)
        rows.append(hits(pool, j, order))
    return rows


def adapter(args) -> None:
    pools = pools_load(synthetic=not args.no_synthetic)
    locomo = [p for p in pools if p.locomo]
    base = base_rows(locomo)
    report("base (lend0.6n2r0.3)", base, base)
    settings = [
        (int(r), int(e), float(t))
        for r in args.ranks.split(",")
        for e in args.epochs.split(",")
        for t in args.temperatures.split(",")
    ]
    results: dict = {"base": figures([r for c in base.values() for r in c])}
    per_setting: dict = {}
    for rank, epochs, temperature in settings:
        name = f"r{rank}e{epochs}t{temperature}"
        per_fold = {}
        started = time.perf_counter()
        for held in locomo:
            train = [p for p in pools if p.id != held.id]
            weights = adapter_train(
                train,
                rank=rank,
                epochs=epochs,
                temperature=temperature,
                lr=args.lr,
                decay=args.decay,
            )
            per_fold[held.id] = adapter_rows(held, weights)
        per_setting[name] = per_fold
        results[name] = report(
            f"{name} ({time.perf_counter() - started:.0f} s)", per_fold, base
        )
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "rerank_adapter.json").write_text(json.dumps(results, indent=2))


# -- c. A learned fusion over cheap features --------------------------------------

FEATURES = (
    "hybrid",
    "cosine",
    "keyword",
    "cosine_rank",
    "hybrid_rank",
    "coverage",
    "context_coverage",
    "context_cosine",
    "speaker_named",
    "other_named",
    "length",
)


def candidate_features(pool: Pool, j: int) -> tuple[list[int], np.ndarray, dict]:
    """The hybrid top `DEPTH` of question `j` and each one's features.

    Every feature is one the service has for a candidate: its signals, its
    places, the share of the query's lexemes it has, those of the memory
    written before it in its scope (when that one is a candidate), that
    one's cosine, whether the question names the memory's speaker or the
    other one, its length.
    """
    cosine = pool.stored @ pool.questions[j]
    order, scores = hybrid(pool, j, cosine)
    head = order[:DEPTH]
    candidates = set(scores)
    by_cosine = sorted(candidates, key=lambda i: -cosine[i])
    cosine_place = {i: p for p, i in enumerate(by_cosine)}
    wanted = set(pool.query_lexemes[j]) - speaker_lexemes(pool)
    question = pool.conv.questions[j]["question"].lower()
    rows = []
    for place, i in enumerate(head):
        own = pool.terms[i]
        before = [p for p in pool.before[i][:1] if p in candidates]
        lent = pool.terms[before[0]] if before else {}
        speaker = pool.conv.observations[i].speaker.split()[0].lower()
        others = [s.split()[0].lower() for s in pool.conv.speakers]
        rows.append(
            [
                scores[i],
                float(cosine[i]),
                (scores[i] - WEIGHTS[0] * max(0.0, float(cosine[i]))) / WEIGHTS[1],
                1.0 / (1 + cosine_place[i]),
                1.0 / (1 + place),
                len(wanted & set(own)) / len(wanted) if wanted else 0.0,
                len(wanted & set(lent)) / len(wanted) if wanted and lent else 0.0,
                float(cosine[before[0]]) if before else 0.0,
                float(speaker in question),
                float(any(o != speaker and o in question for o in others)),
                min(1.0, sum(own.values()) / 40),
            ]
        )
    return head, np.array(rows, dtype=np.float32), scores


_speakers: dict[str, set[str]] = {}


def speaker_lexemes(pool: Pool) -> set[str]:
    if pool.id not in _speakers:
        names = [s.split()[0] for s in pool.conv.speakers]
        _speakers[pool.id] = {lx for t in br.lexicon(names) for lx in t}
    return _speakers[pool.id]


@dataclass
class Table:
    """Every question's candidates: features, labels, groups."""

    x: np.ndarray
    y: np.ndarray
    group: np.ndarray  # question index
    heads: list[list[int]]
    positives: list[set[int]]
    tails: list[list[int]]  # the hybrid order after the head


def table(pools: list[Pool]) -> dict[str, Table]:
    out = {}
    for pool in pools:
        xs, ys, gs, heads, tails = [], [], [], [], []
        for j in range(len(pool.conv.questions)):
            head, x, _ = candidate_features(pool, j)
            order, _ = hybrid(pool, j, pool.stored @ pool.questions[j])
            xs.append(x)
            ys.append(
                np.array([i in pool.positives[j] for i in head], dtype=np.float32)
            )
            gs.append(np.full(len(head), j))
            heads.append(head)
            tails.append(order[DEPTH:])
        out[pool.id] = Table(
            np.concatenate(xs),
            np.concatenate(ys),
            np.concatenate(gs),
            heads,
            pool.positives,
            tails,
        )
    return out


def fusion_fit(tables: list[Table], *, c: float, kind: str) -> object:
    """A pointwise model of P(cites the evidence) from the features."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    x = np.concatenate([t.x for t in tables])
    y = np.concatenate([t.y for t in tables])
    if kind == "gbt":
        from sklearn.ensemble import HistGradientBoostingClassifier

        return HistGradientBoostingClassifier(
            max_iter=int(c), learning_rate=0.05, max_leaf_nodes=8
        ).fit(x, y)
    return make_pipeline(StandardScaler(), LogisticRegression(C=c, max_iter=2000)).fit(
        x, y
    )


def fusion_rows(t: Table, model: object, lam: float) -> list:
    """Rerank each question's head by (1 - λ) hybrid + λ P(evidence)."""
    p = model.predict_proba(t.x)[:, 1]
    rows = []
    for j, head in enumerate(t.heads):
        mask = t.group == j
        fused = (1 - lam) * t.x[mask, 0] + lam * p[mask]
        order = [head[k] for k in np.argsort(-fused, kind="stable")] + t.tails[j]
        wanted = t.positives[j]
        rows.append((bool(wanted & set(order[:5])), bool(wanted & set(order[:10]))))
    return rows


def fusion(args) -> None:
    pools = pools_load(synthetic=not args.no_synthetic)
    tables = table(pools)
    locomo = [p.id for p in pools if p.locomo]
    base = {c: base_rows([p for p in pools if p.id == c])[c] for c in locomo}
    results: dict = {"base": figures([r for c in base.values() for r in c])}
    lams = [float(v) for v in args.lams.split(",")]
    for kind in args.kinds.split(","):
        for c in [float(v) for v in args.cs.split(",")]:
            name = f"{kind}{c:g}"
            per_fold, chosen = {}, {}
            for held in locomo:
                train = [tables[i] for i in tables if i != held]
                # λ chosen inside the fold: LOCO over its four LoCoMo ones.
                inner = [i for i in locomo if i != held]
                score = {lam: [0, 0] for lam in lams}
                for inner_held in inner:
                    model = fusion_fit(
                        [tables[i] for i in tables if i not in (held, inner_held)],
                        c=c,
                        kind=kind,
                    )
                    for lam in lams:
                        rows = fusion_rows(tables[inner_held], model, lam)
                        score[lam][0] += sum(b for _, b in rows)
                        score[lam][1] += sum(a for a, _ in rows)
                lam = max(lams, key=lambda v: tuple(score[v]))
                chosen[held] = lam
                model = fusion_fit(train, c=c, kind=kind)
                per_fold[held] = fusion_rows(tables[held], model, lam)
            results[name] = report(f"{name} (λ {chosen})", per_fold, base)
            results[name]["lambda"] = chosen
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "rerank_fusion.json").write_text(json.dumps(results, indent=2))


# -- b. A cross-encoder re-ranker of the hybrid top K ------------------------------


def xenc_model(layers: int, frozen: int, seed: int):
    """The package's MiniLM, its first `layers` layers, LoRA on those above
    `frozen` (bench.pair_xenc's machinery), a one-logit head."""
    import torch

    from bench import pair_xenc as px

    px.FROZEN_LAYERS = frozen
    tokenizer, model, adapters, _ = px.lora_model(seed)
    model.encoder.layer = model.encoder.layer[:layers]
    keep = {k: v for k, v in adapters.items() if int(k.split("_")[0]) < layers}
    adapters = torch.nn.ParameterDict(keep)
    head = torch.nn.Linear(model.config.hidden_size, 1)
    return tokenizer, model, adapters, head


def xenc_logits(tokenizer, model, head, pairs, batch: int = 64) -> np.ndarray:  # noqa: ANN001
    import torch

    from memory_core.pipeline import cross_encoder as xe

    out = []
    model.eval()
    with torch.inference_mode():
        for start in range(0, len(pairs), batch):
            enc = xe.encode(tokenizer, pairs[start : start + batch])
            hidden = model(**enc).last_hidden_state
            out.append(head(xe.pool(hidden, enc["attention_mask"]))[:, 0].numpy())
    return np.concatenate(out) if out else np.zeros(0, dtype=np.float32)


def xenc_train(
    pools: list[Pool],
    *,
    layers: int,
    frozen: int,
    k: int,
    negatives: int,
    epochs: int,
    seed: int = 7,
    limit: int = 0,
):
    """Listwise training: each question's softmax over one positive and
    `negatives` of its hybrid top-`k` that cite no evidence turn."""
    import math

    import torch

    from memory_core.pipeline import cross_encoder as xe

    torch.set_num_threads(1)
    rng = np.random.default_rng(seed)
    tokenizer, model, adapters, head = xenc_model(layers, frozen, seed)
    groups = []
    for pool in pools:
        contents = [o.content for o in pool.conv.observations]
        for j, positives in enumerate(pool.positives):
            if not positives:
                continue
            order, _ = hybrid(pool, j, pool.stored @ pool.questions[j])
            hard = [i for i in order[:k] if i not in positives]
            question = pool.conv.questions[j]["question"]
            groups.append(
                (
                    question,
                    [contents[i] for i in positives],
                    [contents[i] for i in hard],
                )
            )
    if limit:
        groups = [groups[i] for i in rng.permutation(len(groups))[:limit]]
    norms = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(
        [
            {"params": list(adapters.parameters()) + norms, "lr": 5e-4},
            {"params": head.parameters(), "lr": 2e-3},
        ],
        weight_decay=0.01,
    )
    per_step = max(1, 32 // (negatives + 1))
    steps = epochs * math.ceil(len(groups) / per_step)
    warmup = max(1, steps // 20)
    scheduler = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda s: min(1.0, (s + 1) / warmup) * max(0.0, 1 - s / steps)
    )
    started = time.perf_counter()
    for epoch in range(epochs):
        model.train()
        order = rng.permutation(len(groups))
        total = 0.0
        for start in range(0, len(order), per_step):
            pairs, sizes = [], []
            for g in order[start : start + per_step]:
                question, positives, hard = groups[g]
                chosen = [positives[rng.integers(len(positives))]]
                picks = rng.permutation(len(hard))[:negatives]
                chosen += [hard[i] for i in picks]
                pairs += [(question, m) for m in chosen]
                sizes.append(len(chosen))
            enc = xe.encode(tokenizer, pairs)
            hidden = model(**enc).last_hidden_state
            logits = head(xe.pool(hidden, enc["attention_mask"]))[:, 0]
            loss, at = 0.0, 0
            for size in sizes:
                loss = loss - torch.log_softmax(logits[at : at + size], 0)[0]
                at += size
            loss = loss / len(sizes)
            loss.backward()
            optimizer.step()
            scheduler.step()
            optimizer.zero_grad()
            total += float(loss.detach()) * len(sizes)
        print(
            f"epoch {epoch + 1}: loss {total / len(groups):.4f}, "
            f"{time.perf_counter() - started:.0f} s ({len(groups)} questions)",
            flush=True,
        )
    return tokenizer, model, head, adapters


def xenc_scores(pool: Pool, tokenizer, model, head, k: int) -> list[dict]:  # noqa: ANN001
    """Per question: the hybrid top k, their hybrid scores and logits."""
    contents = [o.content for o in pool.conv.observations]
    out = []
    for j, q in enumerate(pool.conv.questions):
        order, scores = hybrid(pool, j, pool.stored @ pool.questions[j])
        head_ids = order[:k]
        logits = xenc_logits(
            tokenizer, model, head, [(q["question"], contents[i]) for i in head_ids]
        )
        out.append(
            {
                "order": [int(i) for i in order[:DEPTH]],
                "hybrid": [float(scores[i]) for i in head_ids],
                "logits": [float(x) for x in logits],
            }
        )
    return out


def rerank_order(item: dict, lam: float, k: int) -> list[int]:
    """(1 - λ) hybrid + λ min-max of the logits over the first k; the rest stay."""
    logits = np.array(item["logits"][:k])
    hybrid_scores = np.array(item["hybrid"][:k])
    spread = logits.max() - logits.min() or 1.0
    fused = (1 - lam) * hybrid_scores + lam * (logits - logits.min()) / spread
    head = item["order"][:k]
    return [head[i] for i in np.argsort(-fused, kind="stable")] + item["order"][k:]


def xenc(args) -> None:
    pools = pools_load()
    trained = set(args.train.split(",")) if args.train else set()
    locomo = [p for p in pools if p.locomo and p.id not in trained]
    synthetic = [p for p in pools if not p.locomo or p.id in trained]
    cache = RESULTS / f"rerank_xenc_{args.name}.json"
    if cache.exists():
        scored = json.loads(cache.read_text())
    else:
        tokenizer, model, head, _ = xenc_train(
            synthetic,
            layers=args.layers,
            frozen=args.frozen,
            k=args.k,
            negatives=args.negatives,
            epochs=args.epochs,
            limit=args.limit,
        )
        scored = {}
        for pool in locomo:
            started = time.perf_counter()
            scored[pool.id] = xenc_scores(pool, tokenizer, model, head, args.k)
            print(
                f"scored {pool.id} in {time.perf_counter() - started:.0f} s", flush=True
            )
        RESULTS.mkdir(exist_ok=True)
        cache.write_text(json.dumps(scored))
    xenc_report(locomo, scored, args.k)


def xenc_report(locomo: list[Pool], scored: dict, k: int) -> None:
    lams = [round(0.1 * i, 1) for i in range(11)]
    depths = [d for d in (10, 20, 30, 40) if d <= k]

    def rows(pool: Pool, lam: float, depth: int) -> list:
        return [
            hits(pool, j, rerank_order(item, lam, depth))
            for j, item in enumerate(scored[pool.id])
        ]

    table_ = {
        (lam, d): {p.id: rows(p, lam, d) for p in locomo}
        for lam in lams
        for d in depths
    }
    base = table_[(0.0, depths[0])]
    per_fold, chosen = {}, {}
    for held in locomo:
        rest = [p.id for p in locomo if p.id != held.id]

        def pooled(key, rest=rest) -> tuple[int, int]:
            return (
                sum(b for c in rest for _, b in table_[key][c]),
                sum(a for c in rest for a, _ in table_[key][c]),
            )

        key = max(table_, key=pooled)
        chosen[held.id] = key
        per_fold[held.id] = table_[key][held.id]
    report(
        f"cross-encoder, λ and depth chosen on the other scored ones: {chosen}",
        per_fold,
        base,
    )
    for key in [(lam, d) for lam in (0.2, 0.3, 0.5, 1.0) for d in depths]:
        f = figures([r for c in table_[key].values() for r in c])
        print(f"  fixed λ {key[0]} depth {key[1]}: {f['recall@5']} / {f['recall@10']}")


# -- Cost ---------------------------------------------------------------------------


def cost(args) -> None:
    """Added time of re-ranking one search's top K in process: torch on one
    thread, onnxruntime fp32 and int8 (one thread, no spinning), for the
    first L layers; real LoCoMo questions and their hybrid top K, the
    backends rotated per question so each sees the same load."""
    import os

    import onnxruntime
    import torch

    from memory_core.embeddings import _quantize
    from memory_core.pipeline import cross_encoder as xe

    torch.set_num_threads(1)
    pools = [p for p in pools_load(synthetic=False) if p.id in ("26", "42")]
    searches = []
    for pool in pools:
        contents = [o.content for o in pool.conv.observations]
        for j, q in enumerate(pool.conv.questions[: args.questions]):
            order, _ = hybrid(pool, j, pool.stored @ pool.questions[j])
            searches.append([(q["question"], contents[i]) for i in order[: args.k]])
    tokenizer, full = xe.base_model()
    out_dir = Path("/tmp/mgc-rerank-cost")
    out_dir.mkdir(exist_ok=True)
    backends = {}
    for layers in [int(v) for v in args.layers.split(",")]:
        _, model = xe.base_model()
        model.encoder.layer = model.encoder.layer[:layers]
        backends[f"torch L{layers}"] = ("torch", model)
        fp32 = out_dir / f"L{layers}.onnx"
        int8 = out_dir / f"L{layers}-int8.onnx"
        if not fp32.exists():
            sample = xe.encode(tokenizer, searches[0][:2])

            class Encoder(torch.nn.Module):
                def __init__(self, inner) -> None:  # noqa: ANN001
                    super().__init__()
                    self.inner = inner

                def forward(self, input_ids, attention_mask, token_type_ids):  # noqa: ANN001, ANN202
                    return self.inner(
                        input_ids=input_ids,
                        attention_mask=attention_mask,
                        token_type_ids=token_type_ids,
                    ).last_hidden_state

            torch.onnx.export(
                Encoder(model).eval(),
                (
                    sample["input_ids"],
                    sample["attention_mask"],
                    sample["token_type_ids"],
                ),
                str(fp32),
                input_names=["input_ids", "attention_mask", "token_type_ids"],
                output_names=["last_hidden_state"],
                dynamic_axes={
                    n: {0: "batch", 1: "tokens"}
                    for n in (
                        "input_ids",
                        "attention_mask",
                        "token_type_ids",
                        "last_hidden_state",
                    )
                },
                opset_version=17,
                dynamo=False,
            )
            _quantize(fp32, int8)
        for name, path in (("fp32", fp32), ("int8", int8)):
            options = onnxruntime.SessionOptions()
            options.intra_op_num_threads = 1
            options.inter_op_num_threads = 1
            options.add_session_config_entry("session.intra_op.allow_spinning", "0")
            session = onnxruntime.InferenceSession(
                str(path), sess_options=options, providers=["CPUExecutionProvider"]
            )
            backends[f"ort {name} L{layers}"] = ("ort", session)

    def run(kind: str, engine, pairs) -> None:  # noqa: ANN001
        enc = xe.encode(tokenizer, pairs)
        if kind == "torch":
            with torch.inference_mode():
                engine(**enc)
        else:
            engine.run(["last_hidden_state"], {k: v.numpy() for k, v in enc.items()})

    for kind, engine in backends.values():
        run(kind, engine, searches[0])
    times: dict[str, list[float]] = {name: [] for name in backends}
    load = [os.getloadavg()[0]]
    for n, pairs in enumerate(searches):
        names = list(backends)
        names = names[n % len(names) :] + names[: n % len(names)]
        for name in names:
            kind, engine = backends[name]
            started = time.perf_counter()
            run(kind, engine, pairs)
            times[name].append((time.perf_counter() - started) * 1000)
    load.append(os.getloadavg()[0])
    results = {}
    for name, values in times.items():
        values.sort()
        results[name] = {
            "p50_ms": round(values[len(values) // 2], 1),
            "p95_ms": round(values[int(len(values) * 0.95)], 1),
        }
        print(
            f"{name}, K {args.k}: p50 {results[name]['p50_ms']} ms, "
            f"p95 {results[name]['p95_ms']} ms"
        )
    print(f"load {load[0]:.1f} -> {load[1]:.1f}, {len(searches)} searches")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"rerank_cost_k{args.k}.json").write_text(
        json.dumps({"k": args.k, "load": load, "results": results}, indent=2)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    a = sub.add_parser("adapter")
    a.add_argument("--ranks", default="8")
    a.add_argument("--epochs", default="3")
    a.add_argument("--temperatures", default="0.05")
    a.add_argument("--no-synthetic", action="store_true")
    a.add_argument("--lr", type=float, default=1e-3)
    a.add_argument("--decay", type=float, default=0.0)
    f = sub.add_parser("fusion")
    f.add_argument("--kinds", default="logistic")
    f.add_argument("--cs", default="1")
    f.add_argument("--lams", default="0,0.25,0.5,0.75,1")
    f.add_argument("--no-synthetic", action="store_true")
    x = sub.add_parser("xenc")
    x.add_argument("--name", default="syn")
    x.add_argument("--layers", type=int, default=3)
    x.add_argument("--frozen", type=int, default=1)
    x.add_argument("--k", type=int, default=30)
    x.add_argument("--negatives", type=int, default=7)
    x.add_argument("--epochs", type=int, default=1)
    x.add_argument("--limit", type=int, default=0)
    x.add_argument(
        "--train",
        default="",
        help="LoCoMo conversations trained on too (the others are scored)",
    )
    c = sub.add_parser("cost")
    c.add_argument("--k", type=int, default=30)
    c.add_argument("--layers", default="3,6")
    c.add_argument("--questions", default=20, type=int)
    args = parser.parse_args()
    br.configure()
    commands = {"adapter": adapter, "fusion": fusion, "xenc": xenc, "cost": cost}
    commands[args.command](args)


if __name__ == "__main__":
    main()
