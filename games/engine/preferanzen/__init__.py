"""Austrian "Illustrierte" Preferanzen (seed 000) and, sharing this engine, Vienna Preference
(seed 002, registered from games/engine/preference_vienna.py). Rules decisions: docs/rules/preferanzen.md."""

from __future__ import annotations

from games.engine.preferanzen.austrian import VARIANT
from games.engine.preferanzen.engine import PrefRules


class PreferanzenRules(PrefRules):
    name = "preferanzen"
    variant = VARIANT


RULES = PreferanzenRules()

__all__ = ["RULES", "PreferanzenRules"]
