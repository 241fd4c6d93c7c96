"""The post-match analysis of a match: a projection beside the event store (never an event), one row
per match and analyser version, so a new analyser version computes afresh beside the old figures."""

from __future__ import annotations

from typing import ClassVar

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
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    cpu_seconds = models.FloatField(default=0.0)

    class Meta:
        verbose_name_plural = "match analyses"
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["match", "version"], name="analysis_unique_version"),
        ]

    def __str__(self) -> str:
        return f"analysis {self.version} of match {self.match_id} ({self.status})"
