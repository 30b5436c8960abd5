"""Adopt the metrics app's two indexes on write requests into the model state.

`metrics_write_decided_idx` (metrics 0001) and `metrics_write_late_idx`
(metrics 0002) were created by raw SQL in the metrics app's migrations; they
are declared in `WriteRequest.Meta.indexes` now, so the model says every
index its table has. State only: the database already has both.
"""

from django.db import migrations, models
from django.db.models.expressions import RawSQL


class Migration(migrations.Migration):
    dependencies = [
        ("memory_core", "0013_adopt_raw_sql_indexes"),
        ("metrics", "0002_daily_rollups"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AddIndex(
                    model_name="writerequest",
                    index=models.Index(
                        fields=["tenant", "decided_at"],
                        condition=models.Q(decided_at__isnull=False),
                        name="metrics_write_decided_idx",
                    ),
                ),
                migrations.AddIndex(
                    model_name="writerequest",
                    index=models.Index(
                        fields=["tenant", "finished_at"],
                        condition=models.Q(
                            RawSQL(
                                "finished_at - created_at > interval '1 hour'",
                                (),
                                output_field=models.BooleanField(),
                            )
                        ),
                        name="metrics_write_late_idx",
                    ),
                ),
            ],
        ),
    ]
