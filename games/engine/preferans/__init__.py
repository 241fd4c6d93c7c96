"""Russian Preferans, Sochi variant: a whole pool (Pulja) as one match. See docs/rules/preferans.md."""

from games.engine.preferans.rules import RULES, PreferansRules
from games.engine.preferans.state import PrefState

__all__ = ["RULES", "PrefState", "PreferansRules"]
