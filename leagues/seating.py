"""The leagues' seat rule for the games app: a league table seats members of its league only (a guest
or a non-member at a league table would make the match silently stop counting)."""

from __future__ import annotations

from games.live.actors import Actor
from games.models import Match
from leagues.errors import NotMember
from leagues.models import LeagueMatch, Membership


def league_seat_rule(match: Match, actor: Actor) -> None:
    link = LeagueMatch.objects.select_related("season__league").filter(match_id=match.pk).first()
    if link is None:
        return
    league = link.season.league
    if actor.user_id is None:
        raise NotMember(
            f"this is a table of the league {league.name!r}: log in as one of its members to sit here"
        )
    if not Membership.objects.filter(league=league, user_id=actor.user_id).exists():
        raise NotMember(f"this is a table of the league {league.name!r}: only its members sit here")
