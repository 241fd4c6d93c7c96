"""The one client-address function: X-Forwarded-For only from trusted proxies, read from the right."""

from __future__ import annotations

from typing import Any

import pytest

from ops.client_address import resolve, scope_client_address


@pytest.fixture
def proxies(settings: Any) -> None:
    settings.TRUSTED_PROXIES = ["10.0.0.0/8", "2001:db8:1::/48", "192.0.2.1"]


def test_without_trusted_proxies_the_header_is_ignored(settings: Any) -> None:
    settings.TRUSTED_PROXIES = []
    assert resolve("127.0.0.1", "203.0.113.9") == "127.0.0.1"
    assert resolve("10.0.0.2", "203.0.113.9, 10.0.0.3") == "10.0.0.2"


def test_a_trusted_chain_is_walked_from_the_right(proxies: None) -> None:
    assert resolve("10.0.0.2", "203.0.113.9") == "203.0.113.9"
    # The client's own (spoofed) entries stand left of the first address no proxy of ours added.
    assert resolve("10.0.0.2", "6.6.6.6, 203.0.113.9, 192.0.2.1") == "203.0.113.9"
    assert resolve("10.0.0.2", "") == "10.0.0.2"
    assert resolve("10.0.0.2", "10.0.0.4, 10.0.0.3") == "10.0.0.4"  # only proxies: the farthest
    assert resolve("10.0.0.2", "garbage, 203.0.113.9") == "203.0.113.9"
    assert resolve("10.0.0.2", "203.0.113.9, garbage") == "10.0.0.2"
    assert resolve("2001:db8:1::5", "[2001:db8:2::7]:443") == "2001:db8:2::7"
    assert resolve("10.0.0.2", "203.0.113.9:51000") == "203.0.113.9"
    assert resolve("::ffff:10.0.0.2", "203.0.113.9") == "203.0.113.9"
    # An untrusted peer is the client, whatever it claims.
    assert resolve("198.51.100.4", "203.0.113.9") == "198.51.100.4"


def test_websocket_scopes_use_the_same_rule(proxies: None) -> None:
    scope = {"client": ["10.0.0.2", 5000], "headers": [(b"x-forwarded-for", b"1.1.1.1, 203.0.113.9")]}
    assert scope_client_address(scope) == "203.0.113.9"
    direct = {"client": ["198.51.100.4", 1], "headers": scope["headers"]}
    assert scope_client_address(direct) == "198.51.100.4"
    assert scope_client_address({"client": None}) == ""


def test_a_bad_trusted_proxy_is_a_clear_configuration_error() -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "TRUSTED_PROXIES": "10.0.0.0/8,not-an-address"}
    out = subprocess.run(
        [sys.executable, "-c", "import config.settings"], env=env, capture_output=True, text=True
    )
    assert out.returncode != 0
    assert "ImproperlyConfigured" in out.stderr and "TRUSTED_PROXIES" in out.stderr
