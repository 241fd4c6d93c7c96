"""The "Ø gegen Anton" figure per AI version: its average result per game against Anton over seeded
test games, as measured by `python -m bench ai_strength` and recorded here. None: not measured yet
(Anton is the reference itself)."""

from __future__ import annotations

# game -> version -> average points per game of one such player at a table of Anton players
MEASURED: dict[str, dict[str, float | None]] = {
    # Bernd: 80 seeded runs (960 games), 95% CI 47.1..51.1 (`python -m bench bernd --runs 40`, seeds 1, 41).
    "preisjass": {"anton": 39.25, "bernd": 49.1, "random": 27.01},
}


def ai_strength(game: str) -> dict[str, float | None]:
    return dict(MEASURED.get(game, {}))
