"""Ranking a challenge's field, pure: per deal, the share of the other entries a score beat (ties
half: bridge's matchpoints), overall the average over the deals, ties to whoever finished first.

Every entry plays every deal, so the overall percentage is the entry's matchpoints over all deals
divided by (entries - 1) x deals: ranking by the matchpoint total is ranking by the average. Matchpoints
are counted in halves (`halves`: 2 per entry beaten, 1 per tie) so that ties compare exactly."""

from __future__ import annotations

import bisect
import operator
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import repeat
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
    return _tables([[card.scores[d] for card in cards] for d in range(deals)])


def _tables(
    columns: Sequence[Sequence[float]],
) -> tuple[tuple[dict[float, int], ...], tuple[dict[float, int], ...]]:
    return _tables_of([dict(Counter(column)) for column in columns])


def _tables_of(
    counted: list[dict[float, int]],
) -> tuple[tuple[dict[float, int], ...], tuple[dict[float, int], ...]]:
    """From each deal's counts (score -> how many made it): score -> the halves it earns."""
    tables = []
    for counts in counted:
        below, table = 0, {}
        for score in sorted(counts):
            table[score] = 2 * below + counts[score] - 1
            below += counts[score]
        tables.append(table)
    return tuple(tables), tuple(counted)


def rank(cards: Sequence[Card], deals: int) -> Standings:
    field = Field(deals)
    field.sync({card.entry for card in cards}, cards)
    return field.rank()


class Field:
    """A challenge's finished entries kept between rankings, so that a new entry is added (and one no
    longer ranked taken out) without reading or counting the others again.

    The entries stay ordered by finishing time (then id): a stable sort by the matchpoint total alone
    then breaks the ties as `rank` must. Per deal the field keeps how many made each score (the
    tables follow from these counts alone). An entry's scores are kept per group of GROUP deals as a
    code of that group's scores: a group has few distinct score combinations, so a total is GROUP
    times fewer lookups than one per deal."""

    GROUP = 4

    def __init__(self, deals: int) -> None:
        self.deals = deals
        #: the highest `Entry.ranked_seq` read into it, and the held entries left out when it was read
        self.version = 0
        self.held: set[int] = set()
        self.ids: list[int] = []
        self.known: set[int] = set()
        self.keys: list[tuple[Any, int]] = []
        self.counts: list[Counter[float]] = [Counter() for _ in range(deals)]
        spans = range(0, deals, self.GROUP)
        self.groups: list[range] = [range(g, min(g + self.GROUP, deals)) for g in spans]
        #: per group: the entries' codes (in field order), each code's scores, a code's entries
        self.columns: list[list[int]] = [[] for _ in self.groups]
        self.vectors: list[list[tuple[float, ...]]] = [[] for _ in self.groups]
        #: per group and deal in it: each code's score of that deal
        self.code_scores: list[list[list[float]]] = [[[] for _ in deals] for deals in self.groups]
        self.uses: list[list[int]] = [[] for _ in self.groups]
        self.codes: list[dict[tuple[float, ...], int]] = [{} for _ in self.groups]

    def __len__(self) -> int:
        return len(self.ids)

    def sync(self, ranked: set[int], new: Iterable[Card]) -> None:
        """Keep the entries in `ranked` and add the cards of `new` (those not kept yet)."""
        if not self.known <= ranked:
            self._keep([i for i, entry in enumerate(self.ids) if entry in ranked])
        for card in sorted(new, key=lambda c: (c.finished, c.entry)):
            if card.entry in self.known or card.entry not in ranked:
                continue
            if len(card.scores) != self.deals:
                raise ValueError(f"entry {card.entry}: {len(card.scores)} scores, {self.deals} deals")
            self._add(card)

    def _add(self, card: Card) -> None:
        key = (card.finished, card.entry)
        at = len(self.keys) if not self.keys or self.keys[-1] < key else bisect.bisect(self.keys, key)
        self.ids.insert(at, card.entry)
        self.known.add(card.entry)
        self.keys.insert(at, key)
        for counts, score in zip(self.counts, card.scores, strict=True):
            counts[score] += 1
        for g, deals in enumerate(self.groups):
            vector = tuple(card.scores[d] for d in deals)
            code = self.codes[g].get(vector)
            if code is None:
                code = self.codes[g][vector] = len(self.vectors[g])
                self.vectors[g].append(vector)
                for scores, score in zip(self.code_scores[g], vector, strict=True):
                    scores.append(score)
                self.uses[g].append(0)
            self.uses[g][code] += 1
            self.columns[g].insert(at, code)

    def _keep(self, keep: list[int]) -> None:
        gone = set(range(len(self.ids))).difference(keep)
        for i in gone:
            for g, column in enumerate(self.columns):
                code = column[i]
                self.uses[g][code] -= 1
                for d, score in zip(self.groups[g], self.vectors[g][code], strict=True):
                    self.counts[d][score] -= 1
        for counts in self.counts:
            for score in [s for s, n in counts.items() if n == 0]:
                del counts[score]
        self.ids = [self.ids[i] for i in keep]
        self.known = set(self.ids)
        self.keys = [self.keys[i] for i in keep]
        self.columns = [[column[i] for i in keep] for column in self.columns]

    def rank(self) -> Standings:
        tables, counts = _tables_of([dict(c) for c in self.counts])
        totals: list[int] = [0] * len(self.ids)
        for g, deals in enumerate(self.groups):
            # each code's halves; a code no entry has any more may meet scores gone from the tables
            per_code = [0] * len(self.vectors[g])
            for d, scores in zip(deals, self.code_scores[g], strict=True):
                per_code = list(map(operator.add, per_code, map(tables[d].get, scores, repeat(0))))
            totals = list(map(operator.add, totals, map(per_code.__getitem__, self.columns[g])))
        best_first = sorted(range(len(totals)), key=totals.__getitem__, reverse=True)
        # reverse=True keeps equal totals in their original order (sorted's stability), earliest first
        return Standings(
            entries=len(self.ids),
            deals=self.deals,
            order=tuple(map(self.ids.__getitem__, best_first)),
            halves=tuple(map(totals.__getitem__, best_first)),
            tables=tables,
            counts=counts,
        )
