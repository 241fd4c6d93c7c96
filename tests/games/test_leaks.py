"""The standing leak test: random matches of every game, with human and AI seats and spectators, where
every REST view and every websocket message is checked against the engine's own view of that seat at
that seq. A payload's `view` must equal `state.view(seat)`, and no card may appear anywhere else in
it. The players and the spectators chat meanwhile: each socket gets its own audience's words only
(players the players', spectators the spectators'), pushed and in its history, and no card. The
tables of a duplicate round are refused to everyone not seated at them until the round is over (their
chat and its report route too); after that a spectator sees exactly the spectator view and the replay
is the engine's."""

from __future__ import annotations

import asyncio
import copy
import datetime as dt
import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import User
from games import ai as ai_registry
from games import packs
from games.engine import get_rules
from games.live.presence import match_leave
from games.live.watchlist import public_score
from games.models import Match, MatchEvent, MatchStatus, SeatKind
from games.services.matches import SeatSpec, match_act, match_create, match_join
from games.services.watchdog import watchdog_tick
from games.store.events import load_state
from leagues import services as leagues
from leagues.models import LeagueMatch
from tests import factories
from tests.games.test_consumers import connect
from tests.games.test_socket_limits import socket
from tests.leagues.conftest import join, make_league
from tests.test_helpers_play import play_to_end
from tests.waiting import async_wait_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

GAMES = tuple(packs.names())
HUMAN_MOVES = 15  # per match: several pushes of every kind, bounded in time
REFUSED_ROUTES = ("", "view/", "replay/", "events/", "verify/", "analysis/")


@dataclass
class Watcher:
    """One identity at a table (a seat's player or a spectator) with its REST client and socket."""

    seat: int | None
    user: User | None
    client: APIClient
    comm: WebsocketCommunicator | None = None
    seen: list[dict[str, Any]] = field(default_factory=list)  # every payload it got, REST and socket
    chats: list[dict[str, Any]] = field(default_factory=list)  # every chat message its socket got
    last_seq: int = -1


def _client(user: User | None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_login(user)
    return c


async def _watcher(seat: int | None, user: User | None) -> Watcher:
    return Watcher(seat, user, await sync_to_async(_client)(user))


class EngineViews:
    """Every seat's engine view at every seq of one match, from its stored events."""

    def __init__(self, match_id: int) -> None:
        events = list(
            MatchEvent.objects.filter(match_id=match_id).order_by("seq").values_list("data", flat=True)
        )
        rules = get_rules(str(events[0]["game"]))
        self.seats = int(events[0]["players"])
        self.cards = {c for e in events if e.get("type") == "deal" for c in e["deck"]}
        assert self.cards, "no deal stored"
        state = rules.initial_state(events[0])
        self.views: dict[int, dict[int | None, Any]] = {}
        self.hands: dict[int, dict[str, list[str]]] = {}
        self.winners: dict[int, int | None] = {}
        for seq, event in enumerate(events, start=1):
            if seq > 1:
                state = rules.apply_in_place(state, event)
            seen = {seat: json.loads(json.dumps(state.view(seat))) for seat in [None, *range(self.seats)]}
            self.views[seq] = seen
            self.winners[seq] = state.last_trick_winner()
            self.hands[seq] = {str(s): seen[s]["hand"] for s in range(self.seats)}

    def cards_in(self, value: Any) -> set[str]:
        if isinstance(value, str):
            return {value} & self.cards
        if isinstance(value, dict):
            return set().union(*(self.cards_in(k) | self.cards_in(v) for k, v in value.items()))
        if isinstance(value, list):
            return set().union(*(self.cards_in(v) for v in value))
        return set()

    def check(self, payload: dict[str, Any], seat: int | None) -> None:
        """The payload holds this seat's engine view at its seq, and no card besides."""
        assert payload["seat"] == seat
        expected = self.views[payload["seq"]][seat]
        if payload["match"]["status"] in ("finished", "abandoned"):  # over: nobody's turn, no action
            expected = {**expected, **{k: v for k, v in (("to_move", None), ("legal", [])) if k in expected}}
        view = dict(payload["view"])
        if "last_trick_winner" in view and "last_trick_winner" not in expected:
            # the one addition to the engine's view: who took the view's own last trick (public)
            winner = view.pop("last_trick_winner")
            assert winner == self.winners[payload["seq"]] and expected.get("last_trick"), (seat, winner)
        assert view == expected, f"seat {seat} at seq {payload['seq']}"
        rest = {k: v for k, v in payload.items() if k != "view"}
        assert not self.cards_in(rest), f"cards outside the view for seat {seat}: {self.cards_in(rest)}"


def _status(match_id: int) -> tuple[str, int, Any, set[int]]:
    match = Match.objects.prefetch_related("seats").get(pk=match_id)
    # the seats the AI plays: its own, and a turn-based seat handed to it
    ai = {s.index for s in match.seats.all() if s.kind == SeatKind.AI or s.handed_to_ai}
    to_move = load_state(match).to_move if match.version else None
    return match.status, match.version, to_move, ai


async def _settled(match_id: int) -> tuple[str, int, Any]:
    """The match once no AI seat is to move (the AI runs inline, after the human's move)."""

    async def settled() -> tuple[str, int, Any] | None:
        status, version, to_move, ai = await sync_to_async(_status)(match_id)
        return (status, version, to_move) if status != MatchStatus.RUNNING or to_move not in ai else None

    return await async_wait_until(settled, 5, "the AI seats to stop moving", interval=0.01)


async def _open(watcher: Watcher, match_id: int) -> None:
    comm, connected = await connect(match_id, watcher.user)
    assert connected
    watcher.comm = comm
    await _drain(watcher, 0)


async def _drain(watcher: Watcher, seq: int) -> None:
    """Take the socket's messages until it has been sent the state at `seq`."""
    assert watcher.comm is not None
    while watcher.last_seq < seq:
        message = json.loads(await watcher.comm.receive_from(timeout=5))
        if message["t"] == "chat":
            watcher.chats.append(message)
            continue
        assert message["t"] == "state", message
        assert message["seq"] == message["d"]["seq"]
        watcher.seen.append(message["d"])
        watcher.last_seq = max(watcher.last_seq, message["seq"])


async def _get_view(watcher: Watcher, match_id: int) -> None:
    response = await sync_to_async(watcher.client.get)(f"/api/matches/{match_id}/view/")
    assert response.status_code == 200, response.content
    watcher.seen.append(response.json())


async def _play(match_id: int, watchers: list[Watcher], rng: random.Random, moves: int) -> str:
    """Random legal moves by the human seats (by socket or REST, at random), every watcher's REST view
    after each, every socket drained to the newest seq. Returns the match's status at the end."""
    seated = {w.seat: w for w in watchers if w.seat is not None}
    status, version, to_move = await _settled(match_id)
    for _ in range(moves):
        if status != MatchStatus.RUNNING:
            break
        actor = seated[to_move]
        state = await sync_to_async(lambda: load_state(Match.objects.get(pk=match_id)))()
        action = {k: v for k, v in rng.choice(state.legal_actions()).items() if k != "seat"}
        if rng.random() < 0.5 and actor.comm is not None:
            await actor.comm.send_json_to({"t": "act", "action": action, "seq": version})
        else:
            url = f"/api/matches/{match_id}/actions/"
            body = {"action": action, "seq": version}
            response = await sync_to_async(actor.client.post)(url, body, format="json")
            assert response.status_code == 201, response.content
            actor.seen.append(response.json())
        await _drain(actor, version + 1)
        status, version, to_move = await _settled(match_id)
        for w in watchers:
            if w.comm is not None:
                await _drain(w, version)
            await _get_view(w, match_id)
    return status


async def _verify(match_id: int, watchers: list[Watcher]) -> int:
    views = await sync_to_async(EngineViews)(match_id)
    checked = 0
    for w in watchers:
        for payload in w.seen:
            views.check(payload, w.seat)
            checked += 1
    return checked


async def _close(watchers: list[Watcher]) -> None:
    for w in watchers:
        if w.comm is not None:
            await w.comm.disconnect()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
async def test_every_view_and_every_push_is_the_engines_view_of_that_seat(game: str, seed: int) -> None:
    rng = random.Random(f"{game}-{seed}")
    n = get_rules(game).players(get_rules(game).default_options())
    kinds = [SeatKind.HUMAN] + [rng.choice([SeatKind.HUMAN, SeatKind.AI]) for _ in range(n - 1)]
    rng.shuffle(kinds)
    await _check_match(game, rng, kinds, None)


@pytest.mark.parametrize("version", ["carla", "dora"])
async def test_the_schnapsen_search_players_see_only_their_seat(version: str) -> None:
    """The search players sample the hidden cards; at an AI table they play through the same path."""
    rng = random.Random(f"schnapsen-{version}")
    await _check_match("schnapsen", rng, [SeatKind.HUMAN, SeatKind.AI], version)


@pytest.mark.parametrize("game", ["preferanzen", "preference_vienna"])
@pytest.mark.parametrize("version", ["carla", "dora"])
async def test_the_preferanzen_search_players_see_only_their_seat(game: str, version: str) -> None:
    """The Preferanzen search players sample the hidden cards from their seat's view, at two AI seats."""
    rng = random.Random(f"{game}-{version}")
    await _check_match(game, rng, [SeatKind.HUMAN, SeatKind.AI, SeatKind.AI], version)


@pytest.mark.parametrize("version", ["carla", "dora"])
async def test_the_preferans_search_players_see_only_their_seat(version: str) -> None:
    rng = random.Random(f"preferans-{version}")
    await _check_match("preferans", rng, [SeatKind.HUMAN, SeatKind.AI, SeatKind.AI], version)


async def test_dora_for_preisjass_sees_only_her_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dora samples the hidden cards from her view; at an AI table she plays through the same path."""
    monkeypatch.setattr("games.ai.preisjass_search.player.DORA_NODES", 2000)  # the same code, quicker
    rng = random.Random("preisjass-dora")
    await _check_match("preisjass", rng, [SeatKind.HUMAN, SeatKind.AI, SeatKind.AI, SeatKind.AI], "dora")


async def _check_match(game: str, rng: random.Random, kinds: list[SeatKind], version: str | None) -> None:
    users = {
        i: await sync_to_async(factories.user)(f"p{i}") for i, k in enumerate(kinds) if k == SeatKind.HUMAN
    }
    first = min(users)

    def open_table() -> Match:
        match = match_create(
            game=game,
            creator=factories.actor(users[first]),
            seats=[SeatSpec(kind=k) for k in kinds],
            creator_seat=first,
            ai_version=version or rng.choice(["anton", "random"]),
        )
        for i, u in users.items():
            if i != first:
                match_join(match_id=match.pk, actor=factories.actor(u), seat_index=i)
        return match

    match = await sync_to_async(open_table)()
    outsider = await sync_to_async(factories.user)("zoe")
    watchers = [await _watcher(i, u) for i, u in users.items()]
    watchers += [await _watcher(None, None), await _watcher(None, outsider)]
    for w in watchers:
        await _open(w, match.pk)
    await _say(watchers)
    await _play(match.pk, watchers, rng, HUMAN_MOVES)
    checked = await _verify(match.pk, watchers)
    assert checked >= len(watchers) * HUMAN_MOVES  # a REST view each move, and the pushes besides
    await _heard_own_audience_only(match.pk, watchers)
    await _close(watchers)


def _words(w: Watcher) -> str:
    return "a spectator's words" if w.seat is None else f"the words of seat {w.seat}"


async def _say(watchers: list[Watcher]) -> None:
    """Every identity with a name says something over its socket (an anonymous spectator cannot)."""
    for w in watchers:
        if w.user is not None and w.comm is not None:
            await w.comm.send_json_to({"t": "chat", "text": _words(w)})


async def _heard_own_audience_only(match_id: int, watchers: list[Watcher]) -> None:
    """Each socket heard its audience's words, all of them, and nothing else; its history is the same;
    no chat message holds a card."""
    views = await sync_to_async(EngineViews)(match_id)
    for w in watchers:
        assert w.comm is not None
        await w.comm.send_json_to({"t": "chat_history"})
        while (message := json.loads(await w.comm.receive_from(timeout=5)))["t"] != "chat_history":
            if message["t"] == "chat":
                w.chats.append(message)
        same = [x for x in watchers if x.user is not None and (x.seat is None) == (w.seat is None)]
        expected = sorted(_words(x) for x in same)
        assert sorted(m["text"] for m in w.chats) == expected, w.seat
        assert sorted(m["text"] for m in message["messages"]) == expected, w.seat
        for chat in [*w.chats, *message["messages"]]:
            assert (chat["seat"] is None) == (w.seat is None), (w.seat, chat)
            assert set(chat) <= {"t", "id", "from", "seat", "text", "at", "mine"}, chat
            assert not views.cards_in(chat), chat


async def _chat_reply(watcher: Watcher, message: dict[str, Any]) -> dict[str, Any]:
    """Send a chat message; the socket's answer to it (an error, or the message itself), states kept."""
    assert watcher.comm is not None
    await watcher.comm.send_json_to(message)
    while (reply := json.loads(await watcher.comm.receive_from(timeout=5)))["t"] == "state":
        watcher.seen.append(reply["d"])
        watcher.last_seq = max(watcher.last_seq, reply["seq"])
    return dict(reply)


async def _refused_everywhere(match_id: int, users: list[User | None]) -> None:
    for user in users:
        client = await sync_to_async(_client)(user)
        for route in REFUSED_ROUTES:
            response = await sync_to_async(client.get)(f"/api/matches/{match_id}/{route}")
            assert response.status_code == 403 and response.json()["error"]["code"] == "embargoed", route
        page = await sync_to_async(client.get)(f"/matches/{match_id}/")
        assert page.status_code == 403
        comm, connected = await connect(match_id, user)
        assert connected
        reply = json.loads(await comm.receive_from(timeout=5))
        assert (
            reply["t"] == "error"
            and reply["code"] == "embargoed"
            and set(reply)
            == {
                "t",
                "code",
                "message",
                "seq",
            }
        )
        assert await comm.receive_output(timeout=2) == {"type": "websocket.close", "code": 4403}
        report = await sync_to_async(client.post)(
            f"/api/matches/{match_id}/chat/report/", {"message": 1}, format="json"
        )
        assert report.status_code == 403 and report.json()["error"]["code"] == "embargoed"


@pytest.mark.parametrize(("game", "finish"), [("schnapsen", "play"), ("preferans", "leave")])
async def test_a_duplicate_round_shows_nothing_to_outsiders_until_it_is_over(game: str, finish: str) -> None:
    """Two tables of one round, a human and AI at each (played to the end, or left by the humans):
    before the release the players see their own seat only and everyone else, the other table's
    player included, is refused everywhere; after it a spectator sees the spectator view, and the
    replay is the engine's."""
    rng = random.Random(game)
    anna, ben, zoe = [await sync_to_async(factories.user)(name) for name in ("anna", "ben", "zoe")]

    def open_round() -> list[int]:
        league = make_league(anna, game=game)
        join(league, ben)
        round_ = leagues.duplicate_round_open(league_id=league.pk, user=anna, tables=[[anna], [ben]])
        return list(
            LeagueMatch.objects.filter(round=round_).order_by("table").values_list("match_id", flat=True)
        )

    tables = await sync_to_async(open_round)()
    players = {tables[0]: anna, tables[1]: ben}
    seats = {
        match_id: await sync_to_async(
            lambda m=match_id: Match.objects.get(pk=m).seats.get(user=players[m]).index
        )()
        for match_id in tables
    }
    watchers = {m: [await _watcher(seats[m], players[m])] for m in tables}
    for m in tables:
        await _open(watchers[m][0], m)
        # A table of a shared-deal event: its players say the quick phrases only, and only to it.
        reply = await _chat_reply(watchers[m][0], {"t": "chat", "text": "my hand is strong"})
        assert (reply["t"], reply["code"]) == ("error", "phrases_only")
        assert (await _chat_reply(watchers[m][0], {"t": "chat", "phrase": "good_luck"}))[
            "phrase"
        ] == "good_luck"
    other = {tables[0]: ben, tables[1]: anna}
    for m in tables:
        await _refused_everywhere(m, [other[m], zoe, None])

    for m in tables:
        status = await _play(m, watchers[m], rng, 10_000 if finish == "play" else HUMAN_MOVES)
        if finish == "leave":
            assert status == MatchStatus.RUNNING
            await sync_to_async(match_leave)(match_id=m, actor=factories.actor(players[m]))
        elif m == tables[0]:
            assert status == MatchStatus.FINISHED
            await _refused_everywhere(m, [other[m], zoe, None])  # over, but its round is not
        await _verify(m, watchers[m])
        await _close(watchers[m])
    await sync_to_async(leagues.rounds_release_finished)()

    for m in tables:
        match = await sync_to_async(Match.objects.get)(pk=m)
        assert match.is_over and not match.embargoed
        spectator = await _watcher(None, None)
        await _open(spectator, m)
        await _get_view(spectator, m)
        views = await sync_to_async(EngineViews)(m)
        for payload in spectator.seen:
            views.check(payload, None)
        await _close([spectator])
        replay = (await sync_to_async(spectator.client.get)(f"/api/matches/{m}/replay/")).json()
        assert [step["view"] for step in replay["steps"]] == [views.views[s][None] for s in views.views]
        assert [step["hands"] for step in replay["steps"]] == [views.hands[s] for s in views.hands]
        for user in (other[m], zoe):
            client = await sync_to_async(_client)(user)
            assert (await sync_to_async(client.get)(f"/api/matches/{m}/events/")).status_code == 200


def _ai_seats_versions() -> list[tuple[str, str]]:
    """Every registered (game, AI version) a table may seat, read from the registry (later ones too)."""
    return [(g, v) for g in GAMES for v in ai_registry.available_versions(g) if v != "random"]


@pytest.mark.parametrize(("game", "version"), _ai_seats_versions())
async def test_the_ai_move_task_hands_the_player_its_seats_view_only(
    game: str, version: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The AI move task (games.services.ai) gives the player `state.view(seat)` and nothing else: what a
    stand-in player receives is the engine's view of its seat at that seq, and holds no card of another
    seat's hand that is not public (an open hand is in the spectator's view too)."""
    received: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    anton = ai_registry.get_player(game, ai_registry.DEFAULT_VERSION)

    class Recorder:
        name = "Recorder"

        def choose(self, view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> Any:
            received.append((copy.deepcopy(view), copy.deepcopy(legal)))
            return anton.choose(view, legal, rng)

    monkeypatch.setattr(ai_registry, "get_player", lambda game, version="anton": Recorder())
    match_id = await sync_to_async(_play_against_ai)(game, version)
    views = await sync_to_async(EngineViews)(match_id)
    assert len(received) >= 5
    for view, legal in received:
        seat = view["seat"]
        seqs = [q for q, seen in views.views.items() if seen[seat] == view]
        assert seqs, f"seat {seat} got a view the engine never gave it"
        hands = views.hands[seqs[0]]
        public = views.cards_in(views.views[seqs[0]][None])
        hidden = set().union(*(set(hands[str(s)]) for s in range(views.seats) if s != seat)) - public
        # the legal actions are the seat's own (Preferans bids such as "7C" read like cards)
        assert legal == view["legal"]
        played = {a["card"] for a in legal if "card" in a}
        assert played <= set(view["hand"]) | public, f"seat {seat} may play a card it cannot see"
        shown = views.cards_in({k: v for k, v in view.items() if k != "legal"})
        assert not shown & hidden, f"seat {seat} saw another seat's cards: {shown & hidden}"


def _play_against_ai(game: str, version: str) -> int:
    """A table of one human (first legal move each turn) and AI seats, until the AIs moved a dozen times."""
    rules = get_rules(game)
    n = rules.players(rules.default_options())
    human = factories.user("p0")
    match = match_create(
        game=game,
        creator=factories.actor(human),
        seats=[SeatSpec(kind=SeatKind.HUMAN)] + [SeatSpec(kind=SeatKind.AI)] * (n - 1),
        creator_seat=0,
        ai_version=version,
    )
    for _ in range(40):
        match.refresh_from_db()
        if match.status != MatchStatus.RUNNING or match.version >= 12 * n:
            break
        state = load_state(match)
        if state.to_move != 0:
            continue  # the AI seats move inline after each commit
        action = {k: v for k, v in state.legal_actions()[0].items() if k != "seat"}
        match_act(match_id=match.pk, actor=factories.actor(human), action=action, expected_seq=match.version)
    return match.pk


# --- private tables: never listed, their invitation token never shown to anyone outside ----------------


def _outsider_texts(match_id: int, user: User | None, creator: str) -> list[tuple[str, str, int]]:
    client = _client(user)
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
    zoe_client = await sync_to_async(_client)(zoe)
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
    watchers = [await _watcher(i, u) for i, u in users.items()]
    watchers += [await _watcher(None, None), await _watcher(None, outsider)]
    for w in watchers:
        await _open(w, match.pk)
    await _play(match.pk, watchers, rng, HUMAN_MOVES)

    # The seat to move runs out of time: the watchdog marks it; a push tells every socket.
    later = timezone.now() + dt.timedelta(days=1, minutes=1)
    assert (await sync_to_async(watchdog_tick)(later))["overdue"] == 1
    status, _, late = await _settled(match.pk)
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
    await _play(match.pk, watchers, rng, HUMAN_MOVES)
    views = await sync_to_async(EngineViews)(match.pk)
    _texts_without_cards(views, texts)
    assert await _verify(match.pk, watchers) >= len(watchers) * HUMAN_MOVES
    await _close(watchers)


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
            client = await sync_to_async(_client)(user)
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
