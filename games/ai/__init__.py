"""Pure AI players. `get_player(game, version)` returns a Player for that game; a game's versions are
its pack's `ai_levels` (games/packs), imported on first use."""

from __future__ import annotations

from games import native

native.install()  # before any module of the compiled search core is imported: compiled or pure

from games import packs  # noqa: E402
from games.ai.base import Player, RandomPlayer  # noqa: E402
from games.packs.base import load, present  # noqa: E402

__all__ = [
    "DEFAULT_VERSION",
    "Player",
    "RandomPlayer",
    "available_versions",
    "declared_names",
    "get_player",
]

DEFAULT_VERSION = "anton"


def _levels(game: str) -> dict[str, str]:
    pack = packs.find(game)
    return dict(pack.ai_levels) if pack is not None else {}


def available_versions(game: str) -> list[str]:
    """AI versions for a game; "random" is always there, Anton as soon as its module exists."""
    return [*(v for v, target in _levels(game).items() if present(target)), "random"]


def get_player(game: str, version: str = DEFAULT_VERSION) -> Player:
    if version == "random":
        return RandomPlayer()
    target = _levels(game).get(version)
    if target is None or not present(target):
        raise KeyError(f"no AI {version!r} for {game!r}")
    player: Player = load(target)()
    return player


def declared_names() -> set[str]:
    """Every name an AI version is known by: its version key and its players' shown names."""
    names = {"random", RandomPlayer.name}
    for pack in packs.all_packs():
        for version, target in pack.ai_levels.items():
            names.add(version)
            if present(target):
                names.add(get_player(pack.name, version).name)
    return names
