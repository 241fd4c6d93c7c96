"""`manage.py rebuild_projections`: every projection rebuilt from the events alone equals the live one,
the leaderboard's "saved first" order included; the registry takes new projections; a failing rebuild
leaves every table as it was."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from games.results import projections
from games.results.projections import Projection
from games.store.archive import archive_key
from leaderboard.models import LeaderboardEntry, LeaderboardSave
from leagues.models import ProjectedMatch, Rating, Standing
from tests.games.projection_mix import play_mix, snapshot

pytestmark = pytest.mark.django_db(transaction=True)


def test_rebuilt_projections_equal_the_live_ones(duel) -> None:
    mix = play_mix(duel)
    live = snapshot()
    on_board = {key for _, key, *_ in live["board"]}
    keys = {name: archive_key(m) for name, m in mix.matches.items()}
    expected = {
        "league1",
        "league2",
        "round1",
        "round2",
        "plain1",
        "plain2",
        "guest",
        "preisjass",
        "stand_in",
    }
    assert on_board == {keys[n] for n in expected}  # practice and abandoned never
    unranked = [(row[1], row[2], row[-2]) for row in live["board"] if row[-2]]
    # stored with its reason, never ranked; besides, the seats that scored nothing (no board result)
    assert [u for u in unranked if u[2] != "no_points"] == [(keys["stand_in"], 0, "stand_in")]
    for row in live["board"]:  # a seat is off the board for scoring nothing exactly when it scored nothing
        if row[-2] != "stand_in":
            assert (row[-2] == "no_points") == (row[6] <= 0), row
    assert len(live["standings"]) == 4 and len(live["ratings"]) == 4 and len(live["rating_changes"]) == 12
    assert sum(1 for row in live["board"] if row[-1]) == 1  # the hidden entry
    # Equal points on the duel board: the saved-first order is compared too.
    duels = [row for row in live["board"] if row[0] == duel]
    assert len({row[6] for row in duels}) < len(duels)

    call_command("rebuild_projections", verbosity=0)
    assert snapshot() == live

    for projection in projections.projections():
        projection.wipe()
    assert not (
        LeaderboardEntry.objects.exists() or ProjectedMatch.objects.exists() or Rating.objects.exists()
    )
    call_command("rebuild_projections", verbosity=0)
    rebuilt = snapshot()
    # From the events alone the staff's hiding is gone (it is not an event); everything else agrees.
    assert rebuilt["board"] == [(*row[:-1], False) for row in live["board"]]
    assert {k: v for k, v in rebuilt.items() if k != "board"} == {
        k: v for k, v in live.items() if k != "board"
    }


def test_the_rebuild_saves_in_publication_order(duel) -> None:
    """A duplicate round's tables were saved live at the round's release, after matches that finished
    later than its first table: the rebuild stamps them with the release time, so ties keep that order."""
    mix = play_mix(duel)
    round1, plain1 = mix.matches["round1"], mix.matches["plain1"]
    released = round1.league_match.round.released_at if round1.league_match.round else None
    assert round1.finished_at and plain1.finished_at and released
    assert round1.finished_at < plain1.finished_at < released
    live = {e.match_id: e.saved_at for e in LeaderboardEntry.objects.all()}
    assert live[plain1.pk] < live[round1.pk]  # saved live at the release, after plain1

    call_command("rebuild_projections", "leaderboard", verbosity=0)
    saved = {e.match_id: e.saved_at for e in LeaderboardEntry.objects.all()}
    assert saved[plain1.pk] == plain1.finished_at and saved[round1.pk] == released
    assert LeaderboardSave.objects.get(match=round1).saved_at == released


def test_a_registered_projection_is_rebuilt_and_a_failure_changes_nothing(duel, monkeypatch) -> None:
    play_mix(duel)
    live = snapshot()
    calls: list[str] = []

    def extra_rebuild() -> int:
        calls.append("rebuilt")
        return 0

    monkeypatch.setattr(projections, "_REGISTRY", dict(projections._REGISTRY))
    projections.projection_register(Projection(name="extra", wipe=lambda: None, rebuild=extra_rebuild))
    call_command("rebuild_projections", verbosity=0)
    assert calls == ["rebuilt"] and snapshot() == live

    def broken() -> int:
        Standing.objects.all().delete()
        raise RuntimeError("injected: the analysis projection failed")

    projections.projection_register(Projection(name="extra", wipe=lambda: None, rebuild=broken))
    with pytest.raises(RuntimeError, match="injected"):
        call_command("rebuild_projections", verbosity=0)
    assert snapshot() == live  # the leaderboard and leagues rebuilt before it were rolled back too

    with pytest.raises(CommandError, match="no projection named nonsense"):
        call_command("rebuild_projections", "nonsense", verbosity=0)
