"""`{% load leagues_tags %}{% player_ratings user %}`: a player's rating per game (for the profile)."""

from __future__ import annotations

from typing import Any

from django import template

from games.titles import game_title
from leagues.selectors import ratings_for_user

register = template.Library()


@register.inclusion_tag("leagues/_ratings.html")
def player_ratings(user: Any) -> dict[str, Any]:
    ratings = [
        {"title": game_title(r.game), "ordinal": r.ordinal, "matches": r.matches}
        for r in ratings_for_user(user)
    ]
    return {"ratings": ratings}
