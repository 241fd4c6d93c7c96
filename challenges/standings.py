"""Ranking a challenge's field, pure: per deal, the share of the other entries a score beat (ties
half: bridge's matchpoints), overall the average over the deals, ties to whoever finished first.

Every entry plays every deal, so the overall percentage is the entry's matchpoints over all deals
divided by (entries - 1) x deals: ranking by the matchpoint total is ranking by the average. Matchpoints
are counted in halves (`halves`: 2 per entry beaten, 1 per tie) so that ties compare exactly."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Card:
    """One finished entry as the ranking sees it."""

    entry: int
    #: anything that orders by finishing time (earlier first)
    finished: Any
    scores: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Standings:
    """A ranked field. `order` lists the entries best first; `halves[i]` is order[i]'s matchpoint
    total in halves; `tables[d]` maps a score of deal d to the halves it earns."""

    entries: int
    deals: int
    order: tuple[int, ...]
    halves: tuple[int, ...]
    tables: tuple[dict[float, int], ...]
    #: per deal: each score met -> how many entries made it
    counts: tuple[dict[float, int], ...]

    def place_of(self, entry: int) -> int | None:
        try:
            return self.order.index(entry) + 1
        except ValueError:
            return None

    def deal_percent(self, deal: int, score: float) -> float | None:
        """The share of the other entries that `score` beat on `deal` (None when nobody else played)."""
        if self.entries < 2:
            return None
        return 100.0 * self.tables[deal][score] / (2 * (self.entries - 1))

    def outside_percent(self, deal: int, score: float) -> float | None:
        """The share of the field a score from outside it (the par) beats on `deal`, ties half."""
        if self.entries < 1:
            return None
        counts = self.counts[deal]
        halves = sum(2 * n for s, n in counts.items() if s < score) + counts.get(score, 0)
        return 100.0 * halves / (2 * self.entries)

    def percent(self, halves: int) -> float | None:
        if self.entries < 2:
            return None
        return 100.0 * halves / (2 * (self.entries - 1) * self.deals)


def deal_tables(
    cards: Sequence[Card], deals: int
) -> tuple[tuple[dict[float, int], ...], tuple[dict[float, int], ...]]:
    """Per deal: each score met -> the halves it earns (2 per lower score, 1 per other equal one), and
    each score met -> how many made it."""
    tables, counted = [], []
    for d in range(deals):
        counts = Counter(card.scores[d] for card in cards)
        below, table = 0, {}
        for score in sorted(counts):
            table[score] = 2 * below + counts[score] - 1
            below += counts[score]
        tables.append(table)
        counted.append(dict(counts))
    return tuple(tables), tuple(counted)


def rank(cards: Sequence[Card], deals: int) -> Standings:
    tables, counts = deal_tables(cards, deals)
    totals = [(sum(t[s] for t, s in zip(tables, card.scores, strict=True)), card) for card in cards]
    totals.sort(key=lambda pair: (-pair[0], pair[1].finished, pair[1].entry))
    return Standings(
        entries=len(cards),
        deals=deals,
        order=tuple(card.entry for _, card in totals),
        halves=tuple(h for h, _ in totals),
        tables=tables,
        counts=counts,
    )
