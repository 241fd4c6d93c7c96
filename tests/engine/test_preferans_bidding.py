"""Bidding: the ladder, holding, misère only as a first bid, third player opening, all pass."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.engine import CHANCE
from games.engine.preferans.bidding import _bid_misere, bid_allowed, bid_options
from games.engine.preferans.constants import BIDS, HOLD, PASS
from games.engine.preferans.state import Phase, PreferansState
from tests.engine.test_preferans_helpers import (
    FORE,
    MIDDLE,
    REAR,
    TALON,
    R,
    act,
    assert_refused,
    bids,
    dealt,
)


def start(**options: Any) -> PreferansState:
    return dealt(FORE, MIDDLE, REAR, TALON, **options)


def bid_names(state: PreferansState) -> list[str]:
    return [a["bid"] for a in state.legal_actions()]


def test_ladder_order_with_misere_between_8nt_and_9s() -> None:
    assert BIDS[:6] == ("6S", "6C", "6D", "6H", "6NT", "7S")
    assert BIDS[14:17] == ("8NT", "MIS", "9S")
    assert BIDS[-1] == "10NT" and len(BIDS) == 26


def test_forehand_opens_with_any_bid_or_pass() -> None:
    state = start()
    assert state.to_move == 0
    assert bid_names(state) == ["pass", *BIDS]


def test_each_bid_must_be_higher() -> None:
    state = bids(start(), (0, "6H"))
    assert bid_names(state)[:3] == ["pass", "6NT", "7S"]
    assert_refused(state, {"type": "bid", "seat": 1, "bid": "6D"}, "higher than 6H")
    assert_refused(state, {"type": "bid", "seat": 1, "bid": "6H"}, "higher than 6H")
    assert_refused(state, {"type": "bid", "seat": 2, "bid": "7S"}, "not seat 2's turn")
    assert_refused(state, {"type": "bid", "seat": 1, "bid": "11S"}, "a bid is pass")
    assert_refused(state, {"type": "bid", "seat": 1}, "exactly the fields")
    assert_refused(state, {"type": "bid", "seat": 1, "bid": "7S", "x": 0}, "exactly the fields")
    assert_refused(state, {"type": "play", "seat": 1, "card": "8H"}, "not allowed in the bid phase")


def test_elder_hand_may_hold_when_two_remain() -> None:
    state = bids(start(), (0, "6S"), (1, "pass"), (2, "6C"))
    assert "hold" in bid_names(state)
    state = act(state, 0, "bid", bid="hold")
    # the younger must now raise or pass
    assert "hold" not in bid_names(state) and bid_names(state)[:2] == ["pass", "6D"]
    state = act(state, 2, "bid", bid="pass")
    assert state.phase == "exchange" and state.declarer == 0
    state = act(state, 0, "exchange", discard=["KD", "AD"])
    assert next(a["contract"] for a in state.legal_actions()) == "6C"


def test_no_hold_with_three_bidders_nor_for_the_younger() -> None:
    state = bids(start(), (0, "6S"), (1, "6C"), (2, "6D"))
    assert "hold" not in bid_names(state)
    assert_refused(state, {"type": "bid", "seat": 0, "bid": "hold"}, "only the elder")
    state = bids(start(), (0, "6S"), (1, "pass"))
    assert "hold" not in bid_names(state)  # rearhand is the younger one


def test_middlehand_holds_against_rearhand_after_forehand_passed() -> None:
    state = bids(start(), (0, "pass"), (1, "6S"), (2, "6C"))
    assert "hold" in bid_names(state)
    state = bids(state, (1, "hold"), (2, "7S"), (1, "hold"), (2, "pass"))
    assert state.declarer == 1 and state.high == BIDS.index("7S")


def test_misere_only_as_first_bid_then_nine_or_more() -> None:
    state = bids(start(), (0, "6S"))
    assert "MIS" in bid_names(state)
    state = act(state, 1, "bid", bid="MIS")
    assert bid_names(state)[:2] == ["pass", "9S"]
    state = act(state, 2, "bid", bid="9S")
    # forehand has bid already: no misère for him, and he may not hold a 9 with three bidders
    assert "MIS" not in bid_names(state)
    assert_refused(state, {"type": "bid", "seat": 0, "bid": "MIS"}, "misère may only be")
    state = act(state, 0, "bid", bid="pass")
    # the misère bidder can only pass once overbid
    assert bid_names(state) == ["pass"]
    assert_refused(state, {"type": "bid", "seat": 1, "bid": "9C"}, "after bidding misère")


def test_misere_cannot_be_held() -> None:
    state = bids(start(), (0, "pass"), (1, "6S"), (2, "pass"))
    assert state.declarer == 1
    state = bids(start(), (0, "6S"), (1, "pass"), (2, "MIS"))
    assert "hold" not in bid_names(state) and bid_names(state)[:2] == ["pass", "9S"]


def test_third_player_may_open_after_two_passes() -> None:
    state = bids(start(), (0, "pass"), (1, "pass"))
    assert state.to_move == 2 and bid_names(state) == ["pass", *BIDS]
    state = act(state, 2, "bid", bid="6S")
    assert state.phase == "exchange" and state.declarer == 2


def test_bidding_ends_when_two_have_passed() -> None:
    state = bids(start(), (0, "6S"), (1, "6C"), (2, "pass"), (0, "7S"), (1, "pass"))
    assert state.phase == "exchange" and state.declarer == 0 and state.high == BIDS.index("7S")


def test_all_pass_is_raspasy_with_forehand_to_play() -> None:
    state = bids(start(), (0, "pass"), (1, "pass"), (2, "pass"))
    assert state.raspasy and state.phase == "play" and state.to_move == 0
    assert state.contract == -1 and state.trump is None


def _after_one_raspasy(variant: str) -> PreferansState:
    state = bids(start(variant=variant), (0, "pass"), (1, "pass"), (2, "pass"))
    while state.phase == "play":
        state = R.apply(state, state.legal_actions()[0])
    out = R.apply(state, {"type": "deal", "dealer": 0, "deck": list(reversed(FORE + MIDDLE + REAR + TALON))})
    assert isinstance(out, PreferansState)
    return out


def test_leningrad_lowest_bid_seven_after_raspasy() -> None:
    state = _after_one_raspasy("leningrad")
    names = bid_names(state)
    assert names[1] == "7S" and "6NT" not in names and "MIS" in names
    assert state.view(0)["min_bid"] == "7S"
    assert_refused(state, {"type": "bid", "seat": 1, "bid": "6S"}, "lowest bid now is 7S")
    # Sochi keeps 6
    assert bid_names(_after_one_raspasy("sochi"))[1] == "6S"


@pytest.mark.parametrize("variant", ["sochi", "leningrad", "rostov"])
def test_a_bid_is_allowed_exactly_when_it_is_among_the_options(variant: str) -> None:
    """apply_bid's check (`bid_allowed`, no list built) against `bid_options` for every bid name at
    every step of random auctions, raspasy deals and misère bidders included."""
    candidates = [PASS, HOLD, *BIDS]
    seen = {"allowed": 0, "refused": 0, "misere_bidder": 0}
    for seed in range(60):
        rng = random.Random(seed)
        state = R.initial_state(R.start_event({"pool": 10, "variant": variant}))
        while state.to_move is not None and state.deal_no < 4:
            if state.to_move == CHANCE:
                state = R.apply(state, R.chance_event(state, rng))
                continue
            if state.phase == Phase.BID:
                options = bid_options(state)
                for bid in candidates:
                    assert bid_allowed(state, bid) == (bid in options), (seed, bid, options)
                    seen["allowed" if bid in options else "refused"] += 1
                seen["misere_bidder"] += _bid_misere(state, state.active[state.pos])
            state = R.apply(state, rng.choice(state.legal_actions()))
    assert min(seen.values()) > 0, seen
