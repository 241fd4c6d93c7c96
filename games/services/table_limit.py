"""How many tables one player may hold at once: a guest or an account cannot fill the lobby with
tables (nor keep AI seats busy) beyond MAX_OPEN_TABLES."""

from __future__ import annotations

from django.conf import settings
from django.db.models import Q

from games.actors import Actor
from games.errors import TooManyTables
from games.models import Match, MatchStatus


def held_tables(actor: Actor) -> int:
    """Open or running tables where the actor holds a seat it has not left."""
    if actor.user_id is not None:
        mine = Q(seats__user_id=actor.user_id)
    elif actor.guest_token:
        mine = Q(seats__guest_token=actor.guest_token)
    else:
        return 0
    active = Match.objects.filter(mine, seats__left=False, status__in=(MatchStatus.OPEN, MatchStatus.RUNNING))
    return active.distinct().count()


def open_tables_check(*, actor: Actor) -> None:
    """Raise TooManyTables when the actor may not take a seat at one more table."""
    limit = settings.MAX_OPEN_TABLES
    if limit and held_tables(actor) >= limit:
        raise TooManyTables(
            f"you already play at {limit} open or running tables: finish or leave one first", limit=limit
        )
