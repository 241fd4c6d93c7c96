"""Writes of the daily challenge: open the day's challenges, play their par, enter, close.

A challenge is a shared-deal event (games.identity.entries): every entry's match has the challenge's
seed and `deal_event = commitment`, so the same deals, the embargo until the close and one entry per
person come from the one mechanism the duplicate rounds use."""

from __future__ import annotations

import datetime as dt
import logging
import threading
from decimal import Decimal

from celery import current_app as celery_app
from django.conf import settings
from django.db import IntegrityError, close_old_connections, transaction
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from challenges import days, par, selectors
from challenges.errors import AlreadyEntered, ChallengeClosed, NotFound, RegisteredOnly
from challenges.models import Challenge, Entry
from games import ai as ai_registry
from games import packs
from games.ai import revisions
from games.engine import get_rules
from games.errors import SamePerson
from games.identity import fairness
from games.identity.holds import event_review
from games.live.actors import NO_ORIGIN, Actor, Origin
from games.live.presence import match_abandon
from games.models import Match, MatchStatus, Seat, SeatKind
from games.services.matches import SeatSpec, match_create
from games.signals import match_published
from games.store.events import Pending, store
from notifications.kinds import Kind
from notifications.services import Note, notify_many

log = logging.getLogger(__name__)
#: how long a par may take before the roll starts it again
PAR_RETRY_AFTER = dt.timedelta(minutes=15)


def challenge_games() -> list[packs.GamePack]:
    """The installed games that have a daily challenge, in product order."""
    return [p for p in packs.all_packs() if p.challenge is not None and p.installed()]


def ai_level(game: str) -> str:
    """The challenge's AI level: settings.CHALLENGE_AI_LEVEL where it names one of the game's levels,
    else the strongest (a pack lists its levels weakest first)."""
    levels = [v for v in ai_registry.available_versions(game) if v != "random"]
    wanted = settings.CHALLENGE_AI_LEVEL
    return wanted if wanted in levels else levels[-1]


def challenge_open(*, game: str, day: dt.date) -> Challenge:
    """The challenge of `game` on `day`, created (with a fresh seed, and its par started) if missing."""
    pack = packs.pack(game)
    rules_of = pack.challenge
    if rules_of is None:
        raise NotFound(f"{game} has no daily challenge")
    existing = Challenge.objects.filter(game=game, day=day).first()
    if existing is not None:
        return existing
    opens_at, closes_at = days.day_span(day)
    seed = fairness.new_seed()
    try:
        with transaction.atomic():
            challenge = Challenge.objects.create(
                game=game,
                day=day,
                opens_at=opens_at,
                closes_at=closes_at,
                seed=seed,
                commitment=fairness.commitment(seed),
                options=get_rules(game).normalize_options(dict(rules_of.options)),
                deals=rules_of.deals,
                seat=rules_of.seat,
                ai_version=ai_level(game),
            )
            challenge_id = challenge.pk
            transaction.on_commit(lambda: par_schedule(challenge_id))
    except IntegrityError:  # another process opened it first
        return Challenge.objects.get(game=game, day=day)
    return challenge


def challenges_roll(*, now: dt.datetime | None = None) -> dict[str, int]:
    """Beat (every minute) and the embedded server's first visitor: open today's challenge of every
    game, close the ones past their time."""
    now = now or timezone.now()
    today = days.day_of(now)
    opened = 0
    for pack in challenge_games():
        if not Challenge.objects.filter(game=pack.name, day=today).exists():
            challenge_open(game=pack.name, day=today)
            opened += 1
    # A par whose task was lost (a worker died, the broker was down) is started again after a while.
    stale = now - PAR_RETRY_AFTER
    missing = Challenge.objects.filter(closed_at__isnull=True, par_match__isnull=True, created_at__lte=stale)
    for pk in list(missing.values_list("pk", flat=True)):
        par_schedule(pk)
    due = Challenge.objects.filter(closed_at__isnull=True, closes_at__lte=now).values_list("pk", flat=True)
    closed = sum(challenge_close(challenge_id=pk) for pk in list(due))
    return {"opened": opened, "closed": closed}


_ensured: dict[str, dt.date] = {}


def challenges_ensure_today() -> None:
    """The embedded server has no beat of its own for this: the first visitor of the day's pages opens
    (and the day after, closes) them. Cheap after the first call of a day."""
    today = days.today()
    if (
        _ensured.get("day") == today
        and not Challenge.objects.filter(closed_at__isnull=True, closes_at__lte=timezone.now()).exists()
    ):
        return
    challenges_roll()
    _ensured["day"] = today


# --- the par --------------------------------------------------------------------------------------


def par_schedule(challenge_id: int) -> None:
    """Play the challenge's par by settings.CHALLENGE_PAR_RUNNER (by default the AI_RUNNER): a Celery
    task, a thread, right away, or "none" (staff start it in the admin; the roll tries again)."""
    runner = settings.CHALLENGE_PAR_RUNNER or settings.AI_RUNNER
    if runner == "celery":
        try:
            celery_app.signature("challenges.tasks.play_par", args=(challenge_id,)).apply_async()
        except Exception:  # broker down: the roll plays every missing par again
            log.exception("enqueueing the par of challenge %s failed", challenge_id)
    elif runner == "thread":
        threading.Thread(target=_par_in_thread, args=(challenge_id,), daemon=True).start()
    elif runner == "inline":
        challenge_par_play(challenge_id=challenge_id)


#: one par at a time in the embedded server: each takes the strongest AI a minute of CPU
_par_lock = threading.Lock()


def _par_in_thread(challenge_id: int) -> None:
    with _par_lock:
        _par_played(challenge_id)


def _par_played(challenge_id: int) -> None:
    close_old_connections()
    try:
        challenge_par_play(challenge_id=challenge_id)
    except Exception:
        log.exception("the par of challenge %s failed", challenge_id)
    finally:
        close_old_connections()


def challenge_par_play(*, challenge_id: int) -> Match | None:
    """Play the par (the AI level in every seat, the player's included) and store it as a finished,
    embargoed match of the challenge's event. Idempotent."""
    challenge = Challenge.objects.filter(pk=challenge_id).first()
    if challenge is None or challenge.par_match_id is not None:
        return None
    rules = get_rules(challenge.game)
    n = rules.players(challenge.options)
    played = par.play(
        game=challenge.game,
        options=challenge.options,
        seed=challenge.seed,
        ai_version=challenge.ai_version,
        seat=challenge.seat,
        players=n,
    )
    state = rules.replay([event for event, _, _ in played.events])
    with transaction.atomic():
        challenge = Challenge.objects.select_for_update().get(pk=challenge_id)
        if challenge.par_match_id is not None:
            return None
        name = ai_registry.get_player(challenge.game, challenge.ai_version).name
        revision = revisions.revision(challenge.game, challenge.ai_version)
        match = Match.objects.create(
            game=challenge.game,
            options=challenge.options,
            status=MatchStatus.RUNNING,
            ai_version=challenge.ai_version,
            spectators_allowed=False,
            embargoed=True,
            ranked=True,
            seed=challenge.seed,
            seed_commitment=challenge.commitment,
            deal_event=challenge.commitment,
            started_at=timezone.now(),
        )
        for index in range(n):
            Seat.objects.create(
                match=match,
                index=index,
                kind=SeatKind.AI,
                ai_version=challenge.ai_version,
                ai_revision=revision,
                display_name=name,
            )
        pending = Pending(base_seq=0)
        for event, seat, command_id in played.events:
            pending.add(event, seat=seat, command_id=command_id)
        store(match, pending, state)
        challenge.par_match = match
        challenge.par = selectors.par_figures(challenge, match, played.open_best)
        challenge.save(update_fields=["par_match", "par"])
    return match


# --- entering -------------------------------------------------------------------------------------


def challenge_enter(*, challenge_id: int, user: User | None, origin: Origin = NO_ORIGIN) -> Entry:
    """Sit `user` at the challenge's table: the player's seat, the AI level at the others. One entry
    per person: a second one is refused (409) whichever of their accounts or browsers asks."""
    if user is None or not user.is_authenticated:
        raise RegisteredOnly("log in to play the daily challenge: it ranks registered players")
    challenge = Challenge.objects.filter(pk=challenge_id).first()
    if challenge is None:
        raise NotFound(f"no challenge {challenge_id}")
    if not challenge.is_open:
        raise ChallengeClosed("this challenge is closed: its deals and replays are public now")
    if Entry.objects.filter(challenge=challenge, user=user).exists():
        raise AlreadyEntered("you have played this challenge already: one entry per player")
    n = get_rules(challenge.game).players(challenge.options)
    seats = [SeatSpec(kind=SeatKind.HUMAN if i == challenge.seat else SeatKind.AI) for i in range(n)]
    try:
        with transaction.atomic():
            match = match_create(
                game=challenge.game,
                creator=Actor.for_user(user, origin),
                seats=seats,
                options=challenge.options,
                creator_seat=challenge.seat,
                ai_version=challenge.ai_version,
                spectators_allowed=False,
                seed=challenge.seed,
                embargoed=True,
                ranked=True,
                table_limit=False,
            )
            return Entry.objects.create(challenge=challenge, user=user, match=match)
    except SamePerson as exc:
        raise AlreadyEntered(exc.message, reason=exc.details.get("reason", "")) from exc
    except IntegrityError as exc:  # a second request of the same account got in first
        raise AlreadyEntered("you have played this challenge already: one entry per player") from exc


# --- closing --------------------------------------------------------------------------------------


def challenge_close(*, challenge_id: int) -> bool:
    """Past its time: end the unfinished entries (abandoned: the seed is about to be public), write
    every finished entry's final percentage and place, reveal the seed and lift the embargo of every
    match of the challenge. True when this call closed it."""
    with transaction.atomic():
        challenge = Challenge.objects.select_for_update().filter(pk=challenge_id).first()
        if challenge is None or challenge.closed_at is not None or challenge.closes_at > timezone.now():
            return False
        unfinished = Entry.objects.filter(challenge=challenge).exclude(
            match__status__in=(MatchStatus.FINISHED, MatchStatus.ABANDONED)
        )
        for match_id in list(unfinished.values_list("match_id", flat=True)):
            match_abandon(match_id=match_id)
        # Entries of two accounts of one person (a link seen after they entered) are held first, so
        # the final standing leaves them out.
        held = set(event_review(event=challenge.commitment))
        final_standing_write(challenge)
        matches = Match.objects.filter(deal_event=challenge.commitment)
        matches.update(embargoed=False)
        challenge.closed_at = timezone.now()
        challenge.save(update_fields=["closed_at"])
        finished = matches.filter(status=MatchStatus.FINISHED).exclude(pk__in=held)
        published = list(finished.order_by("finished_at", "pk").values_list("pk", flat=True))
        transaction.on_commit(lambda: _publish(published))
        results_notify(challenge)
    return True


def results_notify(challenge: Challenge) -> None:
    """Every entrant hears of their final place and percentage (or that their entry was not ranked),
    now that the challenge is closed and its results are public."""
    rows = list(Entry.objects.filter(challenge=challenge).values_list("pk", "user_id", "place", "percent"))
    ranked = sum(1 for _, _, place, _ in rows if place is not None)
    url = reverse("challenge", args=[challenge.pk])
    notify_many(
        [
            Note(
                user_id=user_id,
                kind=Kind.CHALLENGE_RESULT,
                params={
                    "challenge": challenge.pk,
                    "game": challenge.game,
                    "day": challenge.day.isoformat(),
                    "place": place,
                    "entries": ranked,
                    "percent": percent,
                },
                url=url,
                key=f"{Kind.CHALLENGE_RESULT}:{entry_id}",
            )
            for entry_id, user_id, place, percent in rows
        ]
    )


def final_standing_write(challenge: Challenge) -> None:
    """Store the standing of every ranked entry (percent, place), the rest cleared."""
    standing = selectors.standings(challenge)
    Entry.objects.filter(challenge=challenge).update(percent=None, place=None)
    by_id = {e.pk: e for e in Entry.objects.filter(pk__in=standing.order)}
    rows = []
    for place, (entry_id, halves) in enumerate(zip(standing.order, standing.halves, strict=True), start=1):
        entry = by_id[entry_id]
        entry.place = place
        entry.percent = standing.percent(halves)
        rows.append(entry)
    Entry.objects.bulk_update(rows, ["place", "percent"], batch_size=1000)


def _publish(match_ids: list[int]) -> None:
    for match_id in match_ids:
        match_published.send_robust(sender=None, match_id=match_id)


def total_of(scores: list[float]) -> Decimal:
    return Decimal(str(round(sum(scores), 3)))
