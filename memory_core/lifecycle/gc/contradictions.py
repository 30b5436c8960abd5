"""The periodic contradiction scan: cases for pairs that slipped past the write path.

The write path judges a write against its neighbours when it arrives; a pair
can still slip through (two writes committed in the same batch, a judge that
was unreachable, a value approved by a curator). Each run scans up to
`policy.gc_contradiction_scan_limit` active heads not scanned since they last
changed, those the write path flagged `contradiction_unchecked` first. A head
is judged against its topical neighbours in its scope and the scopes above
(the same readable lineage as the contradiction gate, with the same judge);
a contradiction opens a `Conflict` between two stored versions (no write, the
older one as `existing_version`), unless the pair is already open or a
curator kept both (`ConflictPairAllowance`).
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import connection
from django.db.models import F, Q

from audit.actions import AuditAction
from audit.services import AuditEntry
from memory_core.models import (
    Conflict,
    ConflictPairAllowance,
    ConflictStatus,
    MemoryVersion,
    Scope,
    VersionStatus,
    ancestor_paths,
)
from memory_core.pipeline.gates.contradiction import UNCHECKED_FLAG
from memory_core.pipeline.judges import Judge
from memory_core.policy import Policy

DETECTOR_PREFIX = "gc_scan"


@dataclass(frozen=True)
class Neighbour:
    version_id: uuid.UUID
    item_id: uuid.UUID
    content_hash: str
    content: str
    created_at: Any
    similarity: float


@dataclass
class Finding:
    existing: uuid.UUID
    new: uuid.UUID
    similarity: float
    detector: str
    reason: str


# Heads the write path could not judge first, then the longest unscanned;
# each half reads its own index (migration 0023_scan_due_indexes), so a run
# finds its items without reading every active item.
DUE = """
    i.status = 'active' AND i.head_id IS NOT NULL
    AND (i.contradiction_scanned_at IS NULL
         OR i.contradiction_scanned_at < i.updated_at)
"""
ITEMS_TO_SCAN = f"""
    (SELECT i.id FROM memory_core_memoryversion h
     JOIN memory_core_memoryitem i ON i.id = h.item_id AND i.head_id = h.id
     WHERE h.tenant_id = %(tenant)s AND h.flags @> %(flag)s::jsonb AND {DUE}
     ORDER BY i.contradiction_scanned_at ASC NULLS FIRST LIMIT %(limit)s)
    UNION ALL
    (SELECT i.id FROM memory_core_memoryitem i
     WHERE i.tenant_id = %(tenant)s AND {DUE}
     ORDER BY i.contradiction_scanned_at ASC NULLS FIRST LIMIT %(limit)s)
"""


def items_to_scan(*, tenant_id: uuid.UUID, limit: int) -> list[uuid.UUID]:
    """Return active items whose head changed since its last scan, flagged first."""
    flag = json.dumps([UNCHECKED_FLAG])
    with connection.cursor() as cursor:
        cursor.execute(
            ITEMS_TO_SCAN, {"tenant": tenant_id, "flag": flag, "limit": limit}
        )
        ids = [row[0] for row in cursor.fetchall()]
    return list(dict.fromkeys(ids))[:limit]


def _lineages(tenant_id: uuid.UUID, paths: set[str]) -> dict[str, list[uuid.UUID]]:
    """Return each path's readable lineage (its scope and those above), one query."""
    wanted = {path: ancestor_paths(path) for path in paths}
    every = {p for above in wanted.values() for p in above}
    ids = dict(
        Scope.objects.filter(tenant_id=tenant_id, path__in=every).values_list(
            "path", "id"
        )
    )
    return {path: [ids[p] for p in above if p in ids] for path, above in wanted.items()}


def _neighbours(
    tenant_id: uuid.UUID,
    scope_ids: list[uuid.UUID],
    head: MemoryVersion,
    k: int,
) -> list[Neighbour]:
    """Return the `k` nearest active versions in the scopes, other items only.

    A few hundred rows are scanned exactly (it cannot miss and beats the
    graph); more go through the HNSW index, as in the pipeline's lookups.
    """
    limit = settings.MGC_EXACT_SEARCH_MAX_ROWS
    vector = "[" + ",".join(f"{x:.7g}" for x in head.embedding) + "]"
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM (SELECT 1 FROM memory_core_memoryversion "
            "WHERE tenant_id = %s AND scope_id = ANY(%s) AND status = 'active' "
            "LIMIT %s) AS capped",
            [tenant_id, scope_ids, limit + 1],
        )
        exact = cursor.fetchone()[0] <= limit
        order = "(v.embedding <=> %s::vector) + 0" if exact else "v.embedding <=> %s"
        cursor.execute(
            "SELECT v.id, v.item_id, v.content_hash, v.content, v.created_at, "
            "1 - (v.embedding <=> %s::vector) "
            "FROM memory_core_memoryversion v "
            "WHERE v.tenant_id = %s AND v.scope_id = ANY(%s) "
            "AND v.status = 'active' AND v.item_id <> %s "
            f"ORDER BY {order} LIMIT %s",
            [vector, tenant_id, scope_ids, head.item_id, vector, k],
        )
        return [Neighbour(*row) for row in cursor.fetchall()]


def scan_findings(
    *,
    tenant_id: uuid.UUID,
    item_ids: list[uuid.UUID],
    policy: Policy,
    judge: Judge,
) -> tuple[list[Finding], list[uuid.UUID]]:
    """Judge each item's head against its neighbours; return findings and items done.

    Reads only. Stops at the first item the judge cannot answer for (the
    items not done are scanned by the next run).
    """
    heads = {
        v.item_id: v
        for v in MemoryVersion.objects.filter(
            tenant_id=tenant_id,
            item_id__in=item_ids,
            item__head_id=F("id"),
            status=VersionStatus.ACTIVE,
        ).select_related("scope")
    }
    findings: list[Finding] = []
    done: list[uuid.UUID] = []
    lineages = _lineages(tenant_id, {head.scope.path for head in heads.values()})
    for item_id in item_ids:
        head = heads.get(item_id)
        if head is None:
            done.append(item_id)
            continue
        scope_ids = lineages[head.scope.path]
        for n in _neighbours(
            tenant_id, scope_ids, head, policy.contradiction_neighbours
        ):
            if n.similarity <= policy.topic_similarity:
                continue
            if n.content_hash == head.content_hash:
                continue
            older_is_neighbour = (n.created_at, str(n.version_id)) <= (
                head.created_at,
                str(head.id),
            )
            premise, hypothesis = (
                (n.content, head.content)
                if older_is_neighbour
                else (head.content, n.content)
            )
            judgement = judge.judge(premise, hypothesis)
            if judgement.detector == "http_unavailable":
                return findings, done
            if judgement.contradicts:
                existing, new = (
                    (n.version_id, head.id)
                    if older_is_neighbour
                    else (head.id, n.version_id)
                )
                findings.append(
                    Finding(
                        existing,
                        new,
                        round(float(n.similarity), 4),
                        judgement.detector,
                        judgement.reason,
                    )
                )
        done.append(item_id)
    return findings, done


def findings_record(
    *, tenant_id: uuid.UUID, findings: list[Finding], run_id: uuid.UUID
) -> tuple[list[Conflict], list[AuditEntry]]:
    """Open a case per new finding, in the caller's transaction.

    A pair is skipped when either version is no longer active, a case about
    it is open, or a curator kept both.
    """
    opened: list[Conflict] = []
    entries: list[AuditEntry] = []
    for finding in findings:
        pair = sorted([finding.existing, finding.new], key=str)
        active = MemoryVersion.objects.filter(
            tenant_id=tenant_id, pk__in=pair, status=VersionStatus.ACTIVE
        ).count()
        if active != 2:
            continue
        if ConflictPairAllowance.objects.filter(
            tenant_id=tenant_id, version_a_id=pair[0], version_b_id=pair[1]
        ).exists():
            continue
        if Conflict.objects.filter(
            Q(existing_version_id=pair[0], new_version_id=pair[1])
            | Q(existing_version_id=pair[1], new_version_id=pair[0]),
            tenant_id=tenant_id,
            status=ConflictStatus.OPEN,
        ).exists():
            continue
        case = Conflict.objects.create(
            tenant_id=tenant_id,
            write_request=None,
            new_version_id=finding.new,
            existing_version_id=finding.existing,
            similarity=finding.similarity,
            detector=f"{DETECTOR_PREFIX}:{finding.detector}",
            reason=finding.reason,
            proposed_action="review",
        )
        opened.append(case)
        entries.append(
            AuditEntry(
                action=AuditAction.CONFLICT_OPEN,
                object_type="conflict",
                object_id=str(case.id),
                reason="contradiction scan",
                metadata={
                    "existing_version_id": str(finding.existing),
                    "new_version_id": str(finding.new),
                    "detector": case.detector,
                    "similarity": finding.similarity,
                    "gc_run": str(run_id),
                },
            )
        )
    return opened, entries
