"""A mix of real matches played through the services with the live listeners on (the tests using it run
with real commits), and snapshots of every projection table free of ids and of times not derived from
the events, so a live projection, a rebuilt one and a restored one can be compared."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from accounts.models import User
from games.engine import get_rules
from games.live.actors import Actor, Origin
from games.live.presence import match_leave
from games.models import Match, MatchEvent, MatchStatus
from games.services.matches import SeatSpec, match_act, match_create, match_join, match_show_hands
from games.store.archive import archive_key
from games.store.events import load_state
from leaderboard.models import LeaderboardEntry, LeaderboardSave
from leaderboard.services import entries_set_hidden
from leagues import services as leagues
from leagues.models import LeagueMatch, ProjectedMatch, Rating, RatingChange, SeasonResult, Standing
from tests import factories
from tests.leaderboard.conftest import play_human_to_end, preisjass_match
from tests.leagues.conftest import join, league_duel, make_league
from tests.stand_in_play import play_through_api

GUEST = Actor(
    guest_token="g" * 32, display_name="Gast Gerd", origin=Origin(browser="b-gerd", session="g" * 32)
)


@dataclass
class Mix:
    players: dict[str, User]
    matches: dict[str, Match]


def play(match: Match, actors: dict[int, Actor], seed: int = 0, moves: int | None = None) -> None:
    """Play random legal actions (seeded) for the human seats until the match is over, or `moves`."""
    rng = random.Random(seed)
    played = 0
    while moves is None or played < moves:
        match.refresh_from_db()
        if match.status != MatchStatus.RUNNING:
            return
        state = load_state(match)
        seat = state.to_move
        assert isinstance(seat, int)
        action = {k: v for k, v in rng.choice(state.legal_actions()).items() if k != "seat"}
        match_act(match_id=match.pk, actor=actors[seat], action=action, expected_seq=match.version)
        played += 1


def duel_table(game: str, a: Actor, b: Actor, cards: int = 3) -> Match:
    match = match_create(game=game, creator=a, seats=[SeatSpec(), SeatSpec()], options={"cards": cards})
    match_join(match_id=match.pk, actor=b)
    match.refresh_from_db()
    return match


def play_mix(duel: str) -> Mix:
    """League and non-league duels (one with a guest), a duplicate round whose first table finishes
    before an ordinary match and whose release comes after it, a Preisjass run against AI seats, one
    the stand-in played, a practice run and an abandoned match; one leaderboard entry hidden by
    staff."""
    names = ("anna", "ben", "carl", "dora")
    users = {n: factories.user(n) for n in names}
    anna, ben, carl, dora = (users[n] for n in names)
    act = {n: factories.actor(u) for n, u in users.items()}
    matches: dict[str, Match] = {}

    league = make_league(anna)
    join(league, ben, carl, dora)
    matches["league1"] = league_duel(league, anna, ben)
    matches["league2"] = league_duel(league, ben, carl)

    round_ = leagues.duplicate_round_open(league_id=league.pk, user=anna, tables=[[anna, ben], [carl, dora]])
    first, second = (
        Match.objects.get(pk=link.match_id)
        for link in LeagueMatch.objects.filter(round=round_).order_by("table")
    )
    play(
        first, {first.seats.get(user=anna).index: act["anna"], first.seats.get(user=ben).index: act["ben"]}, 1
    )
    # Finishes after the round's first table and before the round is released.
    matches["plain1"] = duel_table(duel, act["anna"], act["dora"])
    play(matches["plain1"], {0: act["anna"], 1: act["dora"]}, 2)
    play(
        second,
        {second.seats.get(user=carl).index: act["carl"], second.seats.get(user=dora).index: act["dora"]},
        3,
    )
    matches["round1"], matches["round2"] = first, second

    matches["guest"] = duel_table(duel, act["carl"], GUEST, cards=5)
    play(matches["guest"], {0: act["carl"], 1: GUEST}, 4)
    matches["plain2"] = duel_table(duel, act["ben"], act["dora"])
    play(matches["plain2"], {0: act["ben"], 1: act["dora"]}, 5)

    matches["preisjass"] = play_human_to_end(preisjass_match(anna), anna, seed=6)
    # A run the stand-in played all of (its player's socket open, the move timer running out): the
    # seat is stored with its reason and never ranked.
    idle = match_create(
        game="preisjass",
        creator=act["carl"],
        seats=[SeatSpec(), SeatSpec("ai"), SeatSpec("ai"), SeatSpec("ai")],
        ai_version="random",
        move_timer=5,
    )
    matches["stand_in"] = play_through_api(idle.pk, {0: carl}, stand_in=lambda seat, deal: True)
    practice = preisjass_match(ben)
    match_show_hands(match_id=practice.pk, actor=act["ben"])
    matches["practice"] = play_human_to_end(practice, ben, seed=7)

    abandoned = duel_table(duel, act["carl"], act["dora"], cards=5)
    play(abandoned, {0: act["carl"], 1: act["dora"]}, 8, moves=3)
    match_leave(match_id=abandoned.pk, actor=act["carl"])
    match_leave(match_id=abandoned.pk, actor=act["dora"])
    matches["abandoned"] = abandoned

    hide = LeaderboardEntry.objects.get(match=matches["plain2"], seat=1)
    entries_set_hidden(entry_ids=[hide.pk], hidden=True)
    for match in matches.values():
        match.refresh_from_db()
    return Mix(users, matches)


def _key(match_id: int, keys: dict[int, str]) -> str:
    if match_id not in keys:
        keys[match_id] = archive_key(Match.objects.get(pk=match_id))
    return keys[match_id]


def snapshot() -> dict[str, Any]:
    """Every projection table, with matches named by their archive key, users by username and seasons
    by league name and number; the leaderboard in board order (ties: saved first), without its times."""
    keys: dict[int, str] = {}
    user = {u.pk: u.username for u in User.objects.all()}

    def season(s: Any) -> tuple[str, int] | None:
        return (s.league.name, s.number) if s is not None else None

    board = [
        (
            e.game,
            _key(e.match_id, keys),
            e.seat,
            e.display_name,
            e.is_ai,
            user.get(e.user_id or 0),
            e.points,
            e.sacks,
            e.ai_version,
            e.opponent_ai_versions,
            (e.decisions, e.stand_in_decisions, e.last_deal_decisions, e.last_deal_stand_in_decisions),
            e.unranked,
            e.hidden,
        )
        for e in LeaderboardEntry.objects.order_by("game", "-points", "saved_at", "id")
    ]
    return {
        "board": board,
        "saves": sorted((_key(s.match_id, keys), s.state) for s in LeaderboardSave.objects.all()),
        "projected": sorted(
            (_key(p.match_id, keys), season(p.season), p.counted, p.rated)
            for p in ProjectedMatch.objects.select_related("season__league")
        ),
        "results": sorted(
            (
                season(r.season),
                _key(r.match_id, keys),
                user[r.user_id],
                r.seat,
                r.points,
                r.place,
                r.won,
                r.finished_at,
                r.opponent_ai_versions,
            )
            for r in SeasonResult.objects.select_related("season__league")
        ),
        "standings": sorted(
            (season(s.season), user[s.user_id], s.matches, s.points, s.wins, s.last_result_at)
            for s in Standing.objects.select_related("season__league")
        ),
        "ratings": sorted(
            (user[r.user_id], r.game, r.mu, r.sigma, r.ordinal, r.matches) for r in Rating.objects.all()
        ),
        "rating_changes": sorted(
            (
                _key(c.match_id, keys),
                user[c.user_id],
                c.game,
                c.ordinal_before,
                c.ordinal_after,
                c.mu,
                c.sigma,
            )
            for c in RatingChange.objects.all()
        ),
    }


def match_states() -> dict[str, tuple[str, list[dict[str, Any]], dict[str, Any]]]:
    """Every match by archive key: its status, its event log and the result of replaying it."""
    states = {}
    for match in Match.objects.all():
        events = list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("data", flat=True))
        result = get_rules(match.game).replay(events).result() if events else {}
        states[archive_key(match)] = (match.status, events, result)
    return states
