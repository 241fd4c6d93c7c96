from django.db import migrations
from django.db.models import Max


def mark_no_best_results(apps, schema_editor):
    """Entries saved before leaderboard.qualifying: a result that scored nothing, and a lost Schnapsen
    Bummerl (the match's other seat has more points), leave the board's ranks. Stand-in reasons stay."""
    Entry = apps.get_model("leaderboard", "LeaderboardEntry")
    schnapsen = Entry.objects.filter(game="schnapsen")
    best = dict(schnapsen.values("match_id").annotate(best=Max("points")).values_list("match_id", "best"))
    for entry_id, match_id, points in schnapsen.filter(unranked="").values_list("id", "match_id", "points"):
        if points < best[match_id]:
            Entry.objects.filter(pk=entry_id).update(unranked="not_won")
    Entry.objects.filter(unranked="", points__lte=0).update(unranked="no_points")


class Migration(migrations.Migration):
    dependencies = [("leaderboard", "0002_seat_records")]

    operations = [migrations.RunPython(mark_no_best_results, migrations.RunPython.noop)]
