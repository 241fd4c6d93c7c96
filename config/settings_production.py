"""Deployment settings: everything from config.settings, hardened. Secrets must come from the
environment; starting without them is an error, not a silent fallback."""

from __future__ import annotations

import os

from config.settings import *  # noqa: F403
from config.settings import env_bool, env_list

SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]
DEBUG = False
# The container's own health check talks to 127.0.0.1.
ALLOWED_HOSTS = [*env_list("DJANGO_ALLOWED_HOSTS"), "127.0.0.1", "localhost"]
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")
WHITENOISE_USE_FINDERS = False
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_SSL_REDIRECT = env_bool("DJANGO_SSL_REDIRECT", True)
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
LOGGING = {**LOGGING, "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")}}  # noqa: F405
