"""The per-pair test: are a pair's decision scores (evidence.py) above zero by more than chance, and by
enough to matter?

The scores of one deal are added up (a deal's decisions share its cards, so they are not independent;
deals are), and the pair's deal sums are tested with the self-normalised sum
z = sum / sqrt(sum of squares), which is about standard normal for a pair whose scores have mean
zero (an honest pair, of any strength) and grows like the square root of the deals for a pair whose
scores have a positive mean. Its `effect`, z / sqrt(deals) (the deal sums' mean over their root mean
square), does not grow with the deals: about 0.65 for pairs that see each other's hands, zero on
average for honest ones (spread about ±0.2 at 25 deals). A pair is flagged at `z >= THRESHOLD`
with an effect of at least `EFFECT`, so that a small bias of the monitor (its worlds do not read the
bidding as a player might) cannot flag an honest pair that simply plays very many deals together.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

THRESHOLD = 2.5
EFFECT = 0.3


class _Scored(Protocol):
    @property
    def deal(self) -> int: ...

    @property
    def score(self) -> float: ...


@dataclass(frozen=True)
class PairStatistic:
    #: deals the pair played together, and those with a scored decision
    deals: int
    scored: int
    total: float
    z: float

    @property
    def mean(self) -> float:
        """The score per scored deal."""
        return self.total / self.scored if self.scored else 0.0

    @property
    def effect(self) -> float:
        return self.z / math.sqrt(self.scored) if self.scored else 0.0

    def flagged(self, threshold: float = THRESHOLD, effect: float = EFFECT) -> bool:
        return self.z >= threshold and self.effect >= effect


def deal_scores(decisions: Iterable[_Scored]) -> dict[int, float]:
    """The decisions' scores added up per deal."""
    out: dict[int, float] = {}
    for d in decisions:
        out[d.deal] = out.get(d.deal, 0.0) + d.score
    return out


def pair_statistic(scores: Iterable[float], deals: int | None = None) -> PairStatistic:
    """The test over a pair's deal sums (`deals`: how many deals they played together, for show)."""
    values = list(scores)
    total = sum(values)
    squares = sum(v * v for v in values)
    z = total / math.sqrt(squares) if squares > 0 else 0.0
    return PairStatistic(deals=len(values) if deals is None else deals, scored=len(values), total=total, z=z)
