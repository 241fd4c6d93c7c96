"""The rules shared by both variants: options, the start, the server's deal, and the one table from
phase to the event it takes (`phase_table`; the variants differ only in the fields of `declare`).
`Rules.check_event` (games/engine/base.py) checks each event against the table; deal.py, bidding.py
and play.py hold the game's rules, austrian.py and vienna.py what differs between the variants."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar, Final

from games.engine.base import (
    ANY,
    BOOL,
    CHANCE,
    JSON,
    TEXT,
    EventSpec,
    Field,
    GameState,
    IllegalAction,
    Outputs,
    PhaseSpec,
    Rules,
    card_field,
    is_int,
)
from games.engine.cards import DECK_32
from games.engine.draws import shuffle
from games.engine.preferanzen import bidding, deal, play, view
from games.engine.preferanzen.cards import N
from games.engine.preferanzen.state import Phase, PreferanzenState, Variant
from games.engine.versions import FIRST_RULES, OPTIONS_NAMED, RulesVersion, fill_options

PreferanzenState.outputs = Outputs(view.seat_view, view.result)

MAX_DEALS: Final = 300


def phase_table(declare_fields: Mapping[str, Field], game: str) -> dict[Phase, PhaseSpec[PreferanzenState]]:
    """The phase table of a variant whose `declare` event has `declare_fields` (a field named in both
    variants' lists is optional: Austrian "suit" comes only with a Geschäft)."""
    optional = frozenset({"suit"})
    return {
        Phase.DEAL: PhaseSpec(
            events=(EventSpec("deal", deal.apply_deal, {"deck": deal.DECK_FIELD}, by_seat=False),)
        ),
        Phase.BID: PhaseSpec(
            events=(EventSpec("bid", bidding.apply_bid, {"bid": TEXT, "suit": TEXT}, optional=optional),),
            actions=bidding.bid_actions,
        ),
        Phase.TALON: PhaseSpec(
            events=(EventSpec("exchange", bidding.apply_exchange, {"discard": ANY}),),
            actions=bidding.talon_actions,
        ),
        Phase.DECLARE: PhaseSpec(
            events=(EventSpec("declare", bidding.apply_declare, declare_fields, optional=optional),),
            actions=bidding.declare_actions,
        ),
        Phase.DEFEND: PhaseSpec(
            events=(EventSpec("defend", bidding.apply_defend, {"choice": TEXT}),),
            actions=bidding.defend_actions,
        ),
        Phase.INVITE: PhaseSpec(
            events=(EventSpec("invite", bidding.apply_invite, {"invite": BOOL}),),
            actions=bidding.invite_actions,
        ),
        Phase.PLAY: PhaseSpec(
            events=(EventSpec("play", play.apply_play, {"card": card_field(frozenset(DECK_32), game)}),),
            actions=play.play_actions,
        ),
        Phase.OVER: PhaseSpec(closed="the session is over"),
    }


class PreferanzenFamilyRules(Rules[PreferanzenState]):
    """Three-player Preferanzen family; a subclass fixes `name`, `variant`, `state_class` and `phases`."""

    variant: ClassVar[Variant]
    deck: ClassVar[frozenset[str]] = frozenset(DECK_32)
    #: the declarer's discard
    private_events: ClassVar[frozenset[str]] = frozenset({"exchange"})
    #: the talon to the declarer, his discard to him afterwards, the declarer's open hand
    shown_keys: ClassVar[tuple[str, ...]] = ("talon", "discards", "open_hand")
    #: every rules version stamped so far, oldest first (never edit or drop one: stored matches carry it);
    #: both variants share them
    rules_versions: ClassVar[tuple[RulesVersion, ...]] = (
        RulesVersion("1", FIRST_RULES),
        # version 1's default: twelve deals
        RulesVersion("2", OPTIONS_NAMED, upcast=fill_options({"deals": 12}), explicit_options=True),
    )

    def default_options(self) -> JSON:
        return {"deals": 12}

    def normalize_options(self, options: JSON) -> JSON:
        if not isinstance(options, dict):
            raise IllegalAction("options must be an object")
        opt_in = self.variant.opt_in_options
        unknown = set(options) - {"deals", *opt_in}
        if unknown:
            raise IllegalAction(f"unknown option(s): {', '.join(sorted(map(str, unknown)))}")
        opts = {**self.default_options(), **options}
        deals = opts["deals"]
        if not is_int(deals) or not 1 <= deals <= MAX_DEALS:
            raise IllegalAction(f"deals must be a whole number from 1 to {MAX_DEALS}")
        for key in opt_in:
            if key in opts and type(opts[key]) is not bool:
                raise IllegalAction(f"{key} must be true or false")
        return opts

    def players(self, options: JSON) -> int:
        return N

    def new_state(self, options: JSON) -> PreferanzenState:
        st = self.state_class(self.variant, options)
        self.variant.init_session(st)
        return st

    def chance_event(self, state: GameState, rng: random.Random) -> JSON:
        if state.to_move != CHANCE:
            raise IllegalAction("no deal is due now")
        deck = list(DECK_32)
        shuffle(deck, rng)  # rng.shuffle's order, compiled
        return {"type": "deal", "deck": deck}
