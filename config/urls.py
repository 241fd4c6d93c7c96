from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from ops.health import healthz, readyz
from ops.metrics import metrics_view

# Swagger UI's script is served as a file (the split view); its template keeps a small inline <style>.
docs_view = SpectacularSwaggerSplitView.as_view(url_name="api-schema")
api_docs = csp_update({"style-src": [UNSAFE_INLINE]})(docs_view)

handler400 = "games.api.errors.bad_request"
# Under /api/ the error shape; elsewhere Django's page, which renders our translated 404.html.
handler404 = "games.api.errors.page_not_found"

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("readyz", readyz, name="readyz"),
    path("metrics", metrics_view, name="metrics"),
    path("", include("frontend.urls")),
    path("", include("notifications.pwa_urls")),
    path("accounts/", include("accounts.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", include("games.api.urls")),
    path("api/", include("analysis.urls")),
    path("api/", include("chat.api_urls")),
    path("api/leaderboard/", include("leaderboard.api_urls")),
    path("leaderboard/", include("leaderboard.urls")),
    path("leagues/", include("leagues.urls")),
    path("api/leagues/", include("leagues.api_urls")),
    path("challenges/", include("challenges.urls")),
    path("api/challenges/", include("challenges.api_urls")),
    path("friends/", include("friends.urls")),
    path("api/friends/", include("friends.api_urls")),
    path("notifications/", include("notifications.urls")),
    path("api/notifications/", include("notifications.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", api_docs, name="api-docs"),
    path("admin/", admin.site.urls),
]
