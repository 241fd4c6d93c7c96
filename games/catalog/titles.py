"""The games' shown names (the registry names are technical): each game pack's `titles`, in the active
language (games/packs; English where a pack has no title in it, else its registry name)."""

from django.utils.translation import get_language

from games import packs


def game_title(game: str) -> str:
    """A game's shown name in the active language; a game without a pack shows its registry name."""
    found = packs.find(game)
    return found.title(get_language() or "en") if found is not None else game


def game_titles() -> dict[str, str]:
    """Every game's shown name in the active language, in product order."""
    return {name: game_title(name) for name in packs.names()}
