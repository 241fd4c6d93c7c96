"""Reads of friendships, blocks and table invitations.

Online: a player is online while a socket of theirs is open at a table (a seat of an open or running
match with `Seat.connections` > 0, counted across web processes by games.live.presence). The site keeps
no other trace of a visit, so a player only in the lobby shows as offline.

Current table: a running match they sit at that anyone could watch: not embargoed, no shared-deal event
(duplicate round or daily challenge, whose deals other tables are playing) and spectators allowed."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.urls import reverse

from accounts.models import User
from friends.models import Block, Friendship, TableInvitation
from games.models import Match, MatchStatus, Seat


def is_blocked(a_user_id: int, b_user_id: int) -> bool:
    """True when either of the two players blocked the other."""
    return Block.objects.filter(
        Q(blocker_id=a_user_id, blocked_id=b_user_id) | Q(blocker_id=b_user_id, blocked_id=a_user_id)
    ).exists()


def has_blocked(blocker_id: int, blocked_id: int) -> bool:
    return Block.objects.filter(blocker_id=blocker_id, blocked_id=blocked_id).exists()


def friendship_between(a_user_id: int, b_user_id: int) -> Friendship | None:
    return Friendship.objects.filter(
        Q(asker_id=a_user_id, asked_id=b_user_id) | Q(asker_id=b_user_id, asked_id=a_user_id)
    ).first()


def are_friends(a_user_id: int, b_user_id: int) -> bool:
    found = friendship_between(a_user_id, b_user_id)
    return found is not None and found.accepted_at is not None


def online_ids(user_ids: list[int]) -> set[int]:
    live = (MatchStatus.OPEN, MatchStatus.RUNNING)
    seats = Seat.objects.filter(user_id__in=user_ids, connections__gt=0, match__status__in=live)
    return set(seats.values_list("user_id", flat=True))


def watchable_tables(user_ids: list[int]) -> dict[int, int]:
    """The running table each player sits at, when it may be shown to a friend (the newest if several)."""
    seats = (
        Seat.objects.filter(
            user_id__in=user_ids,
            match__status=MatchStatus.RUNNING,
            match__embargoed=False,
            match__deal_event="",
            match__spectators_allowed=True,
            match__private=False,
        )
        .order_by("match__started_at")
        .values_list("user_id", "match_id")
    )
    return dict(seats)  # later (newer) rows win


def _person(user: User) -> dict[str, Any]:
    return {"username": user.get_username(), "display_name": user.display_name or user.get_username()}


def friends_overview(user: User) -> dict[str, Any]:
    """Friends (with online status and current table), requests both ways, blocks and invitations."""
    rows = Friendship.objects.filter(Q(asker=user) | Q(asked=user)).select_related("asker", "asked")
    friends: list[tuple[User, Friendship]] = []
    incoming: list[dict[str, Any]] = []
    outgoing: list[dict[str, Any]] = []
    for row in rows.order_by("created_at"):
        other = row.asked if row.asker_id == user.pk else row.asker
        if row.accepted_at is not None:
            friends.append((other, row))
        elif row.asked_id == user.pk:
            incoming.append({**_person(other), "at": row.created_at.isoformat()})
        else:
            outgoing.append({**_person(other), "at": row.created_at.isoformat()})
    ids = [other.pk for other, _ in friends]
    online, tables = online_ids(ids), watchable_tables(ids)
    friend_list = [
        {
            **_person(other),
            "since": row.accepted_at.isoformat() if row.accepted_at else None,
            "online": other.pk in online,
            "table": tables.get(other.pk),
        }
        for other, row in sorted(friends, key=lambda pair: pair[0].get_username().lower())
    ]
    blocked = Block.objects.filter(blocker=user).select_related("blocked").order_by("created_at")
    return {
        "friends": friend_list,
        "incoming": incoming,
        "outgoing": outgoing,
        "blocked": [_person(b.blocked) for b in blocked],
        "invitations": invitations_for(user),
    }


def invitations_for(user: User) -> list[dict[str, Any]]:
    """Invitations to tables still open, from players neither blocked nor blocking."""
    blockers = Block.objects.filter(blocked=user).values("blocker_id")
    blocked = Block.objects.filter(blocker=user).values("blocked_id")
    found = (
        TableInvitation.objects.filter(recipient=user, match__status=MatchStatus.OPEN)
        .exclude(sender_id__in=blockers)
        .exclude(sender_id__in=blocked)
        .exclude(match__seats__user=user)  # seated already
        .select_related("sender", "match")
        .order_by("-created_at")
    )
    return [
        {
            "id": inv.pk,
            "from": _person(inv.sender),
            "match": inv.match_id,
            "game": inv.match.game,
            "at": inv.created_at.isoformat(),
            "url": invitation_url(inv.match),
        }
        for inv in found[:20]
    ]


def invitation_url(match: Match) -> str:
    """Where an invitation to `match` leads: a private table's carries its link (the sender sits there
    and may share it)."""
    return reverse("table", args=[match.pk]) + (f"?invite={match.invite_token}" if match.private else "")


def invitable_match(match_id: int) -> Match | None:
    """An open table a friend could be invited to (never one of a shared-deal event)."""
    return Match.objects.filter(pk=match_id, status=MatchStatus.OPEN, embargoed=False, deal_event="").first()
