"""The profile pages: one's own (an account's, or a guest session's) and another player's public one.
Both show the same figures (accounts.profiles) and nothing private: no e-mail, no guest or browser
token, no linked accounts, no card of a running table."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.paginator import InvalidPage
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from accounts import profiles
from accounts.models import User
from games.live.actors import Actor, actor_from_request


def profile(request: HttpRequest) -> HttpResponse:
    """An account's own profile is its public page; a guest's is its session's, shown to it alone."""
    if request.user.is_authenticated:
        return redirect("player", username=request.user.get_username())
    guest = actor_from_request(request)
    if not guest.guest_token:
        return redirect_to_login(request.get_full_path())
    context = _figures(request, guest, guest)
    return render(request, "accounts/profile.html", {**context, "guest_name": guest.display_name})


def player(request: HttpRequest, username: str) -> HttpResponse:
    if "\x00" in username:  # no account has it, and PostgreSQL cannot even compare it
        raise Http404("no such player")
    shown = get_object_or_404(User, username=username, is_active=True)
    context = _figures(request, Actor(user_id=shown.pk), actor_from_request(request))
    return render(
        request, "accounts/profile.html", {**context, "shown": shown, "is_me": request.user == shown}
    )


def _figures(request: HttpRequest, subject: Actor, viewer: Actor) -> dict[str, Any]:
    try:
        page = profiles.history_page(subject, viewer, int(request.GET.get("page", "1")))
    except (ValueError, InvalidPage) as exc:
        raise Http404("no such page of matches") from exc
    return {"figures": profiles.game_figures(subject), "history": page}
