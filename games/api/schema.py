"""OpenAPI: describe our session authentication to drf-spectacular (imported by GamesConfig.ready)."""

from drf_spectacular.authentication import SessionScheme


class CsrfSessionScheme(SessionScheme):
    target_class = "games.api.auth.CsrfSessionAuthentication"
