"""Writes on matches: open a table, take a seat, act. Views, consumers and tasks call these."""

from __future__ import annotations

import hmac
import logging
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import ai as ai_registry
from games.ai import revisions
from games.engine import IllegalAction, available_games, get_rules
from games.engine.base import is_int
from games.errors import (
    BadRequest,
    CommandConflict,
    Forbidden,
    GameError,
    HandedToAi,
    IllegalMove,
    InviteRequired,
    MatchNotRunning,
    NotFound,
    NotSeated,
    NotYourTurn,
    SeatTaken,
    StaleSeq,
    TurnBasedRefused,
)
from games.identity import fairness, seating
from games.identity.entries import entry_check
from games.identity.names import FALLBACK_AI_NAMES, check_player_name, cleaned, default_ai_names
from games.identity.table_limit import open_tables_check
from games.live import dispatch
from games.live.actors import Actor
from games.models import SEAT_TAKEN_FIELDS, Match, MatchEvent, MatchStatus, Seat, SeatKind, WatchdogDue
from games.services import compiled, turn_clock
from games.store.events import Pending, apply_checked, draw_chance, load_state, store
from ops import metrics
from ops.log_context import match_context

log = logging.getLogger(__name__)

#: command ids of the platform's own moves (AI seats, stand-ins): "ai:<seq>"; refused from clients
AI_COMMAND_PREFIX = "ai:"
MAX_NAME = 40


@dataclass(frozen=True)
class SeatSpec:
    kind: str = SeatKind.HUMAN
    name: str = ""


@dataclass(frozen=True)
class ActResult:
    seq: int
    duplicate: bool = False


def _clean_name(name: str) -> str:
    name = cleaned(name)  # an AI seat's name typed by the opener: no invisible or BiDi controls either
    if len(name) > MAX_NAME:
        raise BadRequest(f"a name has at most {MAX_NAME} characters")
    return name


def _locked(match_id: int) -> Match:
    try:
        # The seats come along (one query) and serve the turn check and the AI dispatch. NO KEY: see
        # games/store/events.py.
        return Match.objects.select_for_update(no_key=True).prefetch_related("seats").get(pk=match_id)
    except Match.DoesNotExist as exc:
        raise NotFound(f"no match {match_id}") from exc


def _locked_for_move(match_id: int) -> tuple[Match, WatchdogDue | None]:
    """The match row and its due row, locked in one statement (match first, as every writer takes
    them), then its seats: read after the due row's lock, as services/due.py requires, so the move
    sets its due time without locking and reading again. A match without a due row (not started):
    the match row alone.

    The two statements are the ORM's, compiled once per process (games/services/compiled.py): their
    compiling took most of the CPU a move costs a web process."""
    found = compiled.load(_MOVE_LOCK, match_id)
    if not found:
        return _locked(match_id), None
    match, others = found[0]
    alias = match._state.db or "default"
    due = WatchdogDue.from_db(alias, ["match_id", "due_at"], [match.pk, others["watchdogdue.due_at"]])
    compiled.prefetched(match, "seats", [seat for seat, _ in compiled.load(_SEATS, match_id)])
    return match, due


_MOVE_LOCK = compiled.Statement(
    Match,
    lambda pk: (
        Match.objects.select_for_update(no_key=True, of=("self", "due"))
        .select_related("due")
        .filter(pk=pk, due__isnull=False)
    ),
)
_SEATS = compiled.Statement(Seat, lambda pk: Seat.objects.filter(match_id=pk).order_by("index"))


def _take_seat(seat: Seat, actor: Actor) -> None:
    seat.user_id = actor.user_id
    seat.guest_token = "" if actor.user_id is not None else actor.guest_token
    seat.display_name = cleaned(actor.display_name)  # also a name stored before names were cleaned
    seat.origin_browser = actor.origin.browser
    seat.origin_session = actor.origin.session
    seat.origin_address = actor.origin.address
    seat.origin_device = actor.origin.device
    seat.joined_at = timezone.now()
    seat.save(update_fields=[*SEAT_TAKEN_FIELDS])


def _require_identity(actor: Actor) -> None:
    if actor.is_anonymous or actor.ai_seat is not None:
        raise NotSeated("log in or give a name to take a seat")
    if not actor.display_name:
        raise BadRequest("a name is required to take a seat")
    if actor.user_id is None:
        check_player_name(actor.display_name)  # also a guest name stored in the session before


def match_create(
    *,
    game: str,
    creator: Actor,
    seats: Sequence[SeatSpec],
    options: dict[str, Any] | None = None,
    creator_seat: int = 0,
    ai_version: str = ai_registry.DEFAULT_VERSION,
    spectators_allowed: bool = True,
    move_timer: int = 0,
    seed: str | None = None,
    embargoed: bool = False,
    ranked: bool = False,
    private: bool = False,
    turn_based: bool = False,
    days_per_move: int | None = None,
    table_limit: bool = True,
) -> Match:
    """Open a table. The creator sits at `creator_seat`; AI seats are filled at once; the match starts
    as soon as every seat is taken. A `ranked` table (its results count for a ranking) never becomes
    a practice table; an `embargoed` one shares its seed with other tables (see selectors), one
    shared-deal event that a person enters once (games.identity.entries). A `private` table is
    seated by invitation link only (`invite_token`), never listed and never ranked. A `turn_based`
    table gives each player `days_per_move` days per move instead of a move timer and away rules
    (services/turn_clock.py); a private one among friends too, never a shared-deal one.
    `table_limit=False` only where staff seat players (duplicate rounds): a player opening a table is
    held to MAX_OPEN_TABLES."""
    _require_identity(creator)
    if game not in available_games():
        raise BadRequest(f"unknown game {game!r}")
    if private and (ranked or embargoed):
        raise BadRequest("a private table is friendly: never a ranked, league or shared-deal table")
    rules = get_rules(game)
    try:
        opts = rules.normalize_options(options or {})
    except IllegalAction as exc:
        raise BadRequest(f"bad rule options: {exc.reason}") from exc
    n = rules.players(opts)
    if len(seats) != n:
        raise BadRequest(f"{game} needs exactly {n} seats, got {len(seats)}")
    if not 0 <= creator_seat < n or seats[creator_seat].kind != SeatKind.HUMAN:
        raise BadRequest("the creator's seat must be a human seat")
    if any(s.kind not in SeatKind.values for s in seats):
        raise BadRequest("a seat is either 'human' or 'ai'")
    if any(s.kind == SeatKind.AI for s in seats) and ai_version not in ai_registry.available_versions(game):
        raise BadRequest(f"no AI version {ai_version!r} for {game}")
    _turn_based_check(
        turn_based=turn_based,
        days_per_move=days_per_move,
        move_timer=move_timer,
        embargoed=embargoed,
        humans=sum(1 for s in seats if s.kind == SeatKind.HUMAN),
    )

    names = iter(default_ai_names(game) + FALLBACK_AI_NAMES)
    seed = seed or fairness.new_seed()
    commitment = fairness.commitment(seed)
    # An embargoed table shares its seed (its deals) with the other tables of its event.
    deal_event = commitment if embargoed else ""
    with transaction.atomic():
        if table_limit:
            open_tables_check(actor=creator)
        if deal_event:
            entry_check(event=deal_event, actor=creator)
        match = Match.objects.create(
            game=game,
            options=opts,
            created_by_id=creator.user_id,
            created_by_guest="" if creator.user_id else creator.guest_token,
            ai_version=ai_version,
            spectators_allowed=spectators_allowed,
            move_timer=move_timer,
            embargoed=embargoed,
            ranked=ranked,
            private=private,
            invite_token=secrets.token_urlsafe(16) if private else "",
            turn_based=turn_based,
            days_per_move=days_per_move if turn_based and days_per_move is not None else 0,
            seed=seed,
            seed_commitment=commitment,
            deal_event=deal_event,
        )
        for index, spec in enumerate(seats):
            seat = Seat(match=match, index=index, kind=spec.kind)
            if spec.kind == SeatKind.AI:
                seat.display_name = _clean_name(spec.name) or next(names)
                seat.ai_version = ai_version
                seat.ai_revision = revisions.revision(game, ai_version)
            seat.save()
            if index == creator_seat:
                _take_seat(seat, creator)
        _start_if_full(match)
        transaction.on_commit(dispatch.broadcast_lobby)
    return match


def _turn_based_check(
    *, turn_based: Any, days_per_move: Any, move_timer: int, embargoed: bool, humans: int
) -> None:
    """TurnBasedRefused unless the turn-based settings fit: `turn_based` a boolean; with it, a whole
    number of days per move from 1 to 14, no move timer, no shared-deal event, two human seats or more;
    without it, no days per move."""
    low, high = turn_clock.MIN_DAYS, turn_clock.MAX_DAYS
    if not isinstance(turn_based, bool):
        raise TurnBasedRefused(f"turn_based is true or false, not {turn_based!r}")
    if not turn_based:
        if days_per_move is not None:
            raise TurnBasedRefused(
                'days_per_move is for a turn-based table only: send "turn_based": true with it'
            )
        return
    if days_per_move is None:
        raise TurnBasedRefused(
            f"a turn-based table needs days_per_move: a whole number of days from {low} to {high}"
        )
    if not is_int(days_per_move) or not low <= days_per_move <= high:
        raise TurnBasedRefused(
            f"days_per_move is a whole number of days from {low} to {high}, not {days_per_move!r}"
        )
    if move_timer:
        raise TurnBasedRefused("a turn-based table has no move timer: each player has days per move instead")
    if embargoed:
        raise TurnBasedRefused(
            "a table of a duplicate round or a daily challenge is played in one sitting: "
            "it cannot be turn-based"
        )
    if humans < 2:
        raise TurnBasedRefused(
            "a turn-based table is played among people: it needs at least two human seats "
            "(a table against the AI alone waits for you anyway)"
        )


def invite_check(match: Match, invite: str) -> None:
    """InviteRequired unless `match` is public or `invite` is its token (compared in constant time)."""
    if not match.private:
        return
    if not invite:
        raise InviteRequired("this table is private: a seat is taken with its invitation link only")
    if not match.invite_token or not hmac.compare_digest(
        match.invite_token.encode(), invite.encode(errors="replace")
    ):
        raise InviteRequired("this invitation link is not valid for this table")


def match_join(
    *,
    match_id: int,
    actor: Actor,
    seat_index: int | None = None,
    invite: str = "",
    table_limit: bool = True,
) -> Seat:
    """Take a free seat (the first free one when none is named); `table_limit` as in match_create.
    A private table's seat takes its `invite` token; the seat rules (games.identity.seating) hold there
    too: the hook where a blocked player is kept from the creator's private table."""
    _require_identity(actor)
    with transaction.atomic():
        match = _locked(match_id)
        invite_check(match, invite)
        if match.status != MatchStatus.OPEN:
            raise SeatTaken("this table is no longer open")
        seats = list(match.seats.all())
        if any(actor.owns(s) for s in seats):
            raise SeatTaken("you already have a seat at this table")
        if seating.holds_a_seat(seats, actor):
            raise SeatTaken(
                "this browser already holds a seat at this table (as another account or guest): "
                "one person plays one seat"
            )
        seating.seat_rules_check(match, actor)
        if match.deal_event:
            entry_check(event=match.deal_event, actor=actor)
        free = [s for s in seats if s.is_free]
        if seat_index is not None:
            free = [s for s in free if s.index == seat_index]
        if not free:
            raise SeatTaken("that seat is taken" if seat_index is not None else "no free seat")
        if table_limit:
            open_tables_check(actor=actor)
        seat = free[0]
        _take_seat(seat, actor)
        _start_if_full(match)
        transaction.on_commit(dispatch.broadcast_lobby)
    return seat


def _start_if_full(match: Match) -> None:
    if any(s.is_free for s in match.seats.all()):
        return
    rules = get_rules(match.game)
    start = rules.start_event(match.options)
    state = rules.initial_state(start)
    pending = Pending(base_seq=match.version)
    pending.add(start)
    state = draw_chance(match, state, pending)
    match.status = MatchStatus.RUNNING
    match.started_at = timezone.now()
    match.save(update_fields=["status", "started_at"])
    version = store(match, pending, state)
    dispatch.on_commit_after_append(match, version, state)


def seat_of(match: Match, actor: Actor) -> Seat | None:
    return next((s for s in match.seats.all() if actor.owns(s)), None)


def match_act(
    *,
    match_id: int,
    actor: Actor,
    action: Any,
    expected_seq: int,
    command_id: str | None = None,
) -> ActResult:
    """Validate one action against the rules and append it (plus any chance events it makes due).

    Resending a command id with the same action returns the original result; with another action it
    raises CommandConflict. A stale `expected_seq`, a wrong turn or an illegal action raises and
    appends nothing."""
    started = time.perf_counter()
    with match_context(match_id=match_id, seq=expected_seq):
        try:
            result, game = _act(
                match_id=match_id,
                actor=actor,
                action=action,
                expected_seq=expected_seq,
                command_id=command_id,
            )
        except GameError as exc:
            metrics.MOVES_REFUSED.labels(exc.code).inc()
            raise
        if not result.duplicate:
            metrics.MOVES.labels(game).inc()
            metrics.MOVE_SECONDS.labels(game).observe(time.perf_counter() - started)
            log.debug("stored %s at seq %s", action.get("type"), expected_seq)
    return result


def _act(
    *, match_id: int, actor: Actor, action: Any, expected_seq: int, command_id: str | None
) -> tuple[ActResult, str]:
    if not isinstance(action, dict):
        raise BadRequest("the action must be a JSON object")
    if (
        command_id
        and command_id.startswith(AI_COMMAND_PREFIX)
        and actor.ai_seat is None
        and actor.system_seat is None
    ):
        # The platform's own moves use these ids; a client taking one would block the AI's next move.
        raise BadRequest(f"command ids starting with {AI_COMMAND_PREFIX!r} are reserved for the platform")
    seat: Seat | None = None
    try:
        with transaction.atomic():
            match, due = _locked_for_move(match_id)
            seat = seat_of(match, actor)
            if seat is None:
                raise NotSeated("you have no seat at this match")
            if match.status != MatchStatus.RUNNING:
                raise MatchNotRunning(f"the match is {match.status}")
            if expected_seq != match.version:
                raise StaleSeq(
                    f"stale seq {expected_seq}: the match is at {match.version}", seq=match.version
                )
            if seat.handed_to_ai and actor.system_seat is None:
                raise HandedToAi(
                    "you ran out of time at this turn-based table and the other players let the AI "
                    "play your seat for the rest of the match"
                )
            state = load_state(match)
            if state.to_move != seat.index:
                raise NotYourTurn("it is not your turn")
            if "seat" in action and action["seat"] != seat.index:
                raise NotSeated("you may act only for your own seat")
            event = {**action, "seat": seat.index}
            try:
                state = apply_checked(match, state, event)
            except IllegalAction as exc:
                raise IllegalMove(exc.reason) from exc
            pending = Pending(base_seq=match.version)
            pending.add(event, seat=seat.index, command_id=command_id)
            state = draw_chance(match, state, pending)
            # A command id stored before fails the insert (unique per match): looked up below.
            version = store(match, pending, state, due)
            dispatch.on_commit_after_append(match, version, state, acted=seat.index)
    except GameError:
        # Refused, and rolled back: a command id stored before (at any seq) answers instead, as the
        # original result or a conflict. Looked up only now: a fresh command costs no query.
        if command_id:
            done = _command_done(match_id, command_id, action, seat)
            if done is not None:
                return done
        raise
    return ActResult(seq=match.version), match.game


def _command_done(
    match_id: int, command_id: str, action: dict[str, Any], seat: Seat | None
) -> tuple[ActResult, str] | None:
    """The result of `command_id` if this seat stored it; CommandConflict if with another action or by
    another seat. Nobody without a seat learns anything from an id (the original refusal stands), and
    no seat learns what another seat's command was."""
    if seat is None:
        return None
    rows = MatchEvent.objects.filter(match_id=match_id, command_id=command_id)
    done = rows.values_list("seq", "data", "match__game").first()
    if done is None:
        return None
    seq, stored, game = done
    # Compared as it was stored: the action with the acting seat filled in (another seat's command is
    # a conflict whatever its action was).
    if stored != {**action, "seat": seat.index}:
        raise CommandConflict(f"command {command_id!r} was stored at seq {seq} with another action", seq=seq)
    return ActResult(seq=seq, duplicate=True), game


def match_show_hands(*, match_id: int, actor: Actor) -> Match:
    """'Alle Hände offen zeigen': allowed only when every other seat is an AI; the match becomes a
    practice match for good (never on a leaderboard). Never at a ranked table (a league's), nor at an
    embargoed one, whose hands are the deals of every table of its duplicate round."""
    with transaction.atomic():
        match = _locked(match_id)
        seat = seat_of(match, actor)
        if seat is None or seat.is_ai:
            raise NotSeated("you have no seat at this match")
        if match.ranked or match.embargoed:
            raise Forbidden("a league table is never a practice table: its hands stay hidden")
        if any(not s.is_ai for s in match.seats.all() if s.index != seat.index):
            raise BadRequest("all hands can be shown only in a game against AI players only")
        if match.status not in (MatchStatus.RUNNING, MatchStatus.OPEN):
            raise MatchNotRunning(f"the match is {match.status}")
        if not match.practice:
            match.practice = True
            match.save(update_fields=["practice"])
            match_id_, version = match.pk, match.version
            transaction.on_commit(lambda: dispatch.broadcast_refresh(match_id_, version, "running"))
    return match
