from __future__ import annotations

from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from accounts.forms import RegisterForm
from accounts.models import User
from accounts.services import user_register
from games.actors import Actor, actor_from_request
from games.models import MatchStatus
from games.selectors import actor_matches, matches_visible_to


def register(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("profile")
    form = RegisterForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = user_register(
            username=form.cleaned_data["username"],
            display_name=form.cleaned_data["display_name"],
            password=form.cleaned_data["password1"],
        )
        login(request, user)
        return redirect("profile")
    return render(request, "accounts/register.html", {"form": form})


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    return redirect("player", username=request.user.get_username())


def player(request: HttpRequest, username: str) -> HttpResponse:
    shown = get_object_or_404(User, username=username, is_active=True)
    matches = actor_matches(Actor(user_id=shown.pk), statuses=tuple(MatchStatus.values))
    # A table of a running duplicate round is listed to its own players only.
    matches = matches_visible_to(matches, actor_from_request(request))[:50]
    return render(
        request,
        "accounts/profile.html",
        {"shown": shown, "matches": matches, "is_me": request.user == shown},
    )
