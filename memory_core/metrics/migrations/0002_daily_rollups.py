"""Day rollup kinds; an index of the writes finished long after they came in."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("metrics", "0001_rollups"),
    ]

    operations = [
        migrations.AlterField(
            model_name="rollup",
            name="kind",
            field=models.CharField(
                choices=[
                    ("write", "Write"),
                    ("gate_ms", "Gate Ms"),
                    ("decision", "Decision"),
                    ("conflict", "Conflict"),
                    ("staleness", "Staleness"),
                    ("retention", "Retention"),
                    ("write_day", "Write Day"),
                    ("gate_ms_day", "Gate Ms Day"),
                    ("decision_day", "Decision Day"),
                ],
                max_length=16,
            ),
        ),
        # The rollup recomputes the hours of writes the worker finished long
        # after they came in (a deferred write retried hours later), so they
        # count with their final outcome (rollups.changed_hours). Only those
        # writes are in it: most finish within seconds.
        migrations.RunSQL(
            "CREATE INDEX metrics_write_late_idx "
            "ON memory_core_writerequest (tenant_id, finished_at) "
            "WHERE finished_at - created_at > interval '1 hour'",
            "DROP INDEX IF EXISTS metrics_write_late_idx",
        ),
    ]
