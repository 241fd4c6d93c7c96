"""Daily challenge, 10,000 entries on PostgreSQL: the results page (cold and warm), ranking one new entry.

    python -m bench challenge [--entries 10000] [--reps 60] [--redis redis://127.0.0.1:6379/13]

Uses DATABASE_URL (default: the local PostgreSQL) and a throwaway database created for the run; the
cache is Redis when --redis names one (as in production), else the settings' (local memory).

The challenge is today's Preferanzen challenge (8 deals) with its par played by the weakest AI level.
The field is bulk-created: real users, one finished match with three seats and one entry each, per
deal a score drawn from a per-deal distribution of payout points (a few common results, most of the
field on two or three of them, like a real deal). No event logs are written for the field; the
replay of one real finished match (the par's log, projected as an entry) is measured apart.

"rank one new entry" is what the live path does when an entry finishes, minus the replay: save its
figures, bump the challenge's results_version, compute the new standings and the entry's place.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import os
import random
import time
from collections.abc import Callable
from decimal import Decimal
from functools import partial
from typing import Any

from bench.database import throwaway_database

GAME = "preferanzen"
#: how the field scores a deal: payout points and their weights (a deal has a few usual results)
SHAPES = [
    ([0, 0, 0, -2, 2, 4, -6, 10], [40, 0, 0, 15, 20, 15, 6, 4]),
    ([0, 2, -4, 6, -10, 14], [35, 25, 15, 15, 6, 4]),
    ([0, 4, 8, -8, -16, 20, 3], [30, 25, 15, 12, 8, 5, 5]),
    ([0, -2, 2, 5, -5, 12, -20], [45, 15, 15, 10, 8, 5, 2]),
]


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench challenge")
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--reps", type=int, default=60)
    parser.add_argument("--redis", default="", help="cache URL (Redis); default: the settings' cache")
    parser.add_argument("--profile", default="", help="write cProfile stats of the cold reads here")
    args = parser.parse_args(argv)
    os.environ.setdefault("CHALLENGE_PAR_RUNNER", "inline")
    os.environ.setdefault("CHALLENGE_AI_LEVEL", "anton")
    with throwaway_database() as vendor:
        if vendor != "postgresql":
            raise SystemExit("this benchmark needs PostgreSQL (set DATABASE_URL)")
        _use_cache(args.redis)
        _measure(args)


def _use_cache(url: str) -> None:
    """Redis at `url` as the default cache (production's), else the settings' cache; emptied."""
    from asgiref.local import Local
    from django.conf import settings
    from django.core.cache import cache, caches

    from ops.cache_pool import redis_cache

    if url:
        settings.CACHES = {"default": redis_cache(url)}  # as config/settings.py
        caches.__dict__.pop("settings", None)
        caches._settings = None  # type: ignore[attr-defined]
        caches._connections = Local(False)  # type: ignore[attr-defined]
    cache.clear()


def _backend() -> str:
    from django.core.cache import caches

    return type(caches["default"]).__name__


def _scores(rng: random.Random, deals: int) -> list[float]:
    out = []
    for d in range(deals):
        values, weights = SHAPES[d % len(SHAPES)]
        out.append(float(rng.choices(values, weights)[0] * (1 + d % 3)))
    return out


def _fill(challenge: Any, count: int, rng: random.Random, start: int = 0) -> list[Any]:
    """`count` finished entries of real users (their matches and seats too), bulk-created."""
    from django.utils import timezone

    from accounts.models import User
    from challenges.models import Entry
    from games.models import Match, MatchStatus, Seat, SeatKind

    base = timezone.now() - dt.timedelta(hours=20)
    users = User.objects.bulk_create(
        User(username=f"spieler{start + i}", display_name=f"Spieler {start + i}", password="!")
        for i in range(count)
    )
    matches = Match.objects.bulk_create(
        Match(
            game=GAME,
            options=challenge.options,
            status=MatchStatus.FINISHED,
            ai_version=challenge.ai_version,
            spectators_allowed=False,
            embargoed=True,
            ranked=True,
            seed=challenge.seed,
            seed_commitment=challenge.commitment,
            deal_event=challenge.commitment,
            started_at=base,
            finished_at=base + dt.timedelta(seconds=5 * (start + i)),
        )
        for i in range(count)
    )
    Seat.objects.bulk_create(
        Seat(
            match=m,
            index=s,
            kind=SeatKind.HUMAN if s == challenge.seat else SeatKind.AI,
            user=u if s == challenge.seat else None,
            ai_version="" if s == challenge.seat else challenge.ai_version,
        )
        for m, u in zip(matches, users, strict=True)
        for s in range(3)
    )
    entries = []
    for m, u in zip(matches, users, strict=True):
        scores = _scores(rng, challenge.deals)
        entries.append(
            Entry(
                challenge=challenge,
                user=u,
                match=m,
                finished_at=m.finished_at,
                scores=scores,
                deal_rows=[{"deal": d + 1} for d in range(challenge.deals)],
                total=Decimal(str(sum(scores))),
            )
        )
    return Entry.objects.bulk_create(entries, batch_size=2000)


def _unfinished(challenge: Any, count: int, start: int) -> list[Any]:
    """Entries entered but not finished yet: `_finish` ends them one at a time."""
    from challenges.models import Entry

    rng = random.Random(start)
    entries = _fill(challenge, count, rng, start=start)
    Entry.objects.filter(pk__in=[e.pk for e in entries]).update(finished_at=None, scores=None, total=None)
    for e in entries:
        e.pending_scores = _scores(rng, challenge.deals)
        e.pending_at = e.finished_at
        e.finished_at = None
    return entries


def _finish(entry: Any) -> int | None:
    """The live path after the replay: the figures saved, results_version bumped (as
    challenges.projection.entry_project does); then the new standings and the entry's place."""
    from challenges import selectors
    from challenges.models import Challenge

    _finish_without_standings(entry)
    challenge = Challenge.objects.get(pk=entry.challenge_id)
    return selectors.standings(challenge).place_of(entry.pk)


def _timed(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def _measure(args: argparse.Namespace) -> None:
    from django.contrib.auth.models import AnonymousUser
    from django.db import connection

    from bench.table import median, percentile, print_table
    from challenges import days, projection, selectors, services
    from challenges.models import Challenge, Entry

    load_start = os.getloadavg()
    rng = random.Random(7)
    t = time.perf_counter()
    challenge = services.challenge_open(game=GAME, day=days.today())
    challenge.refresh_from_db()
    par_seconds = time.perf_counter() - t
    t = time.perf_counter()
    field = _fill(challenge, args.entries, rng)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    fill_seconds = time.perf_counter() - t
    reps = args.reps
    # entries that finish during the run: one per "rank one new entry" and per cold read
    pending = iter(_unfinished(challenge, 3 * reps + 3, start=args.entries))

    # the replay and projection of one real finished match: the par's log, as an entry's
    from accounts.models import User

    replayer = User.objects.create(username="replayer", display_name="Replayer", password="!")
    assert challenge.par_match_id is not None, "the par is played at the opening (inline)"
    real = Entry.objects.create(challenge=challenge, user=replayer, match_id=challenge.par_match_id)
    events = real.match.version
    project = []
    for _ in range(max(5, reps // 4)):
        Entry.objects.filter(pk=real.pk).update(finished_at=None)
        entry = Entry.objects.select_related("challenge", "match").get(pk=real.pk)
        project.append(_timed(partial(projection.entry_project, entry)))
    Entry.objects.filter(pk=real.pk).delete()  # not in the field measured below

    def fresh() -> Challenge:
        return Challenge.objects.get(pk=challenge.pk)

    guest = AnonymousUser()
    ranked_new, cold_user, cold_guest, warm_user, warm_guest = [], [], [], [], []
    _finish(next(pending))  # warm up
    for _ in range(reps):
        ranked_new.append(_timed(lambda: _finish(next(pending))))
    profiler = cProfile.Profile() if args.profile else None
    for _ in range(reps):
        _finish_without_standings(next(pending))
        me = rng.choice(field).user
        c = fresh()
        if profiler is not None:
            profiler.enable()
        cold_user.append(_timed(partial(selectors.results, c, me)))
        if profiler is not None:
            profiler.disable()
        for _ in range(5):
            warm_user.append(_timed(partial(selectors.results, c, rng.choice(field).user)))
        _finish_without_standings(next(pending))
        c = fresh()
        cold_guest.append(_timed(partial(selectors.results, c, guest)))
        for _ in range(5):
            warm_guest.append(_timed(partial(selectors.results, c, guest)))
    if profiler is not None:
        profiler.dump_stats(args.profile)
    ms = 1000.0

    def row(name: str, samples: list[float], goal: str = "") -> list[object]:
        return [name, median(samples) * ms, percentile(samples, 95) * ms, len(samples), goal]

    standings = selectors.standings(fresh())
    parts: list[list[object]] = []
    if hasattr(selectors, "field_of"):  # the kept field (after the change); absent before it
        c = fresh()
        ids = [_timed(partial(selectors.field_of, c)) for _ in range(reps)]
        kept = selectors.field_of(c)
        ranking = [_timed(kept.rank) for _ in range(reps)]
        parts = [
            row("  of which: which entries count (ids), figures of new ones", ids),
            row("  of which: ranking the kept field", ranking),
        ]
    load_end = os.getloadavg()
    print_table(
        f"Daily challenge on postgresql, {standings.entries:,} ranked entries of {GAME} ({challenge.deals} "
        f"deals); field filled in {fill_seconds:.1f} s, par played in {par_seconds:.1f} s; cache "
        f"{_backend()}",
        ["measure", "p50 ms", "p95 ms", "n", "goal"],
        [
            row("results page, user in the field, cold (after a new entry)", cold_user, "p95 < 50"),
            row("results page, guest, cold (after a new entry)", cold_guest, "p95 < 50"),
            row("results page, user in the field, warm (cached standings)", warm_user, "p95 < 50"),
            row("results page, guest, warm (cached standings)", warm_guest, "p95 < 50"),
            row("rank one new entry (save, bump, standings, place)", ranked_new, "< 20"),
            *parts,
            row(f"replay + projection of one real match ({events} events)", project),
        ],
    )
    print(
        f"load average (1, 5, 15 min): start {_load(load_start)}, end {_load(load_end)}; "
        f"pid {os.getpid()} nice {os.nice(0)}"
    )


def _finish_without_standings(entry: Any) -> None:
    """An entry finishing (its figures saved and numbered, as the live path saves them) with nobody
    reading yet."""
    from challenges.projection import figures_save

    scores = entry.pending_scores
    rows = [{"deal": d + 1} for d in range(len(scores))]
    figures_save(entry, scores=scores, rows=rows, finished_at=entry.pending_at)


def _load(values: tuple[float, float, float]) -> str:
    return " / ".join(f"{v:.2f}" for v in values)
