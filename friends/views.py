"""The /friends/ page. Reads through selectors, writes through services; a refusal shows on the page, in
the page's language, with its HTTP status."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from accounts.models import User
from friends import selectors, services
from games.catalog.params import whole_number
from games.errors import GameError
from games.models import Match, MatchStatus

REFUSALS = {
    "self_friend": _("You cannot be your own friend."),
    "already_asked": _("You are friends already, or your request is waiting."),
    "blocked": _("This is not possible."),
    "not_friends": _("Only friends can be invited."),
    "not_found": _("No such player or request."),
    "match_not_running": _("That table is not open any more."),
    "forbidden": _("You can invite only to a table of yours."),
    "bad_request": _("That is not a valid number."),
}
DONE = {
    "ask": _("Request sent."),
    "accept": _("You are friends now."),
    "decline": _("Request declined."),
    "remove": _("Removed."),
    "block": _("Player blocked."),
    "unblock": _("Player unblocked."),
    "invite": _("Invitation sent."),
    "dismiss": _("Invitation dismissed."),
}


def _user(request: HttpRequest) -> User:
    return cast(User, request.user)


def _my_open_tables(user: User) -> list[int]:
    return list(
        Match.objects.filter(status=MatchStatus.OPEN, seats__user=user, embargoed=False, deal_event="")
        .order_by("-created_at")
        .values_list("pk", flat=True)
        .distinct()[:10]
    )


def _page(request: HttpRequest, *, error: str = "", status: int = 200) -> HttpResponse:
    user = _user(request)
    context: dict[str, Any] = {
        **selectors.friends_overview(user),
        "open_tables": _my_open_tables(user),
        "error": error,
    }
    return render(request, "friends/index.html", context, status=status)


@login_required
def friends_index(request: HttpRequest) -> HttpResponse:
    return _page(request)


def _act(action: str, user: User, post: Any) -> None:
    name = str(post.get("username", ""))
    calls: dict[str, Callable[[], object]] = {
        "ask": lambda: services.friend_request(user=user, name=name),
        "accept": lambda: services.friend_accept(user=user, name=name),
        "decline": lambda: services.friend_decline(user=user, name=name),
        "remove": lambda: services.friend_remove(user=user, name=name),
        "block": lambda: services.block(user=user, name=name),
        "unblock": lambda: services.unblock(user=user, name=name),
        "invite": lambda: services.table_invite(user=user, name=name, match_id=_number(post.get("match"))),
        "dismiss": lambda: services.invitation_dismiss(
            user=user, invitation_id=_number(post.get("invitation"))
        ),
    }
    calls[action]()


def _number(value: object) -> int:
    number = whole_number(value if isinstance(value, str) else None, name="number")
    return number or 0


@login_required
@require_POST
def friends_action(request: HttpRequest, action: str) -> HttpResponse:
    if action not in DONE:
        return _page(request, error=str(REFUSALS["not_found"]), status=404)
    try:
        _act(action, _user(request), request.POST)
    except GameError as exc:
        return _page(request, error=str(REFUSALS.get(exc.code, exc.message)), status=exc.status)
    messages.success(request, DONE[action])
    return HttpResponseRedirect(reverse("friends"))
