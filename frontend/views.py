"""Pages. Each is a shell: the browser code talks to the REST API and the websocket for everything."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.csrf import ensure_csrf_cookie

from challenges.selectors import challenge_of_match
from games import packs
from games.catalog.titles import game_title, game_titles
from games.errors import Embargoed, NotFound
from games.live.actors import actor_from_request
from games.selectors import invite_path, match_visible

# Each rules page is one template per language (frontend/rules/<game>.<lang>.html); others read German.
RULES_LANGUAGES = ("de", "en", "ru")


def page_context(request: HttpRequest, **extra: object) -> dict[str, object]:
    user = request.user
    registered = bool(user.is_authenticated)
    name = (getattr(user, "display_name", "") or user.get_username()) if registered else ""
    return {
        "user_name": name,
        "guest_name": request.session.get("guest_name", "") if not registered else "",
        **extra,
    }


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The translated 404 page with a way back to the lobby (Django's handler404 renders it too)."""
    return render(request, "404.html", status=404)


@ensure_csrf_cookie
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "frontend/home.html", page_context(request))


@ensure_csrf_cookie
def new_game(request: HttpRequest) -> HttpResponse:
    game = request.GET.get("game", "")
    names = packs.names()
    if game and game not in names:
        # A stale or mistyped link names no game: say so rather than open another game's dialog.
        raise Http404(f"no game {game!r}")
    # The rules link before the script points it at the chosen game: the asked-for or the first game.
    rules_game = game or names[0]
    return render(request, "frontend/new_game.html", page_context(request, game=game, rules_game=rules_game))


@ensure_csrf_cookie
def live_games(request: HttpRequest) -> HttpResponse:
    """The running public tables to watch (games/live/watchlist.py), of one game with ?game=."""
    game = request.GET.get("game", "")
    if game and game not in packs.names():
        raise Http404(f"no game {game!r}")  # as /new/ does: a stale link says so rather than show all
    context = page_context(request, game=game, games=list(game_titles().items()))
    return render(request, "frontend/live.html", context)


def _invite_context(request: HttpRequest, match_id: int) -> dict[str, str]:
    """A private table's invitation: the token the visitor came with (?invite=, sent along when they
    take a seat) and, for its own seated players only, the link to share."""
    actor = actor_from_request(request)
    path = invite_path(match_visible(match_id, actor), actor)
    return {
        "invite": request.GET.get("invite", "")[:64],
        "invite_url": request.build_absolute_uri(path) if path else "",
    }


def _refused(request: HttpRequest, match_id: int) -> HttpResponse | None:
    """The page instead of a table shell whose scripts would fail: the 404 page for a missing match
    (also with DEBUG on), the 403 page for a table of a running duplicate round the visitor has no
    seat at."""
    try:
        match_visible(match_id, actor_from_request(request))
    except Embargoed:
        context = page_context(request, match_id=match_id)
        return render(request, "frontend/embargoed.html", context, status=403)
    except NotFound:
        return not_found(request)
    return None


@ensure_csrf_cookie
def table(request: HttpRequest, match_id: int) -> HttpResponse:
    refused = _refused(request, match_id)
    if refused:
        return refused
    # A daily challenge's table ends on the way to its results, not on "play again" and the board.
    challenge = challenge_of_match(match_id)
    results = reverse("challenge", args=[challenge.pk]) if challenge is not None else ""
    context = page_context(
        request, match_id=match_id, challenge_url=results, **_invite_context(request, match_id)
    )
    return render(request, "frontend/table.html", context)


@ensure_csrf_cookie
def replay(request: HttpRequest, match_id: int) -> HttpResponse:
    refused = _refused(request, match_id)
    return refused or render(request, "frontend/replay.html", page_context(request, match_id=match_id))


def _has_rules_page(game: str) -> bool:
    try:
        get_template(f"frontend/rules/{game}.de.html")
    except TemplateDoesNotExist:
        return False
    return True


def rules(request: HttpRequest, game: str) -> HttpResponse:
    if game not in packs.names() or not _has_rules_page(game):
        raise Http404("no such game")
    lang = (get_language() or "de").split("-")[0]
    lang = lang if lang in RULES_LANGUAGES else "de"
    others = [(g, title) for g, title in game_titles().items() if g != game and _has_rules_page(g)]
    return render(
        request,
        "frontend/rules.html",
        page_context(
            request,
            game=game,
            title=game_title(game),
            content=f"frontend/rules/{game}.{lang}.html",
            content_lang=lang,
            others=others,
        ),
    )
