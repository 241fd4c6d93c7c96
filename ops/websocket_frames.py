"""daphne's websocket frames without autobahn's debug decorations.

autobahn builds the arguments of a debug log line on every frame it sends and receives, whether debug
logging is on or not: `hltype(self.sendData)` and `hlval(...)` look up the method's qualified name and
colour it with click (a dependency of Celery, so autobahn finds it). Under a thousand sockets that was
about 3% of a web process's CPU (py-spy `--gil`, `python -m bench live`) for text nobody reads. The
two websocket modules get plain stand-ins: a debug line, when someone turns debug logging on, shows the
bound method and the value itself instead of their coloured names.
"""

from __future__ import annotations

import importlib
from typing import Any

#: the modules whose per-frame debug lines call the decorators (connection set-up calls them too)
MODULES = ("autobahn.websocket.protocol", "autobahn.twisted.websocket")


def _plain(value: Any, *args: Any, **kwargs: Any) -> Any:
    return value


def skip_debug_decorations() -> list[str]:
    """Replace `hltype` and `hlval` in autobahn's websocket modules; the modules changed (none when
    autobahn is not installed, as under another ASGI server)."""
    changed = []
    for name in MODULES:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        for helper in ("hltype", "hlval"):
            if hasattr(module, helper):
                setattr(module, helper, _plain)
        changed.append(name)
    return changed
