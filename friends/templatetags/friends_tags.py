"""`{% table_invitations %}`: the lobby's list of a friend's invitations to a table (nothing when none)."""

from __future__ import annotations

from typing import Any

from django import template

from friends.selectors import friendship_between, has_blocked, invitations_for

register = template.Library()


@register.inclusion_tag("friends/_table_invitations.html", takes_context=True)
def table_invitations(context: Any) -> dict[str, Any]:
    user = getattr(context.get("request"), "user", None)
    if user is None or not user.is_authenticated:
        return {"invitations": []}
    return {"invitations": invitations_for(user)}


@register.simple_tag(takes_context=True)
def friend_state(context: Any, other: Any) -> str:
    """`{% friend_state shown as state %}`: "friends", "asked" (by me), "incoming", "blocked" (by me), ""."""
    user = getattr(context.get("request"), "user", None)
    if user is None or not user.is_authenticated or other is None or other.pk == user.pk:
        return ""
    if has_blocked(user.pk, other.pk):
        return "blocked"
    found = friendship_between(user.pk, other.pk)
    if found is None:
        return ""
    if found.accepted_at is not None:
        return "friends"
    return "asked" if found.asker_id == user.pk else "incoming"
