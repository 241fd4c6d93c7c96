"""Starting a deal from the server's deck order, and closing it: score row, next dealer, end of the pool.

How cards are taken from the `deal` event's 32-card `deck` (2-talon-2-2-2-2, clockwise from forehand):
deck[0:2] forehand, deck[2:4] middlehand, deck[4:6] rearhand, deck[6:8] the talon, then four more
rounds of two cards each in the same order: deck[8:10] forehand, deck[10:12] middlehand, ...,
deck[30:32] rearhand. Forehand is the active player left of the dealer; with four players the dealer
sits out and the other three (clockwise from his left) play.
"""

from __future__ import annotations

import random
from typing import Final

from games.engine.base import JSON, Field, IllegalAction
from games.engine.cards import DECK_32
from games.engine.draws import below, shuffle
from games.engine.preferans.cards import sort_hand
from games.engine.preferans.constants import BIDS, MIS_INDEX
from games.engine.preferans.scoring import add_up, approx, exact
from games.engine.preferans.state import BID, DEAL, OVER, PLAY, PreferansState

_DECK_SET: Final = frozenset(DECK_32)
#: the deck positions of forehand's, middlehand's and rearhand's ten cards (see above)
_HAND_SLOTS: Final = tuple(
    tuple(2 * pos + k for k in (0, 1, 8, 9, 14, 15, 20, 21, 26, 27)) for pos in range(3)
)


def next_dealer(state: PreferansState) -> int | None:
    """None before the first deal: the server draws the first dealer."""
    return None if state.dealer < 0 else (state.dealer + 1) % state.n


def deal_event(state: PreferansState, rng: random.Random) -> JSON:
    dealer = next_dealer(state)
    if dealer is None:
        dealer = below(rng, state.n)  # rng.randrange's number, compiled
    deck = list(DECK_32)
    shuffle(deck, rng)  # rng.shuffle's order, compiled
    return {"type": "deal", "dealer": dealer, "deck": deck}


def _complete(deck: object) -> bool:
    try:
        return type(deck) is list and len(deck) == 32 and set(deck) == _DECK_SET
    except TypeError:  # unhashable junk in the list
        return False


#: the `deck` field of a deal
DECK_FIELD: Final[Field] = Field(_complete, "the deck must hold each of the 32 cards 7-A exactly once")


def apply_deal(state: PreferansState, event: JSON) -> None:
    dealer, deck = event["dealer"], event["deck"]
    expected = next_dealer(state)
    if not 0 <= dealer < state.n or (expected is not None and dealer != expected):
        raise IllegalAction(f"the dealer must be seat {expected} (the left neighbour of the last dealer)")
    state.dealer = dealer
    state.deal_no += 1
    if state.n == 4:
        state.active = [(dealer + k) % 4 for k in (1, 2, 3)]
    else:
        state.active = [(dealer + 1) % 3, (dealer + 2) % 3, dealer]
    hands: list[list[str]] = [[] for _ in range(state.n)]
    for pos, seat in enumerate(state.active):
        hands[seat] = sort_hand([deck[i] for i in _HAND_SLOTS[pos]])
    state.hands = hands
    state.talon = deck[6:8]
    state.talon_shown = False
    state.raspasy = False
    state.discards = []
    state.bids = []
    state.passed = [False, False, False]
    state.made_bid = [False, False, False]
    state.high = -1
    state.high_pos = -1
    state.pos = 0
    state.min_bid = state.lowest_bid()
    state.declarer = -1
    state.contract = -1
    state.trump = None
    state.calls = {}
    state.defend_step = 0
    state.whisters = []
    state.mode = None
    state.open_hands = False
    state.trick = []
    state.last_trick = None
    state.tricks = [0] * state.n
    state.tricks_done = 0
    state.played = []
    state.phase = BID


def start_raspasy(state: PreferansState) -> None:
    """Everybody passed: each plays for himself, no trump, talon cards lead the first two tricks."""
    state.raspasy = True
    state.phase = PLAY
    state.pos = 0


def finish_unplayed(state: PreferansState, half_whister: int | None) -> None:
    state.sheet.score_unplayed(state.declarer, state.contract, half_whister)
    _end_deal(state, "half_whist" if half_whister is not None else "no_whist")


def finish_played(state: PreferansState) -> None:
    sheet = state.sheet
    if state.raspasy:
        sheet.score_raspasy(state.active, state.tricks, state.multiplier())
        _end_deal(state, "raspasy")
    elif state.contract == MIS_INDEX:
        sheet.score_misere(state.declarer, state.tricks[state.declarer])
        _end_deal(state, "misere")
    else:
        sheet.score_contract(state.declarer, state.contract, state.defenders(), state.whisters, state.tricks)
        _end_deal(state, "contract")


def _settle_deal(state: PreferansState, row: JSON) -> None:
    """A match of independent deals: the deal's own settlement goes into its row and the totals; the
    match ends after its `deals` deals (the pool never closes)."""
    settled = state.sheet.deal_settlement()
    state.deal_totals = add_up(state.deal_totals, settled)
    row["settlement"] = [approx(v) for v in settled]
    row["settlement_exact"] = [exact(v) for v in settled]
    if state.deal_no >= state.deals:
        state.end_reason = "deals"


def _end_deal(state: PreferansState, kind: str) -> None:
    row: JSON = {
        "deal": state.deal_no,
        "dealer": state.dealer,
        "kind": kind,
        "declarer": state.declarer if state.declarer >= 0 else None,
        "contract": BIDS[state.contract] if state.contract >= 0 else None,
        "whisters": state.whisters[:],
        "tricks": state.tricks[:],
        "multiplier": state.multiplier() if kind == "raspasy" else 1,
    }
    if kind == "raspasy":
        state.raspasy_streak += 1
    else:
        state.raspasy_streak = 0
    state.prev_raspasy = kind == "raspasy"
    if state.deals:
        _settle_deal(state, row)
    elif state.sheet.full():
        state.end_reason = "pools_full"
    elif state.deal_no >= state.options["max_deals"]:
        state.end_reason = "max_deals"
        state.sheet.close_unfinished()
    row.update(state.sheet.take_entries())
    state.rows.append(row)
    state.hands = [[] for _ in range(state.n)]
    state.trick = []
    state.phase = OVER if state.end_reason else DEAL
