"""What this web process's sockets send: each live table at its newest seq, shared by all of them.

A snapshot is a table at one seq: its public summary and its state. After a move the group message
brings the summary, and the state is this process's cached one (the process that stored the move)
or caught up from the events stored since (one query); the match row is not read again. Each seat's
`state` message is serialised once per snapshot and the same text goes to every socket showing that
seat (all spectators share one).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from games.engine import GameState
from games.live import state_cache, wire
from games.models import Match
from games.selectors import match_get, match_summary, seat_payload
from games.store.events import load_state, state_at

_MAX = 1024


@dataclass
class Snapshot:
    match_id: int
    summary: dict[str, Any]
    state: GameState | None  # None before the match starts
    _texts: dict[tuple[int | None, bool], str] = field(default_factory=dict, repr=False)
    _summary_text: str = field(default="", repr=False)

    @property
    def seq(self) -> int:
        return int(self.summary["seq"])

    def message(self, seat: int | None, opener: bool) -> str:
        """The `state` message for one seat (None: a spectator). Raises Forbidden for a spectator of
        a table that switched spectators off."""
        key = (seat, opener)
        text = self._texts.get(key)
        if text is None:
            payload = seat_payload(self.summary, self.state, seat, opener)
            assert payload["match"] is self.summary  # what the splice below relies on
            # The public summary is the same in every seat's message: serialised once per snapshot
            # and set in front of the seat's own part.
            if not self._summary_text:
                self._summary_text = wire.dumps(self.summary)
            own = wire.dumps({k: v for k, v in payload.items() if k != "match"})
            text = f'{{"t":"state","seq":{self.seq},"d":{{"match":{self._summary_text},{own[1:]}}}'
            self._texts[key] = text
        return text


_lock = threading.Lock()
_latest: OrderedDict[int, Snapshot] = OrderedDict()


def latest(match_id: int) -> Snapshot | None:
    with _lock:
        return _latest.get(match_id)


def from_summary(match_id: int, summary: dict[str, Any]) -> Snapshot | None:
    """The table at the summary's seq without touching the database, or None when this process does
    not hold the state at that seq (then `caught_up`, in a thread)."""
    seq = int(summary["seq"])
    current = latest(match_id)
    if current is not None and current.seq >= seq:
        return current  # this one, or a newer one that overtook it
    state = state_cache.get(match_id, seq) if seq else None
    if seq and state is None:
        return None
    return _keep(Snapshot(match_id, summary, state))


def caught_up(match_id: int, summary: dict[str, Any]) -> Snapshot:
    """Database work: the state at the summary's seq from the events this process has not seen."""
    seq = int(summary["seq"])
    cached = state_cache.latest(match_id)
    if cached is not None and cached.version > seq:
        # This process has stored a newer move already: send that table rather than replay an old one.
        return from_match(match_get(match_id))
    state = state_at(match_id, summary["game"], seq) if seq else None
    return _keep(Snapshot(match_id, summary, state))


def from_match(match: Match) -> Snapshot:
    """Database work: the table as just read (on connect, resync, refresh: always afresh, since
    something besides the event stream may have changed)."""
    state = load_state(match) if match.version else None
    return _keep(Snapshot(match.pk, match_summary(match), state), replace=True)


def _keep(snapshot: Snapshot, replace: bool = False) -> Snapshot:
    """Remember the newest snapshot of each table; never step back to an older seq."""
    with _lock:
        current = _latest.get(snapshot.match_id)
        newer = current is not None and current.seq > snapshot.seq
        if current is not None and (newer or (current.seq == snapshot.seq and not replace)):
            return current
        _latest[snapshot.match_id] = snapshot
        _latest.move_to_end(snapshot.match_id)
        while len(_latest) > _MAX:
            _latest.popitem(last=False)
    return snapshot


def clear() -> None:
    with _lock:
        _latest.clear()
