"""Template tags of leagues: `{% player_ratings user %}` (a player's rating per game and its history, for
the profile; frontend/js/ratingchart.js draws the history) and `{% my_invitations %}` (the lobby's list)."""

from __future__ import annotations

import json
from typing import Any

from django import template

from games.catalog.titles import game_title
from leagues.selectors import invitations_for, rating_history, ratings_for_user

register = template.Library()


@register.inclusion_tag("leagues/_ratings.html")
def player_ratings(user: Any) -> dict[str, Any]:
    ratings = [
        {"title": game_title(r.game), "ordinal": r.ordinal, "matches": r.matches}
        for r in ratings_for_user(user)
    ]
    history = {game_title(g): [round(v, 2) for v in points] for g, points in rating_history(user).items()}
    return {"ratings": ratings, "history": json.dumps(history, ensure_ascii=False) if history else ""}


@register.inclusion_tag("leagues/_my_invitations.html", takes_context=True)
def my_invitations(context: Any) -> dict[str, Any]:
    """`{% my_invitations %}`: the logged-in player's pending league invitations, to accept or decline
    (nothing at all when there are none)."""
    request = context.get("request")
    user = getattr(request, "user", None)
    return {
        "invitations": invitations_for(user),
        "csrf_token": context.get("csrf_token"),
        "messages": context.get("messages", ()),
    }
