"""The installable site: its web app manifest and the service worker, both at the root (the worker's
scope is the whole site)."""

from django.urls import path

from notifications import pwa

urlpatterns = [
    path("manifest.webmanifest", pwa.manifest, name="web-manifest"),
    path("sw.js", pwa.service_worker, name="service-worker"),
]
