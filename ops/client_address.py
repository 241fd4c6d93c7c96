"""The one place that decides which address a request or websocket comes from.

`X-Forwarded-For` is whatever the client wrote, followed by what each proxy on the way appended. So it
is read only when the peer is one of TRUSTED_PROXIES, and then from the right: each trusted proxy
vouches for the entry before it, and the first entry no trusted proxy could have written is the
client. With no proxies configured the header is ignored: a made-up header per request must not give
a guest a fresh rate limit or login budget.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from django.conf import settings

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


@lru_cache(maxsize=8)
def _networks(proxies: tuple[str, ...]) -> tuple[Network, ...]:
    return tuple(ipaddress.ip_network(p, strict=False) for p in proxies)


def trusted_networks() -> tuple[Network, ...]:
    return _networks(tuple(settings.TRUSTED_PROXIES))


def _parse(text: str) -> Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # "[2001:db8::1]:443"
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # "203.0.113.7:51000"
        text = text.split(":", 1)[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def resolve(peer: str, forwarded_for: str = "") -> str:
    """The client's address, given the connection's peer and its X-Forwarded-For header (if any)."""
    networks = trusted_networks()
    current = _parse(peer)
    if current is None:
        return peer.strip()

    def trusted(address: Address) -> bool:
        return any(address.version == n.version and address in n for n in networks)

    hops = [hop for hop in forwarded_for.split(",") if hop.strip()]
    while trusted(current) and hops:
        previous = _parse(hops.pop())
        if previous is None:  # a proxy we trust wrote nonsense: stop at the last address we know
            break
        current = previous
    return str(current)


def client_address(request: Any) -> str:
    """The client's address for a Django (or DRF) request."""
    meta: Mapping[str, str] = request.META
    return resolve(meta.get("REMOTE_ADDR", ""), meta.get("HTTP_X_FORWARDED_FOR", ""))


def scope_client_address(scope: Mapping[str, Any]) -> str:
    """The client's address for an ASGI (websocket) scope."""
    client = scope.get("client") or ("", 0)
    headers: Iterable[tuple[bytes, bytes]] = scope.get("headers") or ()
    forwarded = ",".join(
        value.decode("latin-1") for name, value in headers if name.lower() == b"x-forwarded-for"
    )
    return resolve(str(client[0]), forwarded)
