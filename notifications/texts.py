"""A notification's words, in the active language, from its kind and parameters (never stored as text).

Parameters hold only what the reader may know: a sender's display name, a game, a table or league
they were invited to, their own place in a closed challenge. A missing parameter shows as a dash, so
an old row never breaks a page."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from typing import Any

from django.utils import formats, timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext

from games.catalog.titles import game_title
from notifications.kinds import Kind

Params = Mapping[str, Any]


def _text(params: Params, name: str) -> str:
    value = params.get(name)
    return str(value) if value not in (None, "") else "–"


def _game(params: Params) -> str:
    game = params.get("game")
    return game_title(str(game)) if game else "–"


def _when(value: Any) -> str:
    moment = parse_datetime(value) if isinstance(value, str) else None
    if moment is None:
        return "–"
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment, dt.UTC)
    return formats.date_format(timezone.localtime(moment), "SHORT_DATETIME_FORMAT")


def _day(value: Any) -> str:
    day = parse_date(value) if isinstance(value, str) else None
    return formats.date_format(day, "SHORT_DATE_FORMAT") if day else "–"


def _percent(value: Any) -> str:
    return f"{formats.number_format(round(float(value), 1), decimal_pos=1)} %"


def _your_turn(p: Params) -> str:
    text = gettext("It is your turn at table %(match)s (%(game)s).") % {
        "match": _text(p, "match"),
        "game": _game(p),
    }
    if p.get("deadline"):
        text += " " + gettext("Move by %(deadline)s.") % {"deadline": _when(p["deadline"])}
    return text


def _turn_overdue(p: Params) -> str:
    return gettext(
        "%(name)s ran out of time at table %(match)s (%(game)s): let the AI play the seat or end the table."
    ) % {"name": _text(p, "from"), "match": _text(p, "match"), "game": _game(p)}


def _friend_request(p: Params) -> str:
    return gettext("%(name)s wants to be your friend.") % {"name": _text(p, "from")}


def _table_invitation(p: Params) -> str:
    return gettext("%(name)s invites you to table %(match)s (%(game)s).") % {
        "name": _text(p, "from"),
        "match": _text(p, "match"),
        "game": _game(p),
    }


def _league_invitation(p: Params) -> str:
    return gettext("%(name)s invites you to the league %(league)s.") % {
        "name": _text(p, "from"),
        "league": _text(p, "league"),
    }


def _challenge_result(p: Params) -> str:
    values = {
        "game": _game(p),
        "day": _day(p.get("day")),
        "place": _text(p, "place"),
        "entries": _text(p, "entries"),
    }
    if p.get("place") is None:
        return gettext("The daily challenge (%(game)s, %(day)s) is over; your entry was not ranked.") % values
    if p.get("percent") is None:
        return gettext("Daily challenge (%(game)s, %(day)s): place %(place)s of %(entries)s.") % values
    return gettext("Daily challenge (%(game)s, %(day)s): place %(place)s of %(entries)s, %(percent)s.") % {
        **values,
        "percent": _percent(p["percent"]),
    }


_BODIES: dict[str, Callable[[Params], str]] = {
    Kind.YOUR_TURN: _your_turn,
    Kind.TURN_OVERDUE: _turn_overdue,
    Kind.FRIEND_REQUEST: _friend_request,
    Kind.TABLE_INVITATION: _table_invitation,
    Kind.LEAGUE_INVITATION: _league_invitation,
    Kind.CHALLENGE_RESULT: _challenge_result,
}


def body(kind: str, params: Params) -> str:
    """The sentence shown in the list, the push and the e-mail."""
    render = _BODIES.get(kind)
    return render(params) if render else gettext("Something new for you.")


def title(kind: str) -> str:
    """A few words: the push's title and the e-mail's subject."""
    titles: dict[str, str] = {
        Kind.YOUR_TURN: gettext("Your turn"),
        Kind.TURN_OVERDUE: gettext("Out of time"),
        Kind.FRIEND_REQUEST: gettext("Friend request"),
        Kind.TABLE_INVITATION: gettext("Invitation to a table"),
        Kind.LEAGUE_INVITATION: gettext("League invitation"),
        Kind.CHALLENGE_RESULT: gettext("Daily challenge result"),
    }
    return titles.get(kind, gettext("Notification"))
