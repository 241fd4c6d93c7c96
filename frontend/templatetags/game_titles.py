"""The game titles for the browser code, from games/titles.py (the one list of them)."""

from __future__ import annotations

import json

from django import template

from games.titles import GAME_TITLES, game_title

register = template.Library()


@register.simple_tag
def game_titles_json() -> str:
    """The titles as JSON for a data attribute (the template escapes it): {"preisjass": "Preisjass", ...}."""
    return json.dumps({game: game_title(game) for game in GAME_TITLES}, ensure_ascii=False)
