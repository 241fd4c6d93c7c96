"""What the leak tests watch a table with: one identity's REST client and socket (`Watcher`), every
seat's engine view at every seq of a match (`EngineViews`, which also finds any card in a payload), and
random legal moves by the human seats with every watcher's view read after each (`play_randomly`)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from rest_framework.test import APIClient

from accounts.models import User
from games import packs
from games.engine import get_rules
from games.models import Match, MatchEvent, MatchStatus, SeatKind
from games.store.events import load_state
from tests.games.test_consumers import connect
from tests.waiting import async_wait_until

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


def client_for(user: User | None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_login(user)
    return c


async def new_watcher(seat: int | None, user: User | None) -> Watcher:
    return Watcher(seat, user, await sync_to_async(client_for)(user))


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


async def settled(match_id: int) -> tuple[str, int, Any]:
    """The match once no AI seat is to move (the AI runs inline, after the human's move)."""

    async def quiet() -> tuple[str, int, Any] | None:
        status, version, to_move, ai = await sync_to_async(_status)(match_id)
        return (status, version, to_move) if status != MatchStatus.RUNNING or to_move not in ai else None

    return await async_wait_until(quiet, 5, "the AI seats to stop moving", interval=0.01)


async def open_socket(watcher: Watcher, match_id: int) -> None:
    comm, connected = await connect(match_id, watcher.user)
    assert connected
    watcher.comm = comm
    await drain(watcher, 0)


async def drain(watcher: Watcher, seq: int) -> None:
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


async def get_view(watcher: Watcher, match_id: int) -> None:
    response = await sync_to_async(watcher.client.get)(f"/api/matches/{match_id}/view/")
    assert response.status_code == 200, response.content
    watcher.seen.append(response.json())


async def play_randomly(match_id: int, watchers: list[Watcher], rng: random.Random, moves: int) -> str:
    """Random legal moves by the human seats (by socket or REST, at random), every watcher's REST view
    after each, every socket drained to the newest seq. Returns the match's status at the end."""
    seated = {w.seat: w for w in watchers if w.seat is not None}
    status, version, to_move = await settled(match_id)
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
        await drain(actor, version + 1)
        status, version, to_move = await settled(match_id)
        for w in watchers:
            if w.comm is not None:
                await drain(w, version)
            await get_view(w, match_id)
    return status


async def verify(match_id: int, watchers: list[Watcher]) -> int:
    views = await sync_to_async(EngineViews)(match_id)
    checked = 0
    for w in watchers:
        for payload in w.seen:
            views.check(payload, w.seat)
            checked += 1
    return checked


async def close_all(watchers: list[Watcher]) -> None:
    for w in watchers:
        if w.comm is not None:
            await w.comm.disconnect()
