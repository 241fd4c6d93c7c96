from collections import Counter

from django.db import migrations, models


def fix_levels(apps, schema_editor):
    """Every league gets the AI level most of its tables' AI seats played (Anton when none had an AI
    seat), so that a league played at one level keeps its results; and every counted result records
    the AI versions its seat played against."""
    League = apps.get_model("leagues", "League")
    LeagueMatch = apps.get_model("leagues", "LeagueMatch")
    SeasonResult = apps.get_model("leagues", "SeasonResult")
    Seat = apps.get_model("games", "Seat")
    for league in League.objects.all():
        matches = LeagueMatch.objects.filter(season__league=league).values("match_id")
        ai_seats = Seat.objects.filter(match_id__in=matches, kind="ai")
        levels = Counter(version or "anton" for version in ai_seats.values_list("ai_version", flat=True))
        if levels:
            # the most played; on a tie, the first in name order (the same on every run)
            league.ai_version = min(levels, key=lambda v: (-levels[v], v))
            league.save(update_fields=["ai_version"])
    for result in SeasonResult.objects.all():
        ai_seats = Seat.objects.filter(match_id=result.match_id, kind="ai").exclude(index=result.seat)
        result.opponent_ai_versions = sorted({v or "anton" for v in ai_seats.values_list("ai_version", flat=True)})
        result.save(update_fields=["opponent_ai_versions"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0011_seat_origin_address_device"),
        ("leagues", "0003_mark_round_tables"),
    ]

    operations = [
        migrations.AddField(
            model_name="league",
            name="ai_version",
            field=models.CharField(
                default="anton", help_text="The AI version every AI seat of its tables plays.", max_length=32
            ),
        ),
        migrations.AddField(
            model_name="seasonresult",
            name="opponent_ai_versions",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.RunPython(fix_levels, migrations.RunPython.noop),
    ]
