"""Web Push through pywebpush: RFC 8030 delivery, RFC 8291 encryption, RFC 8292 VAPID (the
`vapid t=..., k=...` scheme, which every push service takes).

The server signs with the VAPID key pair of WEBPUSH_VAPID_PRIVATE_KEY / WEBPUSH_VAPID_PUBLIC_KEY
(`manage.py vapid_keys` makes one); without them push is off and the settings page says so. The payload
is encrypted for the browser: the push service sees neither the words nor the link."""

from __future__ import annotations

import base64
import functools
import json
import logging
from typing import Any

import requests
from cryptography.hazmat.primitives import serialization
from django.conf import settings
from django.utils import timezone
from py_vapid import Vapid02

from notifications.models import PushSubscription

log = logging.getLogger(__name__)

#: how long a push service keeps a message for a browser that is offline (seconds)
TTL = 24 * 3600
#: seconds to wait for the push service
TIMEOUT = 10.0


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


@functools.cache
def _vapid(private_key: str) -> Vapid02 | None:
    try:
        return Vapid02.from_string(private_key=private_key)
    except Exception:
        log.exception("WEBPUSH_VAPID_PRIVATE_KEY cannot be read: push is off")
        return None


def public_key_of(vapid: Vapid02) -> str:
    point = vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64url(point)


def vapid_problem() -> str:
    """Why the configured keys cannot sign, or "" (none set is no problem: push is simply off)."""
    private, public = settings.WEBPUSH_VAPID_PRIVATE_KEY, settings.WEBPUSH_VAPID_PUBLIC_KEY
    if not private and not public:
        return ""
    if not (private and public):
        return "set both WEBPUSH_VAPID_PRIVATE_KEY and WEBPUSH_VAPID_PUBLIC_KEY, or neither"
    vapid = _vapid(private)
    if vapid is None:
        return "WEBPUSH_VAPID_PRIVATE_KEY is not a P-256 private key (base64url, raw or DER)"
    if public_key_of(vapid) != public.rstrip("="):
        return "WEBPUSH_VAPID_PUBLIC_KEY is not the public half of WEBPUSH_VAPID_PRIVATE_KEY"
    return ""


def push_available() -> bool:
    return (
        bool(settings.WEBPUSH_VAPID_PRIVATE_KEY and settings.WEBPUSH_VAPID_PUBLIC_KEY) and not vapid_problem()
    )


def _session() -> requests.Session:
    return requests.Session()


def push_send(subscription: PushSubscription, payload: dict[str, Any], *, topic: str = "") -> bool:
    """Send one message to one browser. A push service that answers 404 or 410 has ended the
    subscription: it is deleted. Any other failure is noted on it. True when it was accepted."""
    # pywebpush pulls in aiohttp: imported by the processes that push, not by every one at its start
    from pywebpush import WebPushException, webpush

    vapid = _vapid(settings.WEBPUSH_VAPID_PRIVATE_KEY)
    if vapid is None:
        return False
    headers = {"Urgency": "normal"}
    if topic:  # a newer message with the same topic replaces an undelivered older one
        headers["Topic"] = topic
    try:
        webpush(
            subscription_info={
                "endpoint": subscription.endpoint,
                "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
            },
            data=json.dumps(payload, ensure_ascii=False),
            vapid_private_key=vapid,
            vapid_claims={"sub": settings.WEBPUSH_CONTACT},
            ttl=TTL,
            timeout=TIMEOUT,
            headers=headers,
            requests_session=_session(),
        )
    except WebPushException as exc:
        status = getattr(exc.response, "status_code", None)
        if status in (404, 410):
            PushSubscription.objects.filter(pk=subscription.pk).delete()
            return False
        _failed(subscription, f"HTTP {status}" if status else str(exc))
        return False
    except requests.RequestException as exc:
        _failed(subscription, type(exc).__name__)
        return False
    PushSubscription.objects.filter(pk=subscription.pk).update(last_success_at=timezone.now())
    return True


def _failed(subscription: PushSubscription, reason: str) -> None:
    log.warning("push to subscription %s failed: %s", subscription.pk, reason)
    PushSubscription.objects.filter(pk=subscription.pk).update(
        last_failure_at=timezone.now(), last_failure=reason[:200]
    )
