"""An entry's figures, projected from its match's events: per deal the player's score (the change of
the totals the deal made, games.results.match_result.deal_points) and the engine's row for the deal.
`manage.py rebuild_projections challenges` recomputes them, and the final standings of the closed
challenges, from the events alone."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from functools import partial
from typing import Any

from django.db import transaction
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
    assert match.finished_at is not None
    figures_save(entry, scores=scores, rows=rows, finished_at=match.finished_at)
    return True


def figures_save(entry: Entry, *, scores: list[float], rows: list[Any], finished_at: dt.datetime) -> None:
    """Store an entry's figures and number it in its challenge: the challenge's `results_version`
    goes up by one and the entry takes the new number (`ranked_seq`). The challenge row's lock makes
    the numbers follow the commits, so a reader that knows the field up to version V reads the
    entries numbered above V and no other (challenges.selectors.field_of)."""
    with transaction.atomic():
        version = (
            Challenge.objects.select_for_update()
            .filter(pk=entry.challenge_id)
            .values_list("results_version", flat=True)
            .get()
        ) + 1
        Challenge.objects.filter(pk=entry.challenge_id).update(results_version=version)
        entry.scores, entry.deal_rows = scores, rows
        entry.total = sum((_decimal(s) for s in scores), start=_decimal(0))
        entry.finished_at = finished_at
        entry.ranked_seq = version
        entry.save(update_fields=["scores", "deal_rows", "total", "finished_at", "ranked_seq"])


def _decimal(value: float) -> Decimal:
    return Decimal(str(round(value, 3)))


def apply(match_id: int) -> bool:
    entry = Entry.objects.select_related("challenge", "match").filter(match_id=match_id).first()
    return entry is not None and entry_project(entry)


def on_match_finished(sender: Any, match_id: int, **kwargs: Any) -> None:
    if Entry.objects.filter(match_id=match_id).exists():
        projection_step(name=NAME, match_id=match_id, step=lambda: apply(match_id))


def wipe() -> None:
    # `results_version` is not reset (each change of the figures keys the cached standings anew) and
    # the fields the processes keep are dropped: `field_generation` keys them
    Entry.objects.update(
        finished_at=None, scores=None, deal_rows=None, total=None, percent=None, place=None, ranked_seq=None
    )
    Challenge.objects.update(field_generation=F("field_generation") + 1)


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
