"""The public board pages. Anyone may read them, logged in or not."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from games import packs
from games.catalog.titles import game_title
from games.packs.base import in_language
from leaderboard import bodies
from leaderboard.services import board_games


def index(request: HttpRequest) -> HttpResponse:
    language = get_language() or "en"
    boards = [
        {"game": g, "title": game_title(g), "ranks": in_language(packs.pack(g).board_ranks, language)}
        for g in board_games()
    ]
    return render(request, "leaderboard/index.html", {"boards": boards})


def board(request: HttpRequest, game: str) -> HttpResponse:
    if game not in board_games():
        raise Http404("no such leaderboard")
    # The table is the cached public body (rendered by our template, escaped there); the page around
    # it (the menu with the reader's name) is rendered per request.
    context = {"title": game_title(game), "table": mark_safe(bodies.board_table(game))}
    return render(request, "leaderboard/board.html", context)
