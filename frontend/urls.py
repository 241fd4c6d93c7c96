from django.urls import path
from django.views.i18n import JavaScriptCatalog

from frontend import preisjass, views

urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.new_game, name="new-game"),
    path("live/", views.live_games, name="live"),
    path(preisjass.QUICK_START.path, preisjass.quick_start, name=preisjass.QUICK_START.url_name),
    path("rules/<slug:game>/", views.rules, name="rules"),
    path("matches/<id:match_id>/", views.table, name="table"),
    path("matches/<id:match_id>/replay/", views.replay, name="replay"),
    path("jsi18n/", JavaScriptCatalog.as_view(packages=["frontend"]), name="jsi18n"),
]
