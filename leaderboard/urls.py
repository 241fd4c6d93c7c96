from django.urls import path

from leaderboard import views

urlpatterns = [
    path("", views.index, name="leaderboard-index"),
    path("<slug:game>/", views.board, name="leaderboard"),
]
