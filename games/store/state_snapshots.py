"""Snapshots of a match's engine state, so that loading a long match cold (no process holds its state)
replays the events after the snapshot only, not the whole stream.

A snapshot is a projection of the events, never their truth: one row per match (the newest), taken after
an append that passes a multiple of STATE_SNAPSHOT_EVERY events (a task on the `projections` queue, off
the move's path), after a cold load that had to replay a long match in full, and by
`manage.py rebuild_projections`. It is used only when everything about it checks out, and otherwise
ignored (the events are replayed, and a new snapshot is taken):

- its engine stamp: the game, every rules version its engine knows and a digest of the engine's code,
  so a state pickled by other code never meets this one;
- its MAC (HMAC-SHA256 keyed by SECRET_KEY over match, version, stamp and bytes), so only bytes this
  site wrote are unpickled, and a corrupted row is caught before it is read;
- its version: at most the one asked for, and equal to the unpickled state's own.

It holds every seat's hidden cards: only the event store reads it, to rebuild a state; nothing sends it.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import pickle
import sys
from pathlib import Path
from typing import Any

from celery import current_app as celery_app
from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac

from games.engine import JSON, GameState, get_rules
from games.errors import StaleSeq
from games.models import Match, MatchEvent, StateSnapshot

log = logging.getLogger(__name__)

_ROOT = Path(__file__).resolve().parents[2]
_ENGINE_DIR = _ROOT / "games" / "engine"


def every() -> int:
    """Events between two snapshots of a match; 0: no snapshots (taken or used)."""
    return int(settings.STATE_SNAPSHOT_EVERY)


def due(before: int, after: int) -> bool:
    """Whether an append from version `before` to `after` passed a multiple of `every()`."""
    n = every()
    return n > 0 and after // n > before // n


@functools.cache
def engine_stamp(game: str) -> str:
    """The game, its rules versions and a digest of the source of its engine (the shared engine modules
    and every game's package): any change of the code that builds states gives another stamp."""
    rules = get_rules(game)
    sources = sorted(_ENGINE_DIR.rglob("*.py"))
    module = Path(sys.modules[type(rules).__module__].__file__ or "")
    if _ENGINE_DIR not in module.parents:  # a game outside games/engine (the tests' Duel)
        sources += sorted(module.parent.glob("*.py"))
    digest = hashlib.sha256()
    for path in sources:
        digest.update(str(path.relative_to(_ROOT)).encode() + b"\0" + path.read_bytes())
    versions = ",".join(v.version for v in rules.rules_versions)
    return f"{game}:{versions}:{digest.hexdigest()[:32]}"


def _mac(match_id: int, version: int, stamp: str, data: bytes) -> str:
    message = f"{match_id}:{version}:{stamp}:".encode() + data
    return salted_hmac("games.state_snapshot", message, algorithm="sha256").hexdigest()


def snapshot_store(*, match_id: int, game: str, state: GameState) -> bool:
    """Keep `state` as the match's snapshot unless a newer valid one is stored. True when stored."""
    stamp = engine_stamp(game)
    data = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
    values = {
        "version": state.version,
        "engine": stamp,
        "state": data,
        "mac": _mac(match_id, state.version, stamp, data),
        "taken_at": timezone.now(),
    }
    with transaction.atomic():
        # Replaces an older snapshot, or one from other engine code whatever its version.
        replaceable = Q(version__lt=state.version) | ~Q(engine=stamp)
        if StateSnapshot.objects.filter(replaceable, match_id=match_id).update(**values):
            return True
        StateSnapshot.objects.bulk_create([StateSnapshot(match_id=match_id, **values)], ignore_conflicts=True)
    return StateSnapshot.objects.filter(match_id=match_id, version=state.version, engine=stamp).exists()


def snapshot_held(*, match_id: int, game: str) -> int | None:
    """The version of the match's snapshot taken by the current engine code, None when there is none."""
    held = StateSnapshot.objects.filter(match_id=match_id, engine=engine_stamp(game))
    return held.values_list("version", flat=True).first()


def snapshot_restore(*, match_id: int, game: str, version: int) -> tuple[GameState, list[JSON]] | None:
    """The match's state from its snapshot (owned by the caller: it may apply events to it in place) and
    the events stored after it up to `version`, read together in one statement; None when there is no
    snapshot at or below `version` to trust."""
    if every() <= 0 or version < every():
        return None
    rows = _snapshot_and_tail(match_id, version)
    if not rows:
        return None
    taken, stamp, data, mac, _ = rows[0]
    state = _trusted(match_id, game, taken, stamp, bytes(data), mac)  # PostgreSQL: a memoryview
    if state is None:
        return None
    tail = [json.loads(row[4]) if isinstance(row[4], str) else row[4] for row in rows[1:]]
    if len(tail) != version - taken:
        raise StaleSeq(f"match {match_id}: events missing below version {version}")
    return state, tail


def _snapshot_and_tail(match_id: int, version: int) -> list[tuple[Any, ...]]:
    """The snapshot row (version, engine, state, mac, NULL), then the events after it up to `version`
    (seq, NULL, NULL, NULL, data) in order: one round trip where the ORM took two."""
    quote = connection.ops.quote_name
    snapshots, events = quote(StateSnapshot._meta.db_table), quote(MatchEvent._meta.db_table)
    sql = (
        f"SELECT s.version, s.engine, s.state, s.mac, NULL FROM {snapshots} s "
        "WHERE s.match_id = %s AND s.version <= %s "
        "UNION ALL "
        f"SELECT e.seq, NULL, NULL, NULL, e.data FROM {events} e JOIN {snapshots} s "
        "ON s.match_id = e.match_id AND s.version <= %s AND e.seq > s.version "
        "WHERE e.match_id = %s AND e.seq <= %s "
        "ORDER BY 1"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [match_id, version, version, match_id, version])
        return list(cursor.fetchall())


def _trusted(match_id: int, game: str, taken: int, stamp: str, data: bytes, mac: str) -> GameState | None:
    """The state pickled in a snapshot row, if its engine stamp, MAC and version check out."""
    if stamp != engine_stamp(game):
        return None  # other rules or engine code: the events are replayed, and a new one taken
    if not constant_time_compare(mac, _mac(match_id, taken, stamp, data)):
        log.warning("state snapshot of match %s at %s: wrong MAC, the events replayed", match_id, taken)
        return None
    try:
        state = pickle.loads(data)  # bytes this site wrote: the MAC is checked above
    except Exception:
        log.exception("state snapshot of match %s at %s: unreadable, the events replayed", match_id, taken)
        return None
    # the game's own state class, where its rules name one (GameState is a protocol, which isinstance
    # cannot check: games/engine/contract.py)
    expected = getattr(get_rules(game), "state_class", None)
    if (expected is not None and type(state) is not expected) or getattr(state, "version", None) != taken:
        log.warning("state snapshot of match %s at %s: no such state, the events replayed", match_id, taken)
        return None
    return state


def snapshot_later(*, match_id: int, version: int) -> None:
    """Have a snapshot taken at `version` by the `games.tasks.state_snapshot` task (after the commit that
    stored or read it). A snapshot is an optimisation: a failure to enqueue is logged, never raised."""
    # By name: games.tasks imports the store. GamesConfig.ready registers the task in every process,
    # so that an eager Celery runs it here.
    task = celery_app.signature("games.tasks.state_snapshot", args=(match_id, version))
    try:
        task.apply_async()
    except Exception:
        log.exception("could not enqueue the state snapshot of match %s at %s", match_id, version)


# --- the projection: wiped and rebuilt from the events by `manage.py rebuild_projections` ----------

NAME = "state_snapshots"


def wipe() -> None:
    StateSnapshot.objects.all().delete()


def rebuild() -> int:
    """Wipe the snapshots and take one of every match of STATE_SNAPSHOT_EVERY events or more, at its
    version, from a replay of its events. Returns the matches given a snapshot."""
    from games.results.projections import projection_failures_clear, projection_step

    wipe()
    projection_failures_clear(name=NAME)
    n = every()
    if n <= 0:
        return 0
    taken = 0
    for match_id, game in Match.objects.filter(version__gte=n).order_by("pk").values_list("pk", "game"):
        step = functools.partial(_rebuild_one, match_id, game)
        taken += bool(projection_step(name=NAME, match_id=match_id, step=step))
    return taken


def _rebuild_one(match_id: int, game: str) -> bool:
    events = MatchEvent.objects.filter(match_id=match_id).order_by("seq").values_list("data", flat=True)
    state = get_rules(game).replay(list(events))
    return snapshot_store(match_id=match_id, game=game, state=state)
