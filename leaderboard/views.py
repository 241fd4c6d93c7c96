"""The public board pages. Anyone may read them, logged in or not."""

from __future__ import annotations

from datetime import datetime

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language

from games import packs
from games.catalog.ai_words import version_name
from games.catalog.titles import game_title
from games.packs.base import in_language
from leaderboard import selectors
from leaderboard.models import TOP_N
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
    pack = packs.pack(game)
    context = {
        "game": game,
        "title": game_title(game),
        # what the board ranks, in the game's own words (games/packs)
        "ranks": in_language(pack.board_ranks, get_language() or "en"),
        "rows": rows,
        "top_n": TOP_N,
        "has_sacks": any(row["sacks"] is not None for row in rows) or pack.sacks,
    }
    return render(request, "leaderboard/board.html", context)
