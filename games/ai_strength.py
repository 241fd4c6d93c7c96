"""The "Ø gegen Anton" figure per AI version: its average result per game against Anton over seeded
test games, as measured by `python -m bench ai_strength` and recorded here. None: not measured yet.
Anton is the reference (the "Grundstufe") of every game."""

from __future__ import annotations

from dataclasses import dataclass

from games.ai import DEFAULT_VERSION, available_versions

# game -> version -> average points per game of one such player at a table of Anton players
MEASURED: dict[str, dict[str, float | None]] = {
    # Bernd: 80 seeded runs (960 games), 95% CI 47.1..51.1 (`python -m bench bernd --runs 40`, seeds 1, 41).
    "preisjass": {"anton": 39.25, "bernd": 49.1, "random": 27.01},
}
# game -> version -> 95% confidence interval of that average, where it was measured
INTERVALS: dict[str, dict[str, tuple[float, float]]] = {
    "preisjass": {"bernd": (47.1, 51.1)},
}
# what one figure counts, per game (all measured games so far count points per game)
UNITS: dict[str, str] = {"preisjass": "points_per_game"}
# test players: kept for the API and the tests, never offered as an opponent
TEST_VERSIONS = frozenset({"random"})


@dataclass(frozen=True)
class Strength:
    """How one AI version is shown where a player picks opponents."""

    version: str
    level: str  # "reference", "stronger", "weaker", "unmeasured"
    mean: float | None
    low: float | None
    high: float | None
    unit: str | None
    reference_mean: float | None

    def to_json(self) -> dict[str, object]:
        return {
            "version": self.version,
            "level": self.level,
            "mean": self.mean,
            "low": self.low,
            "high": self.high,
            "unit": self.unit,
            "reference_mean": self.reference_mean,
        }


def ai_strength(game: str) -> dict[str, float | None]:
    return dict(MEASURED.get(game, {}))


def _level(version: str, mean: float | None, reference: float | None) -> str:
    if version == DEFAULT_VERSION:
        return "reference"
    if mean is None or reference is None:
        return "unmeasured"
    return "stronger" if mean >= reference else "weaker"


def ai_choices(game: str) -> list[Strength]:
    """The AI versions a player may pick for `game` (test players left out), each with its level word
    and figure: the reference first, then in the registry's order."""
    measured = MEASURED.get(game, {})
    reference = measured.get(DEFAULT_VERSION)
    choices = []
    for version in available_versions(game):
        if version in TEST_VERSIONS:
            continue
        mean = measured.get(version)
        low, high = INTERVALS.get(game, {}).get(version, (None, None))
        choices.append(
            Strength(
                version=version,
                level=_level(version, mean, reference),
                mean=mean,
                low=low,
                high=high,
                unit=UNITS.get(game) if mean is not None else None,
                reference_mean=reference,
            )
        )
    return choices
