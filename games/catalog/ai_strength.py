"""The "Ø gegen Anton" figure per AI version: its average result per game against Anton over seeded
test games, as measured by `python -m bench ai_strength`. None: not measured yet. Anton is the
reference (the "Grundstufe") of every game.

Figures the bench writes live in games/ai/strength.json, each with the engine's rules_version and the
AI version it was measured on, the number of duplicate sets and the seed range; a figure counts only
while a match of its rules_version plays exactly as under the engine's newest rules (no later rules
version changed how a match plays: `Rules.plays_like_newest`), and it keeps saying which rules version
it was measured on; and only for the revision of the level it was measured on (its "ai_version",
games/ai/revisions.py: "dora.2"), since a changed level is a new revision with its own figure, and
only while the reference is the revision it was measured against (its "against", Anton's first by
default).
Units: "bummerl_win_percent" (Schnapsen, heads-up),
"points_per_game" (Preisjass, one at a table of Antons), "whists_per_deal" (Preferans) and
"points_per_deal" (Preferanzen, Vienna), both one against two Antons. No figure is typed in by hand.
How a figure is worded for players: games/catalog/ai_words.py."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.ai import DEFAULT_VERSION, available_versions, revisions
from games.engine import get_rules

STRENGTH_FILE = Path(__file__).resolve().parents[1] / "ai" / "strength.json"

# game -> version -> its figure, from the bench's file (see the units above)
MEASURED: dict[str, dict[str, float | None]] = {}
# game -> version -> 95% confidence interval of that figure
INTERVALS: dict[str, dict[str, tuple[float, float]]] = {}
# what one figure counts, per game
UNITS: dict[str, str] = {}
# game -> version -> how it was measured: rules_version, pairs, seeds, rerun (from the bench's file)
MEASURED_ON: dict[str, dict[str, dict[str, Any]]] = {}
# test players: kept for the API and the tests, never offered as an opponent
TEST_VERSIONS = frozenset({"random"})


def load_figures(path: Path) -> None:
    """Add the bench's figures from `path` (those measured under rules that play as the current ones)."""
    data: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    for game, entry in data.items():
        if not get_rules(game).plays_like_newest(entry.get("rules_version")):
            continue
        measured = MEASURED.setdefault(game, {})
        intervals = INTERVALS.setdefault(game, {})
        reference = entry["reference"]
        measured[reference["version"]] = float(reference["mean"])
        measured_on = MEASURED_ON.setdefault(game, {})
        for version, figure in entry["versions"].items():
            # a figure the bench kept from an older rules version names it (bench/ai_strength.py)
            rules_version = figure.get("rules_version", entry["rules_version"])
            if not get_rules(game).plays_like_newest(rules_version):
                continue
            if figure.get("ai_version", version) != revisions.current_label(game, version):
                continue  # measured on another revision of the level (games/ai/revisions.py)
            if figure.get("against", DEFAULT_VERSION) != revisions.current_label(game, reference["version"]):
                continue  # measured against another revision of the reference
            measured[version] = float(figure["mean"])
            intervals[version] = (float(figure["low"]), float(figure["high"]))
            measured_on[version] = {
                "rules_version": str(rules_version),
                "ai_version": str(figure.get("ai_version", version)),
                "pairs": figure.get("pairs"),
                "seeds": figure.get("seeds"),
                # a rerun of another revision checks another player
                "rerun": figure.get("rerun")
                if rerun_revision(figure, version) == figure.get("ai_version", version)
                else None,
            }
        UNITS[game] = str(entry["unit"])


def rerun_revision(figure: dict[str, Any], level: str) -> str:
    """The revision of `level` a figure's rerun checked: its own stamp, or (written before reruns had
    one) the figure's."""
    rerun = figure.get("rerun") or {}
    return str(rerun.get("ai_version", figure.get("ai_version", level)))


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
    #: what the figure was measured on: the engine's rules_version and the AI version (None: recorded by
    #: hand before the bench wrote them), the duplicate sets, the seed range and the rerun's figure
    rules_version: str | None = None
    ai_version: str | None = None
    pairs: int | None = None
    seeds: str | None = None
    rerun: dict[str, Any] | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "version": self.version,
            "level": self.level,
            "mean": self.mean,
            "low": self.low,
            "high": self.high,
            "unit": self.unit,
            "reference_mean": self.reference_mean,
            "rules_version": self.rules_version,
            "ai_version": self.ai_version,
            "pairs": self.pairs,
            "seeds": self.seeds,
            "rerun": self.rerun,
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
    versions = [v for v in available_versions(game) if v not in TEST_VERSIONS]
    # the reference first (the choice a select starts on), then weakest to strongest
    versions.sort(key=lambda version: version != DEFAULT_VERSION)
    for version in versions:
        mean = measured.get(version)
        low, high = INTERVALS.get(game, {}).get(version, (None, None))
        on = MEASURED_ON.get(game, {}).get(version, {}) if mean is not None else {}
        choices.append(
            Strength(
                version=version,
                level=_level(version, mean, reference),
                mean=mean,
                low=low,
                high=high,
                unit=UNITS.get(game) if mean is not None else None,
                reference_mean=reference,
                rules_version=on.get("rules_version"),
                ai_version=on.get("ai_version"),
                pairs=on.get("pairs"),
                seeds=on.get("seeds"),
                rerun=on.get("rerun"),
            )
        )
    return choices
