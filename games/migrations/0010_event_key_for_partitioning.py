"""The event table ready for partitioning by match (docs/scaling.md, "PostgreSQL").

Both databases: the match's own index goes (the unique `(match, seq)` leads with the match). On
PostgreSQL, the primary key becomes `(match_id, seq)` under the name of the unique constraint it
replaces, so that every unique constraint of the table holds the partition key; `id` keeps its
generated values and gets a plain index (Django and the admin look events up by it). SQLite has no
partitioning: there the table keeps `id` as its primary key.
"""

import django.db.models.deletion
from django.db import migrations, models

FORWARD = """
ALTER TABLE games_matchevent DROP CONSTRAINT games_matchevent_pkey;
ALTER TABLE games_matchevent DROP CONSTRAINT event_unique_seq;
ALTER TABLE games_matchevent ADD CONSTRAINT event_unique_seq PRIMARY KEY (match_id, seq);
CREATE INDEX games_matchevent_id ON games_matchevent (id);
"""

BACKWARD = """
DROP INDEX games_matchevent_id;
ALTER TABLE games_matchevent DROP CONSTRAINT event_unique_seq;
ALTER TABLE games_matchevent ADD CONSTRAINT games_matchevent_pkey PRIMARY KEY (id);
ALTER TABLE games_matchevent ADD CONSTRAINT event_unique_seq UNIQUE (match_id, seq);
"""


def _run(sql: str):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [("games", "0009_watchdog_due")]

    operations = [
        migrations.AlterField(
            model_name="matchevent",
            name="match",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="events",
                to="games.match",
            ),
        ),
        migrations.RunPython(_run(FORWARD), _run(BACKWARD)),
    ]
