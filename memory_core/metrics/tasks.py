"""Beat's metrics job."""

from __future__ import annotations

from celery import shared_task

from memory_core.metrics.rollups import rollup_all


@shared_task(name="metrics.rollup_all", ignore_result=True)
def metrics_rollup_all_task() -> int:
    return rollup_all()
