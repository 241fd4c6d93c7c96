"""The play phase of Preisjass: the legal cards (`play_actions`), playing one (`apply_play`), and the end
of a trick and of a game.

The event's shape, phase, seat and card are checked by the rules table (rules.py); `apply_play`
checks the following rules and only then changes the state.
"""

from __future__ import annotations

from typing import Final

from games.engine.base import JSON, IllegalAction
from games.engine.cards import DECK_36
from games.engine.hands import holds, take
from games.engine.preisjass.cards import (
    LAST_TRICK_BONUS,
    POINTS,
    is_sack,
    legal_cards,
    trick_winner,
    why_illegal,
)
from games.engine.preisjass.scoring import game_row
from games.engine.preisjass.state import (
    OVER,
    PLAYERS,
    SHUFFLE,
    TRICKS_PER_GAME,
    PreisjassState,
)
from games.engine.shared_actions import card_plays, played_cards

#: each seat's card plays, made once and shared (games/engine/shared_actions.py): seat -> card -> play
_PLAYS: Final[tuple[dict[str, JSON], ...]] = card_plays(DECK_36, PLAYERS)
#: a finished trick's entries, {"seat", "card"}, made once and shared the same way
_PLAYED: Final[tuple[dict[str, JSON], ...]] = played_cards(DECK_36, PLAYERS)


def play_actions(state: PreisjassState) -> list[JSON]:
    seat = state.seat_to_play
    legal = state._legal
    if legal is None:  # the phase is PLAY here, so the state's cache can be filled directly
        assert state.trump_card is not None
        legal = state._legal = legal_cards(state.hands[seat], state.trick, state.trump_card[1])
    plays = _PLAYS[seat]
    return [plays[c] for c in legal]


def apply_play(state: PreisjassState, event: JSON) -> None:
    seat: int = event["seat"]  # (typed: the rules table checked them; compiled, read unboxed)
    card: str = event["card"]
    hand = state.hands[seat]
    trick = state.trick
    legal = state._legal if state._legal is not None else state.legal_cards()
    if not holds(legal, card):  # the legal cards are in the hand, so this one test serves both rules
        if not holds(hand, card):
            raise IllegalAction(f"card {card} is not in your hand")
        assert state.trump_card is not None
        raise IllegalAction(why_illegal(card, hand, trick, state.trump_card[1]))
    take(hand, card)
    trick.append(card)
    state._legal = None
    if len(trick) < PLAYERS:
        state.seat_to_play = (seat + 1) % PLAYERS
    else:
        _finish_trick(state)


def _finish_trick(state: PreisjassState) -> None:
    assert state.trump_card is not None
    trump = state.trump_card[1]
    cards = state.trick
    leader = state.leader
    winner = (leader + trick_winner(cards, trump)) % PLAYERS
    values = POINTS[trump]
    points = values[cards[0]] + values[cards[1]] + values[cards[2]] + values[cards[3]]
    if len(state.tricks) == TRICKS_PER_GAME - 1:
        points += LAST_TRICK_BONUS
    state.tricks.append(
        {
            "leader": leader,
            "cards": [_PLAYED[(leader + i) % PLAYERS][c] for i, c in enumerate(cards)],
            "winner": winner,
            "points": points,
        }
    )
    state.game_points[winner] = state.game_points[winner] + points
    state.tricks_won[winner] = state.tricks_won[winner] + 1
    state.trick = []
    state.leader = state.seat_to_play = winner
    if len(state.tricks) == TRICKS_PER_GAME:
        _finish_game(state)


def _finish_game(state: PreisjassState) -> None:
    assert state.dealer is not None
    row = game_row(state)
    state.games.append(row)
    for s in range(PLAYERS):
        state.totals[s] = state.totals[s] + state.game_points[s]
        state.sacks[s] = state.sacks[s] + is_sack(state.game_points[s])
    if len(state.games) == state.games_total:
        state.phase = OVER
    else:
        state.dealer = (state.dealer + 1) % PLAYERS
        state.phase = SHUFFLE
