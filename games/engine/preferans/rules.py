"""The registered `preferans` rules: options, start, the server's deal, and event dispatch by phase."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar

from games.engine.base import CHANCE, JSON, GameState, IllegalAction, Rules
from games.engine.preferans import bidding, constants, deal, play
from games.engine.preferans.state import PrefState

#: phase -> (the one event type it accepts, its apply function)
_HANDLERS: dict[str, tuple[str, Callable[[PrefState, JSON], None]]] = {
    "deal": ("deal", deal.apply_deal),
    "bid": ("bid", bidding.apply_bid),
    "exchange": ("exchange", bidding.apply_exchange),
    "declare": ("declare", bidding.apply_declare),
    "whist": ("defend", bidding.apply_whist),
    "mode": ("mode", bidding.apply_mode),
    "play": ("play", play.apply_play),
}


class PreferansRules(Rules):
    """Russian Preferans, Sochi variant, a whole pool as one match (variants as options)."""

    name: ClassVar[str] = "preferans"
    rules_version: ClassVar[str] = "1"

    def default_options(self) -> JSON:
        return dict(constants.DEFAULT_OPTIONS)

    def normalize_options(self, options: JSON) -> JSON:
        return constants.normalize_options(options)

    def players(self, options: JSON) -> int:
        return int(self.normalize_options(options)["players"])

    def initial_state(self, start: JSON) -> PrefState:
        if not isinstance(start, dict) or start.get("type") != "start" or start.get("game") != self.name:
            raise IllegalAction("a preferans match begins with its start event")
        if start.get("rules_version") != self.rules_version:
            raise IllegalAction(f"this engine replays rules version {self.rules_version}")
        options = self.normalize_options(start.get("options", {}))
        if start.get("players") != options["players"]:
            raise IllegalAction("the start event's player count does not match its options")
        return PrefState(options)

    def chance_event(self, state: GameState, rng: random.Random) -> JSON:
        assert isinstance(state, PrefState)
        if state.to_move != CHANCE:
            raise IllegalAction("no server draw is due now")
        return deal.deal_event(state, rng)

    def apply(self, state: GameState, event: JSON) -> GameState:
        if not isinstance(state, PrefState):
            raise IllegalAction("not a preferans state")
        return self.apply_in_place(state.clone(), event)

    def apply_in_place(self, state: GameState, event: JSON) -> GameState:
        """Validates fully before changing anything, so a refused event leaves `state` as it was."""
        if type(state) is not PrefState:
            raise IllegalAction("not a preferans state")
        if type(event) is not dict:
            raise IllegalAction("an event must be an object")
        kind = event.get("type")
        if state.phase == "over":
            raise IllegalAction("the pool is over")
        expected, handler = _HANDLERS[state.phase]
        if kind != expected:
            if expected == "deal":
                raise IllegalAction("the server deals next")
            raise IllegalAction(f"a {kind} event is not allowed in the {state.phase} phase")
        handler(state, event)
        state.version += 1
        return state


RULES = PreferansRules()
