"""The game titles and rule-option fields for the browser code, from the game packs (games/packs, the
one list of games, through games/catalog/titles.py and games/catalog/option_meta.py), in the active
language."""

from __future__ import annotations

import json

from django import template

from games import packs
from games.catalog.option_meta import option_fields
from games.catalog.titles import game_title

register = template.Library()


@register.simple_tag
def game_titles_json() -> str:
    """The titles as JSON for a data attribute (the template escapes it): {"<game>": "<title>", ...}."""
    return json.dumps({game: game_title(game) for game in packs.names()}, ensure_ascii=False)


@register.simple_tag
def option_fields_json() -> str:
    """Every game's option fields as JSON for a data attribute: {"<game>": [{"key": ..., ...}], ...}."""
    return json.dumps({game: option_fields(game) for game in packs.names()}, ensure_ascii=False)


@register.filter(name="game_title")
def game_title_filter(game: str) -> str:
    return game_title(game)
