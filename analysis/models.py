"""The post-match analysis of a match: a projection beside the event store (never an event), one row
per match and analyser version, so a new analyser version computes afresh beside the old figures.

Beside it, the ledger of who started which analysis (`AnalysisStart`), for the daily quota: it is not
part of the projection, so rebuilding the analyses gives nobody their quota back."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models

from games.models import Match


class AnalysisStatus(models.TextChoices):
    PENDING = "pending", "pending"
    RUNNING = "running", "running"
    DONE = "done", "done"
    FAILED = "failed", "failed"


class MatchAnalysis(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="analyses")
    version = models.CharField(max_length=32, help_text="The analyser version that computed it.")
    status = models.CharField(max_length=16, choices=AnalysisStatus.choices, default=AnalysisStatus.PENDING)
    done = models.PositiveIntegerField(default=0, help_text="Decisions analysed so far.")
    total = models.PositiveIntegerField(default=0, help_text="Decisions to analyse (0: not yet counted).")
    # games.ai.analysis.base.analyse_match's result once done
    data = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True, default="")
    requested_at = models.DateTimeField(auto_now_add=True)
    queued_at = models.DateTimeField(
        null=True, blank=True, help_text="Last handed to the runner (empty: the hand-over failed)."
    )
    started_at = models.DateTimeField(null=True, blank=True)
    # The running worker's lease, renewed as it progresses: once past, the worker counts as lost and
    # the sweep (analysis.running.analyses_recover) hands the analysis to another.
    lease_until = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(
        default=0, help_text="Workers that took it since it was last asked for (each run's lease token)."
    )
    finished_at = models.DateTimeField(null=True, blank=True)
    cpu_seconds = models.FloatField(default=0.0)

    class Meta:
        verbose_name_plural = "match analyses"
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["match", "version"], name="analysis_unique_version"),
        ]
        indexes: ClassVar[list[models.Index]] = [
            models.Index(fields=["status", "lease_until"], name="analysis_status_lease"),
        ]

    def __str__(self) -> str:
        return f"analysis {self.version} of match {self.match_id} ({self.status})"


class AnalysisStart(models.Model):
    """One analysis a person started (asked for anew, or again after it failed): what the daily quota
    counts. A request that starts nothing new (done, or under way) writes no row."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="analysis_starts")
    version = models.CharField(max_length=32)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="analysis_starts",
    )
    guest_token = models.CharField(max_length=64, blank=True, default="")
    started_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes: ClassVar[list[models.Index]] = [
            models.Index(fields=["user", "started_at"], name="analysis_start_user"),
            models.Index(fields=["guest_token", "started_at"], name="analysis_start_guest"),
        ]

    def __str__(self) -> str:
        who = f"user {self.user_id}" if self.user_id else "a guest"
        return f"analysis of match {self.match_id} started by {who}"
