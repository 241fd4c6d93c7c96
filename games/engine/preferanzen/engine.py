"""The Rules class shared by both variants: options, the start, the server's deal, and the dispatch
of player events to the phase functions in phases.py."""

from __future__ import annotations

import random

from games.engine.base import CHANCE, JSON, GameState, IllegalAction, Rules, is_int
from games.engine.cards import DECK_32
from games.engine.preferanzen import phases
from games.engine.preferanzen.state import PrefState
from games.engine.preferanzen.variant import Variant

_PLAYER_EVENTS = {
    "bid": ("bid", phases.apply_bid),
    "exchange": ("talon", phases.apply_exchange),
    "declare": ("declare", phases.apply_declare),
    "defend": ("defend", phases.apply_defend),
    "invite": ("invite", phases.apply_invite),
    "play": ("play", phases.apply_play),
}

MAX_DEALS = 300


class PrefRules(Rules):
    """Three-player Preferanzen family; a subclass fixes `name` and the `variant`."""

    variant: Variant
    rules_version = "1"

    def default_options(self) -> JSON:
        return {"deals": 12}

    def normalize_options(self, options: JSON) -> JSON:
        if not isinstance(options, dict):
            raise IllegalAction("options must be an object")
        unknown = set(options) - {"deals"}
        if unknown:
            raise IllegalAction(f"unknown option(s): {', '.join(sorted(map(str, unknown)))}")
        opts = {**self.default_options(), **options}
        deals = opts["deals"]
        if not is_int(deals) or not 1 <= deals <= MAX_DEALS:
            raise IllegalAction(f"deals must be a whole number from 1 to {MAX_DEALS}")
        return opts

    def players(self, options: JSON) -> int:
        return 3

    def initial_state(self, start: JSON) -> PrefState:
        if not isinstance(start, dict) or start.get("type") != "start":
            raise IllegalAction("the first event must be a start event")
        if start.get("game", self.name) != self.name:
            raise IllegalAction(f"this start event is for {start.get('game')!r}, not {self.name!r}")
        if start.get("players", 3) != 3:
            raise IllegalAction("this game is for exactly three players")
        st = PrefState(self.variant, self.normalize_options(start.get("options") or {}))
        self.variant.init_session(st)
        return st

    def chance_event(self, state: GameState, rng: random.Random) -> JSON:
        if state.to_move != CHANCE:
            raise IllegalAction("no deal is due now")
        deck = list(DECK_32)
        rng.shuffle(deck)
        return {"type": "deal", "deck": deck}

    def apply(self, state: GameState, event: JSON) -> PrefState:
        if not isinstance(state, PrefState):
            raise IllegalAction("not a state of this game")
        self._check(state, event)
        return self.apply_in_place(state.clone(), event)

    def replay(self, events: list[JSON]) -> PrefState:
        state = super().replay(events)
        assert isinstance(state, PrefState)
        return state

    def apply_in_place(self, state: GameState, event: JSON) -> PrefState:
        if not isinstance(state, PrefState):
            raise IllegalAction("not a state of this game")
        kind = self._check(state, event)
        if kind == "deal":
            phases.apply_deal(state, event)
        else:
            _PLAYER_EVENTS[kind][1](state, event)
        state.version += 1
        return state

    def _check(self, st: PrefState, event: JSON) -> str:
        """Shape, phase and turn checks common to every event; returns its type."""
        if not isinstance(event, dict):
            raise IllegalAction("an event must be an object")
        kind = event.get("type")
        if st.phase == "done":
            raise IllegalAction("the session is over")
        if kind == "deal":
            if st.phase != "deal":
                raise IllegalAction("a deal is not due now")
            return kind
        if kind not in _PLAYER_EVENTS:
            raise IllegalAction(f"unknown event type {kind!r}")
        phase, _ = _PLAYER_EVENTS[str(kind)]
        if st.phase != phase:
            raise IllegalAction(f"a {kind} event is not allowed in the {st.phase} phase")
        seat = event.get("seat")
        if type(seat) is not int or seat != st.turn:
            raise IllegalAction("it is not this seat's turn")
        return str(kind)
