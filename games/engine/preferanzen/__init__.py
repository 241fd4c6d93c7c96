"""Austrian "Illustrierte" Preferanzen (seed 000, austrian.py) and, sharing this engine, Vienna
Preference (seed 002, vienna.py, registered as `preference_vienna`). Rules decisions:
docs/rules/preferanzen.md.

Modules, as in every game package: cards (players, card order, following rules), state (the data and
`Phase`), deal, bidding and play (each phase's `<phase>_actions` and `apply_<event>`), scoring (the end
of a deal), view (the per-seat view and the result), rules (options and the phase table). What
differs between the two variants: the `Variant` interface (in state.py, beside the state it works on),
supplied by austrian.py and vienna.py; variant.py holds the bid action both offer.
"""

from __future__ import annotations

from games.engine.preferanzen.austrian import PreferanzenRules
from games.engine.preferanzen.state import Phase, PreferanzenState
from games.engine.preferanzen.vienna import RULES as VIENNA

RULES = PreferanzenRules()
# The Vienna variant is a game of its own (its own name, options and scoring) on this engine.
VARIANTS = (VIENNA,)

__all__ = ["RULES", "VARIANTS", "Phase", "PreferanzenRules", "PreferanzenState"]
