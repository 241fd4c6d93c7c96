"""AI moves: an AI seat's move, Anton standing in for a human seat (timer ran out, player away), or the
AI playing a turn-based seat the other players handed to it (services/turn_clock.py).

Every call is idempotent: it acts only if the match is still at `seq`, and the command id
"ai:<seq>" makes a repeated or concurrent call return the stored result instead of a second event.

A move is started when the `ai_move_due` signal says one is due (games.live.dispatch sends it after the
commit), or when the watchdog finds one overdue. The move is chosen at once and stored when the table's
pacing (AI_MOVE_DELAY) says, so that a slow level's thinking hides in the pause. It runs by
`settings.AI_RUNNER`:
  "celery"  a Celery task per move that chooses it, and one with the countdown that stores it (the
            deployment, REDIS_URL set),
  "thread"  a thread in this process that chooses it and waits (the embedded default),
  "inline"  right away in this thread, one after another (tests).
"""

from __future__ import annotations

import concurrent.futures
import logging
import math
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from celery import current_app as celery_app
from django.conf import settings
from django.db import close_old_connections

from games import ai as ai_registry
from games.ai.base import InformedPlayer, decide
from games.engine import GameState, get_rules
from games.engine.information import InformationState, information_state
from games.errors import GameError
from games.identity import fairness
from games.live.actors import Actor
from games.models import Match, MatchEvent, MatchStatus, Seat
from games.services.due import others_present
from games.services.matches import AI_COMMAND_PREFIX, match_act
from games.services.turn_clock import handed_ai_version
from games.store.events import load_state
from ops import metrics
from ops.log_context import match_context

log = logging.getLogger(__name__)
_pool = concurrent.futures.ThreadPoolExecutor(max_workers=4, thread_name_prefix="ai-think")
_local = threading.local()


def ai_move_play(
    match_id: int,
    seq: int,
    *,
    stand_in: bool = False,
    due: float = 0.0,
    later: Callable[[float, Planned], None] | None = None,
) -> int | None:
    """Play the move of the seat to act if it is an AI seat (or, with `stand_in` or an autoplay
    seat, a human seat Anton plays for; or a seat handed to the AI). Returns the new seq, or None
    when there was nothing to do (or the move was handed to `later`).

    The move is chosen at once and stored no earlier than `due` (a time.time()): the table's pacing
    and the AI's thinking overlap instead of adding up. Until then the caller's `later(seconds,
    planned)` keeps it (the Celery runner: a task with that countdown), or this thread waits."""
    with match_context(match_id=match_id, seq=seq):
        planned = _plan(match_id, seq, stand_in=stand_in)
        if planned is None:
            return None
        wait = due - time.time()
        if wait > 0.01:
            if later is not None:
                later(wait, planned)
                return None
            time.sleep(wait)
        return ai_move_store(match_id, seq, planned)


@dataclass(frozen=True)
class Planned:
    """A chosen AI move: the seat's action, stored by the AI itself or by the platform for a human seat."""

    seat: int
    system: bool
    action: dict[str, Any]

    def actor(self) -> Actor:
        return Actor.for_system(self.seat) if self.system else Actor.for_ai(self.seat)


def ai_move_store(match_id: int, seq: int, planned: Planned) -> int | None:
    """Store a chosen move if the match is still at `seq` (its command id "ai:<seq>" makes a repeat
    return the stored result); returns the new seq, or None."""
    try:
        return match_act(
            match_id=match_id,
            actor=planned.actor(),
            action=planned.action,
            expected_seq=seq,
            command_id=f"{AI_COMMAND_PREFIX}{seq}",
        ).seq
    except GameError:  # someone else moved first: nothing to do
        return None


def _plan(match_id: int, seq: int, *, stand_in: bool) -> Planned | None:
    match = Match.objects.filter(pk=match_id).prefetch_related("seats").first()
    if match is None or match.status != MatchStatus.RUNNING or match.version != seq:
        return None
    state = load_state(match)
    to_move = state.to_move
    seat = next((s for s in match.seats.all() if s.index == to_move), None)
    if seat is None or not isinstance(to_move, int):
        return None
    if seat.is_ai:
        system, version = False, seat.ai_version or ai_registry.DEFAULT_VERSION
    elif seat.handed_to_ai:  # for the rest of the match: the platform's moves, no human result
        system, version = True, handed_ai_version(match)
    elif stand_in or (seat.autoplay and others_present(match, seat)):
        system, version = True, ai_registry.DEFAULT_VERSION
    else:
        return None
    return Planned(to_move, system, choose_move(match, seat, state, version, seq))


def choose_move(match: Match, seat: Seat, state: GameState, version: str, seq: int) -> dict[str, Any]:
    """The player's choice from its seat's information state only (the view, and for a player that
    remembers the deal what the seat has seen of it). Anton is fast; any other version gets
    AI_HARD_DEADLINE seconds, after which Anton's move (always legal) is played instead."""
    view, legal = state.view(seat.index), state.legal_actions()
    player = ai_registry.get_player(match.game, version)
    info = seat_information(match, seat.index) if isinstance(player, InformedPlayer) else None

    def think(rng: random.Random) -> dict[str, Any]:
        if info is None:
            return player.choose(view, legal, rng)
        return decide(player, info, legal, rng)

    started = time.perf_counter()
    if match.deal_event:
        # A shared-deal table: the decision depends on the seed and the moves so far alone (its own
        # node budget, no cap or fallback on a clock), so every table that plays the same meets the same.
        if hasattr(player, "seconds"):
            player.seconds = math.inf
        action = think(fairness.decision_rng(match.seed, seq))
    elif version == ai_registry.DEFAULT_VERSION or version == "random":
        action = think(move_rng(match, seq))
    else:
        future = _pool.submit(think, move_rng(match, seq))
        try:
            action = future.result(timeout=settings.AI_HARD_DEADLINE)
        except concurrent.futures.TimeoutError:
            log.warning("AI %s missed the deadline in match %s at seq %s", version, match.pk, seq)
            metrics.AI_DEADLINE_MISSED.labels(match.game, version).inc()
            fallback = ai_registry.get_player(match.game, ai_registry.DEFAULT_VERSION)
            action = fallback.choose(view, legal, move_rng(match, seq, "fallback"))
    metrics.AI_MOVE_SECONDS.labels(match.game, version).observe(time.perf_counter() - started)
    return {k: v for k, v in action.items() if k != "seat"}


def move_rng(match: Match, seq: int, salt: str = "") -> random.Random:
    """The random choices of an AI move at an ordinary table: from the table and the move, nothing
    secret (not the deal's seed)."""
    return random.Random(f"{match.pk}:{seq}:{salt}" if salt else f"{match.pk}:{seq}")


def seat_information(match: Match, seat: int) -> InformationState:
    """Seat `seat`'s information state at the match's version, folded from the stored events by the
    engine (games/engine/information.py): never another seat's hidden card."""
    rows = MatchEvent.objects.filter(match_id=match.pk, seq__lte=match.version).order_by("seq")
    return information_state(get_rules(match.game), list(rows.values_list("data", flat=True)), seat)


def on_ai_move_due(sender: Any, *, match_id: int, seq: int, delay: float, **kwargs: Any) -> None:
    """Receiver of `games.signals.ai_move_due` (connected in GamesConfig.ready)."""
    ai_move_schedule(match_id=match_id, seq=seq, delay=delay)


def ai_move_schedule(*, match_id: int, seq: int, delay: float) -> None:
    """Start the move due at `seq`, stored in `delay` seconds (chosen at once), by settings.AI_RUNNER."""
    runner = settings.AI_RUNNER
    due = time.time() + delay
    if runner == "celery":
        # By name, on the project's Celery app: games.tasks imports this module. GamesConfig.ready
        # registers the task in every process, so that an eager Celery runs it here as before.
        task = celery_app.signature("games.tasks.ai_move", args=(match_id, seq), kwargs={"due": due})
        try:
            task.apply_async()
        except Exception:  # broker down: the move is stored all the same; the watchdog enqueues it again
            log.exception("enqueueing the AI move for match %s at seq %s failed", match_id, seq)
    elif runner == "thread":
        thread = threading.Thread(target=_run_in_thread, args=(match_id, seq, due), daemon=True)
        thread.start()
    else:
        _run_inline(match_id, seq)


def store_later(match_id: int, seq: int) -> Callable[[float, Planned], None]:
    """For the Celery task: a chosen move waits for its time as a task of its own with a countdown,
    not in the worker's thread."""

    def later(seconds: float, planned: Planned) -> None:
        task = celery_app.signature(
            "games.tasks.ai_move_store", args=(match_id, seq, planned.seat, planned.system, planned.action)
        )
        task.apply_async(countdown=seconds)

    return later


def _run_inline(match_id: int, seq: int) -> None:
    # AI moves trigger further AI moves through on_commit; queue them instead of recursing.
    queue: list[tuple[int, int]] | None = getattr(_local, "queue", None)
    if queue is not None:
        queue.append((match_id, seq))
        return
    _local.queue = queue = [(match_id, seq)]
    try:
        while queue:
            ai_move_play(*queue.pop(0))
    finally:
        _local.queue = None


def _run_in_thread(match_id: int, seq: int, due: float) -> None:
    close_old_connections()
    try:
        ai_move_play(match_id, seq, due=due)
    except Exception:
        log.exception("AI move for match %s at seq %s failed", match_id, seq)
    finally:
        close_old_connections()
