"""The Schnapsen rules object: options, the start and deal events, and event validation/dispatch."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from games.engine.base import CHANCE, JSON, GameState, IllegalAction, Rules, is_int
from games.engine.schnapsen import play
from games.engine.schnapsen.cards import DECK, DECK_SET
from games.engine.schnapsen.state import PHASE_DEAL, PHASE_OVER, SchnapsenState

_DEFAULTS: JSON = {"start_score": 7, "first_dealer": 0}
_MAX_START_SCORE = 21

_PLAYER_FIELDS = {
    "exchange_trump": frozenset({"type", "seat"}),
    "close": frozenset({"type", "seat"}),
    "play": frozenset({"type", "seat", "card", "marriage"}),
}
_DEAL_FIELDS = frozenset({"type", "dealer", "deck"})


class SchnapsenRules(Rules):
    name: ClassVar[str] = "schnapsen"
    rules_version: ClassVar[str] = "1"

    def default_options(self) -> JSON:
        return dict(_DEFAULTS)

    def normalize_options(self, options: JSON) -> JSON:
        if not isinstance(options, dict):
            raise IllegalAction("options must be an object")
        unknown = set(options) - set(_DEFAULTS)
        if unknown:
            raise IllegalAction(f"unknown option(s): {', '.join(sorted(unknown))}")
        opts = {**_DEFAULTS, **options}
        start_score = opts["start_score"]
        if not is_int(start_score) or not 1 <= start_score <= _MAX_START_SCORE:
            raise IllegalAction(f"start_score must be a whole number from 1 to {_MAX_START_SCORE}")
        if not is_int(opts["first_dealer"]) or opts["first_dealer"] not in (0, 1):
            raise IllegalAction("first_dealer must be seat 0 or 1")
        return opts

    def players(self, options: JSON) -> int:
        return 2

    def initial_state(self, start: JSON) -> SchnapsenState:
        if not isinstance(start, dict) or start.get("type") != "start":
            raise IllegalAction("a match begins with a start event")
        if start.get("game", self.name) != self.name:
            raise IllegalAction(f"this start event is for {start.get('game')!r}, not schnapsen")
        if start.get("players", 2) != 2:
            raise IllegalAction("Schnapsen is played by exactly 2 players")
        return SchnapsenState(self.normalize_options(start.get("options") or {}))

    def chance_event(self, state: GameState, rng: random.Random) -> JSON:
        st = _own(state)
        if st.to_move != CHANCE:
            raise IllegalAction("no deal is due now")
        order = list(DECK)
        rng.shuffle(order)
        return {"type": "deal", "dealer": st.dealer, "deck": order}

    def apply(self, state: GameState, event: JSON) -> SchnapsenState:
        return self.apply_in_place(_own(state).clone(), event)

    def apply_in_place(self, state: GameState, event: JSON) -> SchnapsenState:
        st = _own(state)
        if not isinstance(event, dict):
            raise IllegalAction("an event must be an object")
        kind = event.get("type")
        if kind == "deal":
            _apply_deal(st, event)
        else:
            fields = _PLAYER_FIELDS.get(kind) if isinstance(kind, str) else None
            if fields is None:
                raise IllegalAction(f"unknown event type {kind!r}")
            if not event.keys() <= fields or "seat" not in event:
                raise IllegalAction(f"a {kind} event has the fields {', '.join(sorted(fields))}")
            seat = event["seat"]
            if (seat != 0 and seat != 1) or not _is_int(seat):
                raise IllegalAction("seat must be 0 or 1")
            if st.phase != "play":
                raise IllegalAction(
                    "the Bummerl is over" if st.phase == PHASE_OVER else "the cards are not dealt yet"
                )
            if kind == "play":
                card = event.get("card")
                if not isinstance(card, str) or card not in DECK_SET:
                    raise IllegalAction(f"{card!r} is not a Schnapsen card")
                marriage = event.get("marriage", False)
                if marriage is not True and marriage is not False:
                    raise IllegalAction("marriage must be true or false")
                play.apply_play(st, seat, card, marriage)
            elif kind == "close":
                play.apply_close(st, seat)
            else:
                play.apply_exchange(st, seat)
        st.version += 1
        return st


def _apply_deal(st: SchnapsenState, event: JSON) -> None:
    if st.phase != PHASE_DEAL:
        raise IllegalAction(
            "the Bummerl is over" if st.phase == PHASE_OVER else "a deal is still being played"
        )
    if event.keys() != _DEAL_FIELDS:
        raise IllegalAction("a deal event has the fields type, dealer and deck")
    if event["dealer"] != st.dealer or not _is_int(event["dealer"]):
        raise IllegalAction(f"seat {st.dealer} deals now (the deal alternates)")
    play.apply_deal(st, event["deck"])


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _own(state: GameState) -> SchnapsenState:
    if not isinstance(state, SchnapsenState):
        raise IllegalAction("not a Schnapsen state")
    return state
