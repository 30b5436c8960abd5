"""Retrieval benchmark on LoCoMo: `python -m bench.retrieval`.

Writes every observation of the LoCoMo conversations in
../shared/data/locomo/ through the API (`POST /api/v1/writes`, `Prefer:
wait`, one user scope per speaker, episodic, `user_stated`) to a live server
with a real Celery worker, then asks every question of categories 1-4 with
`POST /api/v1/search` over that conversation's two speaker scopes
(`X-MGC-Evaluation: 1`, so nothing is recorded), once per ranking: hybrid,
vector and keyword. A question is a hit at k when one of the first k
memories cites one of its evidence turns (a memory the dedup gate merged
stands for every turn its writes cited). Prints evidence recall@5 and @10,
overall and per category, for the development conversations (26, 30, 41:
the ones the fusion was chosen on) and the held-out ones (42, 43)
separately, with p50/p95 latency end to end (client clock) and in the
service (`took_ms`), and writes JSON to bench/results/retrieval.json.

What a memory says: the observation as LoCoMo writes it, which names its
speaker (the speaker's name and ": " go in front when it does not), followed
by when it was said, "(said on 8 May, 2023)": an episodic memory is a
dated event, an assistant stores the day a user told it something, and
"last week" means nothing without it (`--content plain` leaves the date
out). Neither the turn id nor anything else of the answer key is stored.

`--scale N` first bulk-loads N synthetic active memories (generated
sentences about other people, embedded by the real model in batches and
cached in /tmp, COPY-ed into 1,000 other user scopes of the same tenant,
the HNSW index rebuilt after) and adds a pass that asks the hybrid questions
over every scope the agent may read, so the vector search walks the HNSW
index over the whole tenant.

Runs in its own database (memory_bench_retrieval); each run makes a new
tenant, so runs do not see each other's memories.
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import os
import random
import re
import socket
import sys
import threading
import time
import uuid
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from bench import LOCOMO, bench_database, bench_django_setup

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
DATA = LOCOMO
DATABASE = "memory_bench_retrieval"
DEV = ("26", "30", "41")
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
RANKINGS = ("hybrid", "vector", "keyword")
CACHE = Path("/tmp/mgc-bench-retrieval")


def configure() -> None:
    """Point this process (and its children) at the bench database and queue."""
    sys.path.insert(0, str(ROOT))
    from bench.writes import _redis_available

    if "DATABASE_URL" not in os.environ:
        bench_database(DATABASE)
    if "CELERY_BROKER_URL" not in os.environ and _redis_available():
        os.environ["CELERY_BROKER_URL"] = "redis://127.0.0.1:6379/13"
    os.environ["MGC_CELERY_QUEUE"] = f"bench-{uuid.uuid4().hex[:8]}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "memory_core.settings"

    bench_django_setup()


# The data


@dataclass
class Observation:
    speaker: str
    content: str
    turns: set[str]


@dataclass
class Conversation:
    id: str
    speakers: tuple[str, str]
    observations: list[Observation]
    questions: list[dict]
    memories: dict[str, set[str]] = field(default_factory=dict)  # id -> turns
    statuses: dict[str, int] = field(default_factory=dict)
    written: dict[str, Observation] = field(default_factory=dict)  # id -> first


def turn_ids(value) -> set[str]:
    """Return the dia_ids in `value`: a list, or one string with ';' or spaces."""
    parts = [value] if isinstance(value, str) else value
    found = set()
    for part in parts:
        for turn in re.split(r"[;,\s]+", part):
            if turn:
                found.add(turn.replace("D:", "D"))
    return found


def conversation_load(cid: str, *, dated: bool) -> Conversation:
    raw = json.loads((DATA / f"{cid}.json").read_text())
    speakers = (raw["speaker_a"], raw["speaker_b"])
    observations = []
    for name, facts in raw.items():
        match = re.fullmatch(r"session_(\d+)_observation", name)
        if not match:
            continue
        said = raw[f"session_{match.group(1)}_date_time"].split(" on ")[-1]
        for speaker, rows in facts.items():
            for fact, turns in rows:
                first = speaker.split()[0]
                text = fact if first.lower() in fact.lower() else f"{speaker}: {fact}"
                if dated:
                    text = f"{text} (said on {said})"
                observations.append(Observation(speaker, text, turn_ids(turns)))
    questions = [
        {**q, "evidence": turn_ids(q["evidence"])}
        for q in raw["qa"]
        if q.get("category") in CATEGORIES and q.get("evidence")
    ]
    return Conversation(cid, speakers, observations, questions)


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


# HTTP


class Client:
    """One keep-alive connection per thread to the bench server."""

    def __init__(self, port: int, token: str) -> None:
        self.port, self.token = port, token
        self.local = threading.local()

    def post(self, path: str, body: dict, headers: dict) -> tuple[int, dict, float]:
        if not hasattr(self.local, "conn"):
            self.local.conn = http.client.HTTPConnection(
                "127.0.0.1", self.port, timeout=120
            )
        started = time.perf_counter()
        self.local.conn.request(
            "POST",
            path,
            body=json.dumps(body),
            headers={
                "Authorization": f"Bearer {self.token}",
                "Content-Type": "application/json",
                **headers,
            },
        )
        response = self.local.conn.getresponse()
        answer = json.loads(response.read() or b"{}")
        return response.status, answer, (time.perf_counter() - started) * 1000


def observations_write(
    client: Client, conv: Conversation, scopes: dict, *, order: str = "scope"
) -> None:
    """Write every observation; map each memory to every turn it stands for.

    `order` "scope" (the default): one writer per speaker scope, each writing
    its speaker's observations in the order they were said and waiting for
    each outcome before the next, as a client that writes a conversation's
    memories as they come up does; the scope's creation order is then the
    order of the conversation (what keyword context, `retrieval_neighbours`,
    reads). "concurrent": four writers over the whole list, as before the
    seventh session: a speaker's consecutive observations commit out of order.
    """

    def write(obs: Observation) -> tuple[Observation, dict]:
        for _ in range(5):
            status, answer, _ms = client.post(
                "/api/v1/writes",
                {
                    "scope": scopes[obs.speaker],
                    "layer": "episodic",
                    "content": obs.content,
                    "source": "user_stated",
                    "confidence": 0.9,
                },
                {"Idempotency-Key": uuid.uuid4().hex, "Prefer": "wait=30"},
            )
            if status != 429:
                break
            time.sleep(1)
        if status != 202:
            raise RuntimeError(f"write answered {status}: {answer}")
        if answer.get("status") == "queued":
            answer = wait_outcome(client, answer["id"])
        return obs, answer

    if order == "scope":
        chains: dict[str, list[Observation]] = {}
        for obs in conv.observations:
            chains.setdefault(scopes[obs.speaker], []).append(obs)

        def write_chain(chain: list[Observation]) -> list[tuple[Observation, dict]]:
            return [write(obs) for obs in chain]

        with ThreadPoolExecutor(len(chains)) as pool:
            outcomes = [
                pair for done in pool.map(write_chain, chains.values()) for pair in done
            ]
    else:
        with ThreadPoolExecutor(4) as pool:
            outcomes = list(pool.map(write, conv.observations))
    for obs, answer in outcomes:
        state = answer["status"]
        conv.statuses[state] = conv.statuses.get(state, 0) + 1
        if state in ("committed", "duplicate") and answer.get("memory_id"):
            conv.memories.setdefault(answer["memory_id"], set()).update(obs.turns)
            conv.written.setdefault(answer["memory_id"], obs)


def neighbour_agreement(tenant, conversations: Sequence[Conversation]) -> dict:
    """How often the version written just before a memory in its scope (what
    keyword context reads) holds the same speaker's previous observation.

    Read after the writes; a memory the dedup gate merged stands for its
    first observation.
    """
    from memory_core.models import MemoryVersion
    from memory_core.rls import tenant_context

    right = total = 0
    for conv in conversations:
        place = {id(obs): n for n, obs in enumerate(conv.observations)}
        with tenant_context(tenant.id):
            rows = list(
                MemoryVersion.objects.filter(
                    item_id__in=list(conv.written), status="active"
                ).values_list("item_id", "scope_id", "created_at", "id")
            )
        by_scope: dict = {}
        for item_id, scope_id, created_at, version_id in rows:
            by_scope.setdefault(scope_id, []).append((created_at, version_id, item_id))
        for chain in by_scope.values():
            chain.sort()
            said = [place[id(conv.written[str(item)])] for _, _, item in chain]
            speaker = conv.written[str(chain[0][2])].speaker
            own = [n for n, o in enumerate(conv.observations) if o.speaker == speaker]
            previous = {b: a for a, b in zip(own, own[1:], strict=False)}
            for before, here in zip(said, said[1:], strict=False):
                total += 1
                right += previous.get(here) == before
    return {"previous_observation": right, "memories_with_a_predecessor": total}


def wait_outcome(client: Client, write_id: str) -> dict:
    conn = http.client.HTTPConnection("127.0.0.1", client.port, timeout=60)
    for _ in range(20):
        conn.request(
            "GET",
            f"/api/v1/writes/{write_id}?wait=30",
            headers={"Authorization": f"Bearer {client.token}"},
        )
        answer = json.loads(conn.getresponse().read())
        if answer["status"] != "queued":
            return answer
    return answer


def questions_ask(
    client: Client, conv: Conversation, scopes: list[str] | None, ranking: str
) -> list[dict]:
    """Ask every question once; return each one's hits at 5 and 10 and timings."""
    rows = []
    for q in conv.questions:
        body = {"query": q["question"], "limit": 10, "ranking": ranking}
        if scopes is not None:
            body["scopes"] = scopes
        status, answer, ms = client.post(
            "/api/v1/search", body, {"X-MGC-Evaluation": "1"}
        )
        if status != 200:
            raise RuntimeError(f"search answered {status}: {answer}")
        turns = [conv.memories.get(r["memory_id"], set()) for r in answer["results"]]
        rows.append(
            {
                "conversation": conv.id,
                "category": q["category"],
                "hit5": any(t & q["evidence"] for t in turns[:5]),
                "hit10": any(t & q["evidence"] for t in turns[:10]),
                "ms": ms,
                "took_ms": answer["took_ms"],
            }
        )
    return rows


def warm_up(client: Client, scopes: list[str] | None = None) -> None:
    """Warm the server's model and connections with questions not timed after.

    The server caches query embeddings per process: warming with the
    questions themselves would time cache hits.
    """
    for i, name in enumerate(FIRST_NAMES[:24]):
        body = {"query": f"What did {name} do after the trip number {i}?", "limit": 10}
        if scopes is not None:
            body["scopes"] = scopes
        status, answer, _ms = client.post(
            "/api/v1/search", body, {"X-MGC-Evaluation": "1"}
        )
        if status != 200:
            raise RuntimeError(f"search answered {status}: {answer}")


# Figures


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    return round(values[min(len(values) - 1, int(q * len(values)))], 1)


def figures(rows: list[dict]) -> dict:
    if not rows:
        return {}

    def recall(subset: list[dict], key: str) -> float:
        return round(sum(r[key] for r in subset) / len(subset), 3)

    per_category = {}
    for number, name in CATEGORIES.items():
        subset = [r for r in rows if r["category"] == number]
        if subset:
            per_category[f"{number} {name}"] = {
                "questions": len(subset),
                "recall@5": recall(subset, "hit5"),
                "recall@10": recall(subset, "hit10"),
            }
    return {
        "questions": len(rows),
        "recall@5": recall(rows, "hit5"),
        "recall@10": recall(rows, "hit10"),
        "per_category": per_category,
        "latency_ms": {
            "p50": percentile([r["ms"] for r in rows], 0.5),
            "p95": percentile([r["ms"] for r in rows], 0.95),
        },
        "service_ms": {
            "p50": percentile([r["took_ms"] for r in rows], 0.5),
            "p95": percentile([r["took_ms"] for r in rows], 0.95),
        },
    }


def splits(rows: list[dict]) -> dict:
    return {
        "dev": figures([r for r in rows if r["conversation"] in DEV]),
        "held_out": figures([r for r in rows if r["conversation"] not in DEV]),
        "all": figures(rows),
    }


def table(results: dict) -> str:
    lines = [
        f"{'pass':<22}{'split':<10}{'n':>5}{'R@5':>7}{'R@10':>7}"
        f"{'c1':>7}{'c2':>7}{'c3':>7}{'c4':>7}{'p50':>8}{'p95':>8}"
    ]
    for name, by_split in results.items():
        for split, f in by_split.items():
            if not f:
                continue
            cats = [
                f["per_category"].get(f"{n} {c}", {}).get("recall@10")
                for n, c in CATEGORIES.items()
            ]
            lines.append(
                f"{name:<22}{split:<10}{f['questions']:>5}{f['recall@5']:>7.3f}"
                f"{f['recall@10']:>7.3f}"
                + "".join(f"{c:>7.3f}" if c is not None else f"{'-':>7}" for c in cats)
                + f"{f['latency_ms']['p50']:>8}{f['latency_ms']['p95']:>8}"
            )
    return "\n".join(lines)


# Scale


FIRST_NAMES = """
Aiden Amara Bea Bruno Chloe Dario Elena Farid Greta Hana Ivan Jade Kofi Lena
Milo Nadia Omar Priya Quinn Rosa Sami Tara Umar Vera Wes Xena Yara Zane Ines
Liam Noor Otto Paula Ravi Sofia Theo Uma Viktor Wren Yusuf
""".split()


def synthetic_texts(n: int, distinct: int = 0) -> list[str]:
    """Return n distinct sentences about other people, LoCoMo-like in form.

    With `distinct` (< n), sentence i repeats sentence i % distinct, with its
    own note number.
    """
    from bench.writes import VERBS, WORDS

    rng = random.Random(11)
    bases = [
        f"{rng.choice(FIRST_NAMES)} {rng.choice(VERBS)} the {rng.choice(WORDS)} "
        f"with {rng.choice(FIRST_NAMES)} after the {rng.choice(WORDS)} and feels "
        f"{rng.choice(['happy', 'tired', 'proud', 'worried', 'excited'])} about "
        f"the {rng.choice(WORDS)} and the {rng.choice(WORDS)}"
        for _ in range(distinct if 0 < distinct < n else n)
    ]
    return [f"{bases[i % len(bases)]} (note {i})." for i in range(n)]


# The noise added to a repeated sentence's vector (per dimension): cosine
# about 0.97 to the sentence's own, as a close paraphrase.
REPEAT_NOISE = 0.0128


def synthetic_vectors(texts: list[str], distinct: int = 0):
    """Return the texts' vectors, cached in /tmp.

    Every text embedded by the real model; with `distinct`, only the first
    `distinct` are, and text i gets text i % distinct's vector plus Gaussian
    noise (`REPEAT_NOISE`), normalised: on a loaded 2-core machine the model
    embeds about 15 sentences a second, and 100k took hours.
    """
    import numpy as np

    from memory_core.embeddings import get_provider

    n = len(texts)
    distinct = distinct if 0 < distinct < n else n
    CACHE.mkdir(exist_ok=True)
    path = CACHE / f"synthetic-{n}-{distinct}.npy"
    if path.exists():
        return np.load(path)
    provider, chunks = get_provider(), []
    for start in range(0, distinct, 1024):
        end = min(distinct, start + 1024)
        chunks.append(np.asarray(provider.embed(texts[start:end])))
        print(f"embedded {end}/{distinct}", file=sys.stderr)
    vectors = np.concatenate(chunks).astype(np.float32)
    if distinct < n:
        rng = np.random.default_rng(11)
        repeated = vectors[np.arange(n) % distinct]
        noisy = repeated + rng.normal(0, REPEAT_NOISE, repeated.shape)
        noisy[:distinct] = vectors
        norms = np.linalg.norm(noisy, axis=1, keepdims=True)
        vectors = (noisy / norms).astype(np.float32)
    np.save(path, vectors)
    return vectors


def scale_load(tenant, org: str, n: int, distinct: int = 0) -> dict:
    """COPY n active memories into 1,000 user scopes; rebuild the HNSW index."""
    from django.db import connection, transaction

    from audit.services import Actor
    from memory_core.models import Scope
    from memory_core.services.tenancy import scope_create

    started = time.perf_counter()
    texts = synthetic_texts(n, distinct)
    vectors = synthetic_vectors(texts, distinct)
    embedded = time.perf_counter() - started
    actor = Actor.system("bench")
    paths = [f"/org/{org}/user/synthetic-{i}/" for i in range(min(1000, n))]
    for path in paths:
        scope_create(tenant=tenant, path=path, actor=actor)
    ids = dict(Scope.objects.filter(tenant=tenant).values_list("path", "id"))
    started = time.perf_counter()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL synchronous_commit = off")
        cursor.execute("DROP INDEX IF EXISTS memory_version_embedding_hnsw")
        for start in range(0, n, 5000):
            rows = []
            for i in range(start, min(n, start + 5000)):
                rows.append(
                    (uuid.uuid4(), uuid.uuid4(), ids[paths[i % len(paths)]], texts[i])
                )
            _copy(cursor, tenant.id, rows, vectors[start : start + len(rows)])
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("SET LOCAL maintenance_work_mem = '1GB'")
        cursor.execute(
            "CREATE INDEX memory_version_embedding_hnsw "
            "ON memory_core_memoryversion USING hnsw (embedding vector_cosine_ops) "
            "WITH (m = 16, ef_construction = 64)"
        )
    with connection.cursor() as cursor:
        for table_name in ("memory_core_memoryitem", "memory_core_memoryversion"):
            cursor.execute(f"VACUUM (ANALYZE) {table_name}")
    return {
        "memories": n,
        "embedded_sentences": distinct if 0 < distinct < n else n,
        "scopes": len(paths),
        "embed_s": round(embedded, 1),
        "copy_and_index_s": round(time.perf_counter() - started, 1),
    }


def _copy(cursor, tenant_id, rows, vectors) -> None:
    from datetime import UTC, datetime

    from memory_core.hashing import content_hash

    now = datetime.now(UTC)
    with cursor.copy(
        "COPY memory_core_memoryitem (id, tenant_id, scope_id, layer, kind, "
        "memory_key, subject, predicate, object, classification, residency, status, "
        "head_id, pinned, access_count, created_at, updated_at, expired_by, "
        "gc_candidate_reason, retrieval_weight, stale_reason) FROM STDIN"
    ) as copy:
        for item_id, head_id, scope_id, _text in rows:
            copy.write_row(
                (item_id, tenant_id, scope_id, "episodic", "note", None, "", "", "")
                + ("general", "", "active", head_id, False, 0, now, now)
                + ("", "", 1.0, "")
            )
    with cursor.copy(
        "COPY memory_core_memoryversion (id, tenant_id, item_id, scope_id, layer, "
        "number, content, structured, embedding, content_hash, fingerprint, "
        "confidence, source, evidence, evidence_count, approval_state, approved_by, "
        "justification, status, merged_from, flags, provenance, valid_from, valid_to, "
        "task_id, session_id, signature, created_at) FROM STDIN"
    ) as copy:
        for (item_id, head_id, scope_id, text), vector in zip(
            rows, vectors, strict=True
        ):
            copy.write_row(
                (head_id, tenant_id, item_id, scope_id, "episodic", 1, text, "{}")
                + ("[" + ",".join(f"{x:.6f}" for x in vector) + "]",)
                + (content_hash(text), "", 0.9, "user_stated", "[]", 1, "auto")
                + ("", "", "active", "{}", "[]", "{}", now, None, "", "", "", now)
            )


# Run


# Offline: the API's ranking recomputed in this process (issue 11, variants
# of what a memory's vector is made from)

OFFLINE_VARIANTS = (
    "base",
    "nodate",
    "prefix",
    "prefix2",
    "sent",
    "clause",
    "clause+prefix",
    "clause-mean",
    "context",
    "context-mean",
)


def said_split(text: str) -> tuple[str, str]:
    """Return (`text` without its "(said on …)" suffix, the date or "")."""
    match = re.fullmatch(r"(.*) \(said on (.*)\)", text, flags=re.S)
    return (match.group(1), match.group(2)) if match else (text, "")


CLAUSE_BREAK = re.compile(
    r"(?:[;:]\s+|,\s+(?=(?:and|but|so|because|which|who|while|as|since|where|"
    r"when|after|before|although|though|even)\b)|\s+(?=(?:and|but|because|while|"
    r"since|although|though)\s))"
)


def memory_parts(content: str, speaker: str, granularity: str) -> list[str]:
    """Split a memory into sentences or clauses, each naming its speaker and date.

    Clauses break at ";", ":", a comma before a conjunction or relative word,
    and "and"/"but"/"because"/… between words (which also splits "kids and
    work"); a leading "and"/"but"/"so" is dropped. A part that does not name
    the speaker gets "Name: " in front; each part
    keeps the memory's "(said on …)" suffix, so it reads alone.
    """
    body, said = said_split(content)
    pieces = [p for p in re.split(r"(?<=[.!?])\s+", body) if p.strip()]
    if granularity == "clause":
        pieces = [c for p in pieces for c in CLAUSE_BREAK.split(p) if c.strip()]
    first = speaker.split()[0].lower()
    parts = []
    for piece in pieces:
        # "… and found the stories inspiring": the part reads "found …".
        piece = re.sub(r"^(?:and|but|so)\s+", "", piece.strip())
        if first not in piece.lower():
            piece = f"{speaker}: {piece}"
        parts.append(f"{piece} (said on {said})" if said else piece)
    return parts


def previous(
    conv: Conversation, i: int, n: int = 1, *, pick: int = 0, seed: int = 0
) -> str | None:
    """The `n` observations written before observation `i`, same speaker and
    day, as one text (fewer when fewer were; None when none was).

    `pick` W > 0: instead, one of the last W such observations at random (as
    the scope's previous commit is when W writers write at once).
    """
    here = conv.observations[i]
    if pick:
        day = said_split(here.content)[1]
        same = [
            o
            for o in conv.observations[:i]
            if o.speaker == here.speaker and said_split(o.content)[1] == day
        ]
        if not same:
            return None
        chosen = random.Random(f"{seed}-{conv.id}-{i}").choice(same[-pick:])
        return said_split(chosen.content)[0]
    found: list[str] = []
    for j in range(i - 1, max(-1, i - 1 - n), -1):
        before = conv.observations[j]
        if before.speaker != here.speaker:
            break
        if said_split(before.content)[1] != said_split(here.content)[1]:
            break
        found.insert(0, said_split(before.content)[0])
    return " ".join(found) or None


def embedding_texts(
    content: str, speaker: str, variant: str, *, before: str | None = None
) -> list[str]:
    """The texts whose vectors stand for one memory (its score: the best cosine).

    `before`: what the same speaker said just before, the same day (the
    `context` variants' second vector reads it, then this memory).
    """
    body, said = said_split(content)
    if variant in ("context", "context-mean"):
        if before is None:
            return [content]
        return [content, f"{before} {content}"]
    if variant == "base":
        return [content]
    if variant == "nodate":  # the keyword side keeps the date; the vector not
        return [body]
    if variant == "prefix":  # speaker and date in front, one vector
        return [f"{speaker}, {said}: {body}" if said else f"{speaker}: {body}"]
    if variant == "prefix2":  # the stored vector and a prefixed second one
        return [content, f"{speaker}, {said}: {body}" if said else f"{speaker}: {body}"]
    if variant == "sent":
        return [content, *memory_parts(content, speaker, "sentence")]
    if variant in ("clause", "clause-mean"):
        return [content, *memory_parts(content, speaker, "clause")]
    if variant == "clause+prefix":
        return [
            content,
            *embedding_texts(content, speaker, "prefix"),
            *memory_parts(content, speaker, "clause"),
        ]
    raise ValueError(variant)


class VectorCache:
    """Vectors of texts from the configured provider, cached on disk by text."""

    def __init__(self, path: Path) -> None:
        import numpy as np

        self.path = path
        self.vectors: dict[str, np.ndarray] = {}
        if path.exists():
            saved = np.load(path, allow_pickle=False)
            self.vectors = dict(
                zip(saved["texts"].tolist(), saved["vectors"], strict=True)
            )

    def get(self, texts: list[str]):
        import numpy as np

        from memory_core.embeddings import get_provider

        missing = sorted({t for t in texts if t not in self.vectors})
        if missing:
            started = time.perf_counter()
            vectors = get_provider().embed(missing)
            print(
                f"embedded {len(missing)} texts in "
                f"{time.perf_counter() - started:.0f} s",
                file=sys.stderr,
            )
            for text, vector in zip(missing, vectors, strict=True):
                self.vectors[text] = np.asarray(vector, dtype=np.float32)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            np.savez(
                self.path,
                texts=np.array(list(self.vectors)),
                vectors=np.stack(list(self.vectors.values())),
            )
        return np.stack([self.vectors[t] for t in texts])


def lexicon(texts: list[str]) -> list[dict[str, int]]:
    """Each text's lexemes as PostgreSQL's to_tsvector('english') has them,
    with their occurrence counts (the search_vector's positions)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            """SELECT t.n, u.lexeme, coalesce(array_length(u.positions, 1), 1)
               FROM unnest(%s::text[]) WITH ORDINALITY AS t(text, n),
                    unnest(to_tsvector('english', t.text)) u""",
            [texts],
        )
        rows = cursor.fetchall()
    found: list[dict[str, int]] = [{} for _ in texts]
    for n, lexeme, count in rows:
        found[n - 1][lexeme] = count
    return found


def nameless(question: str, speakers: Sequence[str]) -> str:
    """The question without its speakers' first names (the `qmix` variants)."""
    names = "|".join(re.escape(s.split()[0]) for s in speakers)
    bare = re.sub(rf"\b({names})('s)?\b", "", question)
    return re.sub(r"\s+", " ", bare).strip()


def query_expansions(
    questions: list[str],
    query_lexemes: list[list[str]],
    alpha: float,
    *,
    senses: int = 1,
    derived: bool = False,
) -> list[dict[str, float]]:
    """Per question, the lexemes of its words' WordNet synonyms (and
    derivations) that are not its own, each weighing `alpha`."""
    from memory_core.pipeline import wordnet

    words = [
        [w for w in re.findall(r"[a-z]+", q.lower()) if len(w) > 2] for q in questions
    ]
    own = lexicon(sorted({w for ws in words for w in ws}))
    stemmed = dict(zip(sorted({w for ws in words for w in ws}), own, strict=True))
    related: dict[str, set[str]] = {}
    for word in {w for ws in words for w in ws}:
        if not stemmed[word]:  # a stopword
            continue
        found = set(wordnet.synonyms(word, senses))
        if derived:
            found |= wordnet.derivations(word, senses)
        related[word] = {r.replace("_", " ") for r in found}
    phrases = sorted({r for rs in related.values() for r in rs})
    lexemes = dict(zip(phrases, lexicon(phrases), strict=True)) if phrases else {}
    out = []
    for ws, qlx in zip(words, query_lexemes, strict=True):
        mine = set(qlx)
        extra: dict[str, float] = {}
        for w in ws:
            for phrase in related.get(w, ()):
                for lx in lexemes[phrase]:
                    if lx not in mine:
                        extra[lx] = alpha
        out.append(extra)
    return out


def ts_ranks(memories: list[str], queries: list[list[str]]) -> list[dict[int, float]]:
    """ts_rank_cd of each memory matching the OR of each query's lexemes."""
    from django.db import connection

    from memory_core.retrieval import _tsquery_lexeme

    tsqueries = [" | ".join(_tsquery_lexeme(lx) for lx in q) or "" for q in queries]
    with connection.cursor() as cursor:
        cursor.execute(
            """WITH m AS (SELECT n, to_tsvector('english', t) AS tsv
                          FROM unnest(%s::text[]) WITH ORDINALITY AS x(t, n)),
                    q AS (SELECT n, tq::tsquery AS tsq
                          FROM unnest(%s::text[]) WITH ORDINALITY AS y(tq, n)
                          WHERE tq <> '')
               SELECT q.n, m.n, ts_rank_cd(m.tsv, q.tsq)
               FROM q JOIN m ON m.tsv @@ q.tsq""",
            [memories, tsqueries],
        )
        rows = cursor.fetchall()
    ranks: list[dict[int, float]] = [{} for _ in queries]
    for qn, mn, rank in rows:
        ranks[qn - 1][mn - 1] = rank
    return ranks


def offline_rank(
    cosine,
    ts_rank: dict[int, float],
    terms: list[dict[str, int]],
    query_lexemes: list[str],
    tiebreak: list[str],
    *,
    k: int = 100,
    weights: tuple[float, float] = (0.6, 0.4),
) -> list[int]:
    """The API's hybrid ranking of one pool: indexes of memories, best first."""
    return offline_scores(
        cosine, ts_rank, terms, query_lexemes, tiebreak, k=k, weights=weights
    )[0]


def offline_scores(
    cosine,
    ts_rank: dict[int, float],
    terms: list[dict[str, float]],
    query_lexemes: list[str],
    tiebreak: list[str],
    *,
    k: int = 100,
    weights: tuple[float, float] = (0.6, 0.4),
    lend: float = 0.0,
    before: list[list[int]] | None = None,
    lend_all: bool = False,
    lend_tf: bool = False,
    lend_decay: float = 1.0,
    expansion: dict[str, float] | None = None,
) -> tuple[list[int], dict[int, float]]:
    """The API's hybrid ranking of one pool and each candidate's fused score.

    Candidates: the k best by cosine and the k best by ts_rank_cd (ties by a
    stand-in for the version id); BM25 over the candidates (k1 1.2, b 0.75),
    divided by the best; weighted sum; ties by cosine. Recency, importance and
    provenance are the same for every memory here, so they are left out.

    `lend` W > 0 (the `lend` variants: keyword context at query time): a
    memory's keyword score gains W × the BM25 of each of its neighbours
    before it, `before[i]` (the scope's previous memories); the keyword
    candidates' successors (every memory with one of them in its `before`)
    join the candidates. Only candidates lend, unless `lend_all` (then a
    neighbour outside the candidates lends too, its BM25 with the
    candidates' document frequencies, a lexeme none of them has counted as
    in one). `lend_tf`: instead, the neighbours' query-lexeme counts and
    lengths join the memory's own at W before BM25 (kctx's document, put
    together at query time). `lend_decay` r: the k-th neighbour before
    lends W × r^(k-1) (`before[i]` is nearest first), as the service's
    `retrieval_neighbour_decay`.
    """
    import numpy as np

    from memory_core.retrieval import BM25_B, BM25_K1

    by_cosine = list(np.argsort(-cosine, kind="stable")[:k])
    by_rank = sorted(ts_rank, key=lambda i: (-ts_rank[i], tiebreak[i]))[:k]
    pool = set(int(i) for i in by_cosine) | set(by_rank)
    if lend and before is not None:
        keyword = set(by_rank)
        pool |= {i for i, prev in enumerate(before) if keyword.intersection(prev)}
    candidates = sorted(pool)
    scored = set(candidates)
    if lend and lend_all and before is not None:
        scored |= {p for i in candidates for p in before[i]}
    wanted = set(query_lexemes)
    counts = {i: {lx: c for lx, c in terms[i].items() if lx in wanted} for i in scored}
    if expansion:
        for i in scored:
            for lx, c in terms[i].items():
                if lx in expansion and lx not in wanted:
                    counts[i][lx] = expansion[lx] * c
    lengths = {i: sum(terms[i].values()) for i in scored}
    if lend and lend_tf and before is not None:
        for i in candidates:
            for distance, p in enumerate(before[i]):
                share = lend * lend_decay**distance
                for lx, c in terms[p].items():
                    lengths[i] += share * c
                    if lx in wanted:
                        counts[i][lx] = counts[i].get(lx, 0) + share * c
    n = len(candidates)
    frequency: dict[str, int] = {}
    for i in candidates:
        for lexeme in counts[i]:
            frequency[lexeme] = frequency.get(lexeme, 0) + 1
    mean_length = sum(lengths[i] for i in candidates) / n or 1.0
    idf = {
        lx: math.log(1 + (n - df + 0.5) / (df + 0.5)) for lx, df in frequency.items()
    }
    bm25 = {}
    unseen = math.log(1 + (n - 1 + 0.5) / 1.5)  # a lexeme no candidate has
    for i in scored:
        norm = BM25_K1 * (1 - BM25_B + BM25_B * lengths[i] / mean_length)
        bm25[i] = sum(
            idf.get(lx, unseen) * tf * (BM25_K1 + 1) / (tf + norm)
            for lx, tf in counts[i].items()
        )
    if lend and not lend_tf and before is not None:
        own = bm25
        bm25 = {
            i: own[i]
            + lend
            * sum(
                lend_decay**distance * own[p]
                for distance, p in enumerate(before[i])
                if p in own
            )
            for i in candidates
        }
    best = max(bm25.values(), default=0.0)
    scores = {
        i: weights[0] * max(0.0, float(cosine[i]))
        + weights[1] * (bm25[i] / best if best else 0.0)
        for i in candidates
    }
    order = sorted(candidates, key=lambda i: (-round(scores[i], 6), -float(cosine[i])))
    return order, scores


def evidence_position(conv: Conversation, order: list[int], evidence: set) -> str:
    """Where the best-ranked memory citing an evidence turn is, as a bucket."""
    cites = {i for i, o in enumerate(conv.observations) if o.turns & evidence}
    if not cites:
        return "no memory cites the evidence"
    position = next((p for p, i in enumerate(order) if i in cites), None)
    if position is None:
        return "not a candidate"
    for bound in (10, 20, 50):
        if position < bound:
            return f"top {bound}"
    return "below 50"


# Fifth session: context without a second model call, and late interaction.
# A variant is a vector variant above or parts joined by "+": a vector
# variant, `vmixB[nN][-mean|-only]`, `kctxW[nN]`, `maxsimL[-all][-mm][dD]`;
# sixth session: `lendW[nN][-all][-day][-tf]` (keyword context at query time);
# seventh: `lendW[nN][rR]`, the k-th neighbour before lending W × R^(k-1).


@dataclass
class Recipe:
    """What one offline variant changes in the API's ranking."""

    vector: str = "base"  # one of OFFLINE_VARIANTS: the texts embedded
    mix: float = 0.0  # β of normalize(v_self + Σ β^k v_prev_k); 0: none
    mix_n: int = 1
    mix_score: str = "max"  # "max", "mean" (of the two cosines) or "only"
    keyword: float = 0.0  # tf weight of the previous memories' lexemes; 0: none
    keyword_n: int = 1
    maxsim: float = 0.0  # λ of the MaxSim rerank; 0: none
    maxsim_tokens: str = "content"  # "content" (no stopwords, punctuation) or "all"
    maxsim_norm: str = "max"  # "max" (÷ the best) or "minmax" over the depth
    maxsim_depth: int = 30
    lend: float = 0.0  # W: a keyword hit lends W × its BM25 to the next N; 0: none
    lend_n: int = 1
    lend_decay: float = 1.0  # the k-th neighbour before lends W × decay^(k-1)
    lend_all: bool = False  # neighbours outside the candidates lend too
    lend_day: bool = False  # neighbours the same day only (as kctx); else any
    lend_tf: bool = False  # lend lexeme counts (kctx's document), not BM25 scores
    expand: float = 0.0  # α: WordNet relatives of the query's words count α × tf
    expand_senses: int = 1
    expand_derived: bool = False
    qmix: float = 0.0  # γ: the question's vector mixes γ of its nameless form


RECIPE_PART = re.compile(
    r"vmix(?P<mix>\d*\.?\d+)(?:n(?P<mix_n>\d+))?(?:-(?P<mix_score>mean|only))?"
    r"|kctx(?P<keyword>\d*\.?\d+)(?:n(?P<keyword_n>\d+))?"
    r"|maxsim(?P<maxsim>\d*\.?\d+)(?P<all>-all)?(?P<mm>-mm)?(?:d(?P<depth>\d+))?"
    r"|lend(?P<lend>\d*\.?\d+)(?:n(?P<lend_n>\d+))?(?:r(?P<lend_decay>\d*\.?\d+))?"
    r"(?P<lend_all>-all)?"
    r"(?P<lend_day>-day)?(?P<lend_tf>-tf)?"
    r"|qmix(?P<qmix>\d*\.?\d+)"
    r"|xp(?P<expand>\d*\.?\d+)(?:s(?P<senses>\d+))?(?P<derived>-d)?"
)


def recipe_parse(variant: str) -> Recipe:
    """The Recipe a variant name stands for (ValueError if none)."""
    if variant in OFFLINE_VARIANTS:
        return Recipe(vector=variant)
    recipe = Recipe()
    for part in variant.split("+"):
        if part in OFFLINE_VARIANTS:
            recipe.vector = part
            continue
        match = RECIPE_PART.fullmatch(part)
        if not match:
            raise ValueError(f"unknown offline variant part {part!r}")
        g = match.groupdict()
        if g["mix"]:
            recipe.mix = float(g["mix"])
            recipe.mix_n = int(g["mix_n"] or 1)
            recipe.mix_score = g["mix_score"] or "max"
        elif g["lend"]:
            recipe.lend = float(g["lend"])
            recipe.lend_n = int(g["lend_n"] or 1)
            recipe.lend_decay = float(g["lend_decay"] or 1.0)
            recipe.lend_all = bool(g["lend_all"])
            recipe.lend_day = bool(g["lend_day"])
            recipe.lend_tf = bool(g["lend_tf"])
        elif g["qmix"]:
            recipe.qmix = float(g["qmix"])
        elif g["expand"]:
            recipe.expand = float(g["expand"])
            recipe.expand_senses = int(g["senses"] or 1)
            recipe.expand_derived = bool(g["derived"])
        elif g["keyword"]:
            recipe.keyword = float(g["keyword"])
            recipe.keyword_n = int(g["keyword_n"] or 1)
        else:
            recipe.maxsim = float(g["maxsim"])
            recipe.maxsim_tokens = "all" if g["all"] else "content"
            recipe.maxsim_norm = "minmax" if g["mm"] else "max"
            recipe.maxsim_depth = int(g["depth"] or 30)
    return recipe


def previous_indexes(
    conv: Conversation, i: int, n: int = 1, *, pick: int = 0, seed: int = 0
) -> list[int]:
    """Indexes of the up to `n` observations just before `i` by the same
    speaker the same day, nearest first (the `context` variant's neighbours).

    `pick` W > 0: instead, `n` of the last W such observations at random (as
    the scope's previous commits are when W writers write at once).
    """
    here = conv.observations[i]
    day = said_split(here.content)[1]
    if pick:
        same = [
            j
            for j in range(i)
            if conv.observations[j].speaker == here.speaker
            and said_split(conv.observations[j].content)[1] == day
        ][-pick:]
        chosen = random.Random(f"{seed}-{conv.id}-{i}").sample(same, min(n, len(same)))
        return sorted(chosen, reverse=True)
    found: list[int] = []
    for j in range(i - 1, max(-1, i - 1 - n), -1):
        before = conv.observations[j]
        if before.speaker != here.speaker or said_split(before.content)[1] != day:
            break
        found.append(j)
    return found


def scope_before(
    conv: Conversation,
    i: int,
    n: int,
    *,
    day: bool = False,
    pick: int = 0,
    seed: int = 0,
) -> list[int]:
    """Indexes of the `n` memories written just before `i` in its scope (the
    same speaker), nearest first, whatever the day they were said unless
    `day` (the `lend` variants' neighbours: a service knows the scope's
    creation order, not the day a sentence was said).

    `pick` W > 0: `n` of the W before at random, as under W concurrent writers.
    """
    here = conv.observations[i]
    when = said_split(here.content)[1]
    same = [
        j
        for j in range(i)
        if conv.observations[j].speaker == here.speaker
        and (not day or said_split(conv.observations[j].content)[1] == when)
    ]
    if pick:
        window = same[-pick:]
        chosen = random.Random(f"{seed}-{conv.id}-{i}").sample(
            window, min(n, len(window))
        )
        return sorted(chosen, reverse=True)
    return same[::-1][:n]


def mixed_vectors(stored, neighbours: list[list[int]], beta: float):
    """normalize(v_i + Σ_k β^k v_prev_k) per memory, from stored vectors
    alone (no model call); a memory without a neighbour keeps its own."""
    import numpy as np

    mixed = stored.copy()
    for i, prev in enumerate(neighbours):
        for k, p in enumerate(prev, start=1):
            mixed[i] = mixed[i] + beta**k * stored[p]
    return mixed / np.linalg.norm(mixed, axis=1, keepdims=True)


def ts_ranks_context(
    memories: list[str],
    contexts: list[str],
    queries: list[list[str]],
    weight: float,
) -> list[dict[int, float]]:
    """ts_rank_cd of each memory's search_vector if it held its context's
    lexemes too at a lower weight: own lexemes 'A', the context's 'D', ranked
    with weights {D: `weight`, C 0.2, B 0.4, A 1.0} (as a service could
    store and rank them); over the OR of each query's lexemes."""
    from django.db import connection

    from memory_core.retrieval import _tsquery_lexeme

    tsqueries = [" | ".join(_tsquery_lexeme(lx) for lx in q) or "" for q in queries]
    with connection.cursor() as cursor:
        cursor.execute(
            """WITH m AS (SELECT n, setweight(to_tsvector('english', t), 'A')
                                    || setweight(to_tsvector('english', c), 'D')
                                    AS tsv
                          FROM unnest(%s::text[], %s::text[])
                               WITH ORDINALITY AS x(t, c, n)),
                    q AS (SELECT n, tq::tsquery AS tsq
                          FROM unnest(%s::text[]) WITH ORDINALITY AS y(tq, n)
                          WHERE tq <> '')
               SELECT q.n, m.n, ts_rank_cd(%s::float4[], m.tsv, q.tsq)
               FROM q JOIN m ON m.tsv @@ q.tsq""",
            [memories, contexts, tsqueries, [weight, 0.2, 0.4, 1.0]],
        )
        rows = cursor.fetchall()
    ranks: list[dict[int, float]] = [{} for _ in queries]
    for qn, mn, rank in rows:
        ranks[qn - 1][mn - 1] = rank
    return ranks


def terms_with_context(
    terms: list[dict[str, int]], neighbours: list[list[int]], weight: float
) -> list[dict[str, float]]:
    """Each memory's lexeme counts plus `weight` × its neighbours' (BM25's
    term frequencies and lengths then count the context at that weight)."""
    out: list[dict[str, float]] = []
    for i, prev in enumerate(neighbours):
        counts: dict[str, float] = dict(terms[i])
        for p in prev:
            for lexeme, count in terms[p].items():
                counts[lexeme] = counts.get(lexeme, 0) + weight * count
        out.append(counts)
    return out


STOP_TOKENS = frozenset(
    """a about above after again all am an and any are as at be been before being
    but by can could did do does doing down during each few for from had has have
    having he her here hers herself him himself his how i if in into is it its
    itself just me more most my myself no nor not now of off on once only or other
    our ours out over own same she should so some such than that the their theirs
    them then there these they this those through to too under until up very was
    we were what when where which while who whom why will with would you your
    yours 's""".split()
)


class TokenCache:
    """Per-token vectors of texts (the MiniLM's last hidden state, before mean
    pooling, each token normalised), from the provider's ONNX session, cached
    on disk by text as float16. Keeps the token strings for filtering."""

    def __init__(self, path: Path) -> None:
        import numpy as np

        self.path = path
        self.vectors: dict[str, np.ndarray] = {}
        self.tokens: dict[str, list[str]] = {}
        if path.exists():
            saved = np.load(path, allow_pickle=False)
            # An NpzFile reads an array at every subscript: read each once.
            lengths, vectors = saved["lengths"], saved["vectors"]
            ends = np.cumsum(lengths)
            starts = ends - lengths
            tokens = saved["tokens"].tolist()
            for text, s, e in zip(saved["texts"].tolist(), starts, ends, strict=True):
                self.vectors[text] = vectors[s:e]
                self.tokens[text] = tokens[s:e]

    def get(self, texts: list[str]) -> list[tuple[list[str], object]]:
        import numpy as np

        missing = sorted({t for t in texts if t not in self.vectors})
        if missing:
            from memory_core.embeddings import OnnxMiniLM, get_provider

            provider = get_provider()
            if not isinstance(provider, OnnxMiniLM):
                raise SystemExit("maxsim variants need the ONNX provider")
            started = time.perf_counter()
            for start in range(0, len(missing), 32):
                chunk = missing[start : start + 32]
                encodings, _, hidden = provider.token_states(chunk)
                for text, e, h in zip(chunk, encodings, hidden, strict=True):
                    n = int(sum(e.attention_mask))
                    v = h[:n] / np.linalg.norm(h[:n], axis=1, keepdims=True)
                    self.vectors[text] = v.astype(np.float16)
                    self.tokens[text] = list(e.tokens[:n])
            print(
                f"token vectors of {len(missing)} texts in "
                f"{time.perf_counter() - started:.0f} s",
                file=sys.stderr,
            )
            texts_all = list(self.vectors)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            np.savez(
                self.path,
                texts=np.array(texts_all),
                lengths=np.array([len(self.tokens[t]) for t in texts_all]),
                tokens=np.array([tok for t in texts_all for tok in self.tokens[t]]),
                vectors=np.concatenate([self.vectors[t] for t in texts_all]),
            )
        return [(self.tokens[t], self.vectors[t]) for t in texts]


def token_keep(tokens: list[str], which: str) -> list[int]:
    """Positions of the tokens MaxSim reads: never [CLS]/[SEP]; with
    "content", no stopwords, punctuation or word pieces of one character."""
    keep = []
    for p, token in enumerate(tokens):
        if token in ("[CLS]", "[SEP]", "[PAD]"):
            continue
        if which == "content":
            word = token.removeprefix("##")
            if token.lower() in STOP_TOKENS or not any(ch.isalnum() for ch in word):
                continue
        keep.append(p)
    return keep or [p for p, t in enumerate(tokens) if t not in ("[CLS]", "[SEP]")]


def maxsim(query, memory) -> float:
    """Σ over query tokens of the best cosine to a memory token, ÷ |query|."""
    sims = query.astype("float32") @ memory.astype("float32").T
    return float(sims.max(axis=1).mean())


def maxsim_rerank(
    order: list[int],
    scores: dict[int, float],
    late: dict[int, float],
    lam: float,
    *,
    depth: int = 30,
    norm: str = "max",
) -> list[int]:
    """Rerank the first `depth` of `order` by (1 − λ) hybrid + λ MaxSim
    normalised over them (÷ the best, or min-max); the rest keep their place."""
    head = order[:depth]
    values = [late[i] for i in head]
    high, low = max(values), min(values)
    if norm == "minmax":
        spread = high - low or 1.0
        normed = {i: (late[i] - low) / spread for i in head}
    else:
        normed = {i: late[i] / high if high > 0 else 0.0 for i in head}
    fused = {i: (1 - lam) * scores[i] + lam * normed[i] for i in head}
    return sorted(head, key=lambda i: -fused[i]) + order[depth:]


def leave_one_out(per_conversation: dict[str, dict], conversations: list[str]) -> dict:
    """Choose a variant on every conversation but one (pooled recall@10, then
    @5; ties to the variant listed first), score it on that one; all folds.
    The first variant is the baseline the folds are compared with."""
    first = next(iter(per_conversation))

    def pooled(variant: str, ids) -> tuple[float, float]:
        figs = [per_conversation[variant][c] for c in ids]
        n = sum(f["n"] for f in figs) or 1
        return sum(f["hit10"] for f in figs) / n, sum(f["hit5"] for f in figs) / n

    folds, total = [], {"n": 0, "hit5": 0, "hit10": 0, "base5": 0, "base10": 0}
    for held in conversations:
        rest = [c for c in conversations if c != held]
        chosen = max(per_conversation, key=lambda v: pooled(v, rest))
        mine, base = per_conversation[chosen][held], per_conversation[first][held]
        folds.append(
            {
                "scored_on": held,
                "chosen": chosen,
                "recall@5": round(mine["hit5"] / mine["n"], 3),
                "recall@10": round(mine["hit10"] / mine["n"], 3),
                "base_recall@5": round(base["hit5"] / base["n"], 3),
                "base_recall@10": round(base["hit10"] / base["n"], 3),
            }
        )
        for key, value in (
            ("n", mine["n"]),
            ("hit5", mine["hit5"]),
            ("hit10", mine["hit10"]),
            ("base5", base["hit5"]),
            ("base10", base["hit10"]),
        ):
            total[key] += value
    n = total["n"] or 1
    return {
        "folds": folds,
        "recall@5": round(total["hit5"] / n, 3),
        "recall@10": round(total["hit10"] / n, 3),
        "base_recall@5": round(total["base5"] / n, 3),
        "base_recall@10": round(total["base10"] / n, 3),
    }


def offline(args) -> None:
    """Recall@5/@10 of the API's hybrid ranking, offline, per vector variant.

    Every observation is a memory (the API run merges none; it holds 4 of
    1,210 for review, which this keeps). Vectors from the configured
    provider (the production model), lexemes and ts_rank_cd from PostgreSQL.
    A memory with several vectors scores its best cosine to the question.
    """
    import numpy as np

    variants = [v.strip() for v in args.offline.split(",")]
    recipes = {v: recipe_parse(v) for v in variants}
    tokens = TokenCache(CACHE / "offline-tokens.npz")
    vector_weight, keyword_weight = (float(w) for w in args.offline_weights.split(","))
    weights = (vector_weight, keyword_weight)
    cache = VectorCache(CACHE / "offline-vectors.npz")
    conversations = [
        conversation_load(c.strip(), dated=args.content == "dated")
        for c in args.conversations.split(",")
    ]
    befores = {
        c.id: [
            previous(c, i, args.context, pick=args.context_pick, seed=args.seed)
            for i in range(len(c.observations))
        ]
        for c in conversations
    }
    results: dict[str, dict] = {}
    rows: dict[str, list[dict]] = {}
    misses: dict[str, dict[str, int]] = {}
    for conv in conversations:
        contents = [o.content for o in conv.observations]
        questions = [q["question"] for q in conv.questions]
        terms = lexicon(contents)
        query_lexemes = [list(t) for t in lexicon(questions)]
        ranks = ts_ranks(contents, query_lexemes)
        tiebreak = [uuid.uuid5(uuid.NAMESPACE_URL, c).hex for c in contents]
        qv = cache.get(questions)
        stored = cache.get(contents)  # each memory's stored vector
        for variant in variants:
            recipe = recipes[variant]
            owners, texts = [], []
            for i, obs in enumerate(conv.observations):
                for text in embedding_texts(
                    obs.content,
                    obs.speaker,
                    recipe.vector,
                    before=befores[conv.id][i],
                ):
                    owners.append(i)
                    texts.append(text)
            mv = cache.get(texts)
            owner = np.array(owners)
            # Each memory's first text is the memory itself.
            whole = np.array([owners.index(i) for i in range(len(contents))])
            mixed = has_mix = None
            if recipe.mix:
                near = [
                    previous_indexes(
                        conv, i, recipe.mix_n, pick=args.context_pick, seed=args.seed
                    )
                    for i in range(len(contents))
                ]
                mixed = mixed_vectors(stored, near, recipe.mix)
                has_mix = np.array([bool(n) for n in near])
            v_terms, v_ranks = terms, ranks
            if recipe.keyword:
                near = [
                    previous_indexes(
                        conv,
                        i,
                        recipe.keyword_n,
                        pick=args.context_pick,
                        seed=args.seed,
                    )
                    for i in range(len(contents))
                ]
                v_terms = terms_with_context(terms, near, recipe.keyword)
                v_ranks = ts_ranks_context(
                    contents,
                    [" ".join(contents[p] for p in reversed(n)) for n in near],
                    query_lexemes,
                    recipe.keyword,
                )
            lent_before = None
            if recipe.lend:
                lent_before = [
                    scope_before(
                        conv,
                        i,
                        recipe.lend_n,
                        day=recipe.lend_day,
                        pick=args.context_pick,
                        seed=args.seed,
                    )
                    for i in range(len(contents))
                ]
            if recipe.expand:
                expansions = query_expansions(
                    questions,
                    query_lexemes,
                    recipe.expand,
                    senses=recipe.expand_senses,
                    derived=recipe.expand_derived,
                )
            if recipe.maxsim:
                memory_tokens = tokens.get(contents)
                question_tokens = tokens.get(questions)
                keep = [
                    v[token_keep(t, recipe.maxsim_tokens)] for t, v in memory_tokens
                ]
            q_vectors = qv
            if recipe.qmix:
                bare = cache.get([nameless(q, conv.speakers) for q in questions])
                mixed_q = (1 - recipe.qmix) * qv + recipe.qmix * bare
                q_vectors = mixed_q / np.linalg.norm(mixed_q, axis=1, keepdims=True)
            for j, q in enumerate(conv.questions):
                sims = mv @ q_vectors[j]
                cosine = np.full(len(contents), -1.0)
                np.maximum.at(cosine, owner, sims)
                if recipe.vector.endswith("-mean"):  # half whole, half best part
                    cosine = (cosine + sims[whole]) / 2
                if recipe.mix:
                    mix_cosine = np.where(has_mix, mixed @ qv[j], cosine)
                    if recipe.mix_score == "max":
                        cosine = np.maximum(cosine, mix_cosine)
                    elif recipe.mix_score == "mean":
                        cosine = (cosine + mix_cosine) / 2
                    else:  # "only": the mixed vector instead of the stored one
                        cosine = mix_cosine
                order, scores = offline_scores(
                    cosine,
                    v_ranks[j],
                    v_terms,
                    query_lexemes[j],
                    tiebreak,
                    weights=weights,
                    lend=recipe.lend,
                    before=lent_before,
                    lend_all=recipe.lend_all,
                    lend_tf=recipe.lend_tf,
                    lend_decay=recipe.lend_decay,
                    expansion=expansions[j] if recipe.expand else None,
                )
                if recipe.maxsim:
                    q_tokens, q_token_vectors = question_tokens[j]
                    q_kept = q_token_vectors[token_keep(q_tokens, recipe.maxsim_tokens)]
                    late = {
                        i: maxsim(q_kept, keep[i]) for i in order[: recipe.maxsim_depth]
                    }
                    order = maxsim_rerank(
                        order,
                        scores,
                        late,
                        recipe.maxsim,
                        depth=recipe.maxsim_depth,
                        norm=recipe.maxsim_norm,
                    )
                orders = {
                    variant: order,
                    f"{variant} (vector)": list(np.argsort(-cosine, kind="stable")),
                }
                for name, order in orders.items():
                    turns = [conv.observations[i].turns for i in order[:10]]
                    rows.setdefault(name, []).append(
                        {
                            "conversation": conv.id,
                            "category": q["category"],
                            "hit5": any(t & q["evidence"] for t in turns[:5]),
                            "hit10": any(t & q["evidence"] for t in turns[:10]),
                            "ms": 0.0,
                            "took_ms": 0.0,
                        }
                    )
                    found = misses.setdefault(name, {})
                    where = evidence_position(conv, order, q["evidence"])
                    found[where] = found.get(where, 0) + 1
        print(f"conversation {conv.id} done", file=sys.stderr)
    for name, found in rows.items():
        recipe = recipes[name.split(" ")[0]]
        results[name] = splits(found)
        results[name]["best_evidence_position"] = misses[name]
        results[name]["per_conversation"] = {
            c.id: {
                "n": sum(r["conversation"] == c.id for r in found),
                "hit5": sum(r["hit5"] for r in found if r["conversation"] == c.id),
                "hit10": sum(r["hit10"] for r in found if r["conversation"] == c.id),
            }
            for c in conversations
        }
        results[name]["vectors"] = sum(
            len(
                embedding_texts(
                    o.content, o.speaker, recipe.vector, before=befores[c.id][i]
                )
            )
            + (recipe.mix_score != "only" and bool(previous_indexes(c, i, 1)))
            * bool(recipe.mix)
            for c in conversations
            for i, o in enumerate(c.observations)
        )
        if recipe.maxsim:
            counts = [
                len(token_keep(t, recipe.maxsim_tokens))
                for t, _ in tokens.get(
                    [o.content for c in conversations for o in c.observations]
                )
            ]
            results[name]["token_vectors_per_memory"] = round(
                sum(counts) / len(counts), 1
            )
    folds = leave_one_out(
        {v: results[v]["per_conversation"] for v in variants},
        [c.id for c in conversations],
    )
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps(
            {
                "mode": "offline",
                "leave_one_out": folds,
                "content": args.content,
                "weights": {"vector": weights[0], "keyword": weights[1]},
                "context": {
                    "n": args.context,
                    "pick": args.context_pick,
                    "seed": args.seed,
                },
                "results": results,
                "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            },
            indent=2,
        )
    )
    print("| variant | vectors | dev R@5 / R@10 | held-out R@5 / R@10 | all R@10 |")
    print("|---|---|---|---|---|")
    for variant, figs in results.items():
        d, h, a = figs["dev"], figs["held_out"], figs["all"]
        print(
            f"| {variant} | {figs['vectors']} | {d.get('recall@5')} / "
            f"{d.get('recall@10')} | {h.get('recall@5')} / {h.get('recall@10')} | "
            f"{a.get('recall@10')} |"
        )
    if len(variants) > 1 and len(conversations) > 2:
        print("\nleave one conversation out (hybrid; chosen on the other ones):")
        for fold in folds["folds"]:
            print(
                f"  {fold['scored_on']}: chose {fold['chosen']}, R@5 / R@10 "
                f"{fold['recall@5']} / {fold['recall@10']} (base "
                f"{fold['base_recall@5']} / {fold['base_recall@10']})"
            )
        print(
            f"  pooled: {folds['recall@5']} / {folds['recall@10']} "
            f"(base {folds['base_recall@5']} / {folds['base_recall@10']})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--conversations", default="26,30,41,42,43")
    parser.add_argument("--scale", type=int, default=0, help="extra memories first")
    parser.add_argument(
        "--scale-distinct",
        type=int,
        default=0,
        metavar="M",
        help="embed only M distinct synthetic sentences; the others repeat "
        "them with noise on the vector (0: every one embedded)",
    )
    parser.add_argument("--content", choices=("dated", "plain"), default="dated")
    parser.add_argument(
        "--policy", default="{}", help="tenant policy overrides, JSON (retrieval_*)"
    )
    parser.add_argument("--out", default=str(RESULTS / "retrieval.json"))
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument(
        "--latency-of",
        metavar="SLUG",
        help="only time whole-tenant hybrid searches over a tenant an earlier "
        "run loaded (e.g. a --scale run's locomo-…), on a quieter machine",
    )
    parser.add_argument(
        "--offline",
        metavar="VARIANTS",
        help="no server: recompute the hybrid ranking in this process for these "
        f"vector variants, comma-separated ({', '.join(OFFLINE_VARIANTS)}), or "
        "parts joined by '+': one of those, vmixB[nN][-mean|-only], kctxW[nN], "
        "lendW[nN][rR][-all][-day][-tf], maxsimL[-all][-mm][dD], xpA[sS][-d], qmixG "
        "(e.g. kctx0.3n2+vmix1.0+maxsim0.4)",
    )
    parser.add_argument(
        "--offline-weights",
        default="0.6,0.4",
        metavar="V,K",
        help="with --offline: the vector and keyword weights (the policy's)",
    )
    parser.add_argument(
        "--context",
        type=int,
        default=1,
        metavar="N",
        help="with --offline: the context variants read the N memories before",
    )
    parser.add_argument(
        "--context-pick",
        type=int,
        default=0,
        metavar="W",
        help="with --offline: the context is one of the W memories before, at "
        "random (--seed), as under W concurrent writers",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--write-order",
        choices=("scope", "concurrent"),
        default="scope",
        help="scope: each speaker's observations written in order, one writer "
        "per scope (a client writing a conversation as it goes); concurrent: "
        "four writers over the whole list (before the seventh session)",
    )
    args = parser.parse_args()
    if args.offline and args.out == str(RESULTS / "retrieval.json"):
        args.out = str(RESULTS / "retrieval_offline.json")
    configure()
    if args.offline:
        offline(args)
        return
    if not args.port:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            args.port = probe.getsockname()[1]
    if args.latency_of:
        latency_rerun(args)
        return

    from django.core.management import call_command

    from audit.services import Actor
    from bench.writes import Server, Worker
    from memory_core.policy import policy_for
    from memory_core.services.tenancy import (
        agent_create,
        agent_token_issue,
        scope_create,
        tenant_create,
    )

    call_command("migrate", verbosity=0)
    conversations = [
        conversation_load(c.strip(), dated=args.content == "dated")
        for c in args.conversations.split(",")
    ]
    run = uuid.uuid4().hex[:6]
    org = f"locomo-{run}"
    actor = Actor.system("bench")
    tenant = tenant_create(slug=org, name="LoCoMo bench", actor=actor)
    # One agent writes thousands of observations in minutes: lift its limits.
    tenant.policy = {
        "rate_limits": {"episodic": 10**9},
        "storm_writes_per_minute": 10**9,
        **json.loads(args.policy),
    }
    tenant.save(update_fields=["policy"])
    scopes = {}
    for conv in conversations:
        for speaker in conv.speakers:
            path = f"/org/{org}/user/c{conv.id}-{slug(speaker)}/"
            scope_create(tenant=tenant, path=path, actor=actor)
            scopes[conv.id, speaker] = path
    agent = agent_create(
        tenant=tenant,
        name="assistant",
        allowed_scopes=[f"/org/{org}/"],
        allowed_layers=["episodic"],
        actor=actor,
    )
    _, token = agent_token_issue(agent=agent, actor=actor)
    scale = (
        scale_load(tenant, org, args.scale, args.scale_distinct) if args.scale else None
    )

    server, worker = Server(args.port), Worker()
    client = Client(args.port, token)
    results: dict[str, dict] = {}
    try:
        worker.wait_ready()
        started = time.perf_counter()
        for conv in conversations:
            mine = {s: scopes[conv.id, s] for s in conv.speakers}
            observations_write(client, conv, mine, order=args.write_order)
            print(f"conversation {conv.id}: {conv.statuses}", file=sys.stderr)
        write_s = time.perf_counter() - started
        neighbours = neighbour_agreement(tenant, conversations)
        print(f"neighbours: {neighbours}", file=sys.stderr)
        # The hybrid pass embeds every question (cold); the vector, keyword
        # and whole-tenant passes find them in the server's query cache.
        warm_up(client)
        for ranking in RANKINGS:
            rows = []
            for conv in conversations:
                own = [scopes[conv.id, s] for s in conv.speakers]
                rows += questions_ask(client, conv, own, ranking)
            results[ranking] = splits(rows)
        if scale:
            rows = []
            for conv in conversations:
                rows += questions_ask(client, conv, None, "hybrid")
            results["hybrid, whole tenant"] = splits(rows)
    finally:
        worker.stop()
        server.stop()

    statuses: dict[str, int] = {}
    for conv in conversations:
        for state, count in conv.statuses.items():
            statuses[state] = statuses.get(state, 0) + count
    policy = policy_for(tenant)
    result = {
        "conversations": [c.id for c in conversations],
        "dev": [c.id for c in conversations if c.id in DEV],
        "held_out": [c.id for c in conversations if c.id not in DEV],
        "content": args.content,
        "writes": {
            "observations": sum(len(c.observations) for c in conversations),
            "statuses": statuses,
            "memories": sum(len(c.memories) for c in conversations),
            "seconds": round(write_s, 1),
            "order": args.write_order,
            "neighbours": neighbours,
        },
        "policy": {
            name: getattr(policy, name)
            for name in (
                "retrieval_fusion",
                "retrieval_weights",
                "retrieval_rrf_k",
                "retrieval_candidates",
                "retrieval_neighbour_weight",
                "retrieval_neighbours",
                "retrieval_neighbour_decay",
            )
        },
        "scale": scale,
        "results": results,
        "query_embeddings": "hybrid: cold (each question embedded); vector, "
        "keyword, whole tenant: warm (the per-process query cache)",
        "load_average": os.getloadavg(),
        "cpu_count": os.cpu_count(),
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2))
    print(json.dumps({k: result[k] for k in ("writes", "policy", "scale")}, indent=2))
    print(table(results))


def latency_rerun(args) -> None:
    """Time each question as a whole-tenant hybrid search of `args.latency_of`.

    Each distinct question twice: first cold (the server embeds it), then
    warm (its embedding comes from the server's per-process query cache).
    """
    from django.core.management import call_command

    from audit.services import Actor
    from bench.writes import Server
    from memory_core.models import Agent, MemoryVersion, Tenant
    from memory_core.services.tenancy import agent_token_issue

    call_command("migrate", verbosity=0)
    tenant = Tenant.objects.get(slug=args.latency_of)
    agent = Agent.objects.get(tenant=tenant, name="assistant")
    _, token = agent_token_issue(agent=agent, actor=Actor.system("bench"))
    active = MemoryVersion.objects.filter(tenant=tenant, status="active").count()
    conversations = [
        conversation_load(c.strip(), dated=args.content == "dated")
        for c in args.conversations.split(",")
    ]
    for conv in conversations:
        seen: set[str] = set()
        conv.questions = [
            q
            for q in conv.questions
            if not (q["question"] in seen or seen.add(q["question"]))
        ]
    server = Server(args.port)
    client = Client(args.port, token)
    passes: dict[str, list[dict]] = {"cold": [], "warm": []}
    try:
        warm_up(client)
        load_before = os.getloadavg()
        for conv in conversations:
            passes["cold"] += questions_ask(client, conv, None, "hybrid")
        for conv in conversations:
            passes["warm"] += questions_ask(client, conv, None, "hybrid")
        load_after = os.getloadavg()
    finally:
        server.stop()

    def timing(rows: list[dict]) -> dict:
        return {
            "latency_ms": {
                "p50": percentile([r["ms"] for r in rows], 0.5),
                "p95": percentile([r["ms"] for r in rows], 0.95),
            },
            "service_ms": {
                "p50": percentile([r["took_ms"] for r in rows], 0.5),
                "p95": percentile([r["took_ms"] for r in rows], 0.95),
            },
        }

    result = {
        "tenant": tenant.slug,
        "active_memories": active,
        "questions": len(passes["cold"]),
        "cold": timing(passes["cold"]),
        "warm": timing(passes["warm"]),
        "load_average": {"before": load_before, "after": load_after},
        "cpu_count": os.cpu_count(),
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    out = RESULTS / "retrieval_scale_latency.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
