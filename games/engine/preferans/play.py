"""The play phase: follow suit, else trump, else any card; raspasy's first two tricks follow the talon
card (`required_suit`, the one place the follow rule is written). `play_actions` and `apply_play`; the
event's shape, phase, seat and card are checked by the rules table (rules.py) first."""

from __future__ import annotations

from typing import Final

from games.engine.base import JSON, IllegalAction
from games.engine.cards import DECK_32
from games.engine.preferans.cards import trick_winner
from games.engine.preferans.deal import finish_played
from games.engine.preferans.state import PreferansState
from games.engine.shared_actions import card_plays

#: each seat's card plays, made once and shared (games/engine/shared_actions.py): seat -> card -> play
_PLAYS: Final[tuple[dict[str, JSON], ...]] = card_plays(DECK_32, 4)

_SUIT_NAMES: Final = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"}


def talon_suit(state: PreferansState) -> str | None:
    """In raspasy the first two tricks take their suit from a turned talon card."""
    if state.raspasy and state.tricks_done < 2:
        return state.talon[state.tricks_done][1]
    return None


def required_suit(state: PreferansState, hand: list[str]) -> tuple[str | None, str]:
    """The follow rule, written once: the suit `hand` must play now and the rule that demands it, or
    (None, "") when any card may be played. The talon card's suit in raspasy's first two tricks, else
    the led suit, else a trump."""
    if state.raspasy and state.tricks_done < 2:  # talon_suit(state), inline: this runs on every play
        ts = state.talon[state.tricks_done][1]
        for c in hand:
            if c[1] == ts:
                return ts, "must follow the talon card's suit"
    if not state.trick:
        return None, ""
    lead = state.trick[0][1][1]
    for c in hand:
        if c[1] == lead:
            return lead, "must follow suit"
    trump = state.trump
    if trump is not None:
        for c in hand:
            if c[1] == trump:
                return trump, "must play a trump"
    return None, ""


def legal_cards(state: PreferansState) -> list[str]:
    hand = state.hands[state.active[state.pos]]
    if not state.trick and not state.raspasy:  # a lead outside raspasy: any card (no call needed)
        return hand[:]
    suit, _ = required_suit(state, hand)
    if suit is None:
        return hand[:]
    return [c for c in hand if c[1] == suit]


def play_actions(state: PreferansState) -> list[JSON]:
    actor = state.to_move  # the lone whister plays his partner's cards in open play
    assert type(actor) is int
    plays = _PLAYS[actor]
    return [plays[c] for c in legal_cards(state)]


def apply_play(state: PreferansState, event: JSON) -> None:
    card = event["card"]
    seat = state.active[state.pos]
    hand = state.hands[seat]
    if card not in hand:
        raise IllegalAction(f"{card} is not in the hand of seat {seat}")
    if state.trick or state.raspasy:  # a lead outside raspasy may be any card
        suit, rule = required_suit(state, hand)
        if suit is not None and card[1] != suit:
            raise IllegalAction(f"{rule} ({_SUIT_NAMES[suit]})")
    do_play(state, card)


def do_play(state: PreferansState, card: str) -> None:
    """Play a card already known to be legal."""
    pos = state.pos
    seat = state.active[pos]
    state.hands[seat].remove(card)
    trick = state.trick
    trick.append([seat, card])
    if len(trick) < 3:
        state.pos = 0 if pos == 2 else pos + 1
        return
    ts = state.talon[state.tricks_done][1] if state.raspasy and state.tricks_done < 2 else None
    winner = trick_winner(trick, state.trump, ts)
    state.tricks[winner] = state.tricks[winner] + 1
    state.last_trick = trick
    state.played += [trick[0][1], trick[1][1], trick[2][1]]
    state.trick = []
    state.tricks_done += 1
    # raspasy: forehand plays first to the first two tricks as well
    state.pos = 0 if state.raspasy and state.tricks_done < 2 else state.active.index(winner)
    if state.tricks_done == 10:
        finish_played(state)
