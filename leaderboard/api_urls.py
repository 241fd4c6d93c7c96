from django.urls import path

from leaderboard import api

urlpatterns = [
    path("matches/<int:match_id>/status/", api.SaveStatusView.as_view(), name="api-leaderboard-status"),
    path("matches/<int:match_id>/save/", api.SaveRetryView.as_view(), name="api-leaderboard-save"),
    path("<slug:game>/", api.BoardView.as_view(), name="api-leaderboard"),
]
