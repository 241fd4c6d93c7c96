"""The leak tests of the tables that must show less than a public one, and of the lists that show
tables: a private table's invitation token and listing reach nobody outside it; a turn-based table's
clock, overdue choice and "My turn" list show no card; the live list shows only public running tables,
and never a card. The watching harness is tests/games/leak_watch.py."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import random

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from accounts.models import User
from games.engine import get_rules
from games.live.watchlist import public_score
from games.models import Match, MatchStatus, SeatKind
from games.services.matches import SeatSpec, match_act, match_create, match_join
from games.services.watchdog import watchdog_tick
from games.store.events import load_state
from leagues import services as leagues
from leagues.models import LeagueMatch
from tests import factories
from tests.games.leak_watch import (
    GAMES,
    HUMAN_MOVES,
    REFUSED_ROUTES,
    EngineViews,
    client_for,
    close_all,
    new_watcher,
    open_socket,
    play_randomly,
    settled,
    verify,
)
from tests.games.test_consumers import connect
from tests.games.test_socket_limits import socket
from tests.leagues.conftest import join, make_league
from tests.test_helpers_play import play_to_end

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


# --- private tables: never listed, their invitation token never shown to anyone outside ----------------


def _outsider_texts(match_id: int, user: User | None, creator: str) -> list[tuple[str, str, int]]:
    client = client_for(user)
    routes = [f"/api/matches/{match_id}/{route}" for route in ("", *REFUSED_ROUTES)]
    routes += ["/api/matches/", "/api/matches/mine/?status=all", f"/matches/{match_id}/"]
    routes += [f"/matches/{match_id}/replay/", f"/accounts/players/{creator}/", "/api/leaderboard/schnapsen/"]
    return [(route, (r := client.get(route)).content.decode(), r.status_code) for route in routes]


async def test_a_private_tables_token_and_listing_reach_nobody_outside() -> None:
    anna, ben, zoe = [await sync_to_async(factories.user)(name) for name in ("anna", "ben", "zoe")]
    lobbies = [await socket("/ws/lobby/", u) for u in (zoe, None)]
    for lobby in lobbies:
        assert json.loads(await lobby.receive_from(timeout=5))["d"]["matches"] == []
    seats = [SeatSpec(), SeatSpec()]
    match = await sync_to_async(match_create)(
        game="schnapsen", creator=factories.actor(anna), seats=seats, private=True
    )
    public = await sync_to_async(match_create)(game="schnapsen", creator=factories.actor(zoe), seats=seats)
    token = match.invite_token
    assert token
    for lobby in lobbies:  # the lobby pushes the open tables until it shows the public one
        while True:
            text = await lobby.receive_from(timeout=5)
            assert token not in text
            listed = [m["id"] for m in json.loads(text)["d"]["matches"]]
            assert match.pk not in listed
            if public.pk in listed:
                break
        await lobby.disconnect()
    await sync_to_async(match_join)(match_id=match.pk, actor=factories.actor(ben), invite=token)
    # The socket's payload is shared by every socket of the table: not even its players get the token.
    for user in (anna, ben, zoe, None):
        comm, connected = await connect(match.pk, user)
        assert connected
        assert token not in await comm.receive_from(timeout=5)
        await comm.disconnect()
    # Its players' chat stays with its players: a spectator's history has none of it, nor may report it.
    a, _ = await connect(match.pk, anna)
    await a.receive_from(timeout=5)
    await a.send_json_to({"t": "chat", "text": "just the two of us"})
    said = json.loads(await a.receive_from(timeout=5))
    while said["t"] == "presence":  # anna was away since her last socket: her return is told first
        said = json.loads(await a.receive_from(timeout=5))
    z, _ = await connect(match.pk, zoe)
    await z.receive_from(timeout=5)
    await z.send_json_to({"t": "chat_history"})
    history = await z.receive_from(timeout=5)
    assert json.loads(history)["messages"] == [] and token not in history
    zoe_client = await sync_to_async(client_for)(zoe)
    report = await sync_to_async(zoe_client.post)(
        f"/api/matches/{match.pk}/chat/report/", {"message": said["id"]}, format="json"
    )
    assert report.status_code == 404
    for comm in (a, z):
        await comm.disconnect()
    await sync_to_async(play_to_end)(match, {0: anna, 1: ben})
    for user in (zoe, None):
        for route, text, status in await sync_to_async(_outsider_texts)(match.pk, user, "anna"):
            assert token not in text, route
            assert status < 500, route
            if route in ("/api/matches/", "/api/matches/mine/?status=all"):
                assert match.pk not in [m["id"] for m in json.loads(text)["matches"]], route
            if route.startswith("/accounts/players/"):
                assert f'data-match="{match.pk}"' not in text


# --- turn-based tables: the clock, the overdue choice and "My turn" show no card ----------------------


def _texts_without_cards(views: EngineViews, texts: list[tuple[str, str]]) -> None:
    for route, text in texts:
        assert not views.cards_in(json.loads(text)), route


async def test_a_turn_based_table_shows_no_card_through_its_clock_choice_or_turn_list() -> None:
    """Preferans among three people over days: random moves, then the seat to move runs out of time,
    another player lets the AI play it, and the match goes on. Every view and push (the handed seat's
    player's too, and the overdue route's answer) is the engine's view of its seat; the summary with the
    turn's clock, the "My turn" list and the refusals of the overdue route hold no card at all."""
    rng = random.Random("turn-based")
    users = {i: await sync_to_async(factories.user)(f"p{i}") for i in range(3)}

    def open_table() -> Match:
        match = match_create(
            game="preferans",
            creator=factories.actor(users[0]),
            seats=[SeatSpec(), SeatSpec(), SeatSpec()],
            turn_based=True,
            days_per_move=1,
        )
        for i in (1, 2):
            match_join(match_id=match.pk, actor=factories.actor(users[i]), seat_index=i)
        return match

    match = await sync_to_async(open_table)()
    outsider = await sync_to_async(factories.user)("zoe")
    watchers = [await new_watcher(i, u) for i, u in users.items()]
    watchers += [await new_watcher(None, None), await new_watcher(None, outsider)]
    for w in watchers:
        await open_socket(w, match.pk)
    await play_randomly(match.pk, watchers, rng, HUMAN_MOVES)

    # The seat to move runs out of time: the watchdog marks it; a push tells every socket.
    later = timezone.now() + dt.timedelta(days=1, minutes=1)
    assert (await sync_to_async(watchdog_tick)(later))["overdue"] == 1
    status, _, late = await settled(match.pk)
    assert status == MatchStatus.RUNNING
    texts: list[tuple[str, str]] = []
    for w in watchers:
        if w.seat is not None and w.seat != late:
            continue
        url = f"/api/matches/{match.pk}/overdue/"
        r = await sync_to_async(w.client.post)(url, {"choice": "ai"}, format="json")
        texts.append(("overdue refused", r.content.decode()))
        assert r.status_code == 403, r.content  # the late player themselves, and the spectators
    decider = next(w for w in watchers if w.seat is not None and w.seat != late)
    r = await sync_to_async(decider.client.post)(
        f"/api/matches/{match.pk}/overdue/", {"choice": "ai"}, format="json"
    )
    assert r.status_code == 200, r.content
    answer = r.json()
    assert answer.pop("outcome") == "ai" and answer.pop("overdue_seat") == late
    decider.seen.append(answer)
    for w in watchers:
        for route in (f"/api/matches/{match.pk}/", "/api/matches/mine/", "/api/matches/mine/?status=all"):
            texts.append((route, (await sync_to_async(w.client.get)(route)).content.decode()))
    await play_randomly(match.pk, watchers, rng, HUMAN_MOVES)
    views = await sync_to_async(EngineViews)(match.pk)
    _texts_without_cards(views, texts)
    assert await verify(match.pk, watchers) >= len(watchers) * HUMAN_MOVES
    await close_all(watchers)


# --- the live list: only public running tables, and never a card ----------------------------------------


def _live_world(rng: random.Random) -> tuple[dict[int, User], list[int], list[str]]:
    """A running table of every game (a human and AI seats, some moves played) and tables the live list
    must never show: private, practice, spectators off, a duplicate round's, a daily challenge's. The
    public tables (with their human), the hidden ids and the private table's invitation token."""
    from challenges import days
    from challenges import services as challenges
    from games.live import presence
    from games.live.presence import match_settings_update
    from games.services.matches import match_show_hands

    public: dict[int, User] = {}
    for i, game in enumerate(GAMES):
        rules = get_rules(game)
        n = rules.players(rules.default_options())
        human = factories.user(f"live{i}")
        match = match_create(
            game=game,
            creator=factories.actor(human),
            seats=[SeatSpec(kind=SeatKind.HUMAN)] + [SeatSpec(kind=SeatKind.AI)] * (n - 1),
        )
        presence.seat_connected(match_id=match.pk, seat=0, socket=f"live{i}")  # at the table
        _random_moves(match.pk, human, rng, 8)
        public[match.pk] = human
    anna, ben, carl = factories.user("anna"), factories.user("ben"), factories.user("carl")
    two = [SeatSpec(), SeatSpec()]
    private = match_create(game="schnapsen", creator=factories.actor(anna), seats=two, private=True)
    match_join(match_id=private.pk, actor=factories.actor(ben), invite=private.invite_token)
    practice = match_create(
        game="schnapsen", creator=factories.actor(carl), seats=[SeatSpec(), SeatSpec(kind=SeatKind.AI)]
    )
    match_show_hands(match_id=practice.pk, actor=factories.actor(carl))
    closed = factories.two_player_match("schnapsen", carl, anna)
    match_settings_update(match_id=closed.pk, actor=factories.actor(carl), spectators_allowed=False)
    league = make_league(anna, game="schnapsen")
    join(league, ben)
    round_ = leagues.duplicate_round_open(league_id=league.pk, user=anna, tables=[[anna], [ben]])
    duplicate = list(LeagueMatch.objects.filter(round=round_).values_list("match_id", flat=True))
    challenge = challenges.challenge_open(game="schnapsen", day=days.today())
    entry = challenges.challenge_enter(challenge_id=challenge.pk, user=carl)
    hidden = [private.pk, practice.pk, closed.pk, *duplicate, entry.match_id]
    return public, hidden, [private.invite_token]


def _random_moves(match_id: int, human: User, rng: random.Random, count: int) -> None:
    """Random legal moves of the human seat 0 (the AI seats answer inline)."""
    for _ in range(count):
        match = Match.objects.get(pk=match_id)
        state = load_state(match)
        if match.status != MatchStatus.RUNNING or state.to_move != 0:
            return
        action = {k: v for k, v in rng.choice(state.legal_actions()).items() if k != "seat"}
        match_act(match_id=match_id, actor=factories.actor(human), action=action, expected_seq=match.version)


async def _live_texts(comm: WebsocketCommunicator, seconds: float) -> list[str]:
    """Every message text the socket gets for `seconds` (looking, never timing out the consumer)."""
    loop = asyncio.get_running_loop()
    deadline, texts = loop.time() + seconds, []
    while (left := deadline - loop.time()) > 0:
        if not await comm.receive_nothing(timeout=min(left, 0.1), interval=0.02):
            texts.append(await comm.receive_from(timeout=5))
    return texts


async def test_the_live_list_shows_no_card_and_no_table_it_must_not(settings) -> None:
    settings.LIVE_TICK = 0.2
    settings.CHALLENGE_PAR_RUNNER = "none"
    rng = random.Random("live")
    public, hidden, tokens = await sync_to_async(_live_world)(rng)
    zoe = await sync_to_async(factories.user)("zoe")
    sockets = [
        await socket(f"/ws/lobby/?live={mode}", user) for mode in ("top", "all") for user in (zoe, None)
    ]
    sockets += [await socket(f"/ws/lobby/?live=all&game={game}") for game in GAMES]
    texts: list[str] = []
    for _ in range(3):  # moves while the sockets listen: the list changes, tick by tick
        for match_id, human in public.items():
            await sync_to_async(_random_moves)(match_id, human, rng, 3)
        for comm in sockets:
            texts += await _live_texts(comm, 0.3)
        for user in (zoe, None):
            client = await sync_to_async(client_for)(user)
            for query in ["", *(f"?game={g}" for g in GAMES)]:
                response = await sync_to_async(client.get)(f"/api/matches/live/{query}")
                assert response.status_code == 200
                texts.append(response.content.decode())
    for comm in sockets:
        await comm.disconnect()
    views = {m: await sync_to_async(EngineViews)(m) for m in public}
    lists = [json.loads(text) for text in texts]
    entries = [e for body in lists if body.get("t") != "lobby" for e in body.get("d", body)["matches"]]
    assert {e["id"] for e in entries} == set(public), "every running public table was listed"
    for text in texts:
        assert not any(token in text for token in tokens)
    for entry in entries:
        assert entry["id"] not in hidden
        view = views[entry["id"]]
        assert not view.cards_in(entry), f"cards in the live list: {view.cards_in(entry)}"
        # the score is the spectator's view at one of the table's seqs, nothing else
        assert entry["score"] in [public_score(seen[None]) for seen in view.views.values()], entry
