from django.urls import path

from challenges import api

urlpatterns = [
    path("", api.ChallengeListView.as_view(), name="api-challenges"),
    path("<id:challenge_id>/", api.ChallengeDetailView.as_view(), name="api-challenge"),
    path("<id:challenge_id>/enter/", api.EnterView.as_view(), name="api-challenge-enter"),
    path("<id:challenge_id>/results/", api.ResultsView.as_view(), name="api-challenge-results"),
]
