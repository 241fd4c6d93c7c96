from django.db import migrations, models
from django.db.models.functions import Now


def running_due_now(apps, schema_editor):
    """Every running match is due at once: the watchdog's first tick looks at each and sets its
    due time (the exact one needs the settings and the seats; early is always safe)."""
    Match = apps.get_model("games", "Match")
    Match.objects.filter(status="running").update(due_at=Now())


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_seat_origin"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="due_at",
            field=models.DateTimeField(blank=True, db_index=True, null=True),
        ),
        migrations.RunPython(running_due_now, migrations.RunPython.noop),
    ]
