"""The daily challenge: per game and day one seed, the same deals for every entry, one entry per
person. The challenge and the entries are written by challenges.services; an entry's figures
(`finished_at`, `scores`, `deal_rows`, `total`) are a projection of its match's events
(challenges.projection), and `percent`/`place` the final standing written when the challenge closes."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models
from django.utils import timezone

from games.models import Match


class Challenge(models.Model):
    game = models.CharField(max_length=32)
    day = models.DateField(help_text="The challenge day (Europe/Vienna).")
    opens_at = models.DateTimeField()
    closes_at = models.DateTimeField()
    #: secret until the challenge closes; only its commitment is public before
    seed = models.CharField(max_length=64, editable=False)
    commitment = models.CharField(max_length=64, editable=False, db_index=True)
    options = models.JSONField(default=dict, blank=True)
    deals = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField(default=0, help_text="The player's seat at every entry.")
    ai_version = models.CharField(max_length=32, help_text="The AI level at every other seat.")
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True, help_text="When the seed was revealed.")
    #: the strongest AI in the player's seat on the same deals (challenges.par), once played
    par_match = models.OneToOneField(
        Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="par_of"
    )
    #: per deal: the AI's score, and the best score with all hands open (challenges.par)
    par = models.JSONField(null=True, blank=True)
    #: bumped with every finished entry (its `ranked_seq`): the cached standings are keyed by it
    results_version = models.PositiveIntegerField(default=0)
    #: bumped when the figures are wiped (a rebuild): the fields processes keep are keyed by it
    field_generation = models.PositiveIntegerField(default=0)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["game", "day"], name="one_challenge_per_game_and_day")
        ]
        indexes: ClassVar[list[models.Index]] = [models.Index(fields=["-day", "game"])]
        ordering: ClassVar[list[str]] = ["-day", "game"]

    def __str__(self) -> str:
        return f"{self.game} challenge of {self.day}"

    @property
    def is_open(self) -> bool:
        return self.closed_at is None and timezone.now() < self.closes_at

    @property
    def revealed_seed(self) -> str | None:
        return self.seed if self.closed_at is not None else None


class Entry(models.Model):
    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="challenge_entries"
    )
    match = models.OneToOneField(Match, on_delete=models.PROTECT, related_name="challenge_entry")
    entered_at = models.DateTimeField(auto_now_add=True)
    # --- projected from the match's events -------------------------------------------------------
    finished_at = models.DateTimeField(null=True, blank=True)
    #: per deal, the player's score in the game's unit
    scores = models.JSONField(null=True, blank=True)
    #: per deal, the engine's row for it (the contract played, ...)
    deal_rows = models.JSONField(null=True, blank=True)
    total = models.DecimalField(max_digits=12, decimal_places=3, null=True, blank=True)
    #: the challenge's results_version its figures made (challenges.projection.figures_save)
    ranked_seq = models.PositiveIntegerField(null=True, blank=True)
    # --- the final standing, written at the close -------------------------------------------------
    percent = models.FloatField(null=True, blank=True)
    place = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["challenge", "user"], name="one_entry_per_account")
        ]
        indexes: ClassVar[list[models.Index]] = [
            models.Index(fields=["challenge", "finished_at"]),
            models.Index(fields=["challenge", "place"]),
            models.Index(fields=["challenge", "ranked_seq"]),
        ]

    def __str__(self) -> str:
        return f"entry of {self.user} in {self.challenge}"
