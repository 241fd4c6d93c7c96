"""Vorarlberger Preisjass (seed 003): a run of 12 games of 9 tricks for four individual players.

    from games.engine.preisjass import RULES
    state = RULES.replay(events)

Modules: `cards` (orders, points, following rules), `state` (the state), `rules` (events),
`sheet` (view and result). The rules and event formats are documented in docs/rules/preisjass.md.
"""

from __future__ import annotations

from games.engine.preisjass.rules import PreisjassRules
from games.engine.preisjass.state import Phase, PreisjassState

RULES = PreisjassRules()

__all__ = ["RULES", "Phase", "PreisjassRules", "PreisjassState"]
