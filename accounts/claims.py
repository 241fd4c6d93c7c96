"""A guest who registers or logs in keeps what they played: the session's guest seats, the tables it
opened and its leaderboard rows become the account's (on every login, a registration's too:
`claim_on_login`).

Only owners change: a seat keeps its display name and origin, and no event is written or rewritten, so a
replay and the fair-play links (games.identity.entries) read as before. Two fair-play rules stay exact:
a seat is not moved to a table where the account already holds another seat (one person would hold two
seats of a match, or enter a shared-deal event twice), and open or running tables move only up to the
account's open-table cap (games.identity.table_limit); such seats stay the guest session's, as they were."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import transaction

from games.identity.table_limit import held_tables
from games.live.actors import Actor
from games.models import Match, MatchStatus, Seat, SeatKind
from leaderboard import cache as leaderboard_cache
from leaderboard.models import LeaderboardEntry

_ACTIVE = (MatchStatus.OPEN, MatchStatus.RUNNING)


@dataclass
class Claim:
    """What moved (seat ids) and what stayed the guest's, and why."""

    moved: list[int] = field(default_factory=list)
    already_seated: list[int] = field(default_factory=list)
    over_cap: list[int] = field(default_factory=list)


@transaction.atomic
def guest_claim(*, user_id: int, guest_token: str) -> Claim:
    """Move the seats of the guest session `guest_token` (and what hangs on them) to the account."""
    claim = Claim()
    if not guest_token:
        return claim
    seats = list(
        Seat.objects.select_for_update()
        .filter(kind=SeatKind.HUMAN, user__isnull=True, guest_token=guest_token)
        .select_related("match")
        .order_by("match_id", "index")
    )
    if not seats:
        return claim
    # Where the account sits already: those tables, and every table of a shared-deal event it entered
    # (one person, one entry: games.identity.entries).
    own = Seat.objects.filter(user_id=user_id)
    seated = set(own.filter(match_id__in={s.match_id for s in seats}).values_list("match_id", flat=True))
    events = set(own.exclude(match__deal_event="").values_list("match__deal_event", flat=True))
    limit = settings.MAX_OPEN_TABLES
    held = held_tables(Actor(user_id=user_id))
    kept: set[int] = set()
    for seat in seats:
        if seat.match_id in seated or seat.match.deal_event in events:
            claim.already_seated.append(seat.pk)
            kept.add(seat.match_id)
            continue
        # A seat left at a table counts for no cap (held_tables), nor does a table that is over.
        if seat.match.status in _ACTIVE and not seat.left:
            if limit and held >= limit:
                claim.over_cap.append(seat.pk)
                kept.add(seat.match_id)
                continue
            held += 1
        claim.moved.append(seat.pk)
    moved = [s for s in seats if s.pk in claim.moved]
    Seat.objects.filter(pk__in=claim.moved).update(user_id=user_id, guest_token="")
    boards: set[str] = set()
    for seat in moved:
        if LeaderboardEntry.objects.filter(
            match_id=seat.match_id, seat=seat.index, user__isnull=True, is_ai=False
        ).update(user_id=user_id):
            boards.add(seat.match.game)
    leaderboard_cache.clear_on_commit(boards)  # the cached boards link the entries' players
    Match.objects.filter(created_by_guest=guest_token, created_by__isnull=True).exclude(pk__in=kept).update(
        created_by_id=user_id, created_by_guest=""
    )
    return claim


def claim_on_login(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """`user_logged_in`: the session keeps its guest token through a login (django.contrib.auth.login
    cycles the key, not the data), so what the guest played is the account's from now on."""
    session = getattr(request, "session", None)
    if session is not None:
        guest_claim(user_id=user.pk, guest_token=session.get("guest_token", ""))
