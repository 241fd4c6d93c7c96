"""The registry of game packs: every game the product offers, each declared once in a module of this
package (`PACK = GamePack(...)`, games/packs/base.py). Adding a module here adds the game to every
list; nothing in this file names a game.

    from games import packs
    packs.all_packs()        # the installed games' packs, in product order
    packs.pack(name)         # one game's pack (KeyError when unknown)

`register`/`unregister` add a pack from elsewhere at run time (the test suite's sixth game), with its
engine (games.engine.register): the packs sit above the engine and feed it, never the other way.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil

from games import engine
from games.packs.base import GamePack

__all__ = ["GamePack", "all_packs", "find", "names", "pack", "register", "unregister"]

_extra: dict[str, GamePack] = {}


@functools.cache
def _built_in() -> dict[str, GamePack]:
    """The packs of this package whose engine is installed (a deployment may leave a game out)."""
    found: dict[str, GamePack] = {}
    for info in pkgutil.iter_modules(__path__, f"{__name__}."):
        declared = getattr(importlib.import_module(info.name), "PACK", None)
        if isinstance(declared, GamePack) and declared.installed():
            found[declared.name] = declared
    return found


def all_packs() -> list[GamePack]:
    """Every game with its engine installed, in product order (registered packs included)."""
    return sorted({**_built_in(), **_extra}.values(), key=lambda p: (p.order, p.name))


def names() -> list[str]:
    return [p.name for p in all_packs()]


def find(name: str) -> GamePack | None:
    """The pack of `name`, or None when no installed game has that name."""
    return _extra.get(name) or _built_in().get(name)


def pack(name: str) -> GamePack:
    found = find(name)
    if found is None:
        raise KeyError(f"unknown game {name!r}")
    return found


def register(declared: GamePack) -> None:
    """Add a game from outside this package, and its engine (tests: the sixth game)."""
    engine.register(declared.load_rules())
    _extra[declared.name] = declared


def unregister(name: str) -> None:
    if _extra.pop(name, None) is not None:
        engine.unregister(name)
