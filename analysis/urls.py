"""The analysis app's API route, included under /api/ by config/urls.py."""

from django.urls import path

from analysis.api import AnalysisView

urlpatterns = [
    path("matches/<id:match_id>/analysis/", AnalysisView.as_view(), name="api-analysis"),
]
