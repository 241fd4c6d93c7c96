"""How many tables one person may hold at once: a guest or an account cannot fill the lobby with
tables (nor keep AI seats busy) beyond MAX_OPEN_TABLES.

A person is an account, or, for guests, everything a fresh cookie jar does not change: a guest's seats
count with every guest seat taken from the same browser token or the same address. Guests who share an
address (a household, a campus) share the cap; an account has its own."""

from __future__ import annotations

from django.conf import settings
from django.db.models import Q

from games.errors import TooManyTables
from games.live.actors import Actor
from games.models import Match, MatchStatus


def held_tables(actor: Actor) -> int:
    """Open or running tables where the person behind the actor holds a seat they have not left."""
    if actor.user_id is not None:
        mine = Q(seats__user_id=actor.user_id)
    elif actor.guest_token:
        mine = Q(seats__guest_token=actor.guest_token)
        origin = actor.origin
        if origin.browser:
            mine |= Q(seats__user__isnull=True, seats__origin_browser=origin.browser)
        if origin.address:
            mine |= Q(seats__user__isnull=True, seats__origin_address=origin.address)
    else:
        return 0
    active = Match.objects.filter(mine, seats__left=False, status__in=(MatchStatus.OPEN, MatchStatus.RUNNING))
    return active.distinct().count()


def open_tables_check(*, actor: Actor) -> None:
    """Raise TooManyTables when the actor may not take a seat at one more table."""
    limit = settings.MAX_OPEN_TABLES
    if limit and held_tables(actor) >= limit:
        if actor.user_id is None:
            raise TooManyTables(
                f"guests from this browser or address already play at {limit} open or running tables: "
                "finish or leave one first, or log in",
                limit=limit,
            )
        raise TooManyTables(
            f"you already play at {limit} open or running tables: finish or leave one first", limit=limit
        )
