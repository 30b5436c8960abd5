"""Refuse TRUNCATE of the trail, and any deletion or rewinding of a chain head.

Row triggers (0002) do not fire on TRUNCATE: a statement trigger does. The
triggers are ordinary (ENABLE ORIGIN), so they do not fire in a session with
`session_replication_role = replica`, which only a superuser (or a role
granted SET on it) may choose: the test suite's flush runs so
(tests/conftest.py), and so must an operator who really means to empty the
trail. See docs/audit.md, "What the database refuses".
"""

from django.db import migrations

REFUSE = """
CREATE FUNCTION audit_refuse_wipe() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'the audit trail is insert-only (% of % refused)',
        TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;

CREATE FUNCTION audit_head_move_forward() RETURNS trigger AS $$
BEGIN
    IF NEW.tenant_id <> OLD.tenant_id OR NEW.seq <= OLD.seq THEN
        RAISE EXCEPTION 'an audit chain head only moves forward (#% to #% refused)',
            OLD.seq, NEW.seq
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER audit_event_no_truncate
    BEFORE TRUNCATE ON audit_auditevent
    FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_wipe();
CREATE TRIGGER audit_head_no_truncate
    BEFORE TRUNCATE ON audit_auditchainhead
    FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_wipe();
CREATE TRIGGER audit_head_no_delete
    BEFORE DELETE ON audit_auditchainhead
    FOR EACH ROW EXECUTE FUNCTION audit_refuse_wipe();
CREATE TRIGGER audit_head_forward_only
    BEFORE UPDATE ON audit_auditchainhead
    FOR EACH ROW EXECUTE FUNCTION audit_head_move_forward();
"""

DROP = """
DROP TRIGGER IF EXISTS audit_head_forward_only ON audit_auditchainhead;
DROP TRIGGER IF EXISTS audit_head_no_delete ON audit_auditchainhead;
DROP TRIGGER IF EXISTS audit_head_no_truncate ON audit_auditchainhead;
DROP TRIGGER IF EXISTS audit_event_no_truncate ON audit_auditevent;
DROP FUNCTION IF EXISTS audit_head_move_forward();
DROP FUNCTION IF EXISTS audit_refuse_wipe();
"""


class Migration(migrations.Migration):
    dependencies = [("audit", "0004_rechain_with_audit_key")]

    operations = [migrations.RunSQL(REFUSE, reverse_sql=DROP)]
