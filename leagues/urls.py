from django.urls import path

from leagues import views

urlpatterns = [
    path("", views.league_index, name="leagues"),
    path("<int:league_id>/", views.league_detail, name="league"),
    path("<int:league_id>/join/", views.league_join, name="league-join"),
    path("<int:league_id>/invite/", views.league_invite, name="league-invite"),
    path("<int:league_id>/tables/", views.league_table, name="league-table"),
    path("<int:league_id>/players/<str:username>/", views.league_player, name="league-player"),
]
