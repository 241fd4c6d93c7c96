"""What leaves the Preferanzen engine (both variants): the per-seat view and the result of a session."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engine.base import JSON
from games.engine.preferanzen.cards import N, sort_hand

if TYPE_CHECKING:
    from games.engine.preferanzen.state import PreferanzenState


def seat_view(st: PreferanzenState, seat: int | None) -> JSON:
    mine = seat is not None and 0 <= seat < N
    to_move = st.to_move
    view: JSON = {
        "game": st.variant.key,
        "seat": seat,
        "to_move": to_move,
        "phase": str(st.phase),
        "dealer": st.dealer,
        "forehand": (st.dealer + 1) % N,
        "hand": sort_hand(st.hands[seat]) if mine and seat is not None else [],
        "hand_sizes": [len(h) for h in st.hands],
        "talon_size": len(st.talon),
        "trick": [{"seat": s, "card": c} for s, c in st.trick],
        "last_trick": st.history[-1]["cards"] if st.history else None,
        "tricks": list(st.history),
        "trump": st.contract.trump if st.contract else None,
        "contract": st.contract.to_json() if st.contract else None,
        "declarer": st.declarer,
        "bids": list(st.bids),
        "high_bid": st.high,
        "high_bidder": st.high_seat,
        "passed": list(st.passed),
        "defense": list(st.defense),
        "guest": st.guest,
        "playing": list(st.playing),
        "tricks_won": list(st.tricks_won),
        "scores": list(st.totals),
        "score_sheet": list(st.rows),
        "deals_played": st.deals_played,
        "deals_total": st.options["deals"],
        "version": st.version,
        "legal": st.legal_actions() if mine and to_move == seat else [],
    }
    open_hand = st.visible_open_hand()
    view["open_hand"] = open_hand
    if mine and seat == st.declarer and st.phase == "talon":
        view["talon"] = sorted(st.talon)
    else:
        view["talon"] = None
    view["discards"] = sorted(st.discards) if mine and seat == st.declarer else None
    view.update(st.variant.view_extra(st, seat))
    return view


def result(st: PreferanzenState) -> JSON:
    totals = list(st.totals)
    ranking = [1 + sum(1 for other in totals if other > t) for t in totals]
    res: JSON = {
        "finished": st.finished,
        "totals": totals,
        "ranking": ranking,
        "deals": list(st.rows),
        "deals_played": st.deals_played,
    }
    res.update(st.variant.result_extra(st))
    return res
