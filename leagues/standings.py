"""Ranking a season's table. Pure: rows and head-to-head records in, ranked rows out.

Order, by the league's scoring:
  1. total points, average points per match, or match wins (higher is better);
  2. matches played: for "average" more matches rank higher (the average is better supported), for
     "total" and "wins" fewer rank higher (the same score reached with fewer matches);
  3. head-to-head within the still tied group: for each player, the matches in which they placed better
     than another player of the group minus those in which they placed worse (higher is better);
  4. earliest result: the player who reached their score first (their last counted match finished
     earlier) ranks higher.
Players equal on all four share a rank (listed by name).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from itertools import groupby

_FAR_FUTURE = dt.datetime.max.replace(tzinfo=dt.UTC)


@dataclass
class Row:
    user_id: int
    name: str
    matches: int
    points: Decimal
    wins: int
    last_result_at: dt.datetime | None
    rank: int = 0
    extra: dict[str, object] = field(default_factory=dict)

    @property
    def average(self) -> Decimal:
        if not self.matches:
            return Decimal("0.00")
        return (self.points / self.matches).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


# net(a, b): matches where a placed better than b minus matches where b placed better than a.
HeadToHead = Callable[[int, int], int]


def primary(row: Row, scoring: str) -> Decimal:
    if scoring == "average":
        return row.average
    if scoring == "wins":
        return Decimal(row.wins)
    return row.points


def _matches_key(row: Row, scoring: str) -> int:
    return -row.matches if scoring == "average" else row.matches


def rank_rows(rows: Iterable[Row], scoring: str, head_to_head: HeadToHead) -> list[Row]:
    """The rows in table order with `rank` set (1 = first; fully tied rows share a rank)."""
    ordered: list[list[Row]] = []  # groups of fully tied rows, in order
    first = sorted(rows, key=lambda r: (-primary(r, scoring), _matches_key(r, scoring), r.name, r.user_id))
    for _, tied_iter in groupby(first, key=lambda r: (primary(r, scoring), _matches_key(r, scoring))):
        tied = list(tied_iter)
        if len(tied) == 1:
            ordered.append(tied)
            continue
        ids = [r.user_id for r in tied]
        h2h = {r.user_id: sum(head_to_head(r.user_id, o) for o in ids if o != r.user_id) for r in tied}

        def later(r: Row, h2h: dict[int, int] = h2h) -> tuple[int, dt.datetime]:
            return (-h2h[r.user_id], r.last_result_at or _FAR_FUTURE)

        for _, subgroup in groupby(sorted(tied, key=later), key=later):
            ordered.append(list(subgroup))
    ranked: list[Row] = []
    for tied_rows in ordered:
        rank = len(ranked) + 1
        for row in tied_rows:
            row.rank = rank
            ranked.append(row)
    return ranked
