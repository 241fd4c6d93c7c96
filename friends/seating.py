"""The friends' seat rule for the games app: a player the creator of a private table blocked (or who
blocked the creator) does not sit at it, invitation link or not."""

from __future__ import annotations

from friends.errors import Blocked
from friends.selectors import is_blocked
from games.live.actors import Actor
from games.models import Match


def blocked_seat_rule(match: Match, actor: Actor) -> None:
    if not match.private or actor.user_id is None or match.created_by_id is None:
        return
    if is_blocked(match.created_by_id, actor.user_id):
        raise Blocked("you cannot sit at this private table")
