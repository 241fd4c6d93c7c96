"""The web app manifest (so a phone can install the site) and the service worker (which shows the
pushes and opens their link on a click), both served from the root of the site."""

from __future__ import annotations

import functools
from pathlib import Path

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.templatetags.static import static
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

WORKER = Path(__file__).resolve().parent / "static" / "notifications" / "sw.js"
THEME = "#1f5d3a"  # the felt of site.css
BACKGROUND = "#fbfaf6"  # its paper


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    icons = [
        {"src": static("notifications/icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("notifications/icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("notifications/icons/maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
        {"src": static("notifications/icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
    ]
    body = {
        "name": "Kartentisch",
        "short_name": "Kartentisch",
        "description": _("Card games of Central and Eastern Europe: play live or turn by turn."),
        "lang": get_language() or "de",
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": icons,
    }
    response = JsonResponse(body, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    response["Cache-Control"] = "public, max-age=3600"
    return response


@functools.cache
def _worker_source() -> bytes:
    return WORKER.read_bytes()


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(_worker_source(), content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    # The browser checks for a new worker at every navigation; a cached one would hide an update.
    response["Cache-Control"] = "no-cache"
    return response
