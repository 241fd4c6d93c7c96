"""The public board pages. Anyone may read them, logged in or not."""

from __future__ import annotations

from datetime import datetime

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games import packs
from games.catalog.ai_words import version_name
from games.catalog.titles import game_title
from leaderboard import selectors
from leaderboard.models import TOP_N
from leaderboard.services import board_games


def index(request: HttpRequest) -> HttpResponse:
    boards = [{"game": g, "title": game_title(g)} for g in board_games()]
    return render(request, "leaderboard/index.html", {"boards": boards})


def board(request: HttpRequest, game: str) -> HttpResponse:
    if game not in board_games():
        raise Http404("no such leaderboard")
    top = selectors.board_top(game)
    usernames = selectors.entry_usernames([row["id"] for row in top])
    rows = [
        {
            **row,
            "username": usernames.get(row["id"], ""),
            "saved": datetime.fromisoformat(row["saved_at"]),
            "against": ", ".join(version_name(v) for v in row["opponent_ai_versions"]),
            "level": version_name(row["ai_version"]) if row["ai_version"] else "",
        }
        for row in top
    ]
    context = {
        "game": game,
        "title": game_title(game),
        "rows": rows,
        "top_n": TOP_N,
        "has_sacks": any(row["sacks"] is not None for row in rows) or packs.pack(game).sacks,
    }
    return render(request, "leaderboard/board.html", context)
