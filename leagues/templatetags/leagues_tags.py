"""`{% load leagues_tags %}{% player_ratings user %}`: a player's rating per game and its history (for the
profile; the history is drawn as a chart by frontend/js/ratingchart.js)."""

from __future__ import annotations

import json
from typing import Any

from django import template

from games.catalog.titles import game_title
from leagues.selectors import rating_history, ratings_for_user

register = template.Library()


@register.inclusion_tag("leagues/_ratings.html")
def player_ratings(user: Any) -> dict[str, Any]:
    ratings = [
        {"title": game_title(r.game), "ordinal": r.ordinal, "matches": r.matches}
        for r in ratings_for_user(user)
    ]
    history = {game_title(g): [round(v, 2) for v in points] for g, points in rating_history(user).items()}
    return {"ratings": ratings, "history": json.dumps(history, ensure_ascii=False) if history else ""}
