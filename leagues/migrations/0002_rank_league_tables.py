from django.db import migrations


def rank_league_tables(apps, schema_editor):
    # Tables opened from a league before Match.ranked existed: mark them, so "show all hands" stays
    # refused at the ones still running.
    Match = apps.get_model("games", "Match")
    LeagueMatch = apps.get_model("leagues", "LeagueMatch")
    Match.objects.filter(pk__in=LeagueMatch.objects.values("match_id")).update(ranked=True)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0007_match_ranked"),
        ("leagues", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(rank_league_tables, migrations.RunPython.noop),
    ]
