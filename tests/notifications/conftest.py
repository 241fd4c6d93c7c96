"""Players with confirmed addresses, a VAPID key pair, browsers' push subscriptions with real keys, and
a push service at the HTTP boundary (no request leaves the machine): what it was sent, decrypted with
the browser's key."""

from __future__ import annotations

import base64
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.utils import timezone
from requests.structures import CaseInsensitiveDict
from rest_framework.test import APIClient

from accounts.models import User
from notifications import push
from tests import factories

ENDPOINT = "https://fcm.googleapis.com/fcm/send/"


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def vapid_pair() -> tuple[str, str]:
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64url(key.private_numbers().private_value.to_bytes(32, "big")), b64url(public)


@dataclass
class Browser:
    """A browser's side of a subscription: its endpoint, its keys, and the private key to read with."""

    endpoint: str
    key: ec.EllipticCurvePrivateKey
    auth: bytes

    @classmethod
    def new(cls, name: str = "") -> Browser:
        return cls(
            ENDPOINT + (name or b64url(os.urandom(12))),
            ec.generate_private_key(ec.SECP256R1()),
            os.urandom(16),
        )

    def subscription(self) -> dict[str, Any]:
        """What PushSubscription.toJSON() gives."""
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": b64url(public), "auth": b64url(self.auth)},
        }

    def read(self, body: bytes) -> dict[str, Any]:
        plain = http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm")
        return dict(json.loads(plain))


class Response:
    def __init__(self, status: int) -> None:
        self.status_code = status
        self.status = status
        self.reason = "answer"
        self.text = ""
        self.headers: dict[str, str] = {}


@dataclass
class PushService:
    """Stands in for the push services' HTTP endpoints: records each POST and answers `status` (per
    endpoint in `answers`, else 201)."""

    sent: list[tuple[str, bytes, CaseInsensitiveDict[Any]]] = field(default_factory=list)
    answers: dict[str, int] = field(default_factory=dict)

    def post(
        self, url: str, data: bytes = b"", headers: Any = None, timeout: Any = None, **kw: Any
    ) -> Response:
        self.sent.append((url, data, CaseInsensitiveDict(headers or {})))
        return Response(self.answers.get(url, 201))

    def to(self, browser: Browser) -> list[dict[str, Any]]:
        return [browser.read(body) for url, body, _ in self.sent if url == browser.endpoint]


@pytest.fixture
def vapid(settings: Any) -> tuple[str, str]:
    private, public = vapid_pair()
    settings.WEBPUSH_VAPID_PRIVATE_KEY = private
    settings.WEBPUSH_VAPID_PUBLIC_KEY = public
    settings.WEBPUSH_CONTACT = "mailto:staff@cards.example.org"
    return private, public


@pytest.fixture
def push_service(monkeypatch: pytest.MonkeyPatch, vapid: tuple[str, str]) -> Iterator[PushService]:
    service = PushService()
    monkeypatch.setattr(push, "_session", lambda: service)
    yield service


def player(name: str, *, email: bool = True) -> User:
    made = factories.user(name)
    if email:
        made.email = f"{name}@example.org"
        made.email_verified_at = timezone.now()
        made.save(update_fields=["email", "email_verified_at"])
    return made


@pytest.fixture
def players() -> list[User]:
    return [player(name) for name in ("anna", "ben", "carl")]


def client_for(user: User | None = None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_login(user)
    return c
