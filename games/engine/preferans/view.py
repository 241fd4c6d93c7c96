"""What leaves the Preferans engine: the per-seat view and the result of a pool."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from games.engine.base import JSON
from games.engine.preferans.constants import BIDS
from games.engine.preferans.scoring import Amount, approx, exact, ranking

if TYPE_CHECKING:
    from games.engine.preferans.state import PreferansState


def _totals(state: PreferansState) -> list[Amount]:
    """Pool play: the settlement of the sheet; independent deals: the sum of the deals' own."""
    return state.deal_totals if state.deals else state.sheet.settlement()


def seat_view(state: PreferansState, seat: int | None) -> JSON:
    open_seats = state.defenders() if state.open_hands and state.phase == "play" else []
    to_move = state.to_move
    contract = BIDS[state.contract] if state.contract >= 0 else None
    totals = _totals(state)
    view: JSON = {
        "game": "preferans",
        "seat": seat,
        "players": state.n,
        "options": dict(state.options),
        "to_move": to_move,
        "turn": state.active[state.pos] if state.phase in ("bid", "whist", "play") else None,
        "phase": str(state.phase),
        "dealer": state.dealer,
        "deal_number": state.deal_no,
        "active": state.active[:],
        "forehand": state.active[0] if state.active else None,
        "hand": state.hands[seat][:] if seat is not None else [],
        "hand_sizes": [len(h) for h in state.hands],
        "open_hands": [state.hands[s][:] if s in open_seats else None for s in range(state.n)],
        "bids": [list(b) for b in state.bids],
        "high_bid": BIDS[state.high] if state.high >= 0 else None,
        "min_bid": BIDS[state.min_bid],
        "declarer": state.declarer if state.declarer >= 0 else None,
        "contract": contract,
        "raspasy": state.raspasy,
        "raspasy_multiplier": state.multiplier(),
        "trump": state.trump,
        "talon": state.visible_talon(),
        "discard": state.discards[:] if seat is not None and seat == state.declarer else None,
        "whist_calls": [state.calls.get(s) for s in range(state.n)],
        "whisters": state.whisters[:],
        "mode": state.mode,
        "trick": [{"seat": s, "card": c} for s, c in state.trick],
        "last_trick": [{"seat": s, "card": c} for s, c in state.last_trick] if state.last_trick else None,
        "tricks_won": state.tricks[:],
        "played": state.played[:],
        "sheet": state.sheet.to_json(),
        "scores": [approx(t) for t in totals],
        "scores_exact": [exact(t) for t in totals],
        "last_deal": copy.deepcopy(state.rows[-1]) if state.rows else None,
        # Every finished deal (public: contract, tricks, whists, the sheet's entries), so the deal log
        # is whole after a reload.
        "deals": copy.deepcopy(state.rows),
        "version": state.version,
        "legal": state.legal_actions() if to_move == seat and seat is not None else [],
    }
    if state.deals:  # "deal 3 of 8": `deal_number` counts the deals started, `deals_played` the finished
        view["deals_total"] = state.deals
        view["deals_played"] = len(state.rows)
    return view


def result(state: PreferansState) -> JSON:
    totals = _totals(state)
    out: JSON = {
        "finished": state.phase == "over",
        "end_reason": state.end_reason,
        "totals": [approx(t) for t in totals],
        "totals_exact": [exact(t) for t in totals],
        "ranking": ranking(totals),
        "deals": copy.deepcopy(state.rows),
        "deals_played": len(state.rows),
        "sheet": state.sheet.to_json(),
    }
    if state.deals:
        out["deals_total"] = state.deals
    return out
