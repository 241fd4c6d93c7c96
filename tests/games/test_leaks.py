"""The standing leak test: random matches of every game, with human and AI seats and spectators, where
every REST view and every websocket message is checked against the engine's own view of that seat at
that seq. A payload's `view` must equal `state.view(seat)`, and no card may appear anywhere else in
it. The players and the spectators chat meanwhile: each socket gets its own audience's words only
(players the players', spectators the spectators'), pushed and in its history, and no card. The
tables of a duplicate round are refused to everyone not seated at them until the round is over (their
chat and its report route too); after that a spectator sees exactly the spectator view and the replay
is the engine's."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from asgiref.sync import sync_to_async

from accounts.models import User
from games import ai as ai_registry
from games.engine import get_rules
from games.live.presence import match_leave
from games.models import Match, MatchStatus, SeatKind
from games.services.matches import SeatSpec, match_act, match_create, match_join
from games.store.events import load_state
from leagues import services as leagues
from leagues.models import LeagueMatch
from tests import factories
from tests.games.leak_watch import (
    GAMES,
    HUMAN_MOVES,
    REFUSED_ROUTES,
    EngineViews,
    Watcher,
    client_for,
    close_all,
    get_view,
    new_watcher,
    open_socket,
    play_randomly,
    verify,
)
from tests.games.test_consumers import connect
from tests.leagues.conftest import join, make_league

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


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
    watchers = [await new_watcher(i, u) for i, u in users.items()]
    watchers += [await new_watcher(None, None), await new_watcher(None, outsider)]
    for w in watchers:
        await open_socket(w, match.pk)
    await _say(watchers)
    await play_randomly(match.pk, watchers, rng, HUMAN_MOVES)
    checked = await verify(match.pk, watchers)
    assert checked >= len(watchers) * HUMAN_MOVES  # a REST view each move, and the pushes besides
    await _heard_own_audience_only(match.pk, watchers)
    await close_all(watchers)


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
        client = await sync_to_async(client_for)(user)
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
    watchers = {m: [await new_watcher(seats[m], players[m])] for m in tables}
    for m in tables:
        await open_socket(watchers[m][0], m)
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
        status = await play_randomly(m, watchers[m], rng, 10_000 if finish == "play" else HUMAN_MOVES)
        if finish == "leave":
            assert status == MatchStatus.RUNNING
            await sync_to_async(match_leave)(match_id=m, actor=factories.actor(players[m]))
        elif m == tables[0]:
            assert status == MatchStatus.FINISHED
            await _refused_everywhere(m, [other[m], zoe, None])  # over, but its round is not
        await verify(m, watchers[m])
        await close_all(watchers[m])
    await sync_to_async(leagues.rounds_release_finished)()

    for m in tables:
        match = await sync_to_async(Match.objects.get)(pk=m)
        assert match.is_over and not match.embargoed
        spectator = await new_watcher(None, None)
        await open_socket(spectator, m)
        await get_view(spectator, m)
        views = await sync_to_async(EngineViews)(m)
        for payload in spectator.seen:
            views.check(payload, None)
        await close_all([spectator])
        replay = (await sync_to_async(spectator.client.get)(f"/api/matches/{m}/replay/")).json()
        assert [step["view"] for step in replay["steps"]] == [views.views[s][None] for s in views.views]
        assert [step["hands"] for step in replay["steps"]] == [views.hands[s] for s in views.hands]
        for user in (other[m], zoe):
            client = await sync_to_async(client_for)(user)
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
