"""The challenge pages: today's challenges, a challenge's results (with the field's play per deal
after the close), one deal compared, the archive and the monthly table. Thin: selectors and services."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_POST

from challenges import days, selectors, services
from challenges.errors import AlreadyEntered
from challenges.models import Challenge
from games import packs
from games.catalog.ai_words import version_name
from games.catalog.titles import game_title
from games.errors import GameError
from games.identity.browser import request_origin
from games.packs.base import in_language


def _language() -> str:
    return get_language() or "en"


def _unit(challenge: Challenge) -> str:
    rules = packs.pack(challenge.game).challenge
    return in_language(rules.unit, _language()) if rules is not None else ""


def card(challenge: Challenge, user: Any) -> dict[str, Any]:
    """What a challenge's box shows the visitor: the game, time left, who has played, their own state."""
    entry = selectors.entry_of(challenge, user)
    mine: dict[str, Any] | None = None
    if entry is not None:
        mine = {
            "match": entry.match_id,
            "finished": entry.finished_at is not None,
            "over": entry.match.is_over,
        }
        if entry.finished_at is not None:
            ranked = selectors.standings(challenge)
            place = ranked.place_of(entry.pk)
            halves = ranked.halves[place - 1] if place is not None else None
            mine.update(
                score=selectors.number(sum(entry.scores or [])),
                place=place,
                percent=selectors.pct(ranked.percent(halves)) if halves is not None else None,
            )
    return {
        "challenge": challenge,
        "title": game_title(challenge.game),
        "unit": _unit(challenge),
        "level": version_name(challenge.ai_version),
        "played": getattr(challenge, "played", 0),
        "mine": mine,
        "seconds_left": max(0, int((challenge.closes_at - timezone.now()).total_seconds())),
    }


@ensure_csrf_cookie
def index(request: HttpRequest) -> HttpResponse:
    services.challenges_ensure_today()
    cards = [card(c, request.user) for c in selectors.open_challenges()]
    return render(request, "challenges/index.html", {"cards": cards, "today": days.today()})


@require_POST
def play(request: HttpRequest, challenge_id: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={reverse('challenges')}")
    try:
        entry = services.challenge_enter(
            challenge_id=challenge_id,
            user=request.user,
            origin=request_origin(request),
        )
    except AlreadyEntered as exc:
        mine = selectors.entry_of(selectors.challenge_get(challenge_id), request.user)
        if mine is not None:  # their own entry: back to it
            return redirect("table", match_id=mine.match_id)
        messages.error(request, _refusal(exc))
        return redirect("challenges")
    except GameError as exc:
        messages.error(request, _refusal(exc))
        return redirect("challenges")
    return redirect("table", match_id=entry.match_id)


def _refusal(exc: GameError) -> str:
    return {
        "already_entered": _(
            "You have played this challenge already, under this or another account: one entry per player."
        ),
        "challenge_closed": _("This challenge is closed: its results and replays are public now."),
    }.get(exc.code, exc.message)


def results(request: HttpRequest, challenge_id: int) -> HttpResponse:
    challenge = selectors.challenge_get(challenge_id)
    entry = selectors.entry_of(challenge, request.user)
    context: dict[str, Any] = {
        "card": card(challenge, request.user),
        "challenge": challenge,
        "title": game_title(challenge.game),
        "unit": _unit(challenge),
        "deal_numbers": list(range(1, challenge.deals + 1)),
        "closed": not challenge.is_open,
    }
    if challenge.is_open and (entry is None or entry.finished_at is None):
        context["locked"] = True
        return render(request, "challenges/results.html", context)
    data = selectors.results(challenge, request.user)
    context.update(data=data, me=data["me"], par=data["par"])
    if not challenge.is_open:
        context["field"] = selectors.field_play(challenge, _language())
    return render(request, "challenges/results.html", context)


def compare(request: HttpRequest, challenge_id: int, deal: int) -> HttpResponse:
    """One deal after the close: my play, the best entry's and the AI's, move by move."""
    challenge = selectors.challenge_get(challenge_id)
    if challenge.is_open or not 1 <= deal <= challenge.deals:
        raise Http404("no such deal to compare")
    mine = selectors.entry_of(challenge, request.user)
    best = selectors.best_entry(challenge)
    columns = []
    if mine is not None and mine.finished_at is not None:
        columns.append(
            {"label": _("My play"), "match": mine.match_id, "score": _deal_score(mine.scores, deal)}
        )
    if best is not None and (mine is None or best.pk != mine.pk):
        name = best.user.display_name or best.user.get_username()
        label = _("Best entry: %(name)s") % {"name": name}
        columns.append({"label": label, "match": best.match_id, "score": _deal_score(best.scores, deal)})
    if challenge.par_match_id is not None and challenge.par is not None:
        label = _("The AI (%(level)s)") % {"level": version_name(challenge.ai_version)}
        score = _deal_score(challenge.par["scores"], deal)
        columns.append({"label": label, "match": challenge.par_match_id, "score": score})
    context = {
        "challenge": challenge,
        "title": game_title(challenge.game),
        "deal": deal,
        "unit": _unit(challenge),
        "columns": columns,
        "deal_numbers": list(range(1, challenge.deals + 1)),
    }
    return render(request, "challenges/compare.html", context)


def _deal_score(scores: list[float] | None, deal: int) -> float | int | None:
    return selectors.number(scores[deal - 1]) if scores else None


def archive(request: HttpRequest) -> HttpResponse:
    closed = selectors.archive()
    won = selectors.winners(closed)
    rows = [{"challenge": c, "title": game_title(c.game), "winner": won.get(c.pk)} for c in closed]
    return render(request, "challenges/archive.html", {"rows": rows})


def monthly(request: HttpRequest, year: int | None = None, month: int | None = None) -> HttpResponse:
    today = days.today()
    year, month = year or today.year, month or today.month
    if not 1 <= month <= 12 or not 2000 <= year <= 9999:
        raise Http404("no such month")
    first, nxt = days.month_span(year, month)
    before = first - dt.timedelta(days=1)
    context = {
        "rows": selectors.monthly(year, month),
        "month": first,
        "minimum": selectors.MONTHLY_MINIMUM,
        # no link back past the first challenge: a walk of the months ends
        "previous": before if Challenge.objects.filter(day__lt=first).exists() else None,
        "following": nxt if nxt <= today else None,
    }
    return render(request, "challenges/monthly.html", context)
