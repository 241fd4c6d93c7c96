"""The one place events are written. Load and replay a match, and append with an expected `seq`.

Callers hold the match row lock (`Match.objects.select_for_update(no_key=True)`) inside a transaction;
the unique `(match, seq)` constraint is the last line of defence: two writers racing for the same seq
get one success and one `StaleSeq`, never two events. The lock is FOR NO KEY UPDATE: it serialises the
writers of a match but lets rows that refer to the match (a socket counted for a seat) be inserted
meanwhile; with FOR UPDATE such an insert waited for the lock while holding its seat's row, which
deadlocked with a lock holder updating that seat."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.engine import CHANCE, GameState, IllegalAction, Rules, get_rules
from games.errors import StaleSeq
from games.identity import fairness
from games.live import state_cache
from games.models import Match, MatchEvent, MatchStatus, WatchdogDue
from games.services.due import due_next, due_set
from games.store import state_snapshots
from games.store.append_sql import append_write

log = logging.getLogger(__name__)


@dataclass
class Pending:
    """Events to store together, in order, starting right after `base_seq`."""

    base_seq: int
    events: list[tuple[dict[str, Any], int | None, str | None]] = field(default_factory=list)

    def add(self, event: dict[str, Any], seat: int | None = None, command_id: str | None = None) -> None:
        self.events.append((event, seat, command_id))


def load_state(match: Match) -> GameState:
    """The match's state at `match.version` (see `state_at`)."""
    return state_at(match.pk, match.game, match.version)


def state_at(match_id: int, game: str, version: int) -> GameState:
    """A match's state at `version`: from the per-process cache, caught up with the events stored since
    the cached version (another process wrote them), or from the match's stored snapshot and the events
    since (games.store.state_snapshots), or replayed from the start; a long match replayed from the
    start has a snapshot taken after the commit."""
    state, replayed = state_loaded(match_id, game, version)
    if replayed and version >= state_snapshots.every() > 0:
        transaction.on_commit(lambda: state_snapshots.snapshot_later(match_id=match_id, version=version))
    return state


def state_loaded(match_id: int, game: str, version: int) -> tuple[GameState, bool]:
    """`state_at`'s state, and whether it was replayed from the start."""
    rules = get_rules(game)
    cached = state_cache.latest(match_id)
    if cached is not None and cached.version == version:
        return cached, False
    state: GameState | None = None
    if cached is not None and cached.version < version:
        # Only up to `version` (read with the match row): a move committed since then (by another
        # process) must not make this read fail.
        state = _applied(rules, cached.clone(), _events(match_id, after=cached.version, upto=version))
    elif (
        restored := state_snapshots.snapshot_restore(match_id=match_id, game=game, version=version)
    ) is not None:
        try:
            state = _applied(rules, *restored)
        except IllegalAction:  # a snapshot that does not fit its own events: never trusted over them
            log.exception("match %s: the events after its state snapshot do not apply to it", match_id)
    replayed = state is None
    if state is None:
        state = rules.replay(_events(match_id, after=0, upto=version))
    state_cache.put(match_id, state)
    return state, replayed


def _applied(rules: Rules[Any], state: GameState, events: list[dict[str, Any]]) -> GameState:
    for event in events:
        state = rules.apply_in_place(state, event)
    return state


def _events(match_id: int, *, after: int, upto: int) -> list[dict[str, Any]]:
    rows = MatchEvent.objects.filter(match_id=match_id, seq__gt=after, seq__lte=upto)
    events = list(rows.order_by("seq").values_list("data", flat=True))
    if len(events) != upto - after:
        raise StaleSeq(f"match {match_id}: events missing below version {upto}")
    return events


def draw_chance(match: Match, state: GameState, pending: Pending) -> GameState:
    """Append every server-drawn event due now (deals, cuts...), each from the match's committed seed."""
    rules = get_rules(match.game)
    if state.to_move != CHANCE:
        return state
    # Chance events are numbered 0, 1, 2... in the stream (seat NULL, the start event excluded), so
    # tables sharing a seed (duplicate rounds) get the same deals whatever the moves in between.
    index = MatchEvent.objects.filter(match=match, seat__isnull=True).exclude(type="start").count()
    index += sum(1 for event, seat, _ in pending.events if seat is None and event.get("type") != "start")
    while state.to_move == CHANCE:
        event = rules.chance_event(state, fairness.chance_rng(match.seed, index))
        state = rules.apply(state, event)
        pending.add(event)
        index += 1
    return state


def store(match: Match, pending: Pending, state: GameState, due: WatchdogDue | None = None) -> int:
    """Insert the pending events and move the match's cached version and status along. Returns the new
    version. Must run inside the transaction that holds the match row lock; `due`: the match's due
    row, when the caller locked it with the match and read the seats (prefetched) after that."""
    if pending.base_seq != match.version:
        raise StaleSeq(f"expected seq {match.version}, got {pending.base_seq}")
    now = timezone.now()
    events = [
        {
            "match": match.pk,
            "seq": pending.base_seq + i,
            "type": str(event.get("type", "")),
            "seat": seat,
            "data": event,
            "command_id": command_id,
            "created_at": now,
        }
        for i, (event, seat, command_id) in enumerate(pending.events, start=1)
    ]
    match.version = pending.base_seq + len(events)
    match.last_event_at = now
    match.to_move = state.to_move if isinstance(state.to_move, int) else None
    fields = ["version", "last_event_at", "to_move"]
    if state.to_move is None and match.status == MatchStatus.RUNNING:
        match.status = MatchStatus.FINISHED
        match.finished_at = now
        fields += ["status", "finished_at"]
    # With the due row locked (and the seats read after it), its new time goes with the same writes.
    changed_due = due if due is not None and due_next(due, match, match.seats.all()) else None
    try:
        # No savepoint: a conflict aborts the caller's whole transaction, which is what we want.
        append_write(
            match=match,
            events=events,
            match_fields=fields,
            due=changed_due,
            alias=match._state.db or "default",
        )
    except IntegrityError as exc:
        raise StaleSeq("another move was stored first; resync and try again") from exc
    if due is None:
        due_set(match_id=match.pk, match=match)
    # Cached only once committed: a rolled-back append must never be served as the match's state.
    match_id, version = match.pk, match.version
    transaction.on_commit(lambda: state_cache.put(match_id, state))
    if state_snapshots.due(pending.base_seq, version):
        transaction.on_commit(lambda: state_snapshots.snapshot_later(match_id=match_id, version=version))
    return match.version


def apply_checked(match: Match, state: GameState, event: dict[str, Any]) -> GameState:
    """Apply one event through the engine; an illegal one raises IllegalAction unchanged."""
    try:
        return get_rules(match.game).apply(state, event)
    except IllegalAction:
        raise
    except (TypeError, KeyError, ValueError) as exc:  # a malformed event the engine did not name
        raise IllegalAction(f"malformed event: {exc}") from exc
