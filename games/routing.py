from django.urls import path

from games import consumers

websocket_urlpatterns = [
    path("ws/matches/<int:match_id>/", consumers.MatchConsumer.as_asgi()),
    path("ws/lobby/", consumers.LobbyConsumer.as_asgi()),
]
