from django.urls import path, re_path

from games.live import consumers

websocket_urlpatterns = [
    path("ws/matches/<id:match_id>/", consumers.MatchConsumer.as_asgi()),
    path("ws/lobby/", consumers.LobbyConsumer.as_asgi()),
    # Last: any other path is answered (closed with 4404) instead of raising in the router.
    re_path(r"", consumers.NoRouteConsumer.as_asgi()),
]
