"""The "Ø gegen Anton" figure per AI version: its average result per game against Anton over seeded
test games, as measured by `python -m bench ai_strength`. None: not measured yet. Anton is the
reference (the "Grundstufe") of every game.

Figures the bench writes live in games/ai/strength.json (Schnapsen so far: the share of heads-up
Bummerls won against Anton); a figure counts only while its game's rules_version is the engine's.
The Preisjass figures below predate that file and are still recorded by hand."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.ai import DEFAULT_VERSION, available_versions
from games.engine import get_rules

STRENGTH_FILE = Path(__file__).resolve().parent / "ai" / "strength.json"

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


def load_figures(path: Path) -> None:
    """Add the bench's figures from `path` (those measured under the current rules)."""
    data: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    for game, entry in data.items():
        if entry.get("rules_version") != get_rules(game).rules_version:
            continue
        measured = MEASURED.setdefault(game, {})
        intervals = INTERVALS.setdefault(game, {})
        reference = entry["reference"]
        measured[reference["version"]] = float(reference["mean"])
        for version, figure in entry["versions"].items():
            measured[version] = float(figure["mean"])
            intervals[version] = (float(figure["low"]), float(figure["high"]))
        UNITS[game] = str(entry["unit"])


load_figures(STRENGTH_FILE)


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
