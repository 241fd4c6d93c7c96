"""Writes on leagues: create, join, invite, open tables and duplicate rounds, roll seasons over.

The standings and ratings are written by `leagues.projection` only (from match events)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext

from accounts.models import User
from games import ai as ai_registry
from games.engine import IllegalAction, available_games, get_rules
from games.identity import entries, fairness
from games.identity.holds import event_review
from games.live.actors import NO_ORIGIN, Actor, Origin
from games.models import Match, MatchStatus, SeatKind
from games.services.matches import SeatSpec, match_create, match_join
from games.signals import match_published
from leagues.errors import (
    AILevelFixed,
    AlreadyMember,
    BadRequest,
    Forbidden,
    NotFound,
    NotInvited,
    NotMember,
    SeasonClosed,
)
from leagues.models import (
    Access,
    DuplicateRound,
    Invitation,
    League,
    LeagueMatch,
    Membership,
    Scoring,
    Season,
    SeasonStatus,
)
from leagues.seasons import season_dates_check, season_next_length
from leagues.selectors import current_season, is_manager, is_member, league_get, season_table
from notifications.kinds import Kind
from notifications.services import notifications_settle, notify

MAX_NAME = 80
# One seed for every table: a player at two tables of a round would see two hands of the same deal.
MAX_ROUND_TABLES = 100


def today() -> dt.date:
    return timezone.localdate()


def _registered(user: User | None) -> User:
    if user is None or not user.is_authenticated:
        raise Forbidden("log in to take part in leagues")
    return user


def running_season(league: League) -> Season:
    """The season in which tables may be opened today."""
    season = current_season(league)
    if season is None or season.ends_on < today():
        raise SeasonClosed("the season is over")
    if season.starts_on > today():
        raise SeasonClosed(f"the season starts on {season.starts_on.isoformat()}")
    return season


def season_dates_refuse(*, starts_on: dt.date, ends_on: dt.date) -> None:
    """BadRequest (in English, as every API message) unless the dates lie in the season window."""
    try:
        season_dates_check(starts_on=starts_on, ends_on=ends_on, today=today())
    except ValidationError as exc:
        with translation.override("en"):
            raise BadRequest(" ".join(exc.messages)) from exc


def league_create(
    *,
    creator: User,
    name: str,
    game: str,
    starts_on: dt.date,
    ends_on: dt.date,
    options: dict[str, Any] | None = None,
    access: str = Access.OPEN,
    scoring: str = Scoring.TOTAL,
    recurs: bool = False,
    ai_version: str | None = None,
) -> League:
    """Create a league with its first season; the creator becomes its first member. `ai_version` is
    the level of every AI seat at its tables, for good (see `league_ai_version`); by default Anton."""
    creator = _registered(creator)
    name = " ".join(str(name).split())
    if not name or len(name) > MAX_NAME:
        raise BadRequest(f"a league needs a name of 1 to {MAX_NAME} characters")
    if game not in available_games():
        raise BadRequest(f"unknown game {game!r}")
    try:
        opts = get_rules(game).normalize_options(options or {})
    except IllegalAction as exc:
        raise BadRequest(f"bad rule options: {exc.reason}") from exc
    if access not in Access.values:
        raise BadRequest("access is 'open' or 'invite'")
    if scoring not in Scoring.values:
        raise BadRequest("scoring is 'total', 'average' or 'wins'")
    versions = ai_registry.available_versions(game)
    if ai_version is None:
        ai_version = ai_registry.DEFAULT_VERSION if ai_registry.DEFAULT_VERSION in versions else versions[0]
    if ai_version not in versions:
        raise BadRequest(f"no AI version {ai_version!r} for {game}")
    season_dates_refuse(starts_on=starts_on, ends_on=ends_on)
    if ends_on < today():
        raise BadRequest("the season would already be over")
    with transaction.atomic():
        league = League.objects.create(
            name=name,
            game=game,
            options=opts,
            access=access,
            scoring=scoring,
            recurs=recurs,
            ai_version=ai_version,
            created_by=creator,
        )
        Season.objects.create(league=league, number=1, starts_on=starts_on, ends_on=ends_on)
        Membership.objects.create(league=league, user=creator)
    return league


def _check_open_for_members(league: League) -> None:
    season = current_season(league)
    if season is None or season.ends_on < today():
        raise SeasonClosed("the league's season is over; it takes no new members")


def league_join(*, league_id: int, user: User) -> Membership:
    """Join an open league, or accept a pending invitation to any league."""
    user = _registered(user)
    with transaction.atomic():
        league = league_get(league_id, lock=True)
        if league.memberships.filter(user=user).exists():
            raise AlreadyMember("you are already a member of this league")
        invitation = league.invitations.filter(user=user, accepted_at__isnull=True).first()
        if invitation is None and (league.access != Access.OPEN or league.joining_closed):
            raise NotInvited("this league takes new members by invitation only")
        _check_open_for_members(league)
        if invitation is not None:
            invitation.accepted_at = timezone.now()
            invitation.save(update_fields=["accepted_at"])
            notifications_settle(user_id=user.pk, under=f"{Kind.LEAGUE_INVITATION}:{invitation.pk}")
        try:
            with transaction.atomic():
                return Membership.objects.create(league=league, user=user)
        except IntegrityError as exc:  # a concurrent join of the same user
            raise AlreadyMember("you are already a member of this league") from exc


def invitation_accept(*, league_id: int, user: User) -> Membership:
    user = _registered(user)
    if not Invitation.objects.filter(league_id=league_id, user=user, accepted_at__isnull=True).exists():
        league_get(league_id)
        if Membership.objects.filter(league_id=league_id, user=user).exists():
            raise AlreadyMember("you are already a member of this league")
        raise NotInvited("you have no invitation to this league")
    return league_join(league_id=league_id, user=user)


def invitation_create(*, league_id: int, inviter: User, username: str) -> Invitation:
    """The league's creator (or staff; in open leagues any member) invites a registered player."""
    inviter = _registered(inviter)
    with transaction.atomic():
        league = league_get(league_id, lock=True)
        allowed = is_manager(league, inviter) or (league.access == Access.OPEN and is_member(league, inviter))
        if not allowed:
            raise Forbidden(gettext("Only the league's creator can invite players to it."))
        invitee = invitee_named(username)
        if invitee is None:
            raise NotFound(gettext("There is no player %(name)s.") % {"name": username})
        name = invitee.display_name or invitee.get_username()
        if league.memberships.filter(user=invitee).exists():
            raise AlreadyMember(gettext("%(name)s is already a member of this league.") % {"name": name})
        _check_open_for_members(league)
        invitation, created = Invitation.objects.get_or_create(
            league=league, user=invitee, defaults={"invited_by": inviter}
        )
        if not created:
            raise AlreadyMember(gettext("%(name)s is already invited to this league.") % {"name": name})
        notify(
            user=invitee,
            kind=Kind.LEAGUE_INVITATION,
            params={
                "from": inviter.display_name or inviter.get_username(),
                "league": league.name,
                "league_id": league.pk,
            },
            url=reverse("league", args=[league.pk]),
            key=f"{Kind.LEAGUE_INVITATION}:{invitation.pk}",
            actor=inviter,
        )
    return invitation


def invitee_named(name: str) -> User | None:
    """The registered player a typed name means: the user name, else the display name (either in any
    case); a display name two players share means nobody (the user name then tells them apart)."""
    name = name.strip()
    if not name or "\x00" in name:  # no account has a NUL, and PostgreSQL cannot compare it
        return None
    found = User.objects.filter(username__iexact=name, is_active=True).first()
    if found is not None:
        return found
    by_display = list(User.objects.filter(display_name__iexact=name, is_active=True)[:2])
    return by_display[0] if len(by_display) == 1 else None


def invitation_decline(*, league_id: int, user: User) -> None:
    """The invitee says no: the invitation is gone (the league may invite again)."""
    user = _registered(user)
    waiting = Invitation.objects.filter(league_id=league_id, user=user, accepted_at__isnull=True)
    ids = list(waiting.values_list("pk", flat=True))
    deleted, _ = waiting.delete()
    if not deleted:
        league_get(league_id)
        raise NotInvited(gettext("You have no invitation to this league."))
    for invitation_id in ids:
        notifications_settle(user_id=user.pk, under=f"{Kind.LEAGUE_INVITATION}:{invitation_id}")


def league_ai_version(league: League, asked: str | None, *, ai_seats: bool) -> str:
    """The AI level of a new table of the league: the league's own. A table with AI seats that asks
    for another is refused, so that every result a league counts was played against one level and
    farming an easier AI earns nothing."""
    if ai_seats and asked is not None and asked != league.ai_version:
        raise AILevelFixed(
            f"this league's AI players are {league.ai_version!r}: its tables seat no other AI version "
            f"(asked for {asked!r})"
        )
    return league.ai_version


def league_table_open(
    *,
    league_id: int,
    user: User,
    seats: Sequence[str],
    ai_version: str | None = None,
    origin: Origin = NO_ORIGIN,
) -> Match:
    """A member opens a league table (sitting at seat 0); the other human seats are free for members
    (games.identity.seating asks `leagues.seating.league_seat_rule` on every join). Its AI seats play the
    league's level (`ai_version` may only name it)."""
    user = _registered(user)
    league = league_get(league_id)
    if not is_member(league, user):
        raise NotMember("only members open league tables")
    season = running_season(league)
    level = league_ai_version(league, ai_version, ai_seats=SeatKind.AI in seats)
    with transaction.atomic():
        match = match_create(
            game=league.game,
            creator=Actor.for_user(user, origin),
            seats=[SeatSpec(kind=kind) for kind in seats],
            options=league.options,
            ai_version=level,
            ranked=True,
        )
        LeagueMatch.objects.create(season=season, match=match)
    return match


def duplicate_round_open(
    *,
    league_id: int,
    user: User,
    tables: Sequence[Sequence[User]],
    ai_version: str | None = None,
) -> DuplicateRound:
    """Open every table of a duplicate round: one secret seed for all, so every table gets the same deals.

    `tables[t]` lists the members at table t; its player j sits at seat (j + t) mod n, so across the
    tables each seat position (and with it each hand) goes to a different player; seats left over are
    AI seats. The players are seated at once and the tables start; their logs, replays and seed stay
    hidden until every table of the round is over."""
    user = _registered(user)
    league = league_get(league_id)
    if not is_manager(league, user):
        raise Forbidden("only the league's creator or staff open duplicate rounds")
    season = running_season(league)
    rules = get_rules(league.game)
    n = rules.players(league.options)
    if not tables:
        raise BadRequest("a duplicate round needs at least one table")
    if len(tables) > MAX_ROUND_TABLES:
        raise BadRequest(f"a duplicate round has at most {MAX_ROUND_TABLES} tables, got {len(tables)}")
    members = set(league.memberships.values_list("user_id", flat=True))
    table_of: dict[int, int] = {}
    for t, roster in enumerate(tables):
        if not 1 <= len(roster) <= n:
            raise BadRequest(f"a {league.game} table seats 1 to {n} players")
        for player in roster:
            if player.pk in table_of:
                where = (
                    "twice at table"
                    if table_of[player.pk] == t
                    else f"at tables {table_of[player.pk] + 1} and"
                )
                raise BadRequest(
                    f"{player.get_username()} is seated {where} {t + 1}: every table of a round has the "
                    "same deals, so a player sits at only one table of a round"
                )
            table_of[player.pk] = t
        if any(p.pk not in members for p in roster):
            raise NotMember("every player of a duplicate round must be a league member")
    # Nor under two accounts: the same browser, session history, or address and device.
    entries.roster_check(tables=tables)
    level = league_ai_version(league, ai_version, ai_seats=any(len(roster) < n for roster in tables))
    seed = fairness.new_seed()
    with transaction.atomic():
        round_ = DuplicateRound.objects.create(season=season)
        for t, roster in enumerate(tables):
            at = {(j + t) % n: player for j, player in enumerate(roster)}
            first = min(at)
            match = match_create(
                game=league.game,
                creator=Actor.for_user(at[first]),
                seats=[SeatSpec(kind=SeatKind.HUMAN if i in at else SeatKind.AI) for i in range(n)],
                options=league.options,
                creator_seat=first,
                ai_version=level,
                seed=seed,
                embargoed=True,
                ranked=True,
                table_limit=False,  # the manager seats the players of a round
            )
            for seat_index, player in sorted(at.items()):
                if seat_index != first:
                    match_join(
                        match_id=match.pk,
                        actor=Actor.for_user(player),
                        seat_index=seat_index,
                        table_limit=False,
                    )
            LeagueMatch.objects.create(season=season, match=match, round=round_, table=t)
    return round_


def round_release_if_over(*, round_id: int) -> bool:
    """Lift the embargo of a duplicate round once every table is over. True when it is (now or before)."""
    with transaction.atomic():
        round_ = DuplicateRound.objects.select_for_update().filter(pk=round_id).first()
        if round_ is None:
            return False
        if round_.released_at is not None:
            return True
        match_ids = list(round_.league_matches.values_list("match_id", flat=True))
        over = (MatchStatus.FINISHED, MatchStatus.ABANDONED)
        if Match.objects.filter(pk__in=match_ids).exclude(status__in=over).exists():
            return False
        # Tables where one person got in twice after all (a link that appeared later) stay held.
        events = set(Match.objects.filter(pk__in=match_ids).values_list("deal_event", flat=True)) - {""}
        held = {pk for event in events for pk in event_review(event=event)}
        Match.objects.filter(pk__in=match_ids).update(embargoed=False)
        round_.released_at = timezone.now()
        round_.save(update_fields=["released_at"])
        # Their results were held back with their logs (a score tells how the shared deals went):
        # now the leaderboard and the standings take the finished ones, in the order they finished.
        finished = Match.objects.filter(pk__in=match_ids, status=MatchStatus.FINISHED).exclude(pk__in=held)
        published = list(finished.order_by("finished_at", "pk").values_list("pk", flat=True))
        transaction.on_commit(lambda: _publish(published))
    return True


def _publish(match_ids: list[int]) -> None:
    for match_id in match_ids:
        match_published.send_robust(sender=None, match_id=match_id)


def rounds_release_finished() -> int:
    """Release every round whose tables are all over (abandoned tables send no signal). Beat task."""
    pending = DuplicateRound.objects.filter(released_at__isnull=True).values_list("pk", flat=True)
    return sum(round_release_if_over(round_id=pk) for pk in list(pending))


def season_rollover(*, season_id: int, on: dt.date | None = None) -> Season | None:
    """Archive a season whose end date has passed, freezing its final table; start the next season when
    the league recurs. Idempotent. Returns the next season (or None)."""
    on = on or today()
    with transaction.atomic():
        season = Season.objects.select_for_update().select_related("league").get(pk=season_id)
        if season.is_archived or season.ends_on >= on:
            return None
        season.final_standings = season_table(season, frozen=False)
        season.status = SeasonStatus.ARCHIVED
        season.archived_at = timezone.now()
        season.save(update_fields=["final_standings", "status", "archived_at"])
        if not season.league.recurs:
            return None
        length = season_next_length(season.ends_on - season.starts_on)
        starts = season.ends_on + dt.timedelta(days=1)
        # A beat that was down for a while: the next season starts today, not in the past.
        while starts + length < on:
            starts += length + dt.timedelta(days=1)
        return Season.objects.create(
            league=season.league, number=season.number + 1, starts_on=starts, ends_on=starts + length
        )


def seasons_rollover(on: dt.date | None = None) -> int:
    """Roll over every season past its end date. Returns how many were archived."""
    on = on or today()
    due = Season.objects.filter(status=SeasonStatus.ACTIVE, ends_on__lt=on).values_list("pk", flat=True)
    done = 0
    for pk in list(due):
        season_rollover(season_id=pk, on=on)
        done += 1
    return done
