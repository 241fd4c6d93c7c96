from django.urls import path

from leagues import views

urlpatterns = [
    path("", views.league_index, name="leagues"),
    path("<id:league_id>/", views.league_detail, name="league"),
    path("<id:league_id>/join/", views.league_join, name="league-join"),
    path("<id:league_id>/invite/", views.league_invite, name="league-invite"),
    path("<id:league_id>/decline/", views.league_decline, name="league-decline"),
    path("<id:league_id>/tables/", views.league_table, name="league-table"),
    path("<id:league_id>/players/<str:username>/", views.league_player, name="league-player"),
]
