"""Each AI level's place on its game's ladder: one rating per level on one scale, from the round robin of
duplicate matches between all the game's levels that `python -m bench ladder` plays (in the game's own
unit, Anton at 0: the least-squares fit of the sets' score differences, with its 95% interval over the
seeds). None: not on the ladder yet.

The bench writes games/ai/ladder.json: per game the rules_version, the seeds and the budget, per level
the AI version it rated, its rating, interval, duplicate sets played and the date. A rating counts only
while the game's rules play as they did (`Rules.plays_like_newest`) and for the AI version it was
measured on: a level's version is frozen, and a changed level is a new version with a new rating. How
a rating is worded for players: games/catalog/ai_words.py."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from games.ai import revisions
from games.engine import get_rules

LADDER_FILE = Path(__file__).resolve().parents[1] / "ai" / "ladder.json"


@dataclass(frozen=True)
class Rung:
    """One level's rating on its game's ladder."""

    version: str
    rating: float
    low: float
    high: float
    #: duplicate sets it played against the other levels
    sets: int
    seeds: str
    date: str

    def to_json(self) -> dict[str, object]:
        return asdict(self)


# game -> version -> its rung, from the bench's file
LADDER: dict[str, dict[str, Rung]] = {}


def load_ladder(path: Path) -> None:
    """Add the bench's ratings from `path` (those measured under rules that play as the current ones)."""
    data: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    for game, entry in data.items():
        if not get_rules(game).plays_like_newest(entry.get("rules_version")):
            continue
        rungs = LADDER.setdefault(game, {})
        for version, level in entry["levels"].items():
            if level.get("ai_version", version) != revisions.current_label(game, version):
                continue  # measured on another revision of the level (games/ai/revisions.py)
            rungs[version] = Rung(
                version=version,
                rating=float(level["rating"]),
                low=float(level["low"]),
                high=float(level["high"]),
                sets=int(level["sets"]),
                seeds=str(level.get("seeds", entry.get("seeds", ""))),
                date=str(level.get("date", entry.get("date", ""))),
            )


load_ladder(LADDER_FILE)


def rung(game: str, version: str) -> Rung | None:
    """`version`'s place on `game`'s ladder, or None when it has none."""
    return LADDER.get(game, {}).get(version)
