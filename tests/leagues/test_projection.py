"""Standings and ratings projected from real matches: who counts, once, and rebuild equals live."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.management import call_command
from django.template import Context, Template

from games.models import Match
from leagues import projection, services
from leagues.models import Membership, ProjectedMatch, Rating, RatingChange, SeasonResult, Standing
from leagues.projection import MODEL
from leagues.selectors import rating_history, season_table
from tests import factories
from tests.leagues.conftest import join, league_duel, make_league
from tests.test_helpers_play import play_to_end

pytestmark = pytest.mark.django_db


def result_of(match: Match) -> dict:
    return projection.replayed_result(match)


def test_a_members_match_counts_once_for_the_season(duel, players) -> None:
    anna, ben = players[:2]
    league = make_league(anna)
    join(league, ben)
    match = league_duel(league, anna, ben)
    projection.project_match(match_id=match.pk)
    projection.project_match(match_id=match.pk)  # a second run changes nothing

    totals = result_of(match)["totals"]
    season = league.seasons.get()
    assert ProjectedMatch.objects.filter(match=match, counted=True, rated=True).count() == 1
    rows = {s.user.username: s for s in Standing.objects.filter(season=season).select_related("user")}
    assert rows["anna"].matches == rows["ben"].matches == 1
    assert (rows["anna"].points, rows["ben"].points) == (totals[0], totals[1])
    assert SeasonResult.objects.filter(match=match).count() == 2
    assert Rating.objects.filter(game="duel", matches=1).count() == 2


def test_ratings_follow_the_ranking_through_openskill(duel, players) -> None:
    anna, ben = players[:2]
    match = factories.two_player_match(duel, anna, ben, cards=5)
    play_to_end(match, {0: anna, 1: ben})
    projection.project_match(match_id=match.pk)

    ranking = result_of(match)["ranking"]
    expected = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[float(r) for r in ranking])
    for seat, user in enumerate((anna, ben)):
        rating = Rating.objects.get(user=user, game="duel")
        assert rating.mu == pytest.approx(expected[seat][0].mu)
        assert rating.sigma == pytest.approx(expected[seat][0].sigma)
        assert rating.ordinal == pytest.approx(rating.mu - 3 * rating.sigma)
    if ranking[0] != ranking[1]:
        winner = anna if ranking[0] < ranking[1] else ben
        loser = ben if winner == anna else anna
        assert Rating.objects.get(user=winner).mu > 25 > Rating.objects.get(user=loser).mu
    # A match outside any league is rated but counts for no standings.
    assert not Standing.objects.exists()
    assert RatingChange.objects.filter(match=match).count() == 2


def test_ratings_accumulate_over_matches(duel, players) -> None:
    anna, ben = players[:2]
    for _ in range(3):
        match = factories.two_player_match(duel, anna, ben, cards=3)
        play_to_end(match, {0: anna, 1: ben})
        projection.project_match(match_id=match.pk)
    rating = Rating.objects.get(user=anna, game="duel")
    assert rating.matches == 3
    assert rating.sigma < MODEL.sigma


def test_a_non_member_at_the_table_means_the_match_never_counts(duel, players) -> None:
    anna, ben = players[:2]
    league = make_league(anna)
    join(league, ben)
    match = league_duel(league, anna, ben, play=False)
    Membership.objects.filter(league=league, user=ben).delete()  # removed from the league mid-match
    play_to_end(match, {0: anna, 1: ben})
    projection.project_match(match_id=match.pk)
    assert not Standing.objects.exists() and not SeasonResult.objects.exists()
    assert ProjectedMatch.objects.get(match=match).counted is False


def test_membership_counts_at_finish_time(duel, players) -> None:
    anna, ben = players[:2]
    league = make_league(anna)
    join(league, ben)
    match = league_duel(league, anna, ben, play=False)
    Membership.objects.filter(league=league, user=ben).delete()
    play_to_end(match, {0: anna, 1: ben})
    join(league, ben)  # back in the league, too late for this match
    projection.project_match(match_id=match.pk)
    assert not Standing.objects.exists()
    call_command("rebuild_standings", verbosity=0)
    assert not Standing.objects.exists()


def test_a_guest_seat_means_the_match_never_counts(duel, players, monkeypatch) -> None:
    from games.identity import seating
    from games.live.actors import Actor
    from games.services.matches import match_join

    anna = players[0]
    league = make_league(anna)
    match = services.league_table_open(league_id=league.pk, user=anna, seats=["human", "human"])
    guest = Actor(guest_token="g" * 32, display_name="Gast")
    monkeypatch.setattr(seating, "_rules", [])  # a guest seated before league tables refused guests
    match_join(match_id=match.pk, actor=guest)
    match.refresh_from_db()
    from games.services.matches import match_act
    from games.store.events import load_state

    while match.status == "running":
        state = load_state(match)
        action = {k: v for k, v in state.legal_actions()[0].items() if k != "seat"}
        who = factories.actor(anna) if state.to_move == 0 else guest
        match_act(match_id=match.pk, actor=who, action=action, expected_seq=match.version)
        match.refresh_from_db()
    projection.project_match(match_id=match.pk)
    assert not Standing.objects.exists()
    assert not Rating.objects.exists()  # one registered player: nothing to rate


def test_an_unfinished_match_is_not_projected(duel, players) -> None:
    anna, ben = players[:2]
    league = make_league(anna)
    join(league, ben)
    match = league_duel(league, anna, ben, play=False)
    assert projection.project_match(match_id=match.pk) is None
    assert not ProjectedMatch.objects.exists()


def test_a_match_finished_after_the_season_end_does_not_count(duel, players) -> None:
    anna, ben = players[:2]
    league = make_league(anna)
    join(league, ben)
    match = league_duel(league, anna, ben)
    season = league.seasons.get()
    Match.objects.filter(pk=match.pk).update(finished_at=season.ends_at + dt.timedelta(seconds=1))
    projection.project_match(match_id=match.pk)
    assert not Standing.objects.exists()


def snapshot(league) -> tuple[list[list[dict]], list[tuple]]:
    tables = [season_table(s, frozen=False) for s in league.seasons.order_by("number")]
    ratings = sorted(Rating.objects.values_list("user_id", "game", "mu", "sigma", "ordinal", "matches"))
    return tables, ratings


def test_rebuild_gives_the_same_tables_as_live(duel, players) -> None:
    anna, ben, carl, dora = players
    league = make_league(anna, scoring="wins")
    join(league, ben, carl)
    pairs = [(anna, ben), (ben, carl), (carl, anna), (anna, ben), (dora, anna), (carl, ben)]
    for a, b in pairs:
        if a == dora:
            match = factories.two_player_match(duel, a, b, cards=3)  # not a league table: rating only
            play_to_end(match, {0: a, 1: b})
        else:
            match = league_duel(league, a, b)
        projection.project_match(match_id=match.pk)
    live = snapshot(league)
    assert len(live[0][0]) == 3 and sum(row["matches"] for row in live[0][0]) == 10

    call_command("rebuild_standings", verbosity=0)
    assert snapshot(league) == live
    assert ProjectedMatch.objects.count() == len(pairs)

    projection.wipe()
    assert not Standing.objects.exists()
    call_command("rebuild_standings", verbosity=0)
    assert snapshot(league) == live


def test_rating_history_has_the_rating_before_and_after_each_rated_match(duel, players) -> None:
    anna, ben = players[:2]
    for _ in range(3):
        match = factories.two_player_match(duel, anna, ben, cards=3)
        play_to_end(match, {0: anna, 1: ben})
        projection.project_match(match_id=match.pk)
    history = rating_history(anna)
    assert list(history) == ["duel"] and len(history["duel"]) == 4
    assert history["duel"][0] == pytest.approx(MODEL.rating().ordinal())
    assert history["duel"][-1] == pytest.approx(Rating.objects.get(user=anna, game="duel").ordinal)
    assert rating_history(players[2]) == {}
    html = Template("{% load leagues_tags %}{% player_ratings shown %}").render(Context({"shown": anna}))
    assert 'data-role="rating-history"' in html and "data-history=" in html
