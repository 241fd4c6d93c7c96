"""The live list: the running tables anyone may watch, liveliest first, each with its public score.

Which tables: `games.selectors.watchable_matches`, and `watchable` again on every row; a table against
AI whose only human has no connection open (paused, or not yet opened) is left out too, since nothing
happens at it. An entry
holds the table's id and game, its players (name, AI or not) and its score so far, read from the
spectator's view `state.view(None)` (`public_score`): never a card, never a hidden fact.

Liveliest first: the humans at the table with a connection open, then the moves per minute over the
last `WINDOW` seconds (from this process's own readings of each table's seq; for a table it has not
read that long, since the table started), then the newest table.

Nothing here runs on a move. A web process reads the list when it is asked (the API, the lobby
sockets' tick in games/live/watchfeed.py), at most once every `LIVE_TICK` seconds per filter, and keeps
each table's score per seq. A table's state is taken from this process's caches when it holds it,
else caught up from the events stored since its last reading (one query for all tables that moved),
and kept in a cache of its own, so the live sockets' state cache is never pushed out by the list.
"""

from __future__ import annotations

import datetime as dt
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from django.conf import settings
from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from games import packs, selectors
from games.engine import GameState, get_rules
from games.errors import BadRequest
from games.live import snapshots, state_cache
from games.models import Match, MatchEvent, Seat, SeatKind

LIMIT = 100  # the most tables one list holds
TOP = 5  # the lobby's liveliest few
CANDIDATES = 2 * LIMIT  # rows read, by humans present and newest move, before the pace orders them
WINDOW = 300.0  # seconds of moves the pace counts
_SHORTEST = 30.0  # readings spanning less than this: the pace since the start instead
_KEEP = 3 * LIMIT  # tables whose state and score are kept

_lock = threading.Lock()
_lists: dict[str | None, tuple[float, list[dict[str, Any]]]] = {}
_scores: OrderedDict[int, tuple[int, dict[str, Any] | None]] = OrderedDict()
_states: OrderedDict[int, GameState] = OrderedDict()
_readings: dict[int, deque[tuple[float, int]]] = {}


def live_list(game: str | None = None) -> list[dict[str, Any]]:
    """The live list (of one game when `game` is given), liveliest first, at most LIMIT tables.
    Read at most once every LIVE_TICK seconds per filter: meanwhile the same list object."""
    now = time.monotonic()
    with _lock:
        kept = _lists.get(game)
        if kept is not None and now - kept[0] < settings.LIVE_TICK:
            return kept[1]
        entries = _read(game, now)
        _lists[game] = (now, entries)
        return entries


def game_filter(raw: str | None) -> str | None:
    """A `game` filter as asked for ("" or None: every game); BadRequest naming the games otherwise."""
    if not raw:
        return None
    if raw not in packs.names():
        raise BadRequest(f"game is one of {', '.join(packs.names())}")
    return raw


def public_score(view: dict[str, Any]) -> dict[str, Any]:
    """The score so far, from the spectator's view of a table: every seat's score as the table shows
    it, which deal (a Preisjass game) is being played, of how many when the match has a fixed number,
    and a Schnapsen Bummerl's starting points. Numbers only, each from a field the view shows."""
    scores = [s if _number(s) else None for s in view.get("scores") or []]
    deals = _count(view.get("deals_total")) or _count(view.get("games_total"))
    deal = _count(view.get("deal_number")) or _count(view.get("game_number"))
    played = _count(view.get("deals_played"))
    if deal is None and played is not None:
        deal = min(played + 1, deals) if deals else played + 1
    score: dict[str, Any] = {"scores": scores, "deal": deal, "deals": deals}
    start = _count(view.get("start_score"))
    if start is not None:
        score["start_score"] = start
    return score


def clear() -> None:
    """Forget every list, score, state and reading (tests)."""
    with _lock:
        _lists.clear()
        _scores.clear()
        _states.clear()
        _readings.clear()


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


@dataclass(frozen=True)
class _Seat:
    """A seat as the list reads it (no model instance: a read builds a few hundred of them)."""

    kind: str
    display_name: str

    @property
    def is_ai(self) -> bool:
        return self.kind == SeatKind.AI


@dataclass
class _Table:
    """A candidate table as the query gives it, with the fields `selectors.watchable` checks."""

    pk: int
    game: str
    version: int
    status: str
    private: bool
    embargoed: bool
    deal_event: str
    practice: bool
    spectators_allowed: bool
    started_at: dt.datetime | None
    created_at: dt.datetime
    present: int  # humans at the table with a connection open
    seats: list[_Seat] = field(default_factory=list)


_FIELDS = [f.name for f in fields(_Table) if f.name != "seats"]


def candidates_query(game: str | None) -> QuerySet[Match, tuple[Any, ...]]:
    """The rows a read starts from: the watchable tables, most humans present first, then the newest
    move, at most CANDIDATES."""
    present = Count("seats", filter=Q(seats__kind=SeatKind.HUMAN, seats__connections__gt=0))
    query = selectors.watchable_matches(game).annotate(present=present).order_by("-present", "-last_event_at")
    return query.values_list(*_FIELDS)[:CANDIDATES]


def _read(game: str | None, now: float) -> list[dict[str, Any]]:
    tables = {row[0]: _Table(*row) for row in candidates_query(game)}
    seats = Seat.objects.filter(match_id__in=list(tables)).order_by("match_id", "index")
    for match_id, kind, name in seats.values_list("match_id", "kind", "display_name"):
        tables[match_id].seats.append(_Seat(kind, name))
    shown = [t for t in tables.values() if selectors.watchable(t) and not _waiting(t)]
    order = {t.pk: (-t.present, -_pace(t, now), -t.pk) for t in shown}
    _forget_readings(now)
    shown.sort(key=lambda t: order[t.pk])
    listed = shown[:LIMIT]
    scores = _scores_of(listed)
    return [_entry(t, scores.get(t.pk)) for t in listed]


def _waiting(table: _Table) -> bool:
    """A table against AI whose only human has no connection open: nothing is played until they are
    back (paused, games/services/due.py), or until they first open it."""
    return table.present == 0 and sum(1 for s in table.seats if not s.is_ai) == 1


def _entry(table: _Table, score: dict[str, Any] | None) -> dict[str, Any]:
    return {
        "id": table.pk,
        "game": table.game,
        "players": [{"name": s.display_name, "ai": s.is_ai} for s in table.seats],
        "score": score,
        "watch_url": f"/matches/{table.pk}/",
    }


def _pace(match: _Table, now: float) -> int:
    """Moves per minute, whole: over the readings of the last WINDOW seconds, else since the start."""
    readings = _readings.setdefault(match.pk, deque())
    if not readings or now - readings[-1][0] >= 1.0:
        readings.append((now, match.version))
    while len(readings) > 1 and readings[1][0] <= now - WINDOW:
        readings.popleft()
    first_at, first_version = readings[0]
    if now - first_at >= _SHORTEST:
        return int((match.version - first_version) * 60 / (now - first_at))
    started = match.started_at or match.created_at
    minutes = max((timezone.now() - started) / dt.timedelta(minutes=1), 1.0)
    return int(match.version / minutes)


def _forget_readings(now: float) -> None:
    for match_id in [m for m, r in _readings.items() if r[-1][0] < now - 2 * WINDOW]:
        del _readings[match_id]


def _scores_of(matches: Sequence[_Table]) -> dict[int, dict[str, Any] | None]:
    scores: dict[int, dict[str, Any] | None] = {}
    behind = []
    for m in matches:
        kept = _scores.get(m.pk)
        if kept is not None and kept[0] >= m.version:
            scores[m.pk] = kept[1]
            _scores.move_to_end(m.pk)
        else:
            behind.append(m)
    for match_id, state in _states_at(behind).items():
        score = public_score(state.view(None))
        _keep(_scores, match_id, (state.version, score))
        scores[match_id] = score
    return scores


def _held(match: _Table) -> GameState | None:
    """The newest state of the match this process holds (any version), without changing its caches."""
    snapshot = snapshots.latest(match.pk)
    held = [state_cache.latest(match.pk), snapshot.state if snapshot else None, _states.get(match.pk)]
    states = [s for s in held if s is not None]
    return max(states, key=lambda s: s.version) if states else None


def _states_at(matches: Sequence[_Table]) -> dict[int, GameState]:
    """Each match's state at its version (or newer), caught up from its stored events in one query."""
    states: dict[int, GameState] = {}
    bases: dict[int, GameState | None] = {}
    wanted = Q()
    for m in matches:
        base = _held(m)
        if base is not None and base.version >= m.version:
            states[m.pk] = base
            continue
        bases[m.pk] = base
        wanted |= Q(match_id=m.pk, seq__gt=base.version if base else 0, seq__lte=m.version)
    if bases:
        events: dict[int, list[dict[str, Any]]] = {match_id: [] for match_id in bases}
        rows = MatchEvent.objects.filter(wanted).order_by("match_id", "seq").values_list("match_id", "data")
        for match_id, data in rows:
            events[match_id].append(data)
        for m in matches:
            if m.pk in bases:
                state = _caught_up(m, bases[m.pk], events[m.pk])
                if state is not None:
                    states[m.pk] = state
    for match_id, state in states.items():
        _keep(_states, match_id, state)
    return states


def _caught_up(match: _Table, base: GameState | None, events: list[dict[str, Any]]) -> GameState | None:
    if len(events) != match.version - (base.version if base else 0):
        return None  # rows missing (never, events are only added): no score rather than a wrong one
    rules = get_rules(match.game)
    if base is None:
        return rules.replay(events)
    state = base.clone()
    for event in events:
        state = rules.apply_in_place(state, event)
    return state


def _keep(cache: OrderedDict[int, Any], key: int, value: Any) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > _KEEP:
        cache.popitem(last=False)
