"""`{% table_invitations %}`: the lobby's list of a friend's invitations to a table (nothing when none)."""

from __future__ import annotations

from typing import Any

from django import template

from friends.selectors import invitations_for

register = template.Library()


@register.inclusion_tag("friends/_table_invitations.html", takes_context=True)
def table_invitations(context: Any) -> dict[str, Any]:
    user = getattr(context.get("request"), "user", None)
    if user is None or not user.is_authenticated:
        return {"invitations": []}
    return {"invitations": invitations_for(user)}
