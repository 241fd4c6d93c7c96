"""The phases from the auction to the start of play: bid, exchange (the talon), declare, whist
(`defend` events) and mode, each with its `<phase>_actions` and `apply_<event>` (the event's shape,
phase and seat are checked by the rules table in rules.py first). Positions 0, 1, 2 are forehand,
middlehand and rearhand of the current deal."""

from __future__ import annotations

from games.engine.base import JSON, IllegalAction
from games.engine.preferans import deal
from games.engine.preferans.cards import sort_hand
from games.engine.preferans.constants import (
    BID_INDEX,
    BIDS,
    HALF_WHIST_LEVELS,
    HOLD,
    MIS_INDEX,
    MISERE,
    PASS,
    level_of,
    trump_of,
)
from games.engine.preferans.state import DECLARE, EXCHANGE, MODE, PLAY, WHIST, PreferansState

# --- bidding -----------------------------------------------------------------------------------------


def _bid_misere(state: PreferansState, seat: int) -> bool:
    return any(s == seat and b == MISERE for s, b in state.bids)


def _may_hold(state: PreferansState, pos: int) -> bool:
    """Two players left, this one the elder of them, facing the other's bid (never a misère)."""
    if state.high < 0 or state.high == MIS_INDEX or state.high_pos == pos:
        return False
    remaining = [p for p in range(3) if not state.passed[p]]
    return len(remaining) == 2 and remaining[0] == pos


def bid_options(state: PreferansState) -> list[str]:
    pos = state.pos
    if state.made_bid[pos] and _bid_misere(state, state.active[pos]):
        return [PASS]
    options = [PASS, HOLD] if _may_hold(state, pos) else [PASS]
    first = max(state.high + 1, state.min_bid)
    if first <= MIS_INDEX and state.made_bid[pos]:
        options += BIDS[first:MIS_INDEX]
        options += BIDS[MIS_INDEX + 1 :]
    else:
        options += BIDS[first:]
    return options


def bid_actions(state: PreferansState) -> list[JSON]:
    seat = state.active[state.pos]
    return [{"type": "bid", "seat": seat, "bid": b} for b in bid_options(state)]


def bid_allowed(state: PreferansState, bid: str) -> bool:
    """Whether `bid` is one of `bid_options(state)`, decided without building the list (apply_bid
    checks every bid; tests/engine compare the two on every bid of random auctions)."""
    pos = state.pos
    if bid == PASS:
        return True
    if state.made_bid[pos] and _bid_misere(state, state.active[pos]):
        return False
    if bid == HOLD:
        return _may_hold(state, pos)
    index = BID_INDEX.get(bid, -1)
    # from the lowest bid allowed now up; misère only as a player's first bid
    return index >= max(state.high + 1, state.min_bid) and not (index == MIS_INDEX and state.made_bid[pos])


def apply_bid(state: PreferansState, event: JSON) -> None:
    bid = event["bid"]
    if not bid_allowed(state, bid):
        raise IllegalAction(_bid_reason(state, bid))
    do_bid(state, bid)


def do_bid(state: PreferansState, bid: str) -> None:
    """Apply a bid already known to be legal."""
    pos = state.pos
    state.bids.append([state.active[pos], bid])
    if bid == PASS:
        state.passed[pos] = True
    else:
        state.made_bid[pos] = True
        state.high_pos = pos
        if bid != HOLD:
            state.high = BID_INDEX[bid]
    _after_bid(state)


def _bid_reason(state: PreferansState, bid: str) -> str:
    seat = state.active[state.pos]
    if _bid_misere(state, seat):
        return "after bidding misère a player can only pass"
    if bid == HOLD:
        return "only the elder of the last two bidders may hold (not a misère)"
    if bid == MISERE:
        return "misère may only be a player's first bid, over a bid below 9"
    if BID_INDEX[bid] < state.min_bid:
        return f"the lowest bid now is {BIDS[state.min_bid]}"
    return f"a bid must be higher than {BIDS[state.high]}"


def _after_bid(state: PreferansState) -> None:
    passes = sum(state.passed)
    if passes == 3:
        deal.start_raspasy(state)
    elif passes == 2 and state.high >= 0:
        _start_exchange(state)
    else:
        pos = (state.pos + 1) % 3
        while state.passed[pos]:
            pos = (pos + 1) % 3
        state.pos = pos


def _start_exchange(state: PreferansState) -> None:
    """The talon is turned face up for everyone and goes into the declarer's hand."""
    state.pos = state.high_pos
    state.declarer = state.active[state.high_pos]
    state.talon_shown = True
    state.hands[state.declarer] = sort_hand(state.hands[state.declarer] + state.talon)
    state.phase = EXCHANGE


# --- exchange and contract ---------------------------------------------------------------------------


def exchange_actions(state: PreferansState) -> list[JSON]:
    seat = state.declarer
    hand = state.hands[seat]
    # every pair in hand order (itertools.combinations's order), by index: compiled, no tuple per pair
    actions: list[JSON] = []
    n = len(hand)
    for i in range(n - 1):
        a = hand[i]
        for j in range(i + 1, n):
            actions.append({"type": "exchange", "seat": seat, "discard": [a, hand[j]]})
    return actions


def apply_exchange(state: PreferansState, event: JSON) -> None:
    discard = event["discard"]
    hand = state.hands[state.declarer]
    if (
        not isinstance(discard, list)
        or len(discard) != 2
        or discard[0] == discard[1]
        or any(not isinstance(c, str) or c not in hand for c in discard)
    ):
        raise IllegalAction("the declarer discards exactly two different cards from his hand")
    do_exchange(state, discard)


def do_exchange(state: PreferansState, discard: list[str]) -> None:
    hand = state.hands[state.declarer]
    state.hands[state.declarer] = [c for c in hand if c not in discard]
    state.discards = list(discard)
    if state.high == MIS_INDEX:
        state.contract = MIS_INDEX
        _start_play(state, open_hands=True)
    else:
        state.phase = DECLARE


def declare_options(state: PreferansState) -> list[str]:
    return [BIDS[i] for i in range(state.high, len(BIDS)) if i != MIS_INDEX]


def declare_actions(state: PreferansState) -> list[JSON]:
    return [{"type": "declare", "seat": state.declarer, "contract": c} for c in declare_options(state)]


def apply_declare(state: PreferansState, event: JSON) -> None:
    contract = event["contract"]
    if contract not in declare_options(state):
        raise IllegalAction(f"the contract must be a game of at least {BIDS[state.high]} (not misère)")
    do_declare(state, contract)


def do_declare(state: PreferansState, contract: str) -> None:
    state.contract = BID_INDEX[contract]
    state.trump = trump_of(state.contract)
    state.phase = WHIST
    state.defend_step = 0
    state.pos = (state.high_pos + 1) % 3


# --- whisting ----------------------------------------------------------------------------------------


def whist_options(state: PreferansState) -> list[str]:
    first = state.active[(state.high_pos + 1) % 3]
    if (
        state.defend_step == 1
        and state.calls.get(first) == "pass"
        and level_of(state.contract) in HALF_WHIST_LEVELS
    ):
        return ["whist", "pass", "half"]
    return ["whist", "pass"]


def whist_actions(state: PreferansState) -> list[JSON]:
    seat = state.active[state.pos]
    return [{"type": "defend", "seat": seat, "call": c} for c in whist_options(state)]


def apply_whist(state: PreferansState, event: JSON) -> None:
    call = event["call"]
    if call not in whist_options(state):
        if call == "half":
            raise IllegalAction("half whist only by the second defender after a pass, against a 6 or 7")
        raise IllegalAction("a defender says whist or pass")
    do_whist(state, call)


def do_whist(state: PreferansState, call: str) -> None:
    seat = state.active[state.pos]
    first_pos = (state.high_pos + 1) % 3
    first, second = state.active[first_pos], state.active[(first_pos + 1) % 3]
    state.calls[seat] = call
    if state.defend_step == 0:
        state.defend_step = 1
        state.pos = (first_pos + 1) % 3
        return
    if state.defend_step == 1 and call == "half":
        state.defend_step = 2
        state.pos = first_pos
        return
    if state.defend_step == 2 and call == "pass":
        deal.finish_unplayed(state, half_whister=second)
        return
    state.whisters = [s for s in (first, second) if state.calls.get(s) == "whist"]
    if not state.whisters:
        deal.finish_unplayed(state, half_whister=None)
    elif len(state.whisters) == 1:
        state.phase = MODE
        state.pos = state.active.index(state.whisters[0])
    else:
        _start_play(state, open_hands=False)


def mode_actions(state: PreferansState) -> list[JSON]:
    seat = state.whisters[0]
    return [{"type": "mode", "seat": seat, "mode": m} for m in ("closed", "open")]


def apply_mode(state: PreferansState, event: JSON) -> None:
    do_mode(state, event["mode"])


def do_mode(state: PreferansState, mode: str) -> None:
    state.mode = mode
    _start_play(state, open_hands=mode == "open")


def _start_play(state: PreferansState, open_hands: bool) -> None:
    """Forehand leads the first trick in every contract."""
    state.open_hands = open_hands
    state.phase = PLAY
    state.pos = 0
