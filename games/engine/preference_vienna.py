"""Vienna Preference (seed 002): a variant of the shared Preferanzen engine (games/engine/preferanzen/)."""

from __future__ import annotations

from games.engine.preferanzen.engine import PrefRules
from games.engine.preferanzen.vienna import VARIANT


class ViennaPreferenceRules(PrefRules):
    name = "preference_vienna"
    variant = VARIANT


RULES = ViennaPreferenceRules()

__all__ = ["RULES", "ViennaPreferenceRules"]
