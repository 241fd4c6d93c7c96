"""Pure rules engines. Nothing here imports Django, Channels or Celery (a test proves it).

from games.engine import get_rules
rules = get_rules("preisjass")
state = rules.replay(events)
"""

from __future__ import annotations

import importlib
import importlib.util

from games.engine.base import CHANCE, JSON, GameState, IllegalAction, Rules

__all__ = ["CHANCE", "JSON", "GameState", "IllegalAction", "Rules", "available_games", "get_rules"]

# Game name -> module exposing `RULES`. Modules are imported on first use.
_MODULES: dict[str, str] = {
    "preisjass": "games.engine.preisjass",
    "schnapsen": "games.engine.schnapsen",
    "preferanzen": "games.engine.preferanzen",
    "preference_vienna": "games.engine.preferanzen.vienna",
    "preferans": "games.engine.preferans",
}
_extra: dict[str, Rules] = {}
_loaded: dict[str, Rules] = {}


def register(rules: Rules) -> None:
    """Register an extra game at run time (used by tests for a tiny store-only game)."""
    _extra[rules.name] = rules


def unregister(name: str) -> None:
    _extra.pop(name, None)


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def available_games() -> list[str]:
    """Names of the games whose engine is present, in product order."""
    return [name for name, module in _MODULES.items() if _installed(module)] + sorted(_extra)


def get_rules(name: str) -> Rules:
    if name in _extra:
        return _extra[name]
    if name in _loaded:
        return _loaded[name]
    module = _MODULES.get(name)
    if module is None or not _installed(module):
        raise KeyError(f"unknown game {name!r}")
    rules: Rules = importlib.import_module(module).RULES
    _loaded[name] = rules
    return rules
