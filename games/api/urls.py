from django.urls import path

from games.api import views

urlpatterns = [
    path("games/", views.GamesView.as_view(), name="api-games"),
    path("matches/", views.MatchListView.as_view(), name="api-matches"),
    path("matches/mine/", views.MyMatchesView.as_view(), name="api-my-matches"),
    path("matches/live/", views.LiveMatchesView.as_view(), name="api-live-matches"),
    path("matches/<id:match_id>/", views.MatchDetailView.as_view(), name="api-match"),
    path("matches/<id:match_id>/join/", views.JoinView.as_view(), name="api-join"),
    path("matches/<id:match_id>/view/", views.SeatView.as_view(), name="api-view"),
    path("matches/<id:match_id>/actions/", views.ActionView.as_view(), name="api-actions"),
    path("matches/<id:match_id>/events/", views.EventLogView.as_view(), name="api-events"),
    path("matches/<id:match_id>/replay/", views.ReplayView.as_view(), name="api-replay"),
    path("matches/<id:match_id>/verify/", views.VerifyView.as_view(), name="api-verify"),
    path("matches/<id:match_id>/leave/", views.LeaveView.as_view(), name="api-leave"),
    path("matches/<id:match_id>/show-hands/", views.ShowHandsView.as_view(), name="api-show-hands"),
    path("matches/<id:match_id>/overdue/", views.OverdueView.as_view(), name="api-overdue"),
]
