"""An entry's figures, projected from its match's events: per deal the player's score (the change of
the totals the deal made, games.results.match_result.deal_points) and the engine's row for the deal.
`manage.py rebuild_projections challenges` recomputes them, and the final standings of the closed
challenges, from the events alone."""

from __future__ import annotations

from decimal import Decimal
from functools import partial
from typing import Any

from django.db.models import F

from challenges.models import Challenge, Entry
from games.engine import get_rules
from games.models import MatchEvent, MatchStatus
from games.results.match_result import deal_points
from games.results.projections import projection_failures_clear, projection_step

NAME = "challenges"


def figures(game: str, events: list[dict[str, Any]], seat: int, deals: int) -> tuple[list[float], list[Any]]:
    """Per deal: the seat's score and the engine's row. Raises ValueError unless the log shows a
    finished match of exactly `deals` deals."""
    result = get_rules(game).replay(events).result()
    if not result.get("finished"):
        raise ValueError("the match is not finished")
    points = deal_points(game, events)
    rows = list(result.get("deals", []))
    if len(points) != deals or len(rows) != deals:
        raise ValueError(f"a challenge match has {deals} deals, this one {len(points)}")
    return [float(p.points[seat]) for p in points], rows


def entry_project(entry: Entry) -> bool:
    """Fill the entry's figures from its finished match (once). True when this call did."""
    if entry.finished_at is not None:
        return False
    match = entry.match
    if match.status != MatchStatus.FINISHED:
        return False
    challenge = entry.challenge
    events = list(MatchEvent.objects.filter(match_id=match.pk).order_by("seq").values_list("data", flat=True))
    if len(events) != match.version:
        raise ValueError(f"match {match.pk}: {len(events)} events stored, version {match.version}")
    scores, rows = figures(match.game, events, challenge.seat, challenge.deals)
    entry.scores, entry.deal_rows = scores, rows
    entry.total = sum((_decimal(s) for s in scores), start=_decimal(0))
    entry.finished_at = match.finished_at
    entry.save(update_fields=["scores", "deal_rows", "total", "finished_at"])
    Challenge.objects.filter(pk=challenge.pk).update(results_version=F("results_version") + 1)
    return True


def _decimal(value: float) -> Decimal:
    return Decimal(str(round(value, 3)))


def apply(match_id: int) -> bool:
    entry = Entry.objects.select_related("challenge", "match").filter(match_id=match_id).first()
    return entry is not None and entry_project(entry)


def on_match_finished(sender: Any, match_id: int, **kwargs: Any) -> None:
    if Entry.objects.filter(match_id=match_id).exists():
        projection_step(name=NAME, match_id=match_id, step=lambda: apply(match_id))


def wipe() -> None:
    # `results_version` is not reset: each change of the figures keys the cached standings anew
    Entry.objects.update(finished_at=None, scores=None, deal_rows=None, total=None, percent=None, place=None)


def rebuild() -> int:
    """Every finished entry again, in the order its match finished; then the closed challenges'
    final standings."""
    from challenges.services import final_standing_write

    wipe()
    projection_failures_clear(name=NAME)
    count = 0
    entries = Entry.objects.select_related("challenge", "match").filter(match__status=MatchStatus.FINISHED)
    for entry in entries.order_by("match__finished_at", "pk"):
        if projection_step(name=NAME, match_id=entry.match_id, step=partial(entry_project, entry)):
            count += 1
    for challenge in Challenge.objects.filter(closed_at__isnull=False):
        final_standing_write(challenge)
    return count
