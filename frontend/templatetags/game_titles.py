"""The games' titles, rule-option fields and table modules for the browser code, from the game packs
(games/packs, the one list of games) and games/catalog/option_meta.py, in the active language."""

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


@register.simple_tag
def game_packs_json() -> str:
    """What the browser code needs of each game's pack, as JSON for a data attribute, in product order:
    {"<game>": {"title", "deck" ("french"/"german"), "module" (its hook module under js/, or null),
    "quick_start" (whether /<game>/ is its quick-start page), "players" (seat counts)}, ...}."""
    return json.dumps(
        {
            p.name: {
                "title": game_title(p.name),
                "deck": p.deck,
                "module": p.js_module,
                "quick_start": bool(p.quick_start),
                "players": list(p.players),
            }
            for p in packs.all_packs()
        },
        ensure_ascii=False,
    )


@register.filter(name="game_title")
def game_title_filter(game: str) -> str:
    return game_title(game)
