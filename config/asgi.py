"""ASGI entry point: HTTP through Django (the board API's cached pages answered in front of it, by
leaderboard.asgi), websockets through Channels (session-authenticated and origin-checked)."""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

from ops import profiling

profiling.start()  # PROFILE_DIR only (python -m bench live --profile)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DATABASE_POOL_SIZE", "16")  # PostgreSQL connections per web process
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from games.routing import websocket_urlpatterns  # noqa: E402
from leaderboard.asgi import BoardAnswers  # noqa: E402
from ops.startup import log_search_core  # noqa: E402
from ops.websocket_frames import skip_debug_decorations  # noqa: E402

log_search_core()
skip_debug_decorations()  # daphne's frames: no debug text built per frame

application = ProtocolTypeRouter(
    {
        "http": BoardAnswers(django_asgi_app),  # the board API's cached pages, before Django
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)
