"""The Celery app. Without REDIS_URL tasks run eagerly in the web process (the embedded default)."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("kartentisch")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
