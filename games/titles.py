"""The games' shown names (the registry names are technical)."""

GAME_TITLES = {
    "preisjass": "Preisjass",
    "schnapsen": "Schnapsen",
    "preferanzen": "Preferanzen",
    "preference_vienna": "Preference (Wien)",
    "preferans": "Preferans",
}


def game_title(game: str) -> str:
    """A game's shown name; a game missing here shows its registry name."""
    return GAME_TITLES.get(game, game)
