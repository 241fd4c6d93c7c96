"""Season rollover (freeze, archive, next season) and duplicate rounds (same deals, embargo)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from games.errors import BadRequest, Forbidden
from games.models import Match, MatchEvent
from games.selectors import match_event_log, match_get, match_replay
from leagues import projection, services, tasks
from leagues.errors import SeasonClosed
from leagues.models import DuplicateRound, LeagueMatch, Season, SeasonStatus
from leagues.selectors import season_table
from tests.leagues.conftest import join, league_duel, make_league
from tests.test_helpers_play import play_to_end

pytestmark = pytest.mark.django_db


def end_season(season: Season, days_ago: int = 1) -> None:
    today = timezone.localdate()
    Season.objects.filter(pk=season.pk).update(
        starts_on=today - dt.timedelta(days=days_ago + 6), ends_on=today - dt.timedelta(days=days_ago)
    )


def test_rollover_freezes_the_table_and_starts_the_next_season(duel, players) -> None:
    anna, ben = players[:2]
    league = make_league(anna, recurs=True)
    join(league, ben)
    match = league_duel(league, anna, ben)
    projection.project_match(match_id=match.pk)
    first = league.seasons.get()
    live = season_table(first)
    end_season(first)

    assert tasks.season_rollover.apply().get() == 1
    first.refresh_from_db()
    assert first.status == SeasonStatus.ARCHIVED and first.final_standings == live
    second = league.seasons.get(number=2)
    assert second.status == SeasonStatus.ACTIVE
    assert second.starts_on == first.ends_on + dt.timedelta(days=1)
    assert second.ends_on - second.starts_on == first.ends_on - first.starts_on
    assert season_table(second) == []
    # The frozen table stays as it was, whatever the projections do later.
    projection.wipe()
    assert season_table(first) == live
    # Running again changes nothing.
    assert services.seasons_rollover() == 0
    assert league.seasons.count() == 2


def test_a_long_missed_rollover_starts_the_next_season_now(duel, players) -> None:
    league = make_league(players[0], recurs=True)
    end_season(league.seasons.get(), days_ago=40)
    services.seasons_rollover()
    nxt = league.seasons.get(number=2)
    today = timezone.localdate()
    assert nxt.starts_on <= today <= nxt.ends_on


def test_a_non_recurring_league_ends_with_its_season(duel, players) -> None:
    anna, ben = players[:2]
    league = make_league(anna)
    end_season(league.seasons.get())
    services.seasons_rollover()
    assert league.seasons.get().status == SeasonStatus.ARCHIVED
    assert league.seasons.count() == 1
    with pytest.raises(SeasonClosed):
        services.league_join(league_id=league.pk, user=ben)
    with pytest.raises(SeasonClosed):
        services.league_table_open(league_id=league.pk, user=anna, seats=["human", "human"])


def test_a_season_not_begun_opens_no_tables(duel, players) -> None:
    today = timezone.localdate()
    league = make_league(
        players[0], starts_on=today + dt.timedelta(days=2), ends_on=today + dt.timedelta(days=9)
    )
    with pytest.raises(SeasonClosed):
        services.league_table_open(league_id=league.pk, user=players[0], seats=["human", "human"])


def deals(match_id: int) -> list[dict]:
    return [e.data for e in MatchEvent.objects.filter(match_id=match_id, type="deal").order_by("seq")]


def test_a_duplicate_round_deals_the_same_cards_and_rotates_the_seats(
    duel, players, django_capture_on_commit_callbacks
) -> None:
    anna, ben, carl, dora = players
    league = make_league(anna)
    join(league, ben, carl, dora)
    round_ = services.duplicate_round_open(league_id=league.pk, user=anna, tables=[[anna, ben], [carl, dora]])
    links = list(LeagueMatch.objects.filter(round=round_).order_by("table"))
    assert [link.table for link in links] == [0, 1]
    first, second = (match_get(link.match_id) for link in links)
    assert first.seed == second.seed and first.embargoed and second.embargoed
    assert deals(first.pk) == deals(second.pk) != []
    # Table 0 seats its players at 0, 1; table 1 rotates them by one seat.
    assert [s.user_id for s in first.seats.all()] == [anna.pk, ben.pk]
    assert [s.user_id for s in second.seats.all()] == [dora.pk, carl.pk]

    play_to_end(first, {0: anna, 1: ben})
    tasks.project_match.apply(args=(first.pk,))
    first = match_get(first.pk)
    assert first.status == "finished" and first.embargoed
    with pytest.raises(Forbidden):
        match_event_log(first)
    with pytest.raises(Forbidden):
        match_replay(first)

    play_to_end(second, {0: dora, 1: carl})
    # The release publishes both tables' results after its commit: they count from then on.
    with django_capture_on_commit_callbacks(execute=True):
        tasks.project_match.apply(args=(second.pk,))
    for link in links:
        match = match_get(link.match_id)
        assert not match.embargoed
        assert match_event_log(match)["seed"] == first.seed
    round_.refresh_from_db()
    assert round_.released_at is not None
    assert sum(row["matches"] for row in season_table(league.seasons.get())) == 4


def test_a_player_sits_at_one_table_of_a_round_only(duel, players) -> None:
    # Every table of a round has the same deals: one player at two tables would see two of its hands.
    anna, ben = players[:2]
    league = make_league(anna)
    join(league, ben)
    with pytest.raises(BadRequest, match="ben is seated at tables 1 and 2"):
        services.duplicate_round_open(league_id=league.pk, user=anna, tables=[[ben], [ben]])
    with pytest.raises(BadRequest, match="anna is seated at tables 1 and 2"):
        services.duplicate_round_open(league_id=league.pk, user=anna, tables=[[anna, ben], [anna]])
    with pytest.raises(BadRequest, match="anna is seated twice at table 1"):
        services.duplicate_round_open(league_id=league.pk, user=anna, tables=[[anna, anna]])
    assert not DuplicateRound.objects.exists() and not Match.objects.exists()


def test_a_round_has_at_most_a_hundred_tables(duel, players) -> None:
    anna = players[0]
    league = make_league(anna)
    too_many = [[anna]] + [[] for _ in range(100)]
    with pytest.raises(BadRequest, match="at most 100 tables"):
        services.duplicate_round_open(league_id=league.pk, user=anna, tables=too_many)
    assert not DuplicateRound.objects.exists() and not Match.objects.exists()


def test_an_abandoned_table_releases_its_round_through_the_beat(duel, players) -> None:
    anna, ben = players[:2]
    league = make_league(anna)
    join(league, ben)
    round_ = services.duplicate_round_open(league_id=league.pk, user=anna, tables=[[anna, ben]])
    match = match_get(LeagueMatch.objects.get(round=round_).match_id)
    assert services.rounds_release_finished() == 0
    type(match).objects.filter(pk=match.pk).update(status="abandoned")
    assert services.rounds_release_finished() == 1
    assert not match_get(match.pk).embargoed


def test_only_the_creator_or_staff_open_rounds_of_members(duel, players) -> None:
    anna, ben, carl = players[:3]
    league = make_league(anna)
    join(league, ben)
    with pytest.raises(Forbidden):
        services.duplicate_round_open(league_id=league.pk, user=ben, tables=[[anna, ben]])
    from leagues.errors import NotMember

    with pytest.raises(NotMember):
        services.duplicate_round_open(league_id=league.pk, user=anna, tables=[[anna, carl]])
