"""The live list (games/live/watchlist.py, games.selectors.watchable_matches): which running tables it
shows (public ones at play; never an open, finished, private, embargoed, challenge, practice,
spectator-less or idle table, nor one against AI whose only human is not at it), in which order,
with which public score, and what a read costs (nothing on a move; the score per table and seq once;
the list once per tick)."""

from __future__ import annotations

import datetime as dt
import random
import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import User
from challenges import days
from challenges import services as challenges
from games import packs, selectors
from games.engine import CHANCE, get_rules
from games.live import presence, state_cache, watchlist
from games.live.presence import match_settings_update
from games.models import Match, MatchStatus, SeatKind
from games.services.matches import SeatSpec, match_act, match_create, match_join, match_show_hands
from games.store.events import load_state
from leagues import services as leagues
from leagues.models import LeagueMatch
from tests import factories
from tests.leagues.conftest import join, make_league
from tests.test_helpers_play import play_to_end

pytestmark = pytest.mark.django_db(transaction=True)


def against_ai(user: User, game: str = "preisjass", *, at_table: bool = True, **kwargs: object) -> Match:
    """A table of `user` against AI seats, with `user`'s socket open at it (`at_table`)."""
    rules = get_rules(game)
    n = rules.players(rules.default_options())
    seats = [SeatSpec(kind=SeatKind.HUMAN)] + [SeatSpec(kind=SeatKind.AI)] * (n - 1)
    match = match_create(game=game, creator=factories.actor(user), seats=seats, **kwargs)  # type: ignore[arg-type]
    if at_table:
        presence.seat_connected(match_id=match.pk, seat=0, socket=uuid.uuid4().hex)
    match.refresh_from_db()
    return match


def moves(match: Match, user: User, count: int) -> Match:
    """`count` moves of the human seat 0 (the AI seats answer inline)."""
    for _ in range(count):
        match.refresh_from_db()
        state = load_state(match)
        if match.status != MatchStatus.RUNNING or state.to_move != 0:
            break
        action = {k: v for k, v in state.legal_actions()[0].items() if k != "seat"}
        match_act(match_id=match.pk, actor=factories.actor(user), action=action, expected_seq=match.version)
    match.refresh_from_db()
    return match


def listed(game: str | None = None) -> list[int]:
    return [entry["id"] for entry in watchlist.live_list(game)]


def test_a_running_public_table_is_listed_with_its_players_and_score() -> None:
    anna, ben = factories.user("anna"), factories.user("ben")
    duel = factories.two_player_match("schnapsen", anna, ben)
    solo = against_ai(anna)
    entries = {e["id"]: e for e in watchlist.live_list()}
    assert set(entries) == {duel.pk, solo.pk}
    entry = entries[duel.pk]
    assert entry == {
        "id": duel.pk,
        "game": "schnapsen",
        "players": [{"name": "Anna", "ai": False}, {"name": "Ben", "ai": False}],
        "score": {"scores": [7, 7], "deal": 1, "deals": None, "start_score": 7},
        "watch_url": f"/matches/{duel.pk}/",
    }
    players = entries[solo.pk]["players"]
    assert players[0] == {"name": "Anna", "ai": False} and all(p["ai"] for p in players[1:])
    assert entries[solo.pk]["score"] == {"scores": [0, 0, 0, 0], "deal": 1, "deals": 12}
    assert listed("schnapsen") == [duel.pk] and listed("preisjass") == [solo.pk] and listed("preferans") == []


def test_tables_nobody_may_find_or_watch_are_never_listed(settings) -> None:
    settings.CHALLENGE_PAR_RUNNER = "none"
    anna, ben, carl = factories.user("anna"), factories.user("ben"), factories.user("carl")
    public = factories.two_player_match("schnapsen", anna, ben)
    hidden: dict[str, Match] = {}
    # waiting for a player
    hidden["open"] = match_create(game="schnapsen", creator=factories.actor(carl), seats=[SeatSpec()] * 2)
    # over
    finished = factories.two_player_match("schnapsen", carl, ben)
    play_to_end(finished, {0: carl, 1: ben})
    hidden["finished"] = finished
    # by invitation only
    private = match_create(
        game="schnapsen", creator=factories.actor(anna), seats=[SeatSpec()] * 2, private=True
    )
    match_join(match_id=private.pk, actor=factories.actor(carl), invite=private.invite_token)
    hidden["private"] = private
    # a duplicate round's table (embargoed, one deal event)
    league = make_league(anna, game="schnapsen")
    join(league, ben)
    round_ = leagues.duplicate_round_open(league_id=league.pk, user=anna, tables=[[anna], [ben]])
    hidden["duplicate"] = LeagueMatch.objects.filter(round=round_).first().match  # type: ignore[union-attr]
    # a daily challenge's entry, and the same after its embargo (the deal event stays)
    challenge = challenges.challenge_open(game="schnapsen", day=days.today())
    hidden["challenge"] = Match.objects.get(
        pk=challenges.challenge_enter(challenge_id=challenge.pk, user=carl).match_id
    )
    lifted = challenges.challenge_enter(challenge_id=challenge.pk, user=ben).match_id
    Match.objects.filter(pk=lifted).update(embargoed=False)
    hidden["challenge, embargo lifted"] = Match.objects.get(pk=lifted)
    # spectators switched off by the opener
    closed = factories.two_player_match("schnapsen", carl, anna)
    match_settings_update(match_id=closed.pk, actor=factories.actor(carl), spectators_allowed=False)
    hidden["spectators off"] = closed
    # practice: all hands shown to its player
    practice = against_ai(ben, "schnapsen")
    match_show_hands(match_id=practice.pk, actor=factories.actor(ben))
    hidden["practice"] = practice
    # nothing played for LIVE_IDLE seconds
    idle = factories.two_player_match("schnapsen", ben, carl)
    Match.objects.filter(pk=idle.pk).update(last_event_at=timezone.now() - dt.timedelta(seconds=301))
    hidden["idle"] = idle
    # paused: its only human away from a table against AI
    away = against_ai(carl, "schnapsen", at_table=False)
    socket = uuid.uuid4().hex
    presence.seat_connected(match_id=away.pk, seat=0, socket=socket)
    presence.seat_disconnected(match_id=away.pk, seat=0, socket=socket)
    hidden["paused"] = away
    # against AI, its human never at it yet: nothing is played
    hidden["not yet opened"] = against_ai(anna, "preisjass", at_table=False)

    shown = listed()
    assert shown == [public.pk]
    for what, match in hidden.items():
        match.refresh_from_db()
        assert match.pk not in shown, what
        assert match.pk not in listed(match.game), what
    for what in (
        "finished",
        "private",
        "duplicate",
        "challenge",
        "challenge, embargo lifted",
        "spectators off",
        "practice",
    ):
        assert not selectors.watchable(hidden[what]), what
    assert selectors.watchable(Match.objects.get(pk=public.pk))
    never = hidden["not yet opened"].pk
    assert set(selectors.watchable_matches().values_list("pk", flat=True)) == {public.pk, away.pk, never}


def test_the_liveliest_table_comes_first() -> None:
    anna, ben, carl = factories.user("anna"), factories.user("ben"), factories.user("carl")
    quiet = against_ai(anna)
    busy = moves(against_ai(ben), ben, 12)
    assert busy.version > quiet.version
    # one human at each: more moves per minute since the start first
    assert listed() == [busy.pk, quiet.pk]
    # more humans at the table with a connection open count before the pace
    two = factories.two_player_match("schnapsen", ben, carl)
    assert listed() == [busy.pk, quiet.pk, two.pk]  # nobody at it yet
    for seat in (0, 1):
        presence.seat_connected(match_id=two.pk, seat=seat, socket=uuid.uuid4().hex)
    assert listed() == [two.pk, busy.pk, quiet.pk]


def test_the_pace_counts_the_moves_of_the_last_minutes(monkeypatch) -> None:
    anna, ben = factories.user("anna"), factories.user("ben")
    early = moves(against_ai(anna), anna, 12)  # fast at first, then still
    later = against_ai(ben)
    clock = [1000.0]
    monkeypatch.setattr(watchlist.time, "monotonic", lambda: clock[0])
    assert listed() == [early.pk, later.pk]  # since the start, the first has played more
    clock[0] += 60
    moves(later, ben, 4)
    assert listed() == [later.pk, early.pk]  # in the last minute only the second moved


def test_the_score_is_the_spectators_view_and_is_read_once_per_seq() -> None:
    anna = factories.user("anna")
    match = moves(against_ai(anna, "preferanzen"), anna, 6)
    state_cache.clear()  # as in a web process that did not store these moves
    with CaptureQueriesContext(connection) as cold:
        first = watchlist.live_list()
    assert first[0]["score"] == watchlist.public_score(load_state(match).view(None))
    assert sum("games_matchevent" in q["sql"] for q in cold.captured_queries) == 1
    state_cache.clear()
    with CaptureQueriesContext(connection) as warm:  # the same seq: no event read
        assert watchlist.live_list() == first
    assert not any("games_matchevent" in q["sql"] for q in warm.captured_queries)
    before = match.version
    match = moves(match, anna, 3)
    state_cache.clear()
    with CaptureQueriesContext(connection) as caught_up:  # only the events since the last reading
        later = watchlist.live_list()
    events = [q["sql"] for q in caught_up.captured_queries if "games_matchevent" in q["sql"]]
    assert len(events) == 1 and f'"seq" > {before} ' in events[0]
    assert later[0]["score"] == watchlist.public_score(load_state(match).view(None))


def test_reading_the_list_leaves_the_sockets_state_cache_alone() -> None:
    anna = factories.user("anna")
    match = moves(against_ai(anna), anna, 3)
    state_cache.clear()
    watchlist.live_list()
    assert state_cache.latest(match.pk) is None


def test_the_list_is_read_at_most_once_per_tick(settings) -> None:
    settings.LIVE_TICK = 60
    anna = factories.user("anna")
    first = watchlist.live_list()
    against_ai(anna)
    with CaptureQueriesContext(connection) as queries:
        assert watchlist.live_list() is first
    assert queries.captured_queries == []
    assert listed("preisjass") != []  # another filter is its own read
    settings.LIVE_TICK = 0
    assert watchlist.live_list() is not first and listed() != []


def test_a_move_never_reads_the_list(monkeypatch) -> None:
    def refuse(*args: object) -> None:
        raise AssertionError("the live list was read on a move")

    monkeypatch.setattr(watchlist, "_read", refuse)
    monkeypatch.setattr(watchlist, "live_list", refuse)
    anna, ben = factories.user("anna"), factories.user("ben")
    match = factories.two_player_match("schnapsen", anna, ben)
    play_to_end(match, {0: anna, 1: ben})


@pytest.mark.parametrize("game", packs.names())
def test_the_public_score_of_every_game_holds_numbers_of_the_spectators_view_only(game: str) -> None:
    rules = get_rules(game)
    options = rules.default_options()
    start = {"type": "start", "game": game, "players": rules.players(options), "options": options}
    state = rules.initial_state({**start, "rules_version": rules.rules_version})
    rng = random.Random(game)
    deals = set()
    for _ in range(300):
        if state.to_move is None:
            break
        if state.to_move == CHANCE:
            state = rules.apply(state, rules.chance_event(state, rng))
        else:
            state = rules.apply(state, rng.choice(state.legal_actions()))
        view = state.view(None)
        score = watchlist.public_score(view)
        assert score["scores"] == view["scores"] and len(score["scores"]) == rules.players(options)
        assert isinstance(score["deal"], int) and score["deal"] >= 1
        assert set(score) <= {"scores", "deal", "deals", "start_score"}
        deals.add(score["deal"])
    assert len(deals) > 1, "the deal number moves on"


def test_the_public_score_keeps_nothing_but_numbers() -> None:
    view = {"scores": ["AS", 3, True, 2.5], "deal_number": "KH", "games_total": -1, "start_score": "7"}
    assert watchlist.public_score(view) == {"scores": [None, 3, None, 2.5], "deal": None, "deals": None}
    assert watchlist.public_score({"deals_played": 12, "deals_total": 12})["deal"] == 12


def test_an_unknown_game_filter_is_refused() -> None:
    from games.errors import BadRequest

    with pytest.raises(BadRequest, match="game is one of preisjass"):
        watchlist.game_filter("skat")
    assert watchlist.game_filter("") is None and watchlist.game_filter("schnapsen") == "schnapsen"
