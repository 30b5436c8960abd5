"""GC's expiry of a superseded version is a HOT update: `superseded_at` stays.

`superseded_at` was a generated column, `valid_to` while the version is
superseded and NULL otherwise, indexed where set (0022) so GC's superseded
phase finds old versions from a small index. Expiring such a version cleared
it, so the update changed an indexed column and was not HOT: the ~1.9 kB row
got a new entry in every index of the table, the HNSW and five GIN indexes
among them (20–22 s of the first GC run over 1M versions, bench/PERF.md,
seventeenth session).

Now it is a plain column owned by two triggers: set to `valid_to` whenever a
version is written or becomes `superseded`, and never changed otherwise
(whatever an UPDATE says), so an expired version keeps it and GC's expiry
leaves every index alone. GC's superseded phase reads `status` from the row
and starts where its last run left off (`memory_core/lifecycle/gc/runs.py`),
so the versions it has already expired are not read again.

`DROP EXPRESSION` keeps the stored values and does not rewrite the table.
"""

from django.db import migrations, models

FORWARD = """
ALTER TABLE memory_core_memoryversion ALTER COLUMN superseded_at DROP EXPRESSION;

CREATE FUNCTION memory_version_superseded_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status = 'superseded' THEN
        NEW.superseded_at := NEW.valid_to;
    ELSIF TG_OP = 'INSERT' THEN
        NEW.superseded_at := NULL;
    ELSE
        NEW.superseded_at := OLD.superseded_at;
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER memory_version_superseded_at_insert
BEFORE INSERT ON memory_core_memoryversion
FOR EACH ROW
WHEN (NEW.status = 'superseded' OR NEW.superseded_at IS NOT NULL)
EXECUTE FUNCTION memory_version_superseded_at();

CREATE TRIGGER memory_version_superseded_at_update
BEFORE UPDATE ON memory_core_memoryversion
FOR EACH ROW
WHEN (NEW.status = 'superseded'
      OR NEW.superseded_at IS DISTINCT FROM OLD.superseded_at)
EXECUTE FUNCTION memory_version_superseded_at();
"""

BACKWARD = """
DROP TRIGGER memory_version_superseded_at_update ON memory_core_memoryversion;
DROP TRIGGER memory_version_superseded_at_insert ON memory_core_memoryversion;
DROP FUNCTION memory_version_superseded_at();
ALTER TABLE memory_core_memoryversion DROP COLUMN superseded_at;
ALTER TABLE memory_core_memoryversion ADD COLUMN superseded_at timestamptz
    GENERATED ALWAYS AS (CASE WHEN status = 'superseded' THEN valid_to END) STORED;
CREATE INDEX memory_version_retired_idx ON memory_core_memoryversion
    (tenant_id, superseded_at) WHERE superseded_at IS NOT NULL;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("memory_core", "0023_scan_due_indexes"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.RunSQL(FORWARD, BACKWARD)],
            state_operations=[
                migrations.AlterField(
                    model_name="memoryversion",
                    name="superseded_at",
                    field=models.DateTimeField(
                        blank=True,
                        editable=False,
                        null=True,
                        help_text=(
                            "When the version was last superseded (its valid_to "
                            "then); kept after it expires. Set by the triggers of "
                            "migration 0024, never by the application."
                        ),
                    ),
                ),
            ],
        ),
    ]
