"""GC's superseded phase starts where the tenant's last completed run left off.

An expired version keeps `superseded_at` (migration 0024), so reading the
phase's index from the beginning would read every version GC ever expired
again. A run records where the next may start (`resume_at`: the oldest
version still due, else its limit); every `SUPERSEDED_SWEEP` a run reads
from the beginning, which brings back what was held back then.
"""

from __future__ import annotations

from datetime import datetime

import pytest
from django.utils import timezone

from memory_core.lifecycle.gc import rules
from memory_core.lifecycle.gc.runs import (
    SUPERSEDED_SWEEP,
    SUPERSEDED_WINDOW,
    gc_run_execute,
)
from memory_core.models import GcRun, MemoryItem, MemoryVersion, VersionStatus
from memory_core.policy import policy_for
from tests.locks import row_locked_elsewhere
from tests.memory_core.lifecycle.test_gc import (
    DAY,
    NoJudge,
    run,
    stored,
    superseded_copy,
)

pytestmark = pytest.mark.django_db


def window(result: GcRun) -> dict[str, datetime]:
    saved = GcRun.objects.get(pk=result.pk).progress[SUPERSEDED_WINDOW]
    return {key: datetime.fromisoformat(value) for key, value in saved.items()}


def status(version: MemoryVersion) -> str:
    return MemoryVersion.objects.get(pk=version.pk).status


def moved_back(result: GcRun, days: int) -> None:
    """Make `result` a run of `days` ago: its window moves back with it."""
    progress = GcRun.objects.get(pk=result.pk).progress
    progress[SUPERSEDED_WINDOW] = {
        key: (value - days * DAY).isoformat() for key, value in window(result).items()
    }
    GcRun.objects.filter(pk=result.pk).update(
        progress=progress, started_at=result.started_at - days * DAY
    )


def test_a_run_starts_where_the_last_one_left_off(tenant):
    item = stored(tenant)
    old = superseded_copy(item, days_ago=200)
    first = run(tenant)
    assert status(old) == VersionStatus.EXPIRED
    assert first.counts[rules.SUPERSEDED] == 1
    limit = first.started_at - policy_for(tenant).gc_superseded_days * DAY
    seen = window(first)
    assert abs(seen["resume_at"] - limit) < DAY
    assert seen["swept_at"] >= first.started_at

    # Three days later: what was superseded since is read, what lies before
    # where the last run stopped is not (a supersession's time is its
    # moment, so only data written with an old one lies there).
    moved_back(first, 3)
    since = superseded_copy(item, days_ago=93)
    before = superseded_copy(item, days_ago=120)
    second = run(tenant)
    assert (status(since), status(before)) == (VersionStatus.EXPIRED, "superseded")
    assert second.counts[rules.SUPERSEDED] == 1
    assert window(second)["swept_at"] == seen["swept_at"] - 3 * DAY
    assert window(second)["resume_at"] > seen["resume_at"]


def test_a_dry_run_counts_from_where_the_last_run_left_off(tenant):
    item = stored(tenant)
    superseded_copy(item, days_ago=200)
    moved_back(run(tenant), 3)
    superseded_copy(item, days_ago=93)
    superseded_copy(item, days_ago=120)
    dry = gc_run_execute(tenant_id=tenant.id, dry_run=True, judge=NoJudge())
    assert dry is not None and dry.counts[rules.SUPERSEDED] == 1


def test_a_version_held_back_comes_back_with_the_periodic_sweep(tenant):
    item = stored(tenant, pinned=True)
    held = superseded_copy(item, days_ago=200)
    first = run(tenant)
    assert status(held) == VersionStatus.SUPERSEDED  # a pinned item's history stays
    assert window(first)["swept_at"] >= first.started_at

    MemoryItem.objects.filter(pk=item.pk).update(pinned=False)
    second = run(tenant)
    assert status(held) == VersionStatus.SUPERSEDED  # below where the run started

    # The sweep is due: the last run read from the beginning a week ago.
    progress = GcRun.objects.get(pk=second.pk).progress
    swept_at = timezone.now() - SUPERSEDED_SWEEP - DAY
    progress[SUPERSEDED_WINDOW]["swept_at"] = swept_at.isoformat()
    GcRun.objects.filter(pk=second.pk).update(progress=progress)
    third = run(tenant)
    assert status(held) == VersionStatus.EXPIRED
    assert third.counts[rules.SUPERSEDED] == 1
    assert window(third)["swept_at"] >= third.started_at


@pytest.mark.django_db(transaction=True)
def test_a_version_another_transaction_held_is_expired_by_the_next_run(tenant):
    item = stored(tenant)
    locked = superseded_copy(item, days_ago=200)
    superseded_copy(item, days_ago=150)
    with row_locked_elsewhere(locked):
        first = run(tenant)
    assert status(locked) == VersionStatus.SUPERSEDED  # skipped, not waited for
    assert first.counts[rules.SUPERSEDED] == 1
    assert window(first)["resume_at"] == locked.valid_to

    second = run(tenant)
    assert status(locked) == VersionStatus.EXPIRED
    assert second.counts[rules.SUPERSEDED] == 1
