"""The channel layer's prefix for a Redis URL.

Redis pub/sub channels belong to the whole server: a database number in the URL separates keys, not
channels. The pub/sub layer names a match's group `<prefix>__group__match.<id>`, and match ids repeat
in every database, so sites or test runs on other numbers of one server would receive each other's
pushes. The prefix carries the number (none for database 0, the deployments' default, as before).
"""

from __future__ import annotations

import urllib.parse


def channel_prefix(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    db = urllib.parse.parse_qs(parts.query).get("db", [""])[0]
    if not db and parts.scheme in ("redis", "rediss"):
        db = parts.path.strip("/")
    return "asgi" if db in ("", "0") else f"asgi.db{db}"
