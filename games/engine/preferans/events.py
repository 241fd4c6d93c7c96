"""Checks shared by every player event: exact fields, the right seat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engine.base import JSON, IllegalAction

if TYPE_CHECKING:
    from games.engine.preferans.state import PrefState


def check_player_event(state: PrefState, event: JSON, fields: tuple[str, ...]) -> None:
    """`event` has exactly type, seat and the one field in `fields`, and its seat is the one to act."""
    if len(event) != len(fields) + 2 or "seat" not in event or fields[0] not in event:
        expected = ", ".join(("type", "seat", *fields))
        raise IllegalAction(f"a {event.get('type')} event has exactly the fields {expected}")
    seat = event["seat"]
    if type(seat) is not int or seat != state.actor():
        raise IllegalAction(f"it is not seat {seat}'s turn (seat {state.actor()} is to act)")
