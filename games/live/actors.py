"""Who is acting: a registered user, a guest bound to one browser session, or an AI seat."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.models import Match, Seat


@dataclass(frozen=True)
class Origin:
    """Where a seat is taken from, recorded on the seat: the browser (a long-lived cookie that outlives
    logins and logouts) and the session's guest token (which outlives a login). Two seats of one match
    sharing either were taken by one person (see games.identity.seating). The client address and a device
    signature (a hash of the browser's User-Agent and languages) are weaker signals: many people share
    an address, so they link seats only together and only within one shared-deal event."""

    browser: str = ""
    session: str = ""
    address: str = ""
    device: str = ""


NO_ORIGIN = Origin()


@dataclass(frozen=True)
class Actor:
    user_id: int | None = None
    guest_token: str = ""
    display_name: str = ""
    ai_seat: int | None = None
    # The platform itself playing a human seat (timer ran out, player away): owns that seat only.
    system_seat: int | None = None
    origin: Origin = NO_ORIGIN

    @property
    def is_anonymous(self) -> bool:
        return (
            self.user_id is None
            and not self.guest_token
            and self.ai_seat is None
            and self.system_seat is None
        )

    @classmethod
    def for_user(cls, user: Any, origin: Origin = NO_ORIGIN) -> Actor:
        name = getattr(user, "display_name", "") or user.get_username()
        return cls(user_id=user.pk, display_name=name, origin=origin)

    @classmethod
    def for_ai(cls, seat_index: int) -> Actor:
        return cls(ai_seat=seat_index)

    @classmethod
    def for_system(cls, seat_index: int) -> Actor:
        return cls(system_seat=seat_index)

    def owns(self, seat: Seat) -> bool:
        if self.system_seat is not None:
            return seat.index == self.system_seat
        if self.ai_seat is not None:
            return seat.is_ai and seat.index == self.ai_seat
        if seat.is_ai:
            return False
        if self.user_id is not None:
            return seat.user_id == self.user_id
        return bool(self.guest_token) and seat.guest_token == self.guest_token

    def opened(self, match: Match) -> bool:
        """Whether this actor opened the table (and may switch spectators off)."""
        if self.user_id is not None:
            return match.created_by_id == self.user_id
        return bool(self.guest_token) and match.created_by_guest == self.guest_token


def actor_from_request(request: Any) -> Actor:
    """The actor behind an HTTP request or a websocket scope's user and session."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return Actor.for_user(user)
    session = getattr(request, "session", None)
    if session is None:
        return Actor()
    return Actor(guest_token=session.get("guest_token", ""), display_name=session.get("guest_name", ""))
