"""Deployment settings: everything from config.settings, hardened. Secrets must come from the
environment; starting without them is an error, not a silent fallback."""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

from config.settings import *  # noqa: F403
from config.settings import MIDDLEWARE, REST_FRAMEWORK, env_bool, env_list
from ops.log_context import json_logging

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "").strip()
if not SECRET_KEY:
    raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set (a long random string) in production")
DEBUG = False
# Only the hosts the deployment names; the container's health probe to 127.0.0.1 is answered by
# HealthzMiddleware before the host check.
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS")
MIDDLEWARE = ["ops.health.HealthzMiddleware", *MIDDLEWARE]
# JSON only: no browsable API (its HTML forms) in production.
REST_FRAMEWORK = {**REST_FRAMEWORK, "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"]}
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")
# The links in notification e-mails: SITE_URL, else the first of the allowed hosts over HTTPS.
SITE_URL = (os.environ.get("SITE_URL", "") or f"https://{(ALLOWED_HOSTS or ['localhost'])[0]}").rstrip("/")
WHITENOISE_USE_FINDERS = False
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_SSL_REDIRECT = env_bool("DJANGO_SSL_REDIRECT", True)
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$", r"^metrics$"]
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# One JSON object a line, with match_id and seq on every line written while a match is acted on.
LOGGING = {**json_logging(os.environ.get("LOG_LEVEL", "INFO")), "loggers": LOGGING["loggers"]}  # noqa: F405
