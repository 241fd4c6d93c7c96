"""Who is at the table: socket counts per seat (across web processes), leaving, abandoning.

Every counted socket is a SeatSocket row of the web process holding it; each web process beats a
heartbeat (WebProcess.seen_at), and the watchdog takes the sockets of a process that went silent
(killed) off the counts, so its players count as away and the table goes on without them."""

from __future__ import annotations

import datetime as dt
import logging
import os
import secrets
import socket as pysocket
import threading
import time

from django.conf import settings
from django.db import close_old_connections, transaction
from django.db.models import Case, F, Value, When
from django.db.models.functions import Greatest
from django.utils import timezone

from games.errors import Forbidden, NotFound, NotSeated
from games.live import dispatch
from games.live.actors import Actor
from games.models import SEAT_TAKEN_FIELDS, Match, MatchStatus, Seat, SeatSocket, WebProcess
from games.services.due import due_set
from games.signals import process_released

log = logging.getLogger(__name__)


def seat_connected(*, match_id: int, seat: int, socket: str) -> None:
    """Count one more open socket (`socket`: a key unique to it) for a seat, held by this process."""
    _register_process()
    _open.add(socket)  # before the row exists: the heartbeat's reconciliation must never see it alone
    try:
        with transaction.atomic():
            seats = Seat.objects.filter(match_id=match_id, index=seat)
            was = seats.values_list("connections", "away_since").first()
            seats.update(connections=F("connections") + 1, away_since=None, autoplay=False, left=False)
            SeatSocket.objects.create(key=socket, match_id=match_id, seat_index=seat, process=process_id())
            due_set(match_id=match_id)  # back: the away and abandon clocks it started stop
            if was is not None and was[0] == 0 and was[1] is not None:  # it was away: back now
                _tell_if_flipped(match_id, seat, away=False)
    except BaseException:
        _open.discard(socket)
        raise


def seat_disconnected(*, match_id: int, seat: int, socket: str, at: dt.datetime | None = None) -> None:
    """Count a socket no more; the last one of a seat starts its away clock (at `at`, default now).
    A socket already taken off (a released process's, or a second call) changes nothing. If this
    fails (the database away), the next heartbeat takes the socket off."""
    _open.discard(socket)
    with transaction.atomic():
        if not SeatSocket.objects.filter(key=socket).delete()[0]:
            return
        # One statement (the row is locked for its duration).
        Seat.objects.filter(match_id=match_id, index=seat).update(
            connections=Greatest(F("connections") - 1, 0),
            away_since=Case(When(connections=1, then=Value(at or timezone.now())), default=F("away_since")),
        )
        due_set(match_id=match_id)
        if not Seat.objects.filter(match_id=match_id, index=seat, connections__gt=0).exists():
            _tell_if_flipped(match_id, seat, away=True)


def _tell_if_flipped(match_id: int, seat: int, *, away: bool) -> None:
    """In the transaction that counted a socket on or off: when that made an away seat present again
    (its first socket back) or a present one away (its last socket gone) at a running real-time table,
    every socket of the table is told after the commit (a seat's away mark is in the summary, not in
    the event stream, so no move brings it). Another socket beside one of the same seat tells nobody."""
    row = Match.objects.filter(pk=match_id).values_list("status", "turn_based").first()
    if row is None or row[0] != MatchStatus.RUNNING or row[1]:
        return
    transaction.on_commit(lambda: dispatch.broadcast_presence(match_id, seat, away))


# --- web processes: who holds the sockets counted above --------------------------------------------

_process: tuple[int, str] | None = None
_registered_as: str | None = None  # this process's id once its WebProcess row is written
_open: set[str] = set()  # the keys of the sockets this process counts
_register_lock = threading.Lock()
_heartbeat_pid: int | None = None


def process_id() -> str:
    """This process's name in WebProcess and SeatSocket (new after a fork)."""
    global _process
    pid = os.getpid()
    if _process is None or _process[0] != pid:
        _process = (pid, f"{pysocket.gethostname()[:60]}:{pid}:{secrets.token_hex(4)}")
    return _process[1]


def _register_process() -> None:
    global _heartbeat_pid, _registered_as
    me = process_id()
    if _registered_as == me:
        return
    with _register_lock:
        if _registered_as != me:
            WebProcess.objects.update_or_create(pk=me, defaults={"seen_at": timezone.now()})
            _registered_as = me
        start = settings.PRESENCE_HEARTBEAT > 0 and _heartbeat_pid != os.getpid()
        if start:
            _heartbeat_pid = os.getpid()
    if start:
        threading.Thread(target=_heartbeat_loop, name="presence-heartbeat", daemon=True).start()


def forget_registration() -> None:
    """For tests, whose database starts empty: register this process again with its next socket."""
    global _registered_as
    with _register_lock:
        _registered_as = None
        _open.clear()


def process_heartbeat() -> bool:
    """Tell the watchdog this process is alive. False if it had already counted it dead and taken its
    sockets off (the process was silent longer than PRESENCE_EXPIRY): then `process_released` is sent,
    and the sockets register afresh when their clients reconnect."""
    global _registered_as
    me = process_id()
    with _register_lock:
        if _registered_as != me:
            return True
        alive = WebProcess.objects.filter(pk=me).update(seen_at=timezone.now()) == 1
        if not alive:
            _registered_as = None
    if alive:
        _reconcile(me)
        return True
    log.warning("web process %s was counted dead; its sockets will reconnect", me)
    process_released.send(sender=None)
    return False


def _reconcile(me: str) -> None:
    """Take off the sockets this process still has rows for but no longer counts (their disconnect
    failed): no count stays raised until the process ends."""
    rows = SeatSocket.objects.filter(process=me).values_list("key", "match_id", "seat_index")
    for key, match_id, seat in rows:
        if key not in _open:
            seat_disconnected(match_id=match_id, seat=seat, socket=key)


def _heartbeat_loop() -> None:
    while True:
        time.sleep(settings.PRESENCE_HEARTBEAT)
        try:  # nothing may end this thread: without it the process would count as dead
            close_old_connections()
            process_heartbeat()
            close_old_connections()
        except Exception:  # the database away for a moment: try again next time
            log.exception("presence heartbeat failed")


def release_silent_processes(now: dt.datetime) -> int:
    """Take the sockets of web processes silent for PRESENCE_EXPIRY off their seats' counts (their
    away clocks start when the process was last seen). Returns how many sockets were released.
    PRESENCE_EXPIRY = 0 switches this off (tests that move the clock)."""
    if settings.PRESENCE_EXPIRY <= 0:
        return 0
    cutoff = now - dt.timedelta(seconds=settings.PRESENCE_EXPIRY)
    silent = dict(WebProcess.objects.filter(seen_at__lt=cutoff).values_list("pk", "seen_at"))
    # The rows go first: a heartbeat after this finds its process released; one before it kept it.
    WebProcess.objects.filter(pk__in=silent, seen_at__lt=cutoff).delete()
    orphans = SeatSocket.objects.exclude(process__in=WebProcess.objects.values("pk"))
    released = 0
    for key, match_id, seat, process in orphans.values_list("key", "match_id", "seat_index", "process"):
        seat_disconnected(match_id=match_id, seat=seat, socket=key, at=silent.get(process, now))
        released += 1
    return released


def match_leave(*, match_id: int, actor: Actor) -> Match:
    """'Beenden': an open table frees the seat; a running match counts the player as away at once,
    so Anton plays the seat after the disconnect timeout. When every human has left, the match ends
    as abandoned."""
    with transaction.atomic():
        locked = Match.objects.select_for_update(no_key=True).prefetch_related("seats")
        match = locked.filter(pk=match_id).first()
        if match is None:
            raise NotFound(f"no match {match_id}")
        seat = next((s for s in match.seats.all() if actor.owns(s)), None)
        if seat is None or seat.is_ai:
            raise NotSeated("you have no seat at this match")
        if match.status == MatchStatus.OPEN:
            for field in SEAT_TAKEN_FIELDS:
                setattr(seat, field, None if field in ("user", "joined_at") else "")
            seat.save(update_fields=[*SEAT_TAKEN_FIELDS])
            humans_left = [s for s in match.seats.all() if not s.is_ai and not s.is_free]
            if not humans_left:
                _end_abandoned(match)
            transaction.on_commit(dispatch.broadcast_lobby)
            return match
        if match.status == MatchStatus.RUNNING:
            seat.left = True
            seat.away_since = seat.away_since or timezone.now()
            seat.save(update_fields=["left", "away_since"])
            if all(s.is_ai or s.left for s in match.seats.all()):
                _end_abandoned(match)
            else:
                due_set(match_id=match.pk, match=match)
        return match


def match_abandon(*, match_id: int) -> Match:
    """Staff end an open or running match as abandoned (the admin), as when its players have all gone:
    the same times, due row and after-commit signal. A match already over is left as it is."""
    with transaction.atomic():
        match = Match.objects.select_for_update(no_key=True).filter(pk=match_id).first()
        if match is None:
            raise NotFound(f"no match {match_id}")
        if not match.is_over:
            _end_abandoned(match)
    return match


def abandon_if_deserted(match: Match, now: dt.datetime, after_seconds: float) -> bool:
    """End a running match whose humans have all left, or been away for `after_seconds`."""
    humans = [s for s in match.seats.all() if not s.is_ai]

    def gone(s: Seat) -> bool:
        if s.left:
            return True
        return (
            s.connections == 0
            and s.away_since is not None
            and (now - s.away_since).total_seconds() > after_seconds
        )

    if humans and all(gone(s) for s in humans):
        _end_abandoned(match)
        return True
    return False


def _end_abandoned(match: Match) -> None:
    match.status = MatchStatus.ABANDONED
    match.finished_at = timezone.now()
    match.save(update_fields=["status", "finished_at"])
    due_set(match_id=match.pk, match=match)
    match_id, version = match.pk, match.version
    transaction.on_commit(lambda: dispatch.after_abandon(match_id, version))


def match_settings_update(*, match_id: int, actor: Actor, spectators_allowed: bool) -> Match:
    """Only the table's opener may switch spectators on or off."""
    with transaction.atomic():
        match = Match.objects.select_for_update(no_key=True).filter(pk=match_id).first()
        if match is None:
            raise NotFound(f"no match {match_id}")
        if not actor.opened(match):
            raise Forbidden("only the table's opener may change this")
        match.spectators_allowed = spectators_allowed
        match.save(update_fields=["spectators_allowed"])
    return match
