"""Per-process cache of the latest replayed state of recently active matches.

States are immutable from outside (`Rules.apply` returns a new one), so a cached state can be shared.
An entry is used only when its version equals the version read under the match's row lock; any
other process's write simply makes it miss."""

from __future__ import annotations

import threading
from collections import OrderedDict

from games.engine import GameState

_MAX = 512
_lock = threading.Lock()
_states: OrderedDict[int, GameState] = OrderedDict()


def get(match_id: int, version: int) -> GameState | None:
    with _lock:
        state = _states.get(match_id)
        if state is None or state.version != version:
            return None
        _states.move_to_end(match_id)
        return state


def latest(match_id: int) -> GameState | None:
    """The newest cached state of a match, whatever its version (to catch up from)."""
    with _lock:
        return _states.get(match_id)


def put(match_id: int, state: GameState) -> None:
    with _lock:
        current = _states.get(match_id)
        if current is not None and current.version > state.version:
            return  # never step back
        _states[match_id] = state
        _states.move_to_end(match_id)
        while len(_states) > _MAX:
            _states.popitem(last=False)


def clear() -> None:
    with _lock:
        _states.clear()
