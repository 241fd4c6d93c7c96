"""Listeners: a turn due at a turn-based table (games.signals.turn_due), and a logout (the push
subscriptions made in that session stop reaching its browser)."""

from __future__ import annotations

import datetime as dt
import logging
from typing import Any

from django.db import transaction
from django.http import HttpRequest
from django.urls import reverse

from games.models import Match, Seat
from notifications import services
from notifications.kinds import Kind

log = logging.getLogger(__name__)

#: where a session keeps the ids of the push subscriptions it made
SESSION_SUBSCRIPTIONS = "notifications.push"


def on_turn_due(
    sender: Any,
    *,
    match_id: int,
    seq: int,
    seat: int,
    user_id: int | None,
    deadline: dt.datetime | None = None,
    **kwargs: Any,
) -> None:
    """A human seat of a turn-based table is to move at `seq`: its player (an account; a guest is
    told by nothing but the table) gets "your turn", once per (table, seq); their older unread turns
    at that table are stale and marked read."""
    if user_id is None:
        return
    game = Match.objects.filter(pk=match_id).values_list("game", flat=True).first()
    if game is None:
        return
    key = f"{Kind.YOUR_TURN}:{match_id}:{seq}"
    params: dict[str, Any] = {"game": game, "match": match_id, "seat": seat}
    if deadline is not None:
        params["deadline"] = deadline.isoformat()
    try:
        with transaction.atomic():
            services.notify(
                user=user_id,
                kind=Kind.YOUR_TURN,
                params=params,
                url=reverse("table", args=[match_id]),
                key=key,
            )
            # the player's older unread turns at this table are stale now
            services.notifications_settle(user_id=user_id, under=f"{Kind.YOUR_TURN}:{match_id}", keep_key=key)
    except Exception:  # the move is stored whatever happens here
        log.exception("notifying the turn at match %s seq %s failed", match_id, seq)


def on_turn_overdue(
    sender: Any, *, match_id: int, seq: int, seat: int | None, user_ids: list[int], **kwargs: Any
) -> None:
    """The seat to move at a turn-based table ran out of time: the players who may choose (let the AI
    play it or end the table) are told, once per (table, seq). Not muted by a block: it is the table's
    clock speaking, and only they can move the table on."""
    match = Match.objects.filter(pk=match_id).values("game").first()
    if match is None or seat is None or not user_ids:
        return
    # the name the table shows at that seat
    name = Seat.objects.filter(match_id=match_id, index=seat).values_list("display_name", flat=True).first()
    params: dict[str, Any] = {"game": match["game"], "match": match_id, "seat": seat, "from": name or ""}
    notes = [
        services.Note(
            user_id=user_id,
            kind=Kind.TURN_OVERDUE,
            params=params,
            url=reverse("table", args=[match_id]),
            key=f"{Kind.TURN_OVERDUE}:{match_id}:{seq}",
        )
        for user_id in user_ids
    ]
    try:
        services.notify_many(notes)
    except Exception:  # the mark is stored whatever happens here
        log.exception("notifying the overdue turn at match %s seq %s failed", match_id, seq)


def on_logged_out(sender: Any, request: HttpRequest | None = None, user: Any = None, **kwargs: Any) -> None:
    if request is None or user is None or not getattr(request, "session", None):
        return
    ids = request.session.get(SESSION_SUBSCRIPTIONS) or []
    if ids:
        services.push_subscriptions_forget(user_id=user.pk, subscription_ids=ids)
