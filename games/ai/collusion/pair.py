"""Card play valued for a pair of seats against the third: the pair's two hands raise the pair's
result, the third seat's hand lowers it, every hand seen (a double-dummy search).

- Preferanzen / Vienna: points, the pair's points less the third seat's relative to the table,
  `(a + b - 2c) / 3` (in the Austrian game, whose deals sum to zero, simply the pair's points;
  in Vienna it leaves the pot out).
- Preferans: tricks, those of the side the pair wants to take them (the declarer's when he is one
  of the pair, else the defenders'; in misère the other way round; in raspasy the third seat's).

Two defenders are a pair as the rules make them anyway; a pair split between the declarer and a
defender is valued as if the defender played for the declarer, which is what colluders would do.
"""

from __future__ import annotations

from games.ai.preferans_search.state import GAME, RASPASY
from games.ai.preferans_search.state import Deal as PreferansDeal
from games.ai.preferanzen_search.solver import PreferanzenGame, estimate_scores
from games.ai.preferanzen_search.state import Deal as PreferanzenDeal


def pair_points(scores: list[int] | list[float], third: int) -> float:
    """The pair's points against the third seat: (a + b - 2c) / 3."""
    return sum(scores) / 3 - scores[third]


class PairPreferanzen(PreferanzenGame):
    """The Preferanzen search adapter for the pair of seats other than `third`."""

    def __init__(self, third: int) -> None:
        super().__init__((third + 1) % 3)
        self.third = third

    def maximizing(self, state: PreferanzenDeal) -> bool:
        return state.turn != self.third

    def outcome(self, state: PreferanzenDeal) -> float | None:
        if not state.over:
            return None
        return pair_points(state.scores(), self.third)

    def evaluate(self, state: PreferanzenDeal) -> float:
        return pair_points(estimate_scores(state), self.third)


def preferans_sides(deal: PreferansDeal, pair: int) -> tuple[int, int, int]:
    """(target, maximizers, sign) for `Solver`, positions as bit masks: the pair's value is `sign`
    times the target's tricks, and the maximizers raise the target's tricks."""
    third = 7 & ~pair
    if deal.kind == RASPASY:
        return third, pair, 1
    declarer = 1 << deal.declarer
    if deal.kind == GAME:
        return (declarer, pair, 1) if pair & declarer else (declarer, declarer, -1)
    # misère: the declarer must take none
    return (declarer, third, -1) if pair & declarer else (declarer, pair, 1)
