"""The deal phase of Schnapsen: the server's `deal` event lays out the 20 cards."""

from __future__ import annotations

from typing import Final

from games.engine.base import JSON, Field, IllegalAction
from games.engine.schnapsen.cards import DECK_SET, split_deal
from games.engine.schnapsen.state import PLAY, SchnapsenState

#: the `deck` field: each of the 20 cards exactly once
DECK_FIELD: Final[Field] = Field(
    # a list of the right length whose set is the deck holds every card once (an unhashable item raises
    # TypeError, which the checker counts as a no)
    lambda order: type(order) is list and len(order) == len(DECK_SET) and set(order) == DECK_SET,
    "a deal must list each of the 20 Schnapsen cards exactly once",
)


def apply_deal(state: SchnapsenState, event: JSON) -> None:
    if event["dealer"] != state.dealer:
        raise IllegalAction(f"seat {state.dealer} deals now (the deal alternates)")
    forehand_cards, dealer_cards, trump_card, stock = split_deal(event["deck"])
    dealer = state.dealer
    forehand = 1 - dealer
    state.hands = [[], []]
    state.hands[forehand] = forehand_cards
    state.hands[dealer] = dealer_cards
    stock.reverse()  # the top of the stock (index 11 of the order) is drawn first, by pop()
    state.stock = stock
    state.trump_card = trump_card
    state.trump = trump_card[1]
    state.closed_by = None
    state.closure = None
    state.leader = state.turn = forehand
    state.trick = []
    state.trick_points = [0, 0]
    state.tricks = [0, 0]
    state.marriage_points = [0, 0]
    state.pending = [0, 0]
    state.won = [[], []]
    state.marriages = []
    state.last_trick = None
    state.exchanges = []
    state.deal_no += 1
    state.phase = PLAY
