"""Watchdog tick time at 1,000 and 10,000 running matches on PostgreSQL (due-time index).

    python -m bench watchdog [--sizes 1000,10000] [--ticks 9] [--due 0.01] [--baseline PATH]

Fills a throwaway database with running matches (bulk inserts: a human and three AI seats each, a
third of them with a move timer, a fifth with an AI seat to move, the humans at the table) of which
a fraction `--due` has a move timer that ran out. The moves the watchdog sets off (Anton standing in,
a re-enqueued AI move) are stubbed: this times the watchdog's own work, which then stays the same from
tick to tick. `--baseline PATH`: also time the watchdog of the code checked out at PATH (e.g. a git
worktree of the commit before the due time) on the same database, for a side-by-side table.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import subprocess
import sys
import time
from typing import Any

from bench.database import throwaway_database

# Run in a checkout of other code (cwd), against the bench's database: prints the tick times.
_BASELINE = """
import json, os, sys, time
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
import django
django.setup()
import datetime as dt
from games.services import watchdog
watchdog.ai_move_play = lambda *a, **k: None
watchdog.ai_move_schedule = lambda *a, **k: None
now, ticks = dt.datetime.fromisoformat(sys.argv[1]), int(sys.argv[2])
watchdog.watchdog_tick(now)
times = []
for _ in range(ticks):
    t0 = time.perf_counter()
    counts = watchdog.watchdog_tick(now)
    times.append(time.perf_counter() - t0)
print(json.dumps({"times": times, "counts": counts, "code": watchdog.__file__}))
"""


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench watchdog")
    parser.add_argument("--sizes", default="1000,10000", help="running matches, comma-separated, growing")
    parser.add_argument("--ticks", type=int, default=9, help="timed ticks per size (after one warm-up)")
    parser.add_argument("--due", type=float, default=0.01, help="fraction of the matches due")
    parser.add_argument("--baseline", default="", help="a checkout of the code to compare with")
    args = parser.parse_args(argv)
    with throwaway_database() as vendor:
        _measure(args, vendor)


def _measure(args: argparse.Namespace, vendor: str) -> None:
    from django.db import connection

    from bench.table import median, percentile, print_table
    from games.services import watchdog

    watchdog.ai_move_play = lambda *a, **k: None
    watchdog.ai_move_schedule = lambda **k: None
    now = dt.datetime.now(dt.UTC)
    rows: list[list[object]] = []
    made = 0
    for size in (int(s) for s in args.sizes.split(",")):
        started = time.perf_counter()
        _fill(made, size, args.due, now)
        made = size
        fill = time.perf_counter() - started
        if vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE games_match; ANALYZE games_seat; ANALYZE games_watchdogdue")
        watchdog.watchdog_tick(now)  # warm-up
        times, counts = [], {}
        for _ in range(args.ticks):
            t0 = time.perf_counter()
            counts = watchdog.watchdog_tick(now)
            times.append(time.perf_counter() - t0)
        due = round(size * args.due)
        if args.baseline:
            base = _baseline(args.baseline, now, args.ticks)
            rows.append(
                [size, due, "before", f"{median(base) * 1000:.1f}", f"{percentile(base, 95) * 1000:.1f}", ""]
            )
        rows.append(
            [
                size,
                due,
                "after",
                f"{median(times) * 1000:.1f}",
                f"{percentile(times, 95) * 1000:.1f}",
                f"{fill:.1f}",
            ]
        )
        assert counts.get("stand_in", 0) == 0  # stubbed: the same work every tick
    from games.models import WatchdogDue

    plans = [
        WatchdogDue.objects.filter(due_at__lte=now).explain(),
        watchdog._due(now).explain(),
    ]
    print_table(
        f"Watchdog tick on {vendor} ({args.ticks} ticks per size, {args.due:.0%} of the matches due)",
        ["running", "due", "code", "median ms", "p95 ms", "fill s"],
        rows,
    )
    print(f"\nquery plans of a tick at {made} running matches (the due ids, then those matches):")
    for plan in plans:
        print("  " + plan.splitlines()[0].strip()[:100])


def _fill(start: int, stop: int, due_share: float, now: dt.datetime) -> None:
    """Matches start..stop-1 (numbered for the mix), with their seats, as the services leave them."""
    from games.models import Match, MatchStatus, Seat, SeatKind, WatchdogDue
    from games.services.due import due_at

    ago = now - dt.timedelta(seconds=20)
    due_every = round(1 / due_share) if due_share > 0 else 0
    batch = 2000
    for first in range(start, stop, batch):
        matches, seats = [], []
        for i in range(first, min(first + batch, stop)):
            due = due_every and i % due_every == 0
            ai_turn = not due and i % 5 == 1
            timer = 10 if due else (300 if i % 3 == 0 else 0)
            match = Match(
                game="preisjass",
                status=MatchStatus.RUNNING,
                seed="s",
                seed_commitment="c",
                version=10,
                to_move=1 if ai_turn else 0,
                last_event_at=now - dt.timedelta(seconds=1) if ai_turn else ago,
                move_timer=timer,
                started_at=ago,
            )
            human = Seat(index=0, kind=SeatKind.HUMAN, guest_token=f"g{i}", display_name="G", connections=1)
            table = [human, *(Seat(index=k, kind=SeatKind.AI, ai_version="anton") for k in (1, 2, 3))]
            matches.append(match)
            seats.append(table)
        Match.objects.bulk_create(matches)
        for match, table in zip(matches, seats, strict=True):
            for seat in table:
                seat.match = match
        Seat.objects.bulk_create([seat for table in seats for seat in table])
        pairs = zip(matches, seats, strict=True)
        WatchdogDue.objects.bulk_create([WatchdogDue(match=m, due_at=due_at(m, table)) for m, table in pairs])


def _baseline(path: str, now: dt.datetime, ticks: int) -> list[float]:
    from django.db import connection

    settings = connection.settings_dict
    url = f"postgres://{settings['USER']}@{settings['HOST']}:{settings['PORT']}/{settings['NAME']}"
    env = {**os.environ, "DATABASE_URL": url}
    out = subprocess.run(
        [sys.executable, "-c", _BASELINE, now.isoformat(), str(ticks)],
        cwd=path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    if not str(result["code"]).startswith(os.path.abspath(path)):
        raise SystemExit(f"the baseline ran {result['code']}, not the code in {path}")
    return [float(t) for t in result["times"]]
