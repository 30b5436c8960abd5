"""Beat's metrics job.

Named `metrics.rollups.run_all` (`<app>.<noun>.<verb>`, as the other
tasks); the old name `metrics.rollup_all` stays registered as an alias for
one release, so a beat tick queued under it still runs.
"""

from __future__ import annotations

from celery import shared_task

from memory_core.metrics.rollups import rollup_all


@shared_task(name="metrics.rollups.run_all", ignore_result=True)
def metrics_rollup_all_task() -> int:
    return rollup_all()


@shared_task(name="metrics.rollup_all", ignore_result=True)
def metrics_rollup_all_alias_task() -> int:
    """Alias of `metrics.rollups.run_all` (its old name), one release."""
    return rollup_all()
