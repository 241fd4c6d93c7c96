"""Pure rules engines. Nothing here imports Django, Channels or Celery (a test proves it), nor the
game packs above it (games/packs names an engine by its module; the engine never asks a pack).

from games.engine import get_rules
rules = get_rules("<game>")
state = rules.replay(events)

Every game package under games/engine exposes its `RULES` (and a package holding variants of one game
their Rules in `VARIANTS` besides); they are found by walking this package, so a new engine package is
registered by being there. A game whose engine lives elsewhere (the test suite's sixth game) is added
with `register`, which games.packs.register does for its pack.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil

from games import native

native.install()  # before any compiled engine module is imported: compiled or pure, with the AI's core

from games.engine.base import CHANCE, JSON, GameState, IllegalAction, Rules  # noqa: E402

__all__ = ["CHANCE", "JSON", "GameState", "IllegalAction", "Rules", "available_games", "get_rules"]

_extra: dict[str, Rules] = {}


def register(rules: Rules) -> None:
    """Register a game whose engine lives outside this package (tests: the store-only and sixth games)."""
    _extra[rules.name] = rules


def unregister(name: str) -> None:
    _extra.pop(name, None)


@functools.cache
def _found() -> dict[str, Rules]:
    """The Rules of every engine package here, by game name (imported once, on first use)."""
    found: dict[str, Rules] = {}
    for info in pkgutil.iter_modules(__path__, f"{__name__}."):
        if not info.ispkg:
            continue
        package = importlib.import_module(info.name)
        for rules in (getattr(package, "RULES", None), *getattr(package, "VARIANTS", ())):
            if isinstance(rules, Rules):
                found[rules.name] = rules
    return found


def available_games() -> list[str]:
    """Names of the games with an engine, sorted (the product's order is the packs': games.packs)."""
    return sorted({*_found(), *_extra})


def get_rules(name: str) -> Rules:
    rules = _extra.get(name) or _found().get(name)
    if rules is None:
        raise KeyError(f"unknown game {name!r}")
    return rules
