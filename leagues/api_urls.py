from django.urls import path

from leagues import api

urlpatterns = [
    path("", api.LeagueListView.as_view(), name="api-leagues"),
    path("players/", api.PlayerSuggestView.as_view(), name="api-league-players"),
    path("<id:league_id>/", api.LeagueDetailView.as_view(), name="api-league"),
    path("<id:league_id>/join/", api.JoinView.as_view(), name="api-league-join"),
    path("<id:league_id>/invitations/", api.InviteView.as_view(), name="api-league-invite"),
    path("<id:league_id>/invitations/accept/", api.AcceptView.as_view(), name="api-league-accept"),
    path("<id:league_id>/invitations/decline/", api.DeclineView.as_view(), name="api-league-decline"),
    path("<id:league_id>/standings/", api.StandingsView.as_view(), name="api-league-standings"),
    path("<id:league_id>/tables/", api.TablesView.as_view(), name="api-league-tables"),
    path("<id:league_id>/rounds/", api.RoundsView.as_view(), name="api-league-rounds"),
]
