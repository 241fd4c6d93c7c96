"""Pages. Each is a shell: the browser code talks to the REST API and the websocket for everything."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie

from games.models import Match


def _context(request: HttpRequest, **extra: object) -> dict[str, object]:
    user = request.user
    registered = bool(user.is_authenticated)
    name = (getattr(user, "display_name", "") or user.get_username()) if registered else ""
    return {
        "user_name": name,
        "guest_name": request.session.get("guest_name", "") if not registered else "",
        **extra,
    }


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The translated 404 page with a way back to the lobby (also Django's handler404)."""
    return render(request, "404.html", status=404)


@ensure_csrf_cookie
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "frontend/home.html", _context(request))


@ensure_csrf_cookie
def new_game(request: HttpRequest) -> HttpResponse:
    return render(request, "frontend/new_game.html", _context(request, game=request.GET.get("game", "")))


@ensure_csrf_cookie
def preisjass(request: HttpRequest) -> HttpResponse:
    return render(request, "frontend/preisjass.html", _context(request))


# A missing match gets the 404 page itself, not a table shell whose scripts fail (also with DEBUG on).
@ensure_csrf_cookie
def table(request: HttpRequest, match_id: int) -> HttpResponse:
    if not Match.objects.filter(pk=match_id).exists():
        return not_found(request)
    return render(request, "frontend/table.html", _context(request, match_id=match_id))


@ensure_csrf_cookie
def replay(request: HttpRequest, match_id: int) -> HttpResponse:
    if not Match.objects.filter(pk=match_id).exists():
        return not_found(request)
    return render(request, "frontend/replay.html", _context(request, match_id=match_id))
