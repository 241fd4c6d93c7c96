from django.urls import path
from django.views.i18n import JavaScriptCatalog

from frontend import views
from games import packs

# A game with a quick-start page has it at /<game>/, named like the game (`{% url "<game>" %}`).
quick_starts = [
    path(f"{p.name}/", views.quick_start, {"template": p.quick_start}, name=p.name)
    for p in packs.all_packs()
    if p.quick_start
]

urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.new_game, name="new-game"),
    *quick_starts,
    path("rules/<slug:game>/", views.rules, name="rules"),
    path("matches/<id:match_id>/", views.table, name="table"),
    path("matches/<id:match_id>/replay/", views.replay, name="replay"),
    path("jsi18n/", JavaScriptCatalog.as_view(packages=["frontend"]), name="jsi18n"),
]
