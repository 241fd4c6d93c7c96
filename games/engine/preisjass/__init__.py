"""Vorarlberger Preisjass (seed 003): a run of 12 games of 9 tricks for four individual players.

    from games.engine.preisjass import RULES
    state = RULES.replay(events)

Modules, as in every game package: `cards` (orders, points, following rules), `state` (the data and
`Phase`), `deal` and `play` (each phase's `<phase>_actions` and `apply_<event>`), `scoring` (the
score-sheet row), `view` (the per-seat view and the result), `rules` (options and the phase table).
The rules and event formats are documented in docs/rules/preisjass.md.
"""

from __future__ import annotations

from games.engine.preisjass.rules import PreisjassRules
from games.engine.preisjass.state import Phase, PreisjassState

RULES = PreisjassRules()

__all__ = ["RULES", "Phase", "PreisjassRules", "PreisjassState"]
