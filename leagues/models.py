"""Leagues, seasons, membership, and the projections of match events that rank their players.

Written by the services only. `LeagueMatch` links a table opened from a league to the league's season
(the games app knows nothing of leagues). `ProjectedMatch`, `SeasonResult`, `Standing`, `Rating` and
`RatingChange` are projections of the event store: `manage.py rebuild_standings` wipes and recomputes
them; `ProjectedMatch` (one row per finished match, unique) is written in the same transaction as the
standings and ratings it caused, so each finished match counts exactly once.
"""

from __future__ import annotations

import datetime as dt
from typing import ClassVar

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone

from games.ai import DEFAULT_VERSION
from games.models import Match
from leagues.seasons import season_dates_check


class Access(models.TextChoices):
    OPEN = "open", "open"
    INVITE = "invite", "invite only"


class Scoring(models.TextChoices):
    TOTAL = "total", "total points"
    AVERAGE = "average", "average per match"
    WINS = "wins", "match wins"


class League(models.Model):
    name = models.CharField(max_length=80)
    game = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True, help_text="Rule options of every league table.")
    access = models.CharField(max_length=8, choices=Access.choices, default=Access.OPEN)
    # Staff (or the owner) may close a league to new members; invitations still work.
    joining_closed = models.BooleanField(default=False)
    scoring = models.CharField(max_length=8, choices=Scoring.choices, default=Scoring.TOTAL)
    # The AI level of every AI seat at its tables, fixed when the league is created: a table at another
    # level is refused, and only results against this level (or against people alone) count.
    ai_version = models.CharField(
        max_length=32, default=DEFAULT_VERSION, help_text="The AI version every AI seat of its tables plays."
    )
    recurs = models.BooleanField(default=False, help_text="Start the next season when one ends.")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-created_at",)

    def __str__(self) -> str:
        return f"{self.name} ({self.game})"


class SeasonStatus(models.TextChoices):
    ACTIVE = "active", "active"
    ARCHIVED = "archived", "archived"


class Season(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveIntegerField()
    starts_on = models.DateField()
    ends_on = models.DateField()
    status = models.CharField(max_length=16, choices=SeasonStatus.choices, default=SeasonStatus.ACTIVE)
    archived_at = models.DateTimeField(null=True, blank=True)
    # The frozen final table, written once when the season is archived.
    final_standings = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ("league", "-number")
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["league", "number"], name="season_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.league.name} – season {self.number}"

    @property
    def starts_at(self) -> dt.datetime:
        """Midnight (site time) at the start of the first day."""
        return timezone.make_aware(dt.datetime.combine(self.starts_on, dt.time()))

    @property
    def ends_at(self) -> dt.datetime:
        """Midnight (site time) after the last day: a match finished before this instant counts. A season
        stored before the date window (ending on the calendar's last day) ends at its last instant."""
        if self.ends_on == dt.date.max:
            return timezone.make_aware(dt.datetime.max)
        return timezone.make_aware(dt.datetime.combine(self.ends_on + dt.timedelta(days=1), dt.time()))

    def includes(self, when: dt.datetime) -> bool:
        """Whether a match finished at `when` finished within the season: on or before its last day
        (site time). Compared by date, so no season's dates overflow."""
        return timezone.localdate(when) <= self.ends_on

    def clean(self) -> None:
        """The admin's check (league_create checks the same): the dates lie in the season window."""
        if self.starts_on is None or self.ends_on is None:
            return  # the missing field has its own error
        try:
            season_dates_check(starts_on=self.starts_on, ends_on=self.ends_on, today=timezone.localdate())
        except ValidationError as exc:
            raise ValidationError({"ends_on": exc}) from exc

    @property
    def is_archived(self) -> bool:
        return self.status == SeasonStatus.ARCHIVED


class Membership(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_memberships"
    )
    joined_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("league", "joined_at")
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["league", "user"], name="membership_unique_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.league.name}"


class Invitation(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_invitations"
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["league", "user"], name="invitation_unique_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user} invited to {self.league.name}"


class DuplicateRound(models.Model):
    """Tables that share one seed (the same deals); their logs stay embargoed until all are over."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="rounds")
    created_at = models.DateTimeField(auto_now_add=True)
    released_at = models.DateTimeField(null=True, blank=True, help_text="When the embargo was lifted.")

    def __str__(self) -> str:
        return f"round #{self.pk} of {self.season}"


class LeagueMatch(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="league_matches")
    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="league_match")
    round = models.ForeignKey(
        DuplicateRound, null=True, blank=True, on_delete=models.SET_NULL, related_name="league_matches"
    )
    table = models.PositiveSmallIntegerField(default=0, help_text="Table number within a duplicate round.")

    class Meta:
        verbose_name_plural = "league matches"

    def __str__(self) -> str:
        return f"match {self.match_id} in {self.season}"


# --- projections -----------------------------------------------------------------------------------


class ProjectedMatch(models.Model):
    """A finished match the projection has applied (unique: each match counts once)."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, primary_key=True, related_name="+")
    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    counted = models.BooleanField(default=False, help_text="Counted for the season's standings.")
    rated = models.BooleanField(default=False, help_text="Changed ratings (two or more players).")
    projected_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"match {self.match_id} projected"


class SeasonResult(models.Model):
    """One player's result in one counted league match."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="results")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField()
    points = models.DecimalField(max_digits=12, decimal_places=2)
    place = models.PositiveSmallIntegerField(help_text="1 = best; ties share a place (AI seats included).")
    won = models.BooleanField()
    finished_at = models.DateTimeField()
    # The AI versions the player's seat played against ([]: people only), from the match's seats.
    opponent_ai_versions = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ("season", "finished_at", "match")
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["match", "user"], name="season_result_unique_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.points} in match {self.match_id}"


class Standing(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="standings")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    matches = models.PositiveIntegerField(default=0)
    points = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    wins = models.PositiveIntegerField(default=0)
    last_result_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["season", "user"], name="standing_unique_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user}: {self.points} in {self.season}"


class Rating(models.Model):
    """A player's skill for one game (openskill Plackett-Luce)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(max_length=32)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(help_text="mu - 3 sigma: the shown, conservative value.")
    matches = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["user", "game"], name="rating_unique_game"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.game}: {self.ordinal:.1f}"


class RatingChange(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.CharField(max_length=32)
    ordinal_before = models.FloatField()
    ordinal_after = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["match", "user"], name="rating_change_unique_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.ordinal_before:.1f} -> {self.ordinal_after:.1f}"

    @property
    def delta(self) -> float:
        return self.ordinal_after - self.ordinal_before
