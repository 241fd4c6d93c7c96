"""Schnapsen (seed 002): two players, 20 cards, one match = one Bummerl (each seat counts 7 down to 0).

    from games.engine.schnapsen import RULES
    state = RULES.replay(events)

Modules, as in every game package: cards (deck, points, follow rules), state (the data and `Phase`),
deal and play (each phase's `<phase>_actions` and `apply_<event>`), scoring (game points and the
Bummerl), view (the per-seat view and the result), rules (options and the phase table). Rules
decisions: docs/rules/schnapsen.md.
"""

from __future__ import annotations

from games.engine.schnapsen.rules import SchnapsenRules
from games.engine.schnapsen.state import Phase, SchnapsenState

RULES = SchnapsenRules()

__all__ = ["RULES", "Phase", "SchnapsenRules", "SchnapsenState"]
