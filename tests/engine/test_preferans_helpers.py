"""Helpers for the Preferans tests (hand-built deals), and tests of the deal itself."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.engine import CHANCE, IllegalAction, get_rules
from games.engine.cards import DECK_32
from games.engine.preferans.state import PreferansState

R = get_rules("preferans")


def new(**options: Any) -> PreferansState:
    state = R.initial_state(R.start_event(options))
    assert isinstance(state, PreferansState)
    return state


def deck_for(fore: list[str], middle: list[str], rear: list[str], talon: list[str]) -> list[str]:
    """The deck order that gives these hands (2-talon-2-2-2-2, see deal.py)."""
    assert len(fore) == len(middle) == len(rear) == 10 and len(talon) == 2
    hands = [fore, middle, rear]
    deck = [c for h in hands for c in h[0:2]] + talon
    for r in range(4):
        deck += [c for h in hands for c in h[2 + 2 * r : 4 + 2 * r]]
    assert sorted(deck) == sorted(DECK_32)
    return deck


def dealt(
    fore: list[str], middle: list[str], rear: list[str], talon: list[str], dealer: int = 2, **options: Any
) -> PreferansState:
    """A fresh pool whose first deal gives these hands; dealer 2 makes seat 0 forehand (3 players)."""
    state = new(**options)
    out = R.apply(state, {"type": "deal", "dealer": dealer, "deck": deck_for(fore, middle, rear, talon)})
    assert isinstance(out, PreferansState)
    return out


def act(state: PreferansState, seat: int, kind: str, **fields: Any) -> PreferansState:
    out = R.apply(state, {"type": kind, "seat": seat, **fields})
    assert isinstance(out, PreferansState)
    return out


def bids(state: PreferansState, *calls: tuple[int, str]) -> PreferansState:
    for seat, bid in calls:
        state = act(state, seat, "bid", bid=bid)
    return state


def rest(*used: list[str]) -> list[str]:
    taken = {c for cards in used for c in cards}
    return [c for c in DECK_32 if c not in taken]


def snapshot(state: PreferansState) -> tuple[Any, ...]:
    return (
        state.version,
        state.to_move,
        [state.view(s) for s in (None, *range(state.n))],
        state.legal_actions(),
        state.result(),
    )


def assert_refused(state: PreferansState, event: Any, words: str) -> None:
    """Both apply and apply_in_place refuse `event` with a reason naming the rule; nothing changes."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        R.apply(state, event)
    assert words in info.value.reason
    copy = state.clone()
    with pytest.raises(IllegalAction):
        R.apply_in_place(copy, event)
    assert snapshot(state) == before
    assert snapshot(copy) == before


# A standard deal used by several tests (dealer 2: seat 0 forehand, 1 middlehand, 2 rearhand).
FORE = ["AH", "KH", "QH", "JH", "TH", "9H", "7S", "8S", "7C", "8C"]
MIDDLE = ["8H", "9S", "TS", "JS", "9C", "TC", "JC", "7D", "8D", "9D"]
REAR = ["7H", "QS", "KS", "AS", "QC", "KC", "AC", "TD", "JD", "QD"]
TALON = ["KD", "AD"]


def test_deal_takes_cards_two_talon_two_two_two_two() -> None:
    state = dealt(FORE, MIDDLE, REAR, TALON)
    assert state.active == [0, 1, 2]
    assert sorted(state.hands[0]) == sorted(FORE)
    assert sorted(state.hands[1]) == sorted(MIDDLE)
    assert sorted(state.hands[2]) == sorted(REAR)
    assert state.talon == TALON
    # the exact positions: deck[6:8] is the talon, forehand gets deck[0:2] and deck[8:10]
    deck = deck_for(FORE, MIDDLE, REAR, TALON)
    assert deck[6:8] == TALON and deck[0:2] == FORE[:2] and deck[8:10] == FORE[2:4]


def test_first_dealer_is_drawn_then_rotates_clockwise() -> None:
    state = new()
    assert state.to_move == CHANCE
    first = R.chance_event(state, random.Random(5))
    state = R.apply(state, first)
    assert state.dealer == first["dealer"] and state.active[0] == (first["dealer"] + 1) % 3
    # everybody passes: raspasy; play it out with the first legal card
    while state.to_move != CHANCE:
        state = R.apply(state, state.legal_actions()[0])
    nxt = R.chance_event(state, random.Random(1))
    assert nxt["dealer"] == (first["dealer"] + 1) % 3
    assert_refused(state, {**nxt, "dealer": first["dealer"]}, "dealer must be seat")


def test_bad_deals_are_refused() -> None:
    state = new()
    deck = list(DECK_32)
    assert_refused(state, {"type": "deal", "dealer": 0, "deck": deck[:-1] + deck[:1]}, "32 cards")
    assert_refused(state, {"type": "deal", "dealer": 3, "deck": deck}, "dealer")
    assert_refused(state, {"type": "deal", "dealer": 0, "deck": deck, "x": 1}, "exactly the fields")
    assert_refused(state, {"type": "bid", "seat": 0, "bid": "6S"}, "server deals")
    assert_refused(state, "deal", "object")


def test_four_players_dealer_sits_out() -> None:
    state = new(players=4)
    out = R.apply(state, {"type": "deal", "dealer": 1, "deck": list(DECK_32)})
    assert isinstance(out, PreferansState)
    assert out.active == [2, 3, 0]
    assert out.hands[1] == [] and [len(h) for h in out.hands] == [10, 0, 10, 10]
    assert out.to_move == 2
