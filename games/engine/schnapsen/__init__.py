"""Schnapsen (seed 002): two players, 20 cards, one match = one Bummerl (each seat counts 7 down to 0).

    from games.engine.schnapsen import RULES
    state = RULES.replay(events)

Modules: cards (deck, points, follow rules), state (state, view, result), play (actions per phase),
scoring (game points and Bummerl), rules (options, events, validation). Rules decisions:
docs/rules/schnapsen.md.
"""

from __future__ import annotations

from games.engine.schnapsen.rules import SchnapsenRules
from games.engine.schnapsen.state import SchnapsenState

RULES = SchnapsenRules()

__all__ = ["RULES", "SchnapsenRules", "SchnapsenState"]
