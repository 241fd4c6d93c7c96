"""Tables to chat at: two players and a spectator account; a ranked table of three players."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from accounts.models import User
from games.live.actors import Actor
from games.models import Match
from games.services.matches import SeatSpec, match_create, match_join
from tests import factories


@dataclass
class Table:
    match: Match
    anna: User  # seat 0
    ben: User  # seat 1
    zoe: User  # no seat: a spectator


@pytest.fixture
def table() -> Table:
    anna, ben, zoe = (factories.user(name) for name in ("anna", "ben", "zoe"))
    return Table(factories.two_player_match("schnapsen", anna, ben), anna, ben, zoe)


def actor(user: User) -> Actor:
    return factories.actor(user)


def guest(token: str = "g" * 32, name: str = "Gustl") -> Actor:
    return Actor(guest_token=token, display_name=name)


def three_seats(*, ranked: bool, private: bool = False) -> tuple[Match, list[User]]:
    """A Preferans table of three humans (alma, bert, carl), running."""
    users = [factories.user(name) for name in ("alma", "bert", "carl")]
    match = match_create(
        game="preferans",
        creator=factories.actor(users[0]),
        seats=[SeatSpec(), SeatSpec(), SeatSpec()],
        ranked=ranked,
        private=private,
    )
    for u in users[1:]:
        match_join(match_id=match.pk, actor=factories.actor(u), invite=match.invite_token)
    match.refresh_from_db()
    return match, users
