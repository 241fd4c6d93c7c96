"""The registered `preferans` rules: options, start, the server's deal, and the one table from phase to
the event it takes. `Rules.check_event` (games/engine/base.py) checks each event against the table;
deal.py, bidding.py and play.py hold the game's rules."""

from __future__ import annotations

import random
from typing import ClassVar, Final

from games.engine.base import (
    ANY,
    CHANCE,
    INT,
    JSON,
    TEXT,
    EventSpec,
    GameState,
    IllegalAction,
    Outputs,
    PhaseSpec,
    Rules,
    card_field,
    one_of,
)
from games.engine.cards import DECK_32
from games.engine.preferans import bidding, constants, deal, play, view
from games.engine.preferans.state import Phase, PreferansState
from games.engine.versions import FIRST_RULES, OPTIONS_NAMED, RulesVersion, fill_options

_SERVER_DEALS: Final = "the server deals next"
_BID: Final = one_of(
    frozenset((*constants.BIDS, constants.PASS, constants.HOLD)),
    "a bid is pass, hold, MIS or a level 6-10 with S, C, D, H or NT (e.g. 7H)",
)
_MODE: Final = one_of(frozenset(("open", "closed")), "a lone whister chooses open or closed play")

PHASES: Final[dict[Phase, PhaseSpec[PreferansState]]] = {
    Phase.DEAL: PhaseSpec(
        events=(EventSpec("deal", deal.apply_deal, {"dealer": INT, "deck": deal.DECK_FIELD}, by_seat=False),),
        refusals={kind: _SERVER_DEALS for kind in ("bid", "exchange", "declare", "defend", "mode", "play")},
    ),
    Phase.BID: PhaseSpec(
        events=(EventSpec("bid", bidding.apply_bid, {"bid": _BID}),), actions=bidding.bid_actions
    ),
    Phase.EXCHANGE: PhaseSpec(
        events=(EventSpec("exchange", bidding.apply_exchange, {"discard": ANY}),),
        actions=bidding.exchange_actions,
    ),
    Phase.DECLARE: PhaseSpec(
        events=(EventSpec("declare", bidding.apply_declare, {"contract": TEXT}),),
        actions=bidding.declare_actions,
    ),
    Phase.WHIST: PhaseSpec(
        events=(EventSpec("defend", bidding.apply_whist, {"call": TEXT}),), actions=bidding.whist_actions
    ),
    Phase.MODE: PhaseSpec(
        events=(EventSpec("mode", bidding.apply_mode, {"mode": _MODE}),), actions=bidding.mode_actions
    ),
    Phase.PLAY: PhaseSpec(
        events=(EventSpec("play", play.apply_play, {"card": card_field(frozenset(DECK_32), "Preferans")}),),
        actions=play.play_actions,
    ),
    Phase.OVER: PhaseSpec(closed="the pool is over"),
}
PreferansState.phases = PHASES
PreferansState.outputs = Outputs(view.seat_view, view.result)


class PreferansRules(Rules[PreferansState]):
    """Russian Preferans, Sochi variant, a whole pool as one match (variants as options)."""

    name: ClassVar[str] = "preferans"
    deck: ClassVar[frozenset[str]] = frozenset(DECK_32)
    #: the declarer's discard
    private_events: ClassVar[frozenset[str]] = frozenset({"exchange"})
    #: the talon turned up, the discard to the declarer, the hands played open
    shown_keys: ClassVar[tuple[str, ...]] = ("talon", "discard", "open_hands")
    #: every rules version stamped so far, oldest first (never edit or drop one: stored matches carry it)
    rules_versions: ClassVar[tuple[RulesVersion, ...]] = (
        RulesVersion("1", FIRST_RULES),
        RulesVersion(
            "2",
            OPTIONS_NAMED,
            # version 1's defaults, as literals (constants.DEFAULT_OPTIONS may change, these never do)
            upcast=fill_options(
                {"players": 3, "pool": 20, "variant": "sochi", "ascending_raspasy": False, "max_deals": 200}
            ),
            explicit_options=True,
        ),
    )
    state_class = PreferansState
    phases = PHASES

    def default_options(self) -> JSON:
        return dict(constants.DEFAULT_OPTIONS)

    def normalize_options(self, options: JSON) -> JSON:
        return constants.normalize_options(options)

    def players(self, options: JSON) -> int:
        return int(self.normalize_options(options)["players"])

    def new_state(self, options: JSON) -> PreferansState:
        return PreferansState(options)

    def chance_event(self, state: GameState, rng: random.Random) -> JSON:
        if not isinstance(state, PreferansState) or state.to_move != CHANCE:
            raise IllegalAction("no server draw is due now")
        return deal.deal_event(state, rng)


RULES: Final = PreferansRules()
