"""The JSON text of the messages a table's socket is sent on every move: the seats' `state` messages
(games/live/snapshots.py) and the consumer's own (`MatchConsumer._send`: errors, pongs, presence).
Table talk and the lobby, a few messages a minute, still write theirs with `json.dumps`.

orjson, not the standard library: a seat's `state` message (about 1.8 KB) took 57 µs with `json.dumps`
and 10 µs here, and one goes to every seat and spectator after each move. The text is the same JSON
apart from letters outside ASCII, written as they are (UTF-8 on the wire) instead of as \\u escapes.
"""

from __future__ import annotations

from typing import Any

import orjson


def dumps(value: Any) -> str:
    """Compact JSON; keys that are not strings (a few views key by seat) are written as strings, as
    `json.dumps` writes them."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
