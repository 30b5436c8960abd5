"""Hourly rollup rows: what the dashboard and the health score read.

The raw tables (writes, gate traces, reviews, conflicts) grow by ~100k rows
a day; the dashboard reads these rows instead, a few hundred per day per
tenant, kept by beat (memory_core/metrics/rollups.py).
"""

from __future__ import annotations

from django.contrib.postgres.fields import ArrayField
from django.db import models

from memory_core.models import Agent, Tenant


class RollupKind(models.TextChoices):
    # Writes created in the hour, per agent, status, gate and code;
    # `flagged` counts the ones whose PII was redacted.
    WRITE = "write"
    # Gate decisions of writes created in the hour, per gate: a latency
    # histogram in milliseconds (GATE_MS_BOUNDS).
    GATE_MS = "gate_ms"
    # Human (or deadline) decisions made in the hour, per tier: a histogram of
    # the time to decision in seconds (DECISION_S_BOUNDS); `flagged` counts
    # the decisions made after the review deadline (SLA breaches).
    DECISION = "decision"
    # Contradictions found in the hour (conflict cases opened).
    CONFLICT = "conflict"
    # A snapshot of the active memories' staleness, in ten bins of 0.1, taken
    # by the first rollup of each hour.
    STALENESS = "staleness"
    # Memories retention expired or hard-deleted in the hour, per action.
    RETENTION = "retention"
    # The same as WRITE, GATE_MS and DECISION per day (UTC): the sums of the
    # day's hourly rows, which the 7- and 30-day windows read instead of
    # 24 times as many hourly rows. `hour` is the day's midnight.
    WRITE_DAY = "write_day"
    GATE_MS_DAY = "gate_ms_day"
    DECISION_DAY = "decision_day"


class Rollup(models.Model):
    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+")
    hour = models.DateTimeField(help_text="Start of the hour (UTC).")
    kind = models.CharField(max_length=16, choices=RollupKind.choices)
    agent = models.ForeignKey(
        Agent, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    status = models.CharField(max_length=20, blank=True)
    gate = models.CharField(max_length=32, blank=True)
    code = models.CharField(max_length=64, blank=True)
    count = models.BigIntegerField(default=0)
    flagged = models.BigIntegerField(default=0)
    value_sum = models.FloatField(default=0.0)
    buckets = ArrayField(models.BigIntegerField(), default=list, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["tenant", "kind", "hour"], name="metrics_rollup_idx")
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.hour:%Y-%m-%d %H}h ×{self.count}"


class RollupCursor(models.Model):
    """Up to when a tenant's rollups are current."""

    tenant = models.OneToOneField(
        Tenant, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    rolled_up_at = models.DateTimeField()
    duration_ms = models.FloatField(default=0.0)

    def __str__(self) -> str:
        return f"rollups of {self.tenant_id} at {self.rolled_up_at}"
