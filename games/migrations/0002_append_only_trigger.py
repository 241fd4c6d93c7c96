"""On PostgreSQL the database itself refuses UPDATE and DELETE on match events."""

from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION games_matchevent_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'match events are append-only: %% refused', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
DROP TRIGGER IF EXISTS games_matchevent_append_only ON games_matchevent;
CREATE TRIGGER games_matchevent_append_only
    BEFORE UPDATE OR DELETE ON games_matchevent
    FOR EACH ROW EXECUTE FUNCTION games_matchevent_append_only();
"""

DROP = """
DROP TRIGGER IF EXISTS games_matchevent_append_only ON games_matchevent;
DROP FUNCTION IF EXISTS games_matchevent_append_only();
"""


def _run(sql: str):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [migrations.RunPython(_run(CREATE), _run(DROP))]
