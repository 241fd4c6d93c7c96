"""Talon, exchange, contract and whisting: who sees what, half whist, open and closed play, misère."""

from __future__ import annotations

from typing import Any

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


def declared(contract: str = "7H", **options: Any) -> PreferansState:
    """Seat 0 (forehand) declares `contract` after bidding 6S; seats 1 and 2 defend."""
    state = bids(dealt(FORE, MIDDLE, REAR, TALON, **options), (0, "6S"), (1, "pass"), (2, "pass"))
    state = act(state, 0, "exchange", discard=["KD", "AD"])
    return act(state, 0, "declare", contract=contract)


def test_talon_hidden_while_bidding_then_shown_to_all() -> None:
    state = dealt(FORE, MIDDLE, REAR, TALON)
    assert all(state.view(s)["talon"] is None for s in (None, 0, 1, 2))
    state = bids(state, (0, "6S"), (1, "pass"), (2, "pass"))
    assert state.phase == "exchange"
    assert all(state.view(s)["talon"] == TALON for s in (None, 0, 1, 2))
    assert len(state.view(0)["hand"]) == 12 and state.view(1)["hand_sizes"] == [12, 10, 10]
    assert len(state.legal_actions()) == 66


def test_discards_seen_only_by_declarer() -> None:
    state = bids(dealt(FORE, MIDDLE, REAR, TALON), (0, "6S"), (1, "pass"), (2, "pass"))
    assert_refused(state, {"type": "exchange", "seat": 0, "discard": ["KD"]}, "exactly two")
    assert_refused(state, {"type": "exchange", "seat": 0, "discard": ["KD", "KD"]}, "exactly two")
    assert_refused(state, {"type": "exchange", "seat": 0, "discard": ["KD", "8H"]}, "exactly two")
    state = act(state, 0, "exchange", discard=["7S", "8S"])
    assert state.view(0)["discard"] == ["7S", "8S"]
    assert all(state.view(s)["discard"] is None for s in (None, 1, 2))
    assert "7S" not in state.view(0)["hand"] and "KD" in state.view(0)["hand"]


def test_contract_at_least_the_last_bid() -> None:
    state = bids(dealt(FORE, MIDDLE, REAR, TALON), (0, "6H"), (1, "pass"), (2, "pass"))
    state = act(state, 0, "exchange", discard=["KD", "AD"])
    options = [a["contract"] for a in state.legal_actions()]
    assert options[0] == "6H" and "6D" not in options and "MIS" not in options and "10NT" in options
    assert_refused(state, {"type": "declare", "seat": 0, "contract": "6D"}, "at least 6H")
    assert_refused(state, {"type": "declare", "seat": 0, "contract": "MIS"}, "not misère")
    state = act(state, 0, "declare", contract="8S")
    assert state.view(1)["contract"] == "8S" and state.view(1)["trump"] == "S"


def test_first_defender_is_left_of_declarer() -> None:
    state = declared()
    assert state.phase == "whist" and state.to_move == 1
    assert [a["call"] for a in state.legal_actions()] == ["whist", "pass"]


def test_both_pass_declarer_wins_without_play() -> None:
    state = act(act(declared("7H"), 1, "defend", call="pass"), 2, "defend", call="pass")
    assert state.phase == "deal" and state.sheet.pool == [4, 0, 0]
    row = state.result()["deals"][-1]
    assert row["kind"] == "no_whist" and row["pool"] == [4, 0, 0] and row["whists"] == []


def test_half_whist_on_six_writes_two_tricks_of_whists() -> None:
    state = act(declared("6S"), 1, "defend", call="pass")
    assert [a["call"] for a in state.legal_actions()] == ["whist", "pass", "half"]
    state = act(state, 2, "defend", call="half")
    assert state.to_move == 1 and [a["call"] for a in state.legal_actions()] == ["whist", "pass"]
    state = act(state, 1, "defend", call="pass")
    assert state.phase == "deal"
    assert state.sheet.pool == [2, 0, 0]
    assert state.sheet.whists[2][0] == 4  # value 2 x 2 tricks
    assert state.result()["deals"][-1]["kind"] == "half_whist"


def test_half_whist_on_seven_writes_one_trick() -> None:
    state = act(act(declared("7C"), 1, "defend", call="pass"), 2, "defend", call="half")
    state = act(state, 1, "defend", call="pass")
    assert state.sheet.pool == [4, 0, 0] and state.sheet.whists[2][0] == 4  # value 4 x 1 trick


def test_half_whist_answered_by_whist_counts_as_pass() -> None:
    state = act(act(declared("6S"), 1, "defend", call="pass"), 2, "defend", call="half")
    state = act(state, 1, "defend", call="whist")
    assert state.phase == "mode" and state.whisters == [1] and state.to_move == 1


def test_no_half_whist_at_eight_nor_after_a_whist() -> None:
    state = act(declared("8S"), 1, "defend", call="pass")
    assert [a["call"] for a in state.legal_actions()] == ["whist", "pass"]
    assert_refused(state, {"type": "defend", "seat": 2, "call": "half"}, "half whist only")
    state = act(declared("6S"), 1, "defend", call="whist")
    assert [a["call"] for a in state.legal_actions()] == ["whist", "pass"]


def test_lone_whister_chooses_closed_play_hands_stay_hidden() -> None:
    state = act(act(declared(), 1, "defend", call="whist"), 2, "defend", call="pass")
    assert state.phase == "mode" and state.to_move == 1
    assert_refused(state, {"type": "mode", "seat": 1, "mode": "half"}, "open or closed")
    state = act(state, 1, "mode", mode="closed")
    assert state.phase == "play" and state.to_move == 0  # forehand leads
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert view["open_hands"] == [None, None, None]
        for other in (0, 1, 2):
            if other != seat:
                assert not set(state.hands[other]) & set(view["hand"])


def test_lone_whister_open_play_shows_defenders_and_plays_both() -> None:
    state = act(act(declared(), 1, "defend", call="whist"), 2, "defend", call="pass")
    state = act(state, 1, "mode", mode="open")
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert view["open_hands"][1] == state.hands[1] and view["open_hands"][2] == state.hands[2]
        assert view["open_hands"][0] is None
    state = act(state, 0, "play", card="AH")
    state = act(state, 1, "play", card="8H")
    # seat 2's cards are played by the whister, seat 1
    assert state.to_move == 1 and state.view(1)["turn"] == 2
    assert [a["card"] for a in state.legal_actions()] == ["7H"]
    assert_refused(state, {"type": "play", "seat": 2, "card": "7H"}, "not seat 2's turn")
    state = act(state, 1, "play", card="7H")
    assert state.tricks == [1, 0, 0]


def test_two_whisters_play_closed() -> None:
    state = act(act(declared(), 1, "defend", call="whist"), 2, "defend", call="whist")
    assert state.phase == "play" and state.whisters == [1, 2] and not state.open_hands


def test_misere_no_whisting_defenders_open() -> None:
    state = bids(dealt(FORE, MIDDLE, REAR, TALON), (0, "MIS"), (1, "pass"), (2, "pass"))
    state = act(state, 0, "exchange", discard=["AH", "KH"])
    assert state.phase == "play" and state.view(0)["contract"] == "MIS" and state.view(0)["trump"] is None
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert view["open_hands"] == [None, state.hands[1], state.hands[2]]
        if seat != 0:
            assert not set(state.hands[0]) & {c for h in view["open_hands"] if h for c in h}
            assert view["hand"] != state.hands[0]
