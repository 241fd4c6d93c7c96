"""A league table's links in the match export (games.services.archive): its league, season, the
league's members (who counted when is part of the standings) and its duplicate round, and their
restore. Leagues and rounds have no natural key: a league is found again by name, game and creation
time, a round by its season and creation time."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db.models import Model

from games.models import Match
from games.services.archive import ArchiveRefused, parse_when, user_restore
from leagues.models import DuplicateRound, League, LeagueMatch, Membership, Season


def _when(value: dt.datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def league_link_export(match: Match) -> dict[str, Any] | None:
    link = (
        LeagueMatch.objects.select_related("season__league__created_by", "round").filter(match=match).first()
    )
    if link is None:
        return None
    season, league, round_ = link.season, link.season.league, link.round
    members = league.memberships.select_related("user").order_by("joined_at", "pk")
    return {
        "league": {
            "name": league.name,
            "game": league.game,
            "options": league.options,
            "access": league.access,
            "joining_closed": league.joining_closed,
            "scoring": league.scoring,
            "recurs": league.recurs,
            "created_by": league.created_by.username if league.created_by else None,
            "created_by_display_name": league.created_by.display_name if league.created_by else None,
            "created_at": _when(league.created_at),
        },
        "season": {
            "number": season.number,
            "starts_on": season.starts_on.isoformat(),
            "ends_on": season.ends_on.isoformat(),
            "status": season.status,
            "archived_at": _when(season.archived_at),
            "final_standings": season.final_standings,
        },
        "members": [
            {
                "username": m.user.username,
                "display_name": m.user.display_name,
                "joined_at": _when(m.joined_at),
            }
            for m in members
        ],
        "round": (
            {"created_at": _when(round_.created_at), "released_at": _when(round_.released_at)}
            if round_ is not None
            else None
        ),
        "table": link.table,
    }


def _set_created(row: Model, value: str | None) -> None:
    # `created_at` is auto_now_add: the original time is put back with an update.
    type(row)._default_manager.filter(pk=row.pk).update(created_at=parse_when(value))


def _required_when(value: str | None, what: str) -> dt.datetime:
    when = parse_when(value)
    if when is None:
        raise ArchiveRefused(f"the {what} has no creation time")
    return when


def league_link_restore(match: Match, data: dict[str, Any]) -> None:
    spec, created = data["league"], _required_when(data["league"]["created_at"], "league")
    league = League.objects.filter(name=spec["name"], game=spec["game"], created_at=created).first()
    if league is None:
        creator = None
        if spec["created_by"]:
            creator = user_restore(
                username=spec["created_by"], display_name=spec["created_by_display_name"] or ""
            )
        league = League.objects.create(
            name=spec["name"],
            game=spec["game"],
            options=spec["options"],
            access=spec["access"],
            joining_closed=spec["joining_closed"],
            scoring=spec["scoring"],
            recurs=spec["recurs"],
            created_by=creator,
        )
        _set_created(league, spec["created_at"])
    for m in data["members"]:
        user = user_restore(username=m["username"], display_name=m["display_name"])
        Membership.objects.get_or_create(
            league=league, user=user, defaults={"joined_at": parse_when(m["joined_at"])}
        )
    s = data["season"]
    season, _ = Season.objects.get_or_create(
        league=league,
        number=s["number"],
        defaults={
            "starts_on": dt.date.fromisoformat(s["starts_on"]),
            "ends_on": dt.date.fromisoformat(s["ends_on"]),
            "status": s["status"],
            "archived_at": parse_when(s["archived_at"]),
            "final_standings": s["final_standings"],
        },
    )
    round_ = None
    if data["round"] is not None:
        r = data["round"]
        round_created = _required_when(r["created_at"], "duplicate round")
        round_ = DuplicateRound.objects.filter(season=season, created_at=round_created).first()
        if round_ is None:
            round_ = DuplicateRound.objects.create(season=season, released_at=parse_when(r["released_at"]))
            _set_created(round_, r["created_at"])
    if LeagueMatch.objects.filter(match=match).exists():
        raise ArchiveRefused("the match is linked to a league already")
    LeagueMatch.objects.create(season=season, match=match, round=round_, table=data["table"])
