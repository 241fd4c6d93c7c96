"""Writes: friend requests, accepting, declining, removing, blocking, inviting a friend to a table."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from friends import selectors
from friends.errors import AlreadyAsked, Blocked, Forbidden, NotFound, NotFriends, SelfFriend
from friends.models import Block, Friendship, TableInvitation
from games.errors import MatchNotRunning
from notifications.kinds import Kind
from notifications.services import notifications_settle, notify

MAX_NAME = 150


def _registered(user: User) -> None:
    if not user.is_authenticated:
        raise Forbidden("log in to have friends")


def player_find(name: str) -> User:
    """A registered player by user name, else by display name (when only one player has it)."""
    name = name.strip()
    if not name or len(name) > MAX_NAME or "\x00" in name:
        raise NotFound("no such player")
    found = User.objects.filter(is_active=True, username__iexact=name).first()
    if found is None:
        by_display = list(User.objects.filter(is_active=True, display_name__iexact=name)[:2])
        found = by_display[0] if len(by_display) == 1 else None
    if found is None:
        raise NotFound("no such player")
    return found


def friend_request(*, user: User, name: str) -> Friendship:
    """Ask `name` to be friends. If they had asked already, this accepts their request."""
    _registered(user)
    other = player_find(name)
    if other.pk == user.pk:
        raise SelfFriend("you cannot be your own friend")
    if selectors.is_blocked(user.pk, other.pk):
        raise Blocked("this request is not possible")
    with transaction.atomic():
        existing = selectors.friendship_between(user.pk, other.pk)
        if existing is not None:
            if existing.accepted_at is None and existing.asked_id == user.pk:
                existing.accepted_at = timezone.now()
                existing.save(update_fields=["accepted_at"])
                notifications_settle(user_id=user.pk, under=f"{Kind.FRIEND_REQUEST}:{other.pk}")
                return existing
            raise AlreadyAsked("you are friends already or the request is waiting")
        try:
            with transaction.atomic():
                made = Friendship.objects.create(asker=user, asked=other)
        except IntegrityError as exc:  # the same request at the same moment
            raise AlreadyAsked("the request is waiting") from exc
        _request_notify(made, asker=user, asked=other)
        return made


def _request_notify(request: Friendship, *, asker: User, asked: User) -> None:
    """The asked player hears of it, at most once a day from one asker (asking, withdrawing and asking
    again does not ring their bell every time)."""
    notify(
        user=asked,
        kind=Kind.FRIEND_REQUEST,
        params={"from": asker.display_name or asker.get_username(), "username": asker.get_username()},
        url=reverse("friends"),
        key=f"{Kind.FRIEND_REQUEST}:{asker.pk}:{timezone.localdate(request.created_at).isoformat()}",
        actor=asker,
    )


def _incoming(user: User, name: str) -> Friendship:
    _registered(user)
    other = player_find(name)
    found = Friendship.objects.filter(asker=other, asked=user, accepted_at__isnull=True).first()
    if found is None:
        raise NotFound("no request from this player")
    return found


def friend_accept(*, user: User, name: str) -> Friendship:
    request = _incoming(user, name)
    request.accepted_at = timezone.now()
    request.save(update_fields=["accepted_at"])
    notifications_settle(user_id=user.pk, under=f"{Kind.FRIEND_REQUEST}:{request.asker_id}")
    return request


def friend_decline(*, user: User, name: str) -> None:
    request = _incoming(user, name)
    request.delete()
    notifications_settle(user_id=user.pk, under=f"{Kind.FRIEND_REQUEST}:{request.asker_id}")


def friend_remove(*, user: User, name: str) -> None:
    """End a friendship, or withdraw one's own request."""
    _registered(user)
    other = player_find(name)
    found = selectors.friendship_between(user.pk, other.pk)
    if found is None or (found.accepted_at is None and found.asker_id != user.pk):
        raise NotFound("no friendship or request of yours with this player")
    found.delete()


def block(*, user: User, name: str) -> Block:
    """Block a player: the friendship, requests and invitations between the two go."""
    _registered(user)
    other = player_find(name)
    if other.pk == user.pk:
        raise SelfFriend("you cannot block yourself")
    pair = Q(asker=user, asked=other) | Q(asker=other, asked=user)
    invites = Q(sender=user, recipient=other) | Q(sender=other, recipient=user)
    with transaction.atomic():
        Friendship.objects.filter(pair).delete()
        TableInvitation.objects.filter(invites).delete()
        made, _ = Block.objects.get_or_create(blocker=user, blocked=other)
    return made


def unblock(*, user: User, name: str) -> None:
    _registered(user)
    other = player_find(name)
    if not Block.objects.filter(blocker=user, blocked=other).delete()[0]:
        raise NotFound("you have not blocked this player")


def table_invite(*, user: User, name: str, match_id: int) -> TableInvitation:
    """Invite a friend to an open table."""
    _registered(user)
    other = player_find(name)
    if selectors.is_blocked(user.pk, other.pk):
        raise Blocked("this invitation is not possible")
    if not selectors.are_friends(user.pk, other.pk):
        raise NotFriends("only friends can be invited")
    match = selectors.invitable_match(match_id)
    if match is None:
        raise MatchNotRunning(f"table {match_id} is not open for an invitation")
    if match.created_by_id != user.pk and not match.seats.filter(user=user).exists():
        raise Forbidden("invite only to a table of yours")
    with transaction.atomic():
        made, created = TableInvitation.objects.get_or_create(sender=user, recipient=other, match=match)
        if created:
            notify(
                user=other,
                kind=Kind.TABLE_INVITATION,
                params={
                    "from": user.display_name or user.get_username(),
                    "match": match.pk,
                    "game": match.game,
                },
                url=selectors.invitation_url(match),
                key=f"{Kind.TABLE_INVITATION}:{made.pk}",
                actor=user,
            )
    return made


def invitation_dismiss(*, user: User, invitation_id: int) -> None:
    _registered(user)
    if not TableInvitation.objects.filter(pk=invitation_id, recipient=user).delete()[0]:
        raise NotFound("no such invitation")
    notifications_settle(user_id=user.pk, under=f"{Kind.TABLE_INVITATION}:{invitation_id}")
