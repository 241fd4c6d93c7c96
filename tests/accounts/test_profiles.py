"""Profiles: the figures per game from hand-built finished runs (and one played and saved through the
services), the paginated history, a guest's own profile, and a public profile that shows nothing private."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from accounts import profiles
from accounts.models import User
from analysis.models import AnalysisStatus, MatchAnalysis
from games.live.actors import Actor
from games.models import AccountLink, LinkReason, Match, MatchStatus, Seat, SeatKind
from games.store.events import load_state
from leaderboard.models import LeaderboardEntry
from leaderboard.services import leaderboard_save_match
from tests import factories
from tests.test_helpers_play import play_to_end

pytestmark = pytest.mark.django_db

Who = User | str | None  # an account, a guest token, or None for an AI seat


def table(
    game: str,
    seats: list[tuple[Who, int | None]],
    *,
    status: str = MatchStatus.FINISHED,
    practice: bool = False,
    unranked: int | None = None,
    hidden: int | None = None,
    created: int = 0,
) -> Match:
    """A match with its seats and, for each seat with points, its saved leaderboard row; `unranked` and
    `hidden` name a seat whose row is no human result or hidden by staff."""
    match = Match.objects.create(
        game=game, status=status, practice=practice, seed="s", seed_commitment="c", finished_at=timezone.now()
    )
    Match.objects.filter(pk=match.pk).update(created_at=timezone.now() + dt.timedelta(seconds=created))
    for index, (who, points) in enumerate(seats):
        seat = Seat.objects.create(
            match=match,
            index=index,
            kind=SeatKind.AI if who is None else SeatKind.HUMAN,
            user=who if isinstance(who, User) else None,
            guest_token=who if isinstance(who, str) else "",
            display_name=str(who) if isinstance(who, User) else ("Mia" if who is None else f"Gast {index}"),
        )
        if points is not None:
            LeaderboardEntry.objects.create(
                game=game,
                match=match,
                seat=index,
                display_name=seat.display_name,
                is_ai=seat.is_ai,
                user=seat.user,
                points=Decimal(points),
                unranked="stand_in" if index == unranked else "",
                hidden=index == hidden,
            )
    match.refresh_from_db()
    return match


def analysed(
    match: Match, summary: dict[str, Any], *, version: str = "v1", minutes: int = 0, done: bool = True
) -> None:
    MatchAnalysis.objects.create(
        match=match,
        version=version,
        status=AnalysisStatus.DONE if done else AnalysisStatus.FAILED,
        data={"summary": summary, "decisions": []} if done else None,
        finished_at=timezone.now() + dt.timedelta(minutes=minutes),
    )


def by_game(subject: Actor) -> dict[str, profiles.GameFigures]:
    return {f.game: f for f in profiles.game_figures(subject)}


@pytest.fixture
def anna() -> User:
    return factories.user("anna")


@pytest.fixture
def ben() -> User:
    return factories.user("ben")


def test_figures_per_game_from_hand_built_runs(anna: User, ben: User) -> None:
    won = table("preisjass", [(None, 600), (ben, 500), (None, 400), (anna, 700)])  # mean 550: +150, 1st
    table("preisjass", [(anna, 500), (ben, 700), (None, 500), (None, 300)])  # mean 500: 0, 2nd
    shared = table("preisjass", [(anna, 600), (ben, 600), (None, 400), (None, 400)])  # +100, shared 1st
    stood_in = table("preisjass", [(anna, 900), (None, 100), (None, 100), (None, 100)], unranked=0)
    table("preisjass", [(anna, 900), (None, 100), (None, 100), (None, 100)], hidden=0)
    table("preisjass", [(anna, None), (None, None), (None, None), (None, None)], practice=True)
    table("preisjass", [(anna, None), (ben, None), (None, None), (None, None)], status=MatchStatus.RUNNING)
    table("schnapsen", [(anna, 3), (ben, 7)])  # mean 5: -2, 2nd

    # accuracy: the newest finished analysis of each counted run, the player's own seat
    analysed(
        won, {"3": {"decisions": 10, "best": 8}, "1": {"decisions": 10, "best": 1}}, version="v2", minutes=5
    )
    analysed(won, {"3": {"decisions": 10, "best": 1}}, version="v1")  # older: not read
    analysed(shared, {"0": {"decisions": 5, "best": 2}})
    analysed(stood_in, {"0": {"decisions": 50, "best": 0}})  # not a counted run

    figures = by_game(Actor(user_id=anna.pk))
    assert list(figures) == ["preisjass", "schnapsen"]
    jass, schnapsen = figures["preisjass"], figures["schnapsen"]
    assert (jass.matches, jass.wins, jass.fair_wins) == (3, 2, 0.75)
    assert jass.against_table == Decimal("83.33")  # (150 + 0 + 100) / 3
    assert (jass.accuracy, jass.analysed) == (66.7, 2)  # (8 + 2) / (10 + 5)
    assert (jass.win_percent, jass.fair_percent) == (66.7, 25.0)
    assert (schnapsen.matches, schnapsen.wins, schnapsen.fair_wins) == (1, 0, 0.5)
    assert schnapsen.against_table == Decimal("-2.00") and schnapsen.accuracy is None

    # ben sat at three of the Preisjass runs: 2nd, 1st, shared 1st, and won the Schnapsen
    bens = by_game(Actor(user_id=ben.pk))
    assert (bens["preisjass"].matches, bens["preisjass"].wins) == (3, 2)
    assert bens["preisjass"].against_table == Decimal("83.33")  # (-50 + 200 + 100) / 3
    assert (bens["preisjass"].accuracy, bens["preisjass"].analysed) == (10.0, 1)  # his seat of `won`
    assert (bens["schnapsen"].wins, bens["schnapsen"].against_table) == (1, Decimal("2.00"))
    assert profiles.game_figures(Actor(user_id=factories.user("carl").pk)) == []


def test_a_run_played_and_saved_through_the_services_counts(duel: str, anna: User, ben: User) -> None:
    match = factories.two_player_match(duel, anna, ben, cards=3)
    play_to_end(match, {0: anna, 1: ben})
    leaderboard_save_match(match_id=match.pk)
    totals = [Decimal(t) for t in load_state(match).result()["totals"]]
    mean = sum(totals, Decimal(0)) / 2
    for index, user in enumerate((anna, ben)):
        figures = by_game(Actor(user_id=user.pk))[duel]
        assert figures.matches == 1 and figures.fair_wins == 0.5
        assert figures.wins == (totals[index] == max(totals))
        assert figures.against_table == (totals[index] - mean).quantize(Decimal("0.01"))


def test_the_history_lists_results_opponents_and_links_a_page_at_a_time(anna: User, ben: User) -> None:
    done = table("preisjass", [(None, 600), (ben, 500), (None, 400), (anna, 700)], created=1)
    running = table("schnapsen", [(anna, None), (ben, None)], status=MatchStatus.RUNNING, created=2)
    guest_seat = table("schnapsen", [("guest-token-x", 7), (anna, 3)], created=3)
    html = Client().get("/accounts/players/anna/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    row = html.split(f'data-match="{done.pk}"')[1].split("</tr>")[0]
    assert "place 1 of 4 · 700 points" in row and f'href="/matches/{done.pk}/replay/"' in row
    assert 'href="/accounts/players/ben/">Ben</a>' in row and "Mia (AI)" in row
    row = html.split(f'data-match="{running.pk}"')[1].split("</tr>")[0]
    assert "running" in row and f'href="/matches/{running.pk}/"' in row and "/replay/" not in row
    row = html.split(f'data-match="{guest_seat.pk}"')[1].split("</tr>")[0]
    assert "place 2 of 2 · 3 points" in row and "Gast 0" in row and "/accounts/players/" not in row
    assert html.index(f'data-match="{guest_seat.pk}"') < html.index(f'data-match="{done.pk}"')  # newest first

    for n in range(profiles.HISTORY_PAGE_SIZE):
        table("schnapsen", [(anna, 7), (None, 1)], created=10 + n)
    first = Client().get("/accounts/players/anna/")
    assert (
        len(first.context["history"].rows) == profiles.HISTORY_PAGE_SIZE
        and 'rel="next"' in first.content.decode()
    )
    second = Client().get("/accounts/players/anna/?page=2")
    assert [r.match_id for r in second.context["history"].rows] == [guest_seat.pk, running.pk, done.pk]
    for bad in ("3", "0", "x"):
        assert Client().get(f"/accounts/players/anna/?page={bad}").status_code == 404


def test_the_public_profile_shows_nothing_private(anna: User, ben: User) -> None:
    anna.email = "anna.private@example.org"
    anna.save()
    carl = factories.user("carl")
    now = timezone.now()
    low, high = sorted((anna, carl), key=lambda u: u.pk)
    AccountLink.objects.create(
        user_a=low, user_b=high, reason=LinkReason.BROWSER, first_seen=now, last_seen=now
    )
    running = table("schnapsen", [(anna, None), ("guest-secret-token", None)], status=MatchStatus.RUNNING)
    Seat.objects.filter(match=running).update(origin_browser="browser-secret", origin_address="203.0.113.77")
    table("schnapsen", [(anna, 7), (ben, 3)])
    for viewer, own in ((Client(), False), (_signed_in(ben), False), (_signed_in(anna), True)):
        page = viewer.get("/accounts/players/anna/", HTTP_ACCEPT_LANGUAGE="en")
        html = page.content.decode()
        assert page.status_code == 200 and 'data-game="schnapsen"' in html
        assert ('data-role="own-note"' in html) is own
        for private in ("guest-secret-token", "browser-secret", "203.0.113.77"):
            assert private not in html
        # the address is shown to its owner alone (in the account box, to verify or change it)
        assert ("anna.private@example.org" in html) is own
        assert "carl" not in html.lower() and "Carl" not in html  # the linked account is not named


def test_unknown_and_inactive_players_are_404(anna: User) -> None:
    assert Client().get("/accounts/players/nobody/").status_code == 404
    anna.is_active = False
    anna.save()
    assert Client().get("/accounts/players/anna/").status_code == 404


def test_a_guest_sees_the_figures_of_their_session_and_nobody_else_does(ben: User) -> None:
    table("preisjass", [("tok-gerti", 700), (ben, 500), (None, 400), (None, 600)])
    table("schnapsen", [("someone-else", 7), (ben, 3)])
    guest = Client()
    session = guest.session
    session["guest_token"], session["guest_name"] = "tok-gerti", "Gerti"
    session.save()
    page = guest.get("/accounts/profile/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200 and "<h1>Gerti</h1>" in page.content.decode()
    figures = {f.game: f for f in page.context["figures"]}
    assert list(figures) == ["preisjass"] and figures["preisjass"].against_table == Decimal("150.00")
    assert len(page.context["history"].rows) == 1 and 'data-role="guest-note"' in page.content.decode()
    assert 'href="/accounts/profile/" data-nav="guest-profile"' in page.content.decode()  # the header's link
    assert 'data-nav="guest-profile"' not in Client().get("/").content.decode()  # not without a session
    assert "tok-gerti" not in page.content.decode()
    # without a guest session (or signed out) it is the login page; signed in, the own public page
    assert Client().get("/accounts/profile/")["Location"].startswith("/accounts/login/")
    assert _signed_in(ben).get("/accounts/profile/")["Location"] == "/accounts/players/ben/"


def test_the_profile_speaks_german_and_russian(anna: User, ben: User) -> None:
    table("schnapsen", [(anna, 7), (ben, 3)])
    de = Client().get("/accounts/players/anna/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Ergebnisse je Spiel" in de and "Platz 1 von 2" in de and "Gerechter Anteil" in de
    ru = Client().get("/accounts/players/anna/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Результаты по играм" in ru and "место 1 из 2" in ru


def test_the_leaderboard_links_the_names_of_accounts_to_their_profiles(anna: User, ben: User) -> None:
    table("schnapsen", [(anna, 7), ("guest-token-y", 3)])
    table("schnapsen", [(ben, 5), (None, 6)])
    ben.is_active = False
    ben.save()
    html = Client().get("/leaderboard/schnapsen/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<a href="/accounts/players/anna/">Anna</a>' in html
    assert "Gast 1" in html and "Mia (AI)" in html and html.count('href="/accounts/players/') == 1


def _signed_in(user: User) -> Client:
    c = Client()
    c.force_login(user)
    return c
