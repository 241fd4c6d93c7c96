"""The play phase of Schnapsen: what the leader and the follower may do (`play_actions`) and how each
player event changes the state (`apply_exchange_trump`, `apply_close`, `apply_play`).

The event's shape, phase and seat are checked by the rules table (rules.py) before these run; every
`apply_*` function checks the game's rules first and only then changes the state, so an
IllegalAction leaves the state exactly as it was.
"""

from __future__ import annotations

from typing import Final

from games.engine.base import JSON, IllegalAction
from games.engine.hands import holds, take
from games.engine.schnapsen import scoring
from games.engine.schnapsen.cards import (
    CARD_POINTS,
    DECK,
    HAND_SIZE,
    MARRIAGE_PARTNER,
    MARRIAGE_POINTS,
    SUIT_NAMES,
    TRUMP_JACK,
    TRUMP_MARRIAGE_POINTS,
    WINNING_POINTS,
    beats,
    partner,
    strict_choices,
    strict_reason,
)
from games.engine.schnapsen.state import SchnapsenState
from games.engine.shared_actions import SharedAction, card_plays

# -- legal actions ----------------------------------------------------------------------------------

#: each seat's options, made once and shared (games/engine/shared_actions.py): seat -> card -> its play;
#: for the leader, seat -> card -> (its play, its marriage partner or "", its lead declaring the marriage)
_PLAYS: Final[tuple[dict[str, JSON], ...]] = card_plays(DECK, 2)
_LEADS: Final[tuple[dict[str, tuple[JSON, str, JSON | None]], ...]] = tuple(
    {
        card: (
            _PLAYS[seat][card],
            MARRIAGE_PARTNER.get(card, ""),
            SharedAction(type="play", seat=seat, card=card, marriage=True)
            if card in MARRIAGE_PARTNER
            else None,
        )
        for card in DECK
    }
    for seat in (0, 1)
)
_EXCHANGES: Final = (SharedAction(type="exchange_trump", seat=0), SharedAction(type="exchange_trump", seat=1))
_CLOSES: Final = (SharedAction(type="close", seat=0), SharedAction(type="close", seat=1))


def play_actions(state: SchnapsenState) -> list[JSON]:
    """The leader's options (exchange, close, lead, lead a marriage) or the follower's cards."""
    if state.trick:
        return _follow_actions(state)
    return _lead_actions(state)


def _lead_actions(state: SchnapsenState) -> list[JSON]:
    seat = state.turn
    hand = state.hands[seat]
    actions: list[JSON] = []
    if state.closed_by is None and state.trump_card is not None:
        if holds(hand, TRUMP_JACK[state.trump]):
            actions.append(_EXCHANGES[seat])
        if len(hand) == HAND_SIZE:
            actions.append(_CLOSES[seat])
    leads = _LEADS[seat]
    for card in hand:
        play, mate, marriage = leads[card]
        actions.append(play)
        if marriage is not None and holds(hand, mate):
            actions.append(marriage)
    return actions


def _follow_actions(state: SchnapsenState) -> list[JSON]:
    seat = state.turn
    hand = state.hands[seat]
    cards = strict_choices(hand, state.trick[0][1], state.trump) if state.strict else hand
    plays = _PLAYS[seat]
    return [plays[card] for card in cards]


# -- the leader's options before leading --------------------------------------------------------------


def _check_leader(state: SchnapsenState, what: str) -> None:
    if state.trick:
        raise IllegalAction(f"only the leader may {what}, before leading")


def apply_exchange_trump(state: SchnapsenState, event: JSON) -> None:
    seat = event["seat"]
    _check_leader(state, "exchange the trump Jack")
    if state.closed_by is not None:
        raise IllegalAction("the trump card cannot be exchanged once the stock is closed")
    if state.trump_card is None:
        raise IllegalAction("the trump card cannot be exchanged once the stock is exhausted")
    jack = TRUMP_JACK[state.trump]
    hand = state.hands[seat]
    if jack not in hand:
        raise IllegalAction("only the holder of the trump Jack may exchange it for the trump card")
    taken = state.trump_card
    hand.remove(jack)
    hand.append(taken)
    state.trump_card = jack
    state.exchanges.append((seat, taken))


def apply_close(state: SchnapsenState, event: JSON) -> None:
    seat = event["seat"]
    _check_leader(state, "close the stock")
    if state.closed_by is not None:
        raise IllegalAction("the stock is already closed")
    if state.trump_card is None:
        raise IllegalAction("the stock is exhausted; there is nothing left to close")
    if len(state.hands[seat]) != HAND_SIZE:
        raise IllegalAction("the stock can only be closed holding five cards")
    other = 1 - seat
    state.closed_by = seat
    state.closure = (state.points(other), state.tricks[other])


# -- playing cards --------------------------------------------------------------------------------------


def apply_play(state: SchnapsenState, event: JSON) -> None:
    seat: int = event["seat"]  # (typed: the rules table checked them; compiled, read unboxed)
    card: str = event["card"]
    marriage = event.get("marriage", False)
    hand = state.hands[seat]
    if not holds(hand, card):
        raise IllegalAction(f"{card} is not in your hand")
    if state.trick:
        _follow(state, seat, card, marriage)
    else:
        _lead(state, seat, card, marriage)


def _lead(state: SchnapsenState, seat: int, card: str, marriage: bool) -> None:
    hand = state.hands[seat]
    if marriage:
        if card[0] != "K" and card[0] != "Q":
            raise IllegalAction("a marriage is declared by leading its King or Queen")
        if partner(card) not in hand:
            raise IllegalAction(f"a marriage needs the King and Queen of {SUIT_NAMES[card[1]]} in hand")
        if any(s == seat and suit == card[1] for s, suit, _ in state.marriages):
            raise IllegalAction(f"the marriage in {SUIT_NAMES[card[1]]} was already declared")
    take(hand, card)
    state.trick = [(seat, card)]
    state.turn = 1 - seat
    if marriage:
        points = TRUMP_MARRIAGE_POINTS if card[1] == state.trump else MARRIAGE_POINTS
        state.marriages.append((seat, card[1], points))
        if state.tricks[seat]:
            state.marriage_points[seat] = state.marriage_points[seat] + points
            if state.points(seat) >= WINNING_POINTS:
                scoring.end_deal(state, seat)
        else:
            state.pending[seat] = state.pending[seat] + points


def _follow(state: SchnapsenState, seat: int, card: str, marriage: bool) -> None:
    if marriage:
        raise IllegalAction("only the leader declares a marriage, by leading its King or Queen")
    hand = state.hands[seat]
    lead_seat, led = state.trick[0]
    if state.strict and card not in strict_choices(hand, led, state.trump):
        raise IllegalAction(strict_reason(hand, led, state.trump))
    take(hand, card)
    winner = seat if beats(card, led, state.trump) else lead_seat
    state.last_trick = [state.trick[0], (seat, card)]
    state.trick = []
    won = state.won[winner]
    won.append(led)
    won.append(card)
    state.trick_points[winner] = state.trick_points[winner] + (CARD_POINTS[led] + CARD_POINTS[card])
    state.tricks[winner] = state.tricks[winner] + 1
    if state.pending[winner]:
        state.marriage_points[winner] = state.marriage_points[winner] + state.pending[winner]
        state.pending[winner] = 0
    state.leader = state.turn = winner
    if state.points(winner) >= WINNING_POINTS:
        scoring.end_deal(state, winner)
        return
    if state.closed_by is None and state.trump_card is not None:
        _draw(state, winner)
    if not state.hands[winner]:
        scoring.end_deal(state, None)


def _draw(state: SchnapsenState, winner: int) -> None:
    """Winner draws first, loser second; the loser of the last draw takes the trump card."""
    stock = state.stock
    state.hands[winner].append(stock.pop())
    if stock:
        state.hands[1 - winner].append(stock.pop())
    else:
        assert state.trump_card is not None
        state.hands[1 - winner].append(state.trump_card)
        state.trump_card = None
