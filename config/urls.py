from django.contrib import admin
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView


def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness for the load balancer and docker-compose: the database answers."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return HttpResponse("ok", content_type="text/plain")


handler400 = "games.api.errors.bad_request"
handler404 = "games.api.errors.page_not_found"

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("", include("frontend.urls")),
    path("accounts/", include("accounts.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", include("games.api.urls")),
    path("api/leaderboard/", include("leaderboard.api_urls")),
    path("leaderboard/", include("leaderboard.urls")),
    path("leagues/", include("leagues.urls")),
    path("api/leagues/", include("leagues.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("admin/", admin.site.urls),
]
