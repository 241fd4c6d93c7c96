"""A league table's links in the match export (games.store.archive): its league, season, the
league's members (who counted when is part of the standings) and its duplicate round, their check and
their restore. Leagues and rounds have no natural key: a league is found again by name, game and
creation time, a round by its season and creation time.

What is checked against the rest of the record (`league_link_verify`, before anything is stored): a
league table is ranked, of the league's game and options; its season's dates lie in the season window
(leagues.seasons); its human seats are members of the league (no guests), who joined before they sat
down; a table is of a shared-deal event exactly when it is a duplicate round's, embargoed exactly
while its round is unreleased, and a released
round was released after the table ended and before the export. On restore, against what is stored
(earlier lines of the same import included): a round found again has the same release and its tables
the same seed, and no player sits at two of its tables; a season found again has the same dates."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Model
from django.utils import timezone, translation

from games.models import Match, MatchStatus, SeatKind
from games.store.archive import ArchiveRefused, ArchiveUsers, parse_when
from games.store.archive_checks import deal_event
from leagues.models import DuplicateRound, League, LeagueMatch, Membership, Season
from leagues.seasons import season_dates_check


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


def league_link_verify(record: dict[str, Any], data: dict[str, Any], exported_at: dt.datetime | None) -> None:
    meta, league = record["match"], data["league"]
    if not meta["ranked"]:
        raise ArchiveRefused("a league table that is not ranked")
    if league["game"] != meta["game"] or league["options"] != meta["options"]:
        raise ArchiveRefused("a league table with other rules than its league's")
    _season_check(data["season"])
    members = {m["username"]: parse_when(m["joined_at"]) for m in data["members"]}
    for seat in record["seats"]:
        if seat["kind"] != SeatKind.HUMAN or not (seat["username"] or seat.get("guest_token")):
            continue
        if seat["username"] not in members:
            raise ArchiveRefused(f"seat {seat['index']} of a league table is not held by a league member")
        joined, sat = members[seat["username"]], parse_when(seat["joined_at"])
        if joined is not None and sat is not None and sat < joined:
            raise ArchiveRefused(f"seat {seat['index']} was taken before its player joined the league")
    _round_check(meta, data["round"], exported_at)


def _season_check(season: dict[str, Any]) -> None:
    starts, ends = dt.date.fromisoformat(season["starts_on"]), dt.date.fromisoformat(season["ends_on"])
    try:
        season_dates_check(starts_on=starts, ends_on=ends, today=timezone.localdate())
    except ValidationError as exc:
        with translation.override("en"):
            raise ArchiveRefused(f"season {season['number']}: {' '.join(exc.messages)}") from exc


def _round_check(
    meta: dict[str, Any], round_: dict[str, Any] | None, exported_at: dt.datetime | None
) -> None:
    if deal_event(meta) != (round_ is not None):
        raise ArchiveRefused(
            "a duplicate round's table that claims no shared deals"
            if round_ is not None
            else "a league table that claims shared deals but belongs to no duplicate round"
        )
    if round_ is None:
        if meta["embargoed"]:
            raise ArchiveRefused("the match is embargoed but belongs to no duplicate round")
        return
    created, released = (
        _required_when(round_["created_at"], "duplicate round"),
        parse_when(round_["released_at"]),
    )
    if meta["embargoed"] != (released is None):
        state = "embargoed" if meta["embargoed"] else "not embargoed"
        raise ArchiveRefused(
            f"the table is {state} but its round is {'released' if released else 'not released'}"
        )
    table_created = parse_when(meta["created_at"])
    if table_created is not None and table_created < created:
        raise ArchiveRefused("the table was opened before its duplicate round")
    if released is None:
        return
    ended = parse_when(meta["finished_at"])
    if meta["status"] not in (MatchStatus.FINISHED, MatchStatus.ABANDONED) or ended is None:
        raise ArchiveRefused(f"its round is released while the table is {meta['status']}")
    if released < ended or released < created:
        raise ArchiveRefused("its round was released before the table ended")
    if exported_at is not None and released > exported_at:
        raise ArchiveRefused("its round's release is after the export was written")


def league_link_restore(match: Match, data: dict[str, Any], users: ArchiveUsers) -> None:
    spec, created = data["league"], _required_when(data["league"]["created_at"], "league")
    league = League.objects.filter(name=spec["name"], game=spec["game"], created_at=created).first()
    if league is None:
        creator = None
        if spec["created_by"]:
            creator = users.get(
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
        user = users.get(username=m["username"], display_name=m["display_name"])
        Membership.objects.get_or_create(
            league=league, user=user, defaults={"joined_at": parse_when(m["joined_at"])}
        )
    s = data["season"]
    starts, ends = dt.date.fromisoformat(s["starts_on"]), dt.date.fromisoformat(s["ends_on"])
    season, _ = Season.objects.get_or_create(
        league=league,
        number=s["number"],
        defaults={
            "starts_on": starts,
            "ends_on": ends,
            "status": s["status"],
            "archived_at": parse_when(s["archived_at"]),
            "final_standings": s["final_standings"],
        },
    )
    if (season.starts_on, season.ends_on) != (starts, ends):
        raise ArchiveRefused(f"season {season.number} of {league.name!r} is stored here with other dates")
    round_ = None
    if data["round"] is not None:
        round_ = _round_restore(match, season, data["round"])
    if LeagueMatch.objects.filter(match=match).exists():
        raise ArchiveRefused("the match is linked to a league already")
    LeagueMatch.objects.create(season=season, match=match, round=round_, table=data["table"])


def _round_restore(match: Match, season: Season, spec: dict[str, Any]) -> DuplicateRound:
    """The round found again (its release and its tables' seed must agree with this table), or made."""
    created, released = _required_when(spec["created_at"], "duplicate round"), parse_when(spec["released_at"])
    round_ = DuplicateRound.objects.filter(season=season, created_at=created).first()
    if round_ is None:
        round_ = DuplicateRound.objects.create(season=season, released_at=released)
        _set_created(round_, spec["created_at"])
        return round_
    if round_.released_at != released:
        raise ArchiveRefused("its duplicate round is stored here with another release")
    tables = Match.objects.filter(league_match__round=round_)
    if tables.exclude(seed_commitment=match.seed_commitment).exists():
        raise ArchiveRefused("its duplicate round's other tables were dealt from another seed")
    players = set(match.seats.exclude(user=None).values_list("user_id", flat=True))
    if tables.filter(seats__user_id__in=players).exists():
        raise ArchiveRefused("a player of this table sits at another table of its duplicate round")
    return round_
