"""The chat app's API routes, included under /api/ by config/urls.py."""

from django.urls import path

from chat import api

urlpatterns = [
    path("matches/<id:match_id>/chat/report/", api.ReportView.as_view(), name="api-chat-report"),
    path("chat/mutes/", api.MutesView.as_view(), name="api-chat-mutes"),
    path("chat/mutes/<id:mute_id>/", api.MuteView.as_view(), name="api-chat-mute"),
]
