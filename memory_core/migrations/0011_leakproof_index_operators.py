"""Let row-level security keep the text indexes (docs/database-isolation.md).

Under RLS, PostgreSQL evaluates the policy before any condition whose
function is not LEAKPROOF, so such a condition cannot be an index condition:
the full-text match (`search_vector @@ query`, GIN) and the trigram LIKE
scans of erasure and the memory browser (gin_trgm_ops over `upper()` and
concatenations) fell back to reading
every row of the tenant. At 100k memories a search's keyword half went from
5 ms to 130 ms per lexeme.

These operators raise no error that shows a row's value (LIKE's errors are
about the pattern, which the caller wrote), so they are marked LEAKPROOF.
Only a superuser may do that; under a non-superuser owner the migration
leaves them as they are and says so, and the operator runs these statements
once per database (the doc lists them).
"""

from django.db import migrations

FUNCTIONS = (
    "pg_catalog.ts_match_vq(tsvector, tsquery)",
    "pg_catalog.ts_match_qv(tsquery, tsvector)",
    "pg_catalog.textlike(text, text)",
    "pg_catalog.texticlike(text, text)",
    "pg_catalog.upper(text)",
    "similarity_op(text, text)",
    "word_similarity_op(text, text)",
    "strict_word_similarity_op(text, text)",
)


def _sql(leakproof: bool) -> str:
    attribute = "LEAKPROOF" if leakproof else "NOT LEAKPROOF"
    alters = "\n".join(
        f"""
        IF to_regprocedure('{signature}') IS NOT NULL THEN
            EXECUTE 'ALTER FUNCTION {signature} {attribute}';
        END IF;"""
        for signature in FUNCTIONS
    )
    return f"""
    DO $$
    BEGIN
        IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
            RAISE NOTICE 'not a superuser: text operators left as they are; '
                'see docs/database-isolation.md (indexes under RLS)';
            RETURN;
        END IF;
        {alters}
    END
    $$;
    """


class Migration(migrations.Migration):
    dependencies = [
        ("memory_core", "0010_row_level_security"),
    ]

    operations = [
        migrations.RunSQL(_sql(True), reverse_sql=_sql(False)),
    ]
