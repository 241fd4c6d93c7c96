"""The Schnapsen rules: options, the server's deal, and the one table from phase to the events it takes.

Each event's type, phase, seat and fields are checked by `Rules.check_event` (games/engine/base.py)
from the table below; the apply functions in deal.py and play.py check only the game's rules.
"""

from __future__ import annotations

import random
from typing import ClassVar, Final

from games.engine.base import (
    BOOL,
    CHANCE,
    INT,
    JSON,
    EventSpec,
    GameState,
    IllegalAction,
    Outputs,
    PhaseSpec,
    Rules,
    card_field,
    is_int,
)
from games.engine.draws import shuffle
from games.engine.schnapsen import deal, play, view
from games.engine.schnapsen.cards import DECK, DECK_SET
from games.engine.schnapsen.state import Phase, SchnapsenState
from games.engine.versions import FIRST_RULES, OPTIONS_NAMED, RulesVersion, fill_options

#: deals 0: the Bummerl; deals > 0: a match of exactly that many deals, counted in signed game points
_DEFAULTS: Final[JSON] = {"start_score": 7, "first_dealer": 0, "deals": 0}
_MAX_START_SCORE: Final = 21
_MAX_DEALS: Final = 100

_OVER: Final = "the Bummerl is over"
_CARD: Final = card_field(DECK_SET, "Schnapsen")

PHASES: Final[dict[Phase, PhaseSpec[SchnapsenState]]] = {
    Phase.DEAL: PhaseSpec(
        events=(EventSpec("deal", deal.apply_deal, {"dealer": INT, "deck": deal.DECK_FIELD}, by_seat=False),),
        refusals={kind: "the cards are not dealt yet" for kind in ("exchange_trump", "close", "play")},
    ),
    Phase.PLAY: PhaseSpec(
        events=(
            EventSpec("exchange_trump", play.apply_exchange_trump),
            EventSpec("close", play.apply_close),
            EventSpec(
                "play", play.apply_play, {"card": _CARD, "marriage": BOOL}, optional=frozenset({"marriage"})
            ),
        ),
        actions=play.play_actions,
        refusals={"deal": "a deal is still being played"},
    ),
    Phase.OVER: PhaseSpec(closed=_OVER),
}
SchnapsenState.phases = PHASES
SchnapsenState.outputs = Outputs(view.seat_view, view.result)


class SchnapsenRules(Rules[SchnapsenState]):
    name: ClassVar[str] = "schnapsen"
    deck: ClassVar[frozenset[str]] = DECK_SET
    #: the trump card under the stock, and the trump cards taken by exchange
    shown_keys: ClassVar[tuple[str, ...]] = ("trump_card", "exchanges")
    #: every rules version stamped so far, oldest first (never edit or drop one: stored matches carry it)
    rules_versions: ClassVar[tuple[RulesVersion, ...]] = (
        RulesVersion("1", FIRST_RULES),
        RulesVersion(
            "2",
            OPTIONS_NAMED,
            upcast=fill_options({"start_score": 7, "first_dealer": 0}),  # version 1's defaults
            explicit_options=True,
        ),
        RulesVersion(
            "3",
            "the option deals: a match of that many independent deals counted in signed game points "
            "(0, the old rule: the Bummerl)",
            upcast=fill_options({"deals": 0}),  # version 2 played the Bummerl only
        ),
    )
    state_class = SchnapsenState
    phases = PHASES

    def default_options(self) -> JSON:
        return dict(_DEFAULTS)

    def normalize_options(self, options: JSON) -> JSON:
        if not isinstance(options, dict):
            raise IllegalAction("options must be an object")
        unknown = set(options) - set(_DEFAULTS)
        if unknown:
            raise IllegalAction(f"unknown option(s): {', '.join(sorted(map(str, unknown)))}")
        opts = {**_DEFAULTS, **options}
        start_score = opts["start_score"]
        if not is_int(start_score) or not 1 <= start_score <= _MAX_START_SCORE:
            raise IllegalAction(f"start_score must be a whole number from 1 to {_MAX_START_SCORE}")
        if not is_int(opts["first_dealer"]) or opts["first_dealer"] not in (0, 1):
            raise IllegalAction("first_dealer must be seat 0 or 1")
        if not is_int(opts["deals"]) or not 0 <= opts["deals"] <= _MAX_DEALS:
            raise IllegalAction(f"deals must be a whole number from 0 (the Bummerl) to {_MAX_DEALS}")
        return opts

    def players(self, options: JSON) -> int:
        return 2

    def new_state(self, options: JSON) -> SchnapsenState:
        return SchnapsenState(options)

    def chance_event(self, state: GameState, rng: random.Random) -> JSON:
        if not isinstance(state, SchnapsenState) or state.to_move != CHANCE:
            raise IllegalAction("no deal is due now")
        order = list(DECK)
        shuffle(order, rng)  # rng.shuffle's order, compiled
        return {"type": "deal", "dealer": state.dealer, "deck": order}
