"""The games' shown names (the registry names are technical), translated lazily into the active language."""

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

GAME_TITLES: dict[str, str | Promise] = {
    "preisjass": _("Preisjass"),
    "schnapsen": _("Schnapsen"),
    "preferanzen": _("Preferanzen"),
    "preference_vienna": _("Preference (Wien)"),
    "preferans": _("Preferans"),
}


def game_title(game: str) -> str:
    """A game's shown name in the active language; a game missing here shows its registry name."""
    return str(GAME_TITLES.get(game, game))
