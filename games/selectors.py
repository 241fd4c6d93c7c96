"""Reads on matches: the lobby, a seat's view, the public event log of a finished match.

Who may see a table at all is decided here, once (`visibility_check`): every route that shows a
table, its log or its seed (REST, websocket, pages, profile lists, admin) goes through it."""

from __future__ import annotations

import datetime as dt
from typing import Any, Protocol

from django.conf import settings
from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet
from django.utils import timezone

from games.engine import GameState, get_rules
from games.errors import Embargoed, Forbidden, NotFound
from games.identity import fairness
from games.live.actors import Actor
from games.models import Match, MatchEvent, MatchStatus, Seat, SeatKind
from games.services import turn_clock
from games.services.due import paused
from games.store.events import load_state


def _with_seats(qs: QuerySet[Match]) -> QuerySet[Match]:
    return qs.prefetch_related(Prefetch("seats", queryset=Seat.objects.order_by("index")))


def open_matches(limit: int = 50) -> QuerySet[Match]:
    """Tables waiting for players, newest first (never a table of a duplicate round, nor a private one)."""
    free = Seat.objects.filter(match=OuterRef("pk"), kind=SeatKind.HUMAN, user__isnull=True, guest_token="")
    qs = Match.objects.filter(status=MatchStatus.OPEN, embargoed=False, private=False).filter(Exists(free))
    return _with_seats(qs.order_by("-created_at"))[:limit]


def watchable_matches(game: str | None = None) -> QuerySet[Match]:
    """The running tables anyone may find and watch (the live list, docs/live-games.md): public, not
    practice, spectators allowed, with a move within `LIVE_IDLE` seconds, and never a table of a
    shared-deal event (a duplicate round or a daily challenge), embargoed or not: listing one would
    point outsiders at the deals its sister tables are still playing. `watchable` is the same rule
    for one row."""
    since = timezone.now() - dt.timedelta(seconds=settings.LIVE_IDLE)
    qs = Match.objects.filter(
        status=MatchStatus.RUNNING,
        private=False,
        embargoed=False,
        deal_event="",
        practice=False,
        spectators_allowed=True,
        last_event_at__gte=since,
    )
    return qs.filter(game=game) if game else qs


class Listable(Protocol):
    """What `watchable` reads of a table: a Match, or a row of its fields."""

    status: str
    private: bool
    embargoed: bool
    deal_event: str
    practice: bool
    spectators_allowed: bool


def watchable(match: Listable) -> bool:
    """Whether the live list may show this table: the rule of `watchable_matches` but the idle time,
    checked again on every row the query returns, so a mistake in one of them lists nothing."""
    return (
        match.status == MatchStatus.RUNNING
        and not match.private
        and not match.embargoed
        and not match.deal_event
        and not match.practice
        and match.spectators_allowed
    )


# GET /api/matches/mine/?status=...: which statuses each filter shows; history lists stop at the limit.
MINE_FILTERS: dict[str, tuple[str, ...]] = {
    "active": (MatchStatus.OPEN, MatchStatus.RUNNING),
    "finished": (MatchStatus.FINISHED,),
    "all": tuple(MatchStatus.values),
}
MINE_HISTORY_LIMIT = 50


def _own_seats(actor: Actor, prefix: str = "") -> Q | None:
    """The seats a registered user or a guest holds, as a filter (None: an actor without any)."""
    if actor.user_id is not None:
        return Q(**{f"{prefix}user_id": actor.user_id})
    if actor.guest_token:
        return Q(**{f"{prefix}guest_token": actor.guest_token})
    return None


def actor_matches(
    actor: Actor, statuses: tuple[str, ...] = (MatchStatus.OPEN, MatchStatus.RUNNING)
) -> QuerySet[Match]:
    mine = _own_seats(actor, "seats__")
    if mine is None:
        return Match.objects.none()
    return _with_seats(Match.objects.filter(mine, status__in=statuses).distinct().order_by("-created_at"))


def match_get(match_id: int) -> Match:
    match = _with_seats(Match.objects.filter(pk=match_id)).first()
    if match is None:
        raise NotFound(f"no match {match_id}")
    return match


def seat_index_of(match: Match, actor: Actor) -> int | None:
    return next((s.index for s in match.seats.all() if actor.owns(s)), None)


def visibility_check(*, embargoed: bool, seat: int | None) -> None:
    """Whoever holds `seat` (None: no seat at this table) may see the table at all, or Embargoed.

    The tables of a duplicate round deal the same cards, so until the whole round is over only the
    players seated at a table see anything of it: not its public facts, view, log, replay or seed.
    Staff and the players of the round's other tables are no exception."""
    if embargoed and seat is None:
        raise Embargoed(
            "this table shares its deals with other tables (a duplicate round or a daily challenge): "
            "only its own players see it until the round or the challenge is over"
        )


def match_visible(match_id: int, actor: Actor) -> Match:
    """The match, when the actor may see it (raises NotFound or Embargoed)."""
    match = match_get(match_id)
    visibility_check(embargoed=match.embargoed, seat=seat_index_of(match, actor))
    return match


def matches_visible_to(matches: QuerySet[Match], actor: Actor) -> QuerySet[Match]:
    """`matches` without the embargoed tables the actor has no seat at (`visibility_check` for lists),
    nor the private ones: a private table is listed to its own players only (profiles, leagues)."""
    own = _own_seats(actor)
    if own is None:
        return matches.exclude(embargoed=True).exclude(private=True)
    seated = Seat.objects.filter(own, match=OuterRef("pk"), kind=SeatKind.HUMAN)
    return matches.exclude((Q(embargoed=True) | Q(private=True)) & ~Exists(seated))


def invite_path(match: Match, actor: Actor) -> str | None:
    """The invitation link's path of a private table, for its own seated players only (None to anyone
    else, and for a public table): the token never goes into the public summary."""
    if not match.private or not match.invite_token or seat_index_of(match, actor) is None:
        return None
    return f"/matches/{match.pk}/?invite={match.invite_token}"


def match_summary(match: Match) -> dict[str, Any]:
    """Public facts about a table: never a card. `paused`: its only human is away from a table against
    AI, which waits for them (services/due.py) and goes on where it stopped when they are back. A
    turn-based table (`days_per_move` days a move) is never paused and nobody at it is away; `turn`
    is its running turn (services/turn_clock.py: the seat to move, its deadline, whether it is
    overdue, who chose to end the table, who may choose)."""
    seats = list(match.seats.all())
    turn_based = match.turn_based
    return {
        "id": match.pk,
        "game": match.game,
        "options": match.options,
        "status": match.status,
        "seq": match.version,
        "ai_version": match.ai_version,
        "spectators_allowed": match.spectators_allowed,
        "practice": match.practice,
        "embargoed": match.embargoed,
        "private": match.private,
        "move_timer": match.move_timer,
        "turn_based": turn_based,
        "days_per_move": match.days_per_move,
        "turn": turn_clock.turn_summary(match, seats),
        "trick_pause": settings.TRICK_PAUSE,
        "seed_commitment": match.seed_commitment,
        "created_at": match.created_at.isoformat(),
        "paused": match.status == MatchStatus.RUNNING and not turn_based and paused(seats),
        "seats": [
            {
                "index": s.index,
                "kind": s.kind,
                "name": s.display_name,
                "free": s.is_free,
                "ai_version": s.ai_version or None,
                "away": s.kind == SeatKind.HUMAN
                and not turn_based
                and not s.is_free
                and s.connections == 0
                and s.away_since is not None,
                "left": s.left,
                "autoplay": s.autoplay,
                "handed_to_ai": s.handed_to_ai,
            }
            for s in seats
        ],
    }


def my_turn_facts(match: Match, actor: Actor) -> dict[str, Any]:
    """What the lobby's "My turn" list needs of one of the actor's tables: the actor's seat, whether it
    is their move at a turn-based table (`my_turn`), and whether a seat there is overdue and the
    actor may choose what happens to it (`my_choice`: they have not chosen to end it yet)."""
    seat = seat_index_of(match, actor)
    turn = turn_clock.turn_summary(match, match.seats.all())
    if seat is None or turn is None:
        return {"my_seat": seat, "my_turn": False, "my_choice": False}
    mine = next(s for s in match.seats.all() if s.index == seat)
    return {
        "my_seat": seat,
        "my_turn": turn["seat"] == seat and turn_clock.human_turn(mine),
        "my_choice": turn["overdue"] and seat in turn["deciders"] and seat not in turn["end_votes"],
    }


def match_view(match: Match, actor: Actor) -> dict[str, Any]:
    """The actor's seat view (a spectator's when not seated), with the seq it belongs to."""
    state = load_state(match) if match.version else None
    return seat_payload(match_summary(match), state, seat_index_of(match, actor), actor.opened(match))


def seat_payload(
    summary: dict[str, Any], state: GameState | None, seat: int | None, opener: bool
) -> dict[str, Any]:
    """One seat's view of a table from its public summary and its state at the summary's seq (None
    before the start). The live sockets build it without reading the match again."""
    visibility_check(embargoed=summary["embargoed"], seat=seat)
    over = summary["status"] in (MatchStatus.FINISHED, MatchStatus.ABANDONED)
    if seat is None and not summary["spectators_allowed"] and not over:
        raise Forbidden("spectators are switched off at this table")
    payload: dict[str, Any] = {
        "match": summary,
        "seat": seat,
        "seq": summary["seq"],
        "view": None,
        "is_opener": opener,
    }
    if state is not None:
        payload["view"] = state.view(seat)
        # Who took the last trick, where the view does not say: the note about it survives a reload.
        winner = state.last_trick_winner()
        if winner is not None:
            payload["view"].setdefault("last_trick_winner", winner)
        if over:  # an abandoned match stopped mid-deal: its state still names a turn, but none is left
            view = payload["view"]
            view.update({k: v for k, v in (("to_move", None), ("legal", [])) if k in view})
        if summary["practice"] and seat is not None and not summary["embargoed"]:
            # "Alle Hände offen zeigen" (practice against AI only): every hand, to this player only.
            payload["all_hands"] = {str(s["index"]): state.view(s["index"])["hand"] for s in summary["seats"]}
    return payload


def match_replay(match: Match) -> dict[str, Any]:
    """Every step of a finished match with all hands visible: the event, the public view after it, and
    every seat's hand. Only for matches that are over, when nothing is secret any more."""
    if not match.is_over or match.embargoed:
        raise Forbidden(
            "the replay opens when the match (and its duplicate round or daily challenge) is over"
        )
    rules = get_rules(match.game)
    events = list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("data", flat=True))
    state = rules.initial_state(events[0])
    seats = [s.index for s in match.seats.all()]
    steps = []
    for seq, event in enumerate(events, start=1):
        if seq > 1:
            state = rules.apply_in_place(state, event)
        steps.append(
            {
                "seq": seq,
                "event": event,
                "view": state.view(None),
                "hands": {str(i): state.view(i)["hand"] for i in seats},
            }
        )
    return {"match": match_summary(match), "steps": steps, "result": state.result()}


def match_event_log(match: Match) -> dict[str, Any]:
    """Every event of a finished match, with the revealed seed so anyone can check the deals."""
    if not match.is_over or match.embargoed:
        raise Forbidden(
            "the event log is published when the match (and its duplicate round or daily challenge) is over"
        )
    events = list(MatchEvent.objects.filter(match=match).order_by("seq").values("seq", "data", "created_at"))
    return {
        "match": match_summary(match),
        "seed": match.seed,
        "seed_commitment": match.seed_commitment,
        "events": [{"seq": e["seq"], "event": e["data"], "at": e["created_at"].isoformat()} for e in events],
    }


def match_verification(match: Match) -> dict[str, Any]:
    """The fair-deal check of a finished match: the revealed seed against its commitment, and every
    chance event recomputed from it (docs/fair-deals.md)."""
    log = match_event_log(match)
    problems = fairness.verify([e["event"] for e in log["events"]], match.seed, match.seed_commitment)
    return {
        "match": log["match"],
        "seed": match.seed,
        "seed_commitment": match.seed_commitment,
        "verified": not problems,
        "problems": problems,
    }
