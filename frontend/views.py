from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.engine import available_games
from games.selectors import open_matches


def home(request: HttpRequest) -> HttpResponse:
    return render(
        request, "frontend/home.html", {"games": available_games(), "open_matches": open_matches(20)}
    )
