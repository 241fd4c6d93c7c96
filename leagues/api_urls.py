from django.urls import path

from leagues import api

urlpatterns = [
    path("", api.LeagueListView.as_view(), name="api-leagues"),
    path("<int:league_id>/", api.LeagueDetailView.as_view(), name="api-league"),
    path("<int:league_id>/join/", api.JoinView.as_view(), name="api-league-join"),
    path("<int:league_id>/invitations/", api.InviteView.as_view(), name="api-league-invite"),
    path("<int:league_id>/invitations/accept/", api.AcceptView.as_view(), name="api-league-accept"),
    path("<int:league_id>/standings/", api.StandingsView.as_view(), name="api-league-standings"),
    path("<int:league_id>/tables/", api.TablesView.as_view(), name="api-league-tables"),
    path("<int:league_id>/rounds/", api.RoundsView.as_view(), name="api-league-rounds"),
]
