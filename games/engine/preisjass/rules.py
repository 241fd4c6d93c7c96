"""Preisjass rules: options, the server-drawn events (draw, deal, cut) and the one table from phase to
the event it takes. `Rules.check_event` (games/engine/base.py) checks each event against the table;
deal.py and play.py hold the game's rules.
"""

from __future__ import annotations

import random
from typing import ClassVar, Final

from games.engine.base import (
    ANY,
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
from games.engine.cards import DECK_36
from games.engine.draws import below, shuffle
from games.engine.preisjass import deal, play, view
from games.engine.preisjass.state import CUT, DRAW, GAMES_PER_RUN, PLAYERS, SHUFFLE, Phase, PreisjassState
from games.engine.versions import FIRST_RULES, OPTIONS_NAMED, RulesVersion, fill_options

_NO_PLAY_BEFORE_DEAL: Final = "no card may be played before the cut and the deal"

PHASES: Final[dict[Phase, PhaseSpec[PreisjassState]]] = {
    Phase.DRAW: PhaseSpec(
        events=(EventSpec("draw", deal.apply_draw, {"cards": ANY}, by_seat=False),),
        refusals={"play": "no card may be played yet: the first player is still being drawn"},
    ),
    Phase.SHUFFLE: PhaseSpec(
        events=(EventSpec("deal", deal.apply_deal, {"deck": deal.DECK_FIELD}, by_seat=False),),
        refusals={"play": _NO_PLAY_BEFORE_DEAL},
    ),
    Phase.CUT: PhaseSpec(
        events=(EventSpec("cut", deal.apply_cut, {"count": deal.COUNT_FIELD}, by_seat=False),),
        refusals={"play": _NO_PLAY_BEFORE_DEAL},
    ),
    Phase.PLAY: PhaseSpec(
        events=(EventSpec("play", play.apply_play, {"card": card_field(frozenset(DECK_36), "Preisjass")}),),
        actions=play.play_actions,
    ),
    Phase.OVER: PhaseSpec(closed="the run is over: all its games are played"),
}
PreisjassState.phases = PHASES
PreisjassState.outputs = Outputs(view.seat_view, view.result)


class PreisjassRules(Rules[PreisjassState]):
    name: ClassVar[str] = "preisjass"
    deck: ClassVar[frozenset[str]] = frozenset(DECK_36)
    #: the turned card that fixed the trump
    shown_keys: ClassVar[tuple[str, ...]] = ("bodentrumpf",)
    #: every rules version stamped so far, oldest first (never edit or drop one: stored matches carry it).
    #: Preisjass had no options, so its version 2 changed no start event but the stamp.
    rules_versions: ClassVar[tuple[RulesVersion, ...]] = (
        RulesVersion("1", FIRST_RULES),
        RulesVersion("2", OPTIONS_NAMED, upcast=fill_options({}), explicit_options=True),
        RulesVersion(
            "3",
            "the option games: a run of that many games (12, the old rule, the whole run)",
            upcast=fill_options({"games": 12}),  # version 2's run was always twelve games
        ),
    )
    state_class = PreisjassState
    phases = PHASES

    def default_options(self) -> JSON:
        return {"games": GAMES_PER_RUN}

    def normalize_options(self, options: JSON) -> JSON:
        if not isinstance(options, dict):
            raise IllegalAction("options must be a JSON object")
        unknown = sorted(map(str, set(options) - {"games"}))
        if unknown:
            raise IllegalAction(f"unknown option {unknown[0]!r}: Preisjass has the option games only")
        games = options.get("games", GAMES_PER_RUN)
        if not is_int(games) or not 1 <= games <= GAMES_PER_RUN:
            raise IllegalAction(f"games must be a whole number from 1 to {GAMES_PER_RUN}")
        return {"games": games}

    def players(self, options: JSON) -> int:
        return PLAYERS

    def new_state(self, options: JSON) -> PreisjassState:
        return PreisjassState(options["games"])

    def chance_event(self, state: GameState, rng: random.Random) -> JSON:
        assert isinstance(state, PreisjassState)
        st: PreisjassState = state  # (typed as itself: mypyc does not narrow the protocol type)
        phase = st.phase
        if phase is DRAW:
            cards = list(DECK_36)
            shuffle(cards, rng)  # rng.shuffle's order, compiled
            return {"type": "draw", "cards": {str(s): cards[i] for i, s in enumerate(st.drawing)}}
        if phase is SHUFFLE:
            cards = list(DECK_36)
            shuffle(cards, rng)  # rng.shuffle's order, compiled
            return {"type": "deal", "deck": cards}
        if phase is CUT:
            # rng.randint(CUT_MIN, CUT_MAX)'s number, compiled
            return {"type": "cut", "count": deal.CUT_MIN + below(rng, deal.CUT_MAX - deal.CUT_MIN + 1)}
        raise IllegalAction("no server event is due: a seat is to play or the run is over")
