"""Pure AI players. `get_player(game, version)` returns a Player for that game."""

from __future__ import annotations

import importlib
import importlib.util

from games.ai.base import Player, RandomPlayer

__all__ = [
    "DEFAULT_VERSION",
    "Player",
    "RandomPlayer",
    "available_versions",
    "declared_names",
    "get_player",
]

DEFAULT_VERSION = "anton"

# (game, version) -> "module:attribute" of a Player class. Imported on first use.
_PLAYERS: dict[tuple[str, str], str] = {
    ("preisjass", "anton"): "games.ai.anton_preisjass:AntonPreisjass",
    ("preisjass", "bernd"): "games.ai.bernd_preisjass:BerndPreisjass",
    ("schnapsen", "anton"): "games.ai.anton_schnapsen:AntonSchnapsen",
    ("schnapsen", "carla"): "games.ai.schnapsen_search.player:CarlaSchnapsen",
    ("schnapsen", "dora"): "games.ai.schnapsen_search.player:DoraSchnapsen",
    ("preferanzen", "anton"): "games.ai.anton_preferanzen:AntonPreferanzen",
    ("preference_vienna", "anton"): "games.ai.anton_preferanzen:AntonPreferanzen",
    ("preferanzen", "carla"): "games.ai.preferanzen_search.player:CarlaPreferanzen",
    ("preferanzen", "dora"): "games.ai.preferanzen_search.player:DoraPreferanzen",
    ("preference_vienna", "carla"): "games.ai.preferanzen_search.player:CarlaPreferanzen",
    ("preference_vienna", "dora"): "games.ai.preferanzen_search.player:DoraPreferanzen",
    ("preferans", "anton"): "games.ai.anton_preferans:AntonPreferans",
    ("preferans", "carla"): "games.ai.preferans_search.player:CarlaPreferans",
    ("preferans", "dora"): "games.ai.preferans_search.player:DoraPreferans",
}


def _present(target: str) -> bool:
    module = target.split(":")[0]
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def available_versions(game: str) -> list[str]:
    """AI versions for a game; "random" is always there, Anton as soon as its module exists."""
    versions = [v for (g, v), target in _PLAYERS.items() if g == game and _present(target)]
    return [*versions, "random"]


def get_player(game: str, version: str = DEFAULT_VERSION) -> Player:
    if version == "random":
        return RandomPlayer()
    target = _PLAYERS.get((game, version))
    if target is None or not _present(target):
        raise KeyError(f"no AI {version!r} for {game!r}")
    module, attr = target.split(":")
    player: Player = getattr(importlib.import_module(module), attr)()
    return player


def declared_names() -> set[str]:
    """Every name an AI version is known by: its version key and its players' shown names."""
    names = {"random", RandomPlayer.name}
    for (game, version), target in _PLAYERS.items():
        names.add(version)
        if _present(target):
            names.add(get_player(game, version).name)
    return names
