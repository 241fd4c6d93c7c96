"""Small builders for platform tests."""

from __future__ import annotations

from typing import Any

from accounts.models import User
from games.live.actors import Actor
from games.models import Match
from games.services.matches import SeatSpec, match_create, match_join


def user(username: str = "anna", password: str = "kartentisch-pw-1") -> User:
    u = User(username=username, display_name=username.capitalize())
    u.set_password(password)
    u.save()
    return u


def actor(u: User) -> Actor:
    return Actor.for_user(u)


def two_player_match(game: str, a: User, b: User, **options: Any) -> Match:
    match = match_create(game=game, creator=actor(a), seats=[SeatSpec(), SeatSpec()], options=options)
    match_join(match_id=match.pk, actor=actor(b))
    match.refresh_from_db()
    return match
