"""The game titles and rule-option fields for the browser code, from games/catalog/titles.py and
games/catalog/option_meta.py (the one list of each), in the active language."""

from __future__ import annotations

import json

from django import template

from games.catalog.option_meta import option_fields
from games.catalog.titles import GAME_TITLES, game_title
from games.engine import available_games

register = template.Library()


@register.simple_tag
def game_titles_json() -> str:
    """The titles as JSON for a data attribute (the template escapes it): {"preisjass": "Preisjass", ...}."""
    return json.dumps({game: game_title(game) for game in GAME_TITLES}, ensure_ascii=False)


@register.simple_tag
def option_fields_json() -> str:
    """Every game's option fields as JSON for a data attribute: {"schnapsen": [{"key": ..., ...}], ...}."""
    return json.dumps({game: option_fields(game) for game in available_games()}, ensure_ascii=False)


@register.filter(name="game_title")
def game_title_filter(game: str) -> str:
    return game_title(game)
