"""Preisjass analysis: every card played, in card points the seat wins from this card on in the game
(its score for the game, less what it had already; the last trick's 5 included).

Open hands: with every hand known each card is followed by the other seats' best replies, exactly
(max-n: each seat maximises its own points, ties against the analysed seat) once every hand holds at
most `OPEN_EXACT` cards; before that, all seats play Bernd's greedy open-hand policy down to that size
and the rest is solved exactly. View: Bernd's evaluation, the deals sampled consistent with the seat's
view (played cards, the Bodentrumpf, proven voids), each card played out greedily or, from
`bernd_preisjass.ENDGAME` cards on, solved exactly; `VIEW_MS` sets the work (a count, not a clock).
"""

from __future__ import annotations

import random

from games.ai.analysis.base import JSON, Thresholds, Values
from games.ai.bernd_playout import CARD_INDEX, PLAYERS, TABLES, TRICKS, Tables, greedy, solve, winner_index
from games.ai.bernd_preisjass import ENDGAME, BerndPreisjass
from games.engine import GameState
from games.engine.information import InformationState
from games.engine.preisjass.cards import LAST_TRICK_BONUS

OPEN_EXACT = ENDGAME  # cards per hand from which the open-hand values are exact (4 costs minutes)
VIEW_MS = 150.0  # Bernd's work budget per decision (converted to a sample count, never timed)


class PreisjassAnalyser:
    game = "preisjass"
    version = "preisjass-1"
    unit = "card points"
    thresholds = Thresholds(inaccuracy=4.0, mistake=10.0, blunder=20.0)

    def decides(self, state: GameState, seat: int) -> bool:
        return str(state.phase) == "play"

    def deal(self, state: GameState) -> int:
        return int(state.game_no)  # type: ignore[attr-defined]

    def open_values(self, state: GameState, legal: list[JSON]) -> Values:
        hands = [[CARD_INDEX[c] for c in hand] for hand in state.hands]  # type: ignore[attr-defined]
        trick = [CARD_INDEX[c] for c in state.trick]  # type: ignore[attr-defined]
        tb = TABLES[state.trump]  # type: ignore[attr-defined]
        seat = state.to_move
        assert isinstance(seat, int)
        leader = (seat - len(trick)) % PLAYERS
        done = len(state.tricks)  # type: ignore[attr-defined]
        cards = [CARD_INDEX[a["card"]] for a in legal]
        values = [float(open_value(hands, seat, leader, trick, done, tb, c)) for c in cards]
        return Values(values, exact=max(len(h) for h in hands) <= OPEN_EXACT)

    def view_values(
        self,
        state: GameState,
        legal: list[JSON],
        rng: random.Random,
        info: InformationState | None = None,
    ) -> Values | None:
        seat = state.to_move
        assert isinstance(seat, int)
        view = state.view(seat)
        values = BerndPreisjass(budget_ms=VIEW_MS).evaluate(view, legal, rng)
        return Values(values)  # an average over sampled deals: never exact


def open_value(
    hands: list[list[int]], me: int, leader: int, trick: list[int], done: int, tb: Tables, card: int
) -> int:
    """Points `me` wins from playing `card` on: exact once every hand holds at most OPEN_EXACT cards,
    the seats playing Bernd's greedy open-hand policy until then."""
    hands = [list(h) for h in hands]
    hands[me].remove(card)
    trick = [*trick, card]
    gained = 0
    seat = (leader + len(trick)) % PLAYERS
    while True:
        if len(trick) == PLAYERS:
            win = (leader + winner_index(trick, tb)) % PLAYERS
            done += 1
            if win == me:
                gained += sum(tb.points[c] for c in trick) + (LAST_TRICK_BONUS if done == TRICKS else 0)
            if done == TRICKS:
                return gained
            leader = seat = win
            trick = []
        if max(len(h) for h in hands) <= OPEN_EXACT:
            return gained + solve(hands, leader, trick, done, tb, me)[me]
        c = greedy(hands, seat, trick, tb)
        hands[seat].remove(c)
        trick.append(c)
        seat = (seat + 1) % PLAYERS
