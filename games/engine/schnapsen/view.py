"""What leaves the Schnapsen engine: the per-seat view and the result of a Bummerl."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engine.base import JSON

if TYPE_CHECKING:
    from games.engine.schnapsen.state import SchnapsenState


def seat_view(state: SchnapsenState, seat: int | None) -> JSON:
    """A match of counted deals adds `deals_total` (with `deal_number`: "deal 3 of 8") and its `scores`
    are the signed game points, not a Bummerl countdown."""
    mine = seat in (0, 1)
    to_move = state.to_move
    out: JSON = {
        "game": "schnapsen",
        "seat": seat,
        "to_move": to_move,
        "phase": str(state.phase),
        "deal_number": state.deal_no,
        "dealer": state.dealer,
        "leader": state.leader if state.phase == "play" else None,
        "hand": sorted(state.hands[seat], key=_hand_order) if mine and seat is not None else [],
        "hand_sizes": [len(state.hands[0]), len(state.hands[1])],
        "trick": [{"seat": s, "card": c} for s, c in state.trick],
        "last_trick": None
        if state.last_trick is None
        else [{"seat": s, "card": c} for s, c in state.last_trick],
        "trump": state.trump or None,
        "trump_card": state.trump_card,
        "stock_size": state.stock_size,
        "closed": state.closed_by is not None,
        "closed_by": state.closed_by,
        "strict": state.strict if state.phase == "play" else False,
        "contract": None,
        "points": [state.points(s) if s == seat else None for s in (0, 1)],
        "pending": [state.pending[s] if s == seat else None for s in (0, 1)],
        "tricks": state.tricks[:],
        "marriages": [{"seat": s, "suit": suit} for s, suit, _ in state.marriages],
        "exchanges": [{"seat": s, "card": c} for s, c in state.exchanges],
        "scores": state.scores(),
        "game_points": state.game_points[:],
        "start_score": state.start_score,
        "deals": [_copy_row(row) for row in state.rows],
        "version": state.version,
        "legal": state.legal_actions() if mine and to_move == seat else [],
    }
    if state.deals_total:
        out["deals_total"] = state.deals_total
    return out


def result(state: SchnapsenState) -> JSON:
    """The Bummerl's totals are the game points won; a match of counted deals (`deals_total`, only
    then in the result) totals the signed game points, so each deal changes them by its own score."""
    totals = state.scores() if state.deals_total else state.game_points[:]
    if state.winner is not None:
        ranking = [1 if s == state.winner else 2 for s in (0, 1)]
    else:
        ranking = [1 + sum(1 for o in totals if o > t) for t in totals]
    out: JSON = {
        "finished": state.phase == "over",
        "totals": totals,
        "ranking": ranking,
        "deals": [_copy_row(row) for row in state.rows],
        "scores": state.scores(),
        "winner": state.winner,
        "start_score": state.start_score,
    }
    if state.deals_total:
        out["deals_total"] = state.deals_total
    return out


def _hand_order(card: str) -> tuple[str, int]:
    return card[1], -"JQKTA".index(card[0])


def _copy_row(row: JSON) -> JSON:
    """A score-sheet row that callers may change freely (its lists and dicts copied)."""
    return {k: v[:] if isinstance(v, list) else dict(v) if isinstance(v, dict) else v for k, v in row.items()}
