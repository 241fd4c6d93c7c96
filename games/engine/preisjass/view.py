"""What leaves the Preisjass engine: the per-seat view (with the score sheet) and the result of a run."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engine.base import JSON
from games.engine.preisjass.scoring import ranking

if TYPE_CHECKING:
    from games.engine.preisjass.state import PreisjassState


def seat_view(state: PreisjassState, seat: int | None) -> JSON:
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < len(state.hands)):
        raise ValueError(f"no seat {seat!r} at this table")
    to_move = state.to_move
    mine = seat is not None and to_move == seat
    return {
        "game": "preisjass",
        "seat": seat,
        "to_move": to_move,
        "phase": str(state.phase),
        "version": state.version,
        "hand": [] if seat is None else list(state.hands[seat]),
        "hand_sizes": [len(h) for h in state.hands],
        "legal": state.legal_actions() if mine else [],
        "dealer": state.dealer,
        "first_player": state.first_player,
        "draws": [dict(d) for d in state.draws],
        "game_number": state.game_no,
        "games_total": state.games_total,
        "cut": None if state.cut is None else dict(state.cut),
        "bodentrumpf": state.trump_card,
        "trump": state.trump,
        "contract": None,
        "leader": state.leader if state.phase == "play" else None,
        "trick": state.trick_entries(),
        "last_trick": _trick_copy(state.tricks[-1]) if state.tricks else None,
        "tricks": [_trick_copy(t) for t in state.tricks],
        "played": state.played_cards(),
        "game_points": list(state.game_points),
        "tricks_won": list(state.tricks_won),
        "scores": list(state.totals),
        "sheet": {
            "games": [_row_copy(r) for r in state.games],
            "totals": list(state.totals),
            "sacks": list(state.sacks),
        },
    }


def result(state: PreisjassState) -> JSON:
    rows = [_row_copy(r) for r in state.games]
    return {
        "finished": state.phase == "over",
        "games_played": len(state.games),
        "totals": list(state.totals),
        "sacks": list(state.sacks),
        "ranking": ranking(state.totals),
        "deals": rows,
        "games": [_row_copy(r) for r in rows],
    }


def _trick_copy(trick: JSON) -> JSON:
    return {
        "leader": trick["leader"],
        "cards": [dict(e) for e in trick["cards"]],
        "winner": trick["winner"],
        "points": trick["points"],
    }


def _row_copy(row: JSON) -> JSON:
    return {k: list(v) if isinstance(v, list) else v for k, v in row.items()}
