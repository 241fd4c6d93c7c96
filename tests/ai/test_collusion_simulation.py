"""The collusion bench's simulation, small: three pairs of Carlas that see each other's hands and three
honest pairs of Carlas on the same deals (one pair of each per game), eight deals a pair. Read from the
events alone, every colluding pair's statistic is above every honest pair's, and their scores add up
to a gain; the honest pairs' do not come near the threshold."""

from __future__ import annotations

from bench.collusion import GAMES, SEED_RANGES, simulate
from games.ai.collusion import statistic


def test_colluding_pairs_score_above_honest_ones_on_the_same_deals() -> None:
    runs = simulate(
        pairs=3,
        deals=8,
        first_seed=SEED_RANGES["tune"] + 900,
        games=GAMES,
        lineups=((("carla", "carla"), "carla"),),
    )
    colluding = [r for r in runs if r.colluding]
    honest = [r for r in runs if not r.colluding]
    assert sorted(r.game for r in colluding) == sorted(r.game for r in honest) == sorted(GAMES)
    assert all(r.deals == 8 and r.decisions >= 20 for r in runs)
    assert min(r.stat.z for r in colluding) > max(r.stat.z for r in honest)
    assert all(r.stat.total > 0 for r in colluding)
    assert not any(r.stat.flagged() for r in honest) and max(r.stat.z for r in honest) < statistic.THRESHOLD
