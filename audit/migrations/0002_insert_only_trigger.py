from django.db import migrations

INSERT_ONLY = """
CREATE FUNCTION audit_event_refuse_change() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'audit events are insert-only (% refused)', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER audit_event_insert_only
    BEFORE UPDATE OR DELETE ON audit_auditevent
    FOR EACH ROW EXECUTE FUNCTION audit_event_refuse_change();
"""

DROP = """
DROP TRIGGER IF EXISTS audit_event_insert_only ON audit_auditevent;
DROP FUNCTION IF EXISTS audit_event_refuse_change();
"""


class Migration(migrations.Migration):
    dependencies = [("audit", "0001_initial")]

    operations = [migrations.RunSQL(INSERT_ONLY, reverse_sql=DROP)]
