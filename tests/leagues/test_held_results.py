"""The backstop of one person, one entry: when two accounts of one round turn out to be linked after
they were seated (the link appeared later), neither table's result counts, in the standings or on
the leaderboard, live or rebuilt, until staff clear the link; then both count."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from accounts.models import User
from games.models import AccountLink, Match, ResultHold
from leaderboard.models import LeaderboardEntry
from leagues.models import LeagueMatch, Standing
from tests.leaderboard.conftest import play_human_to_end
from tests.leagues.browsing import join, log_in, open_round, register

pytestmark = pytest.mark.django_db(transaction=True)


def counted() -> tuple[set[str], set[str]]:
    """Who has a standing, and whose results are on the leaderboard."""
    standings = set(Standing.objects.values_list("user__username", flat=True))
    board = set(LeaderboardEntry.objects.filter(is_ai=False).values_list("user__username", flat=True))
    return standings, board


def round_of_two(manager: APIClient, league_id: int) -> tuple[APIClient, list[Match]]:
    """anja and bert, each in a browser of their own, at the two tables of a round (seated: no link)."""
    anja = APIClient()
    register(anja, "anja")
    join(anja, league_id)
    bert = APIClient()
    register(bert, "bert")
    join(bert, league_id)
    r = open_round(manager, league_id, [["anja"], ["bert"]])
    assert r.status_code == 201, r.content
    links = LeagueMatch.objects.filter(round_id=r.json()["round"]).order_by("table")
    return anja, [link.match for link in links]


def play(tables: list[Match]) -> None:
    for table, username in zip(tables, ("anja", "bert"), strict=True):
        assert play_human_to_end(table, User.objects.get(username=username)).status == "finished"


@pytest.fixture
def staff() -> APIClient:
    c = APIClient()
    c.force_login(
        User.objects.create_superuser(username="staff", password="pw-staff-1", display_name="Staff")
    )
    return c


def test_a_link_that_appears_during_the_round_holds_both_results_until_staff_clear_it(
    duel_league, staff
) -> None:
    manager, league_id = duel_league
    anja, tables = round_of_two(manager, league_id)
    log_in(anja, "bert")  # bert, in the middle of the round, in anja's browser
    link = AccountLink.objects.get()
    assert (link.user_a.username, link.user_b.username, link.reason) == ("anja", "bert", "browser")

    play(tables)  # the last table's end releases the round
    assert all(not Match.objects.get(pk=t.pk).embargoed for t in tables)
    assert counted() == (set(), set())
    holds = ResultHold.objects.order_by("match_id")
    assert [h.match_id for h in holds] == [t.pk for t in tables]
    assert "anja (match" in holds[0].reason and "were used in the same browser" in holds[0].reason
    # The retry and the repair commands hold them back too; the save status says why, not who.
    r = anja.post(f"/api/leaderboard/matches/{tables[1].pk}/save/")
    assert r.status_code == 409 and r.json()["error"]["code"] == "result_held"
    status = APIClient().get(f"/api/leaderboard/matches/{tables[0].pk}/status/").json()
    assert status["state"] == "not_eligible" and "anja" not in status["reason"]
    call_command("leaderboard_save_pending", verbosity=0)
    call_command("rebuild_projections", verbosity=0)
    assert counted() == (set(), set())

    r = staff.post("/admin/games/accountlink/", {"action": "clear", "_selected_action": [link.pk]})
    assert r.status_code == 302
    assert counted() == ({"anja", "bert"}, {"anja", "bert"})
    assert all(h.cleared_at is not None for h in ResultHold.objects.all())
    # The rebuild agrees: the tables count, published when the hold was cleared.
    call_command("rebuild_projections", verbosity=0)
    assert counted() == ({"anja", "bert"}, {"anja", "bert"})


def test_a_link_that_appears_after_the_results_counted_withdraws_them(duel_league, staff) -> None:
    manager, league_id = duel_league
    anja, tables = round_of_two(manager, league_id)
    play(tables)
    counts = {"anja": 1, "bert": 1}
    assert dict(Standing.objects.values_list("user__username", "matches")) == counts
    assert counted()[1] == {"anja", "bert"}

    log_in(anja, "bert")  # one person after all
    assert counted() == (set(), set())
    assert ResultHold.objects.filter(cleared_at=None).count() == 2
    call_command("rebuild_projections", verbosity=0)
    assert counted() == (set(), set())

    # Staff count the results again from the holds (which clears the link behind them).
    held = list(ResultHold.objects.values_list("match_id", flat=True))
    r = staff.post("/admin/games/resulthold/", {"action": "clear", "_selected_action": held})
    assert r.status_code == 302
    assert AccountLink.objects.get().cleared_at is not None
    assert dict(Standing.objects.values_list("user__username", "matches")) == counts
    assert counted()[1] == {"anja", "bert"}
