"""`{% todays_challenges %}`: the lobby's box of the day's challenges."""

from __future__ import annotations

from typing import Any

from django import template

from challenges import selectors, services
from challenges.views import card

register = template.Library()


@register.inclusion_tag("challenges/_today.html", takes_context=True)
def todays_challenges(context: Any) -> dict[str, Any]:
    request = context.get("request")
    services.challenges_ensure_today()
    user = getattr(request, "user", None)
    return {
        "cards": [card(c, user) for c in selectors.open_challenges()],
        "csrf_token": context.get("csrf_token"),
        "user": user,
    }
