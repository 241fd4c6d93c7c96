from django.db import migrations
from django.db.models import F


def mark_round_tables(apps, schema_editor):
    # The tables of every duplicate round, released ones too, are one shared-deal event each: a person
    # enters it once, and a later link between two of its players holds their results.
    Match = apps.get_model("games", "Match")
    LeagueMatch = apps.get_model("leagues", "LeagueMatch")
    rounds = LeagueMatch.objects.filter(round__isnull=False).values("match_id")
    Match.objects.filter(pk__in=rounds).update(deal_event=F("seed_commitment"))


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0012_one_person_one_entry"),
        ("leagues", "0002_rank_league_tables"),
    ]

    operations = [
        migrations.RunPython(mark_round_tables, migrations.RunPython.noop),
    ]
