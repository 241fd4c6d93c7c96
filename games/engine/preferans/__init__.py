"""Russian Preferans, Sochi variant: a whole pool (Pulja) as one match. See docs/rules/preferans.md.

Modules, as in every game package: cards (display order), constants (the bid ladder, values, options),
state (the data and `Phase`), deal, bidding and play (each phase's `<phase>_actions` and
`apply_<event>`; deal.py also closes a deal), scoring (the score sheet), view (the per-seat view and
the result), rules (the phase table); fast.py plays whole random deals for benchmarks and search.
"""

from games.engine.preferans.rules import RULES, PreferansRules
from games.engine.preferans.state import Phase, PreferansState

__all__ = ["RULES", "Phase", "PreferansRules", "PreferansState"]
