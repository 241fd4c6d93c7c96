from django.urls import path

from leaderboard import api

urlpatterns = [
    path("matches/<id:match_id>/status/", api.SaveStatusView.as_view(), name="api-leaderboard-status"),
    path("matches/<id:match_id>/save/", api.SaveRetryView.as_view(), name="api-leaderboard-save"),
    path("<slug:game>/", api.BoardView.as_view(), name="api-leaderboard"),
]
