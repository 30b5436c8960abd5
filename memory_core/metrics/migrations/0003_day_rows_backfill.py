"""Day rows for the hourly rows rolled up before day rows existed.

A rollup run rebuilds the day rows of the days it touches (today, mostly);
the 7- and 30-day windows read day rows for their whole days, so the days
before the upgrade get theirs here, once: the sums of their hourly rows, as
rollups._day_rows makes them.
"""

from datetime import UTC, datetime, timedelta

from django.db import migrations

DAY_KINDS = {"write": "write_day", "gate_ms": "gate_ms_day", "decision": "decision_day"}
EPOCH = datetime(2000, 1, 1, tzinfo=UTC)
DAY = timedelta(days=1)


def backfill(apps, schema_editor) -> None:
    Rollup = apps.get_model("metrics", "Rollup")
    have = set(
        Rollup.objects.filter(kind__in=DAY_KINDS.values()).values_list(
            "tenant_id", "hour"
        )
    )
    merged: dict[tuple, dict] = {}
    hourly = (
        Rollup.objects.filter(kind__in=DAY_KINDS.keys())
        .values_list(
            "tenant_id",
            "hour",
            "kind",
            "agent_id",
            "status",
            "gate",
            "code",
            "count",
            "flagged",
            "value_sum",
            "buckets",
        )
        .iterator(chunk_size=5000)
    )
    for (
        tenant,
        hour,
        kind,
        agent,
        status,
        gate,
        code,
        n,
        flagged,
        total,
        bins,
    ) in hourly:
        day = EPOCH + ((hour - EPOCH) // DAY) * DAY
        if (tenant, day) in have:
            continue
        key = (tenant, day, kind, agent, status, gate, code)
        entry = merged.setdefault(key, {"n": 0, "flagged": 0, "sum": 0.0, "bins": []})
        entry["n"] += n
        entry["flagged"] += flagged
        entry["sum"] += total
        mine = entry["bins"]
        if len(mine) < len(bins or ()):
            mine.extend([0] * (len(bins) - len(mine)))
        for index, value in enumerate(bins or ()):
            mine[index] += value
    Rollup.objects.bulk_create(
        [
            Rollup(
                tenant_id=tenant,
                hour=day,
                kind=DAY_KINDS[kind],
                agent_id=agent,
                status=status,
                gate=gate,
                code=code,
                count=entry["n"],
                flagged=entry["flagged"],
                value_sum=entry["sum"],
                buckets=entry["bins"],
            )
            for (tenant, day, kind, agent, status, gate, code), entry in merged.items()
        ],
        batch_size=1000,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("metrics", "0002_daily_rollups"),
    ]

    operations = [
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]
