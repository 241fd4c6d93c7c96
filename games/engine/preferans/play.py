"""Trick play: follow suit, else trump, else any card; raspasy's first two tricks follow the talon card."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.engine.base import JSON, IllegalAction
from games.engine.preferans.constants import RANK_ORDER
from games.engine.preferans.deal import finish_played
from games.engine.preferans.events import check_player_event

if TYPE_CHECKING:
    from games.engine.preferans.state import PrefState

_SUIT_NAMES = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"}


def talon_suit(state: PrefState) -> str | None:
    """In raspasy the first two tricks take their suit from a turned talon card."""
    if state.raspasy and state.tricks_done < 2:
        return state.talon[state.tricks_done][1]
    return None


def legal_cards(state: PrefState) -> list[str]:
    hand = state.hands[state.active[state.pos]]
    if state.raspasy and state.tricks_done < 2:
        ts = state.talon[state.tricks_done][1]
        own = [c for c in hand if c[1] == ts]
        if own:
            return own
    if not state.trick:
        return hand[:]
    lead = state.trick[0][1][1]
    own = [c for c in hand if c[1] == lead]
    if own:
        return own
    trump = state.trump
    if trump is not None:
        own = [c for c in hand if c[1] == trump]
        if own:
            return own
    return hand[:]


def _is_legal(state: PrefState, hand: list[str], card: object) -> bool:
    """Same answer as `card in legal_cards(state)`, without building the list."""
    if not isinstance(card, str) or card not in hand:
        return False
    suit = card[1]
    ts = talon_suit(state)
    if ts is not None:
        if suit == ts:
            return True
        if any(c[1] == ts for c in hand):
            return False
    if not state.trick:
        return True
    lead = state.trick[0][1][1]
    if suit == lead:
        return True
    if any(c[1] == lead for c in hand):
        return False
    trump = state.trump
    return trump is None or suit == trump or all(c[1] != trump for c in hand)


def play_actions(state: PrefState) -> list[JSON]:
    actor = state.actor()
    return [{"type": "play", "seat": actor, "card": c} for c in legal_cards(state)]


def _reason(state: PrefState, card: object) -> str:
    hand = state.hands[state.active[state.pos]]
    if not isinstance(card, str) or card not in hand:
        return f"{card} is not in the hand of seat {state.active[state.pos]}"
    ts = talon_suit(state)
    if ts is not None and any(c[1] == ts for c in hand):
        return f"must follow the talon card's suit ({_SUIT_NAMES[ts]})"
    lead = state.trick[0][1][1]
    if any(c[1] == lead for c in hand):
        return f"must follow suit ({_SUIT_NAMES[lead]})"
    return f"must play a trump ({_SUIT_NAMES[str(state.trump)]})"


def apply_play(state: PrefState, event: JSON) -> None:
    check_player_event(state, event, ("card",))
    card = event["card"]
    if not _is_legal(state, state.hands[state.active[state.pos]], card):
        raise IllegalAction(_reason(state, card))
    do_play(state, card)


def do_play(state: PrefState, card: str) -> None:
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
    state.tricks[winner] += 1
    state.last_trick = trick
    state.played += [trick[0][1], trick[1][1], trick[2][1]]
    state.trick = []
    state.tricks_done += 1
    # raspasy: forehand plays first to the first two tricks as well
    state.pos = 0 if state.raspasy and state.tricks_done < 2 else state.active.index(winner)
    if state.tricks_done == 10:
        finish_played(state)


def trick_winner(trick: list[list[Any]], trump: str | None, ts: str | None) -> int:
    """Seat of the winner: the highest talon-suit card (raspasy), else the highest trump, else the
    highest card of the first card's suit."""
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if card[1] == best[1]:
            if RANK_ORDER[card[0]] > RANK_ORDER[best[0]]:
                best_seat, best = seat, card
        elif card[1] == trump or (ts is not None and card[1] == ts):
            best_seat, best = seat, card
    return int(best_seat)
