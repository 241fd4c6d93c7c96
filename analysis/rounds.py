"""A released duplicate round compared deal by deal: every table played the same deals, so for each
deal and seat position (the same hand at every table) the tables' results side by side, with the
points the analysis says each lost there where that table's analysis is done.

Only once the round is released: before that a table's results tell how the shared deals went.
"""

from __future__ import annotations

from typing import Any

from analysis.models import AnalysisStatus, MatchAnalysis
from games.ai.analysis.registry import get_analyser
from games.models import MatchEvent
from games.results.match_result import deal_points

JSON = dict[str, Any]


def deal_results(game: str, events: list[JSON]) -> list[JSON]:
    """Per finished deal of a match, in order: the analyser's deal key (for the losses; the deal's
    ordinal without an analyser) and each seat's points from it (the change of the totals)."""
    analyser = get_analyser(game)
    deals = deal_points(game, events, analyser.deal if analyser is not None else None)
    return [{"key": d.key, "points": list(d.points)} for d in deals]


def round_comparison(match: Any) -> JSON | None:
    """The comparison of the released duplicate round `match` belongs to (None: no such round, or
    not released yet)."""
    link = getattr(match, "league_match", None)
    round_ = link.round if link is not None else None
    if link is None or round_ is None or round_.released_at is None:
        return None
    links = list(round_.league_matches.select_related("match").order_by("table"))
    analyser = get_analyser(match.game)
    tables: list[JSON] = []
    per_table: list[list[JSON]] = []
    for table in links:
        other = table.match
        events = list(MatchEvent.objects.filter(match=other).order_by("seq").values_list("data", flat=True))
        per_table.append(deal_results(other.game, events) if events else [])
        lost: dict[str, Any] = {}
        if analyser is not None:
            row = MatchAnalysis.objects.filter(
                match=other, version=analyser.version, status=AnalysisStatus.DONE
            ).first()
            if row is not None and row.data:
                lost = {seat: s["per_deal"] for seat, s in row.data["summary"].items()}
        tables.append(
            {
                "table": table.table,
                "match": other.pk,
                "status": other.status,
                "players": [s.display_name for s in other.seats.order_by("index")],
                "analysed": bool(lost),
                "_lost": lost,
            }
        )
    seats = len(tables[0]["players"]) if tables else 0
    deals = []
    for n in range(max((len(r) for r in per_table), default=0)):
        rows = []
        for seat in range(seats):
            cells = []
            for info, results in zip(tables, per_table, strict=True):
                if n >= len(results):
                    cells.append({"table": info["table"], "points": None, "lost": None})
                    continue
                deal = results[n]
                # the analysis lists a deal only when the seat decided in it: analysed and absent = 0
                seat_lost = info["_lost"].get(str(seat))
                lost_here = None if not info["_lost"] else (seat_lost or {}).get(str(deal["key"]), 0.0)
                cells.append({"table": info["table"], "points": deal["points"][seat], "lost": lost_here})
            rows.append({"seat": seat, "tables": cells})
        deals.append({"deal": n + 1, "seats": rows})
    for info in tables:
        del info["_lost"]
    return {"round": round_.pk, "table": link.table, "tables": tables, "deals": deals}
