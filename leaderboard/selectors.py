"""Reads on leaderboards: a board's top 100, its pages, and how saving a match went."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.core.cache import cache as django_cache
from django.utils.translation import gettext

from games.errors import NotFound
from games.live.actors import Actor
from games.results.seat_records import HANDED_TO_AI, STAND_IN_LAST_DEAL
from games.selectors import match_visible
from leaderboard import cache
from leaderboard.errors import MatchNotFinished, NotEligible
from leaderboard.models import TOP_N, LeaderboardEntry, LeaderboardSave, SaveState
from leaderboard.qualifying import NO_POINTS, NOT_WON
from leaderboard.ranking import top_queryset
from leaderboard.services import board_games, check_eligible

PAGE_SIZES = cache.PAGE_SIZES
MESSAGE_SAVED = "Ergebnis gespeichert"
MESSAGE_NOT_SAVED = "Ergebnis noch nicht gespeichert"
MESSAGE_NOT_ELIGIBLE = "Kein Ergebnis für die Bestenliste"
RETRY_LABEL = "Ergebnis erneut speichern"


def replay_url(match_id: int) -> str:
    return f"/matches/{match_id}/replay/"


def _number(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)


def board_top(game: str) -> list[dict[str, Any]]:
    """The visible best 100 of `game`, ranked 1..100 (equal points: saved first ranks first)."""
    if game not in board_games():
        raise NotFound(f"there is no leaderboard for {game!r}")
    key = cache.top_key(game)
    rows: list[dict[str, Any]] | None = django_cache.get(key)
    if rows is None:
        fields = (
            "id",
            "match_id",
            "seat",
            "display_name",
            "is_ai",
            "points",
            "sacks",
            "saved_at",
            "ai_version",
            "opponent_ai_versions",
            "decisions",
            "stand_in_decisions",
        )
        rows = [
            {
                "rank": rank,
                "id": e["id"],
                "name": e["display_name"],
                "is_ai": e["is_ai"],
                "points": _number(e["points"]),
                "sacks": e["sacks"],
                "saved_at": e["saved_at"].isoformat(),
                "match_id": e["match_id"],
                "seat": e["seat"],
                "replay_url": replay_url(e["match_id"]),
                # an AI row's own version; the AI versions the row's seat played against
                "ai_version": e["ai_version"] or None,
                "opponent_ai_versions": e["opponent_ai_versions"],
                "decisions": e["decisions"],
                "stand_in_decisions": e["stand_in_decisions"],
            }
            for rank, e in enumerate(top_queryset(game).values(*fields), start=1)
        ]
        django_cache.set(key, rows, cache.TIMEOUT)
    return rows


def entry_usernames(entry_ids: list[int]) -> dict[int, str]:
    """Entry id -> the username of its player's active account, for a link to the public profile (an AI's
    or a guest's entry has none)."""
    rows = LeaderboardEntry.objects.filter(pk__in=entry_ids, is_ai=False, user__is_active=True)
    return dict(rows.values_list("pk", "user__username"))


def board_page(game: str, page: int, page_size: int = PAGE_SIZES[0]) -> dict[str, Any]:
    """One page of the top 100. Pages beyond the top 100 do not exist (NotFound); page 1 always does."""
    rows = board_top(game)
    pages = max(1, -(-min(len(rows), TOP_N) // page_size))
    if page < 1 or page > pages:
        raise NotFound(f"page {page} does not exist (1..{pages})")
    start = (page - 1) * page_size
    return {
        "game": game,
        "page": page,
        "pages": pages,
        "page_size": page_size,
        "count": len(rows),
        "results": rows[start : start + page_size],
    }


def unranked_reason_words(entry: LeaderboardEntry) -> str:
    """Why an entry is not ranked, in the active language (games.results.seat_records and
    leaderboard.qualifying)."""
    if entry.unranked == NO_POINTS:
        return gettext("Result saved, not on the leaderboard: it lists only results that scored points.")
    if entry.unranked == NOT_WON:
        return gettext("Result saved, not on the leaderboard: it lists won matches only.")
    if entry.unranked == HANDED_TO_AI:
        return gettext(
            "Not ranked as a person's result: the player ran out of time at this turn-based table and "
            "the other players let the AI play the seat for the rest of the match."
        )
    if entry.unranked == STAND_IN_LAST_DEAL:
        return gettext(
            "Not ranked as a person's result: the AI stand-in made %(stand_in)s of this seat's "
            "%(decisions)s decisions in the last deal."
        ) % {"stand_in": entry.last_deal_stand_in_decisions, "decisions": entry.last_deal_decisions}
    return gettext(
        "Not ranked as a person's result: the AI stand-in made %(stand_in)s of this seat's "
        "%(decisions)s decisions (more than a quarter)."
    ) % {"stand_in": entry.stand_in_decisions, "decisions": entry.decisions}


def unranked_seats(match_id: int) -> dict[str, dict[str, Any]]:
    """The seats of a saved match that are not ranked (no human result, or no best result), each with
    why: seat (as a string) ->
    reason, the stand-in's decisions of the seat's (overall and in the last deal) and the words."""
    entries = LeaderboardEntry.objects.filter(match_id=match_id).exclude(unranked="").order_by("seat")
    return {
        str(e.seat): {
            "reason": e.unranked,
            "decisions": e.decisions,
            "stand_in": e.stand_in_decisions,
            "last_deal_decisions": e.last_deal_decisions,
            "last_deal_stand_in": e.last_deal_stand_in_decisions,
            "message": unranked_reason_words(e),
        }
        for e in entries
    }


def save_status(match_id: int, actor: Actor | None = None) -> dict[str, Any]:
    """How saving a match to its board went, for the line under the table.

    state: "saved", "pending" (queued, not yet run), "failed" (a retry may work) or "not_eligible"
    (not finished, practice, abandoned). `can_retry` tells the page to show the retry button; a saved
    run has `ranks`: seat (as a string) -> its rank on the board, only for the seats whose result entered
    the board and stands in its top 100, and `unranked`: the seats that are not ranked, with why
    (`unranked_seats`)."""
    match = match_visible(match_id, actor or Actor())  # nothing of a running duplicate round
    seated = actor is not None and any(not s.is_ai and actor.owns(s) for s in match.seats.all())
    try:
        check_eligible(match)
    except (NotEligible, MatchNotFinished) as exc:
        return {
            "match_id": match.pk,
            "saved": False,
            "state": "not_eligible",
            "reason": exc.message,
            "message": gettext("No result for the leaderboard"),
            "message_de": MESSAGE_NOT_ELIGIBLE,
            "can_retry": False,
        }
    record = LeaderboardSave.objects.filter(match_id=match.pk).first()
    state = record.state if record is not None else SaveState.PENDING
    saved = state == SaveState.SAVED
    payload: dict[str, Any] = {
        "match_id": match.pk,
        "saved": saved,
        "state": str(state),
        "message": gettext("Result saved") if saved else gettext("Result not saved yet"),
        "message_de": MESSAGE_SAVED if saved else MESSAGE_NOT_SAVED,
        "can_retry": not saved and seated,
        "board_url": f"/leaderboard/{match.game}/",
    }
    if saved:
        # Each seat's place on the board (only the top 100 have one), for the end screen.
        rows = board_top(match.game)
        payload["ranks"] = {str(r["seat"]): r["rank"] for r in rows if r["match_id"] == match.pk}
        payload["unranked"] = unranked_seats(match.pk)
    else:
        payload["retry_label"] = gettext("Save result again")
        payload["retry_label_de"] = RETRY_LABEL
    return payload
