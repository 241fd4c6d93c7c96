"""The collusion monitor's projection (docs/security.md): per pair of accounts that sat together at a
three-player table, the evidence of each match (its decisions valued by games.ai.collusion) and the
pair's test statistic over all of them. Derived from the events alone; rebuilt by
`manage.py rebuild_projections collusion`. Nothing here acts on an account: staff read it in the admin."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models

from games.models import Match


class CollusionPair(models.Model):
    """Two accounts (the lower id first) and the monitor's figures over their matches together."""

    user_low = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    user_high = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    matches = models.PositiveIntegerField(default=0, help_text="Three-player matches they finished together.")
    deals = models.PositiveIntegerField(default=0, help_text="Deals they played together.")
    scored_deals = models.PositiveIntegerField(default=0, help_text="Deals with a card of theirs valued.")
    decisions = models.PositiveIntegerField(default=0, help_text="Cards of theirs valued.")
    total = models.FloatField(default=0.0, help_text="The sum of their decisions' scores.")
    z = models.FloatField(
        default=0.0, db_index=True, help_text="The test statistic: flagged at the threshold."
    )
    shared_addresses = models.PositiveIntegerField(
        default=0, help_text="Matches together in which both seats were taken from one address."
    )
    shared_devices = models.PositiveIntegerField(
        default=0, help_text="Matches together in which both seats were taken with one device signature."
    )
    flagged = models.BooleanField(default=False, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["user_low", "user_high"], name="collusion_pair_unique"),
            models.CheckConstraint(
                condition=models.Q(user_low__lt=models.F("user_high")), name="collusion_pair_order"
            ),
        ]

    def __str__(self) -> str:
        return f"pair {self.user_low_id}+{self.user_high_id} (z {self.z:.2f})"


class CollusionMatch(models.Model):
    """One match's evidence for one pair: recomputed, never added to, when the match is projected again."""

    pair = models.ForeignKey(CollusionPair, on_delete=models.CASCADE, related_name="evidence")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    version = models.CharField(max_length=32, help_text="The evidence version that computed it.")
    #: the pair's seats, user_low's first
    seat_low = models.PositiveSmallIntegerField()
    seat_high = models.PositiveSmallIntegerField()
    deals = models.PositiveIntegerField(default=0)
    #: {deal number: the sum of the pair's decision scores in that deal}
    deal_scores = models.JSONField(default=dict)
    #: games.ai.collusion.evidence.Decision.to_json() of every card of theirs valued, in play order
    decisions = models.JSONField(default=list)
    same_address = models.BooleanField(default=False)
    same_device = models.BooleanField(default=False)
    projected_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "collusion matches"
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["pair", "match"], name="collusion_match_unique"),
        ]

    def __str__(self) -> str:
        return f"match {self.match_id} for {self.pair}"

    @property
    def score(self) -> float:
        return float(sum(self.deal_scores.values()))
