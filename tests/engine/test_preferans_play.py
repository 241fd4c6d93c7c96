"""Trick play: forehand leads, follow suit, else trump, else any; raspasy's talon-led first tricks."""

from __future__ import annotations

from games.engine.preferans.play import trick_winner
from games.engine.preferans.state import PreferansState
from tests.engine.test_preferans_helpers import (
    FORE,
    MIDDLE,
    REAR,
    TALON,
    act,
    assert_refused,
    bids,
    dealt,
)


def playing(contract: str, discard: list[str]) -> PreferansState:
    state = bids(dealt(FORE, MIDDLE, REAR, TALON), (0, "6S"), (1, "pass"), (2, "pass"))
    state = act(state, 0, "exchange", discard=discard)
    state = act(state, 0, "declare", contract=contract)
    state = act(act(state, 1, "defend", call="whist"), 2, "defend", call="whist")
    assert state.phase == "play"
    return state


def cards(state: PreferansState) -> list[str]:
    return [a["card"] for a in state.legal_actions()]


def test_must_follow_suit() -> None:
    state = act(playing("6C", ["9H", "TH"]), 0, "play", card="AH")
    assert cards(state) == ["8H"]
    assert_refused(state, {"type": "play", "seat": 1, "card": "9S"}, "must follow suit (hearts)")
    assert_refused(state, {"type": "play", "seat": 1, "card": "AH"}, "not in the hand")


def test_must_trump_when_void() -> None:
    state = playing("6C", ["9H", "TH"])
    for seat, card in ((0, "AH"), (1, "8H"), (2, "7H"), (0, "KH")):
        state = act(state, seat, "play", card=card)
    assert cards(state) == ["9C", "TC", "JC"]
    assert_refused(state, {"type": "play", "seat": 1, "card": "9S"}, "must play a trump (clubs)")
    state = act(state, 1, "play", card="9C")
    # rearhand has no hearts either: he must trump too, and may over-trump
    assert cards(state) == ["QC", "KC", "AC"]
    state = act(state, 2, "play", card="QC")
    assert state.tricks == [1, 0, 1] and state.to_move == 2  # the winner leads next
    assert state.view(0)["last_trick"] == [
        {"seat": 0, "card": "KH"},
        {"seat": 1, "card": "9C"},
        {"seat": 2, "card": "QC"},
    ]


def test_any_card_when_void_without_trumps() -> None:
    state = playing("6NT", ["9H", "TH"])
    for seat, card in ((0, "AH"), (1, "8H"), (2, "7H"), (0, "KH")):
        state = act(state, seat, "play", card=card)
    assert sorted(cards(state)) == sorted(c for c in MIDDLE if c != "8H")


def test_forehand_leads_whoever_declares() -> None:
    state = bids(dealt(FORE, MIDDLE, REAR, TALON), (0, "pass"), (1, "6S"), (2, "pass"))
    state = act(state, 1, "exchange", discard=["KD", "AD"])
    state = act(state, 1, "declare", contract="6S")
    state = act(act(state, 2, "defend", call="whist"), 0, "defend", call="whist")
    assert state.to_move == 0 and state.view(0)["turn"] == 0


def raspasy() -> PreferansState:
    return bids(dealt(FORE, MIDDLE, REAR, TALON), (0, "pass"), (1, "pass"), (2, "pass"))


def test_raspasy_talon_cards_set_the_first_two_tricks() -> None:
    state = raspasy()
    assert [state.view(s)["talon"] for s in (None, 1)] == [["KD"], ["KD"]]
    # forehand holds no diamond: any card; the others must play diamonds
    assert sorted(cards(state)) == sorted(FORE)
    state = act(state, 0, "play", card="AH")
    assert cards(state) == ["7D", "8D", "9D"]
    assert_refused(state, {"type": "play", "seat": 1, "card": "8H"}, "talon card's suit (diamonds)")
    state = act(act(state, 1, "play", card="9D"), 2, "play", card="TD")
    assert state.tricks == [0, 0, 1]  # the highest diamond wins, not forehand's ace of hearts
    # forehand plays first to the second trick too
    assert state.to_move == 0 and state.view(2)["talon"] == ["KD", "AD"]
    state = act(state, 0, "play", card="7S")
    state = act(act(state, 1, "play", card="8D"), 2, "play", card="JD")
    assert state.tricks == [0, 0, 2]
    # from the third trick on the winner of the previous trick leads, and any card may be led
    assert state.to_move == 2 and sorted(cards(state)) == sorted(state.hands[2])


def test_raspasy_trick_where_nobody_follows_the_talon_goes_to_forehands_suit() -> None:
    assert trick_winner([[0, "9C"], [1, "KC"], [2, "AH"]], None, "D") == 1
    assert trick_winner([[0, "9C"], [1, "7D"], [2, "AC"]], None, "D") == 1
    assert trick_winner([[0, "9C"], [1, "7S"], [2, "8C"]], "S", None) == 1
    assert trick_winner([[0, "9C"], [1, "7H"], [2, "8C"]], "S", None) == 0
