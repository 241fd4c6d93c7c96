"""Print a fresh VAPID key pair for Web Push, as the environment lines the settings read."""

from __future__ import annotations

from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.management.base import BaseCommand

from notifications.push import b64url


class Command(BaseCommand):
    help = "Print a new VAPID key pair (WEBPUSH_VAPID_PRIVATE_KEY, WEBPUSH_VAPID_PUBLIC_KEY) for Web Push."

    def handle(self, *args: Any, **options: Any) -> None:
        key = ec.generate_private_key(ec.SECP256R1())
        private = key.private_numbers().private_value.to_bytes(32, "big")
        public = key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.stdout.write(f"WEBPUSH_VAPID_PRIVATE_KEY={b64url(private)}")
        self.stdout.write(f"WEBPUSH_VAPID_PUBLIC_KEY={b64url(public)}")
