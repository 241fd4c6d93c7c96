"""A human's wait at a table of the strongest AI: from their card to their next turn, the delays included.

    python -m bench turns [--games preisjass,schnapsen] [--level dora] [--turns 40]

Starts the processes of tests/live/cluster.py (2 daphne, Celery worker and beat) on a throwaway
PostgreSQL database and a spare Redis database, as `bench live` does, but with the site's own pacing
(AI_MOVE_DELAY and TRICK_PAUSE as in config/settings.py, not the tests' zero). At one table per game,
a guest plays one seat over the websocket against `--level` at every other seat: each time the guest
plays a card, the clock runs from sending it to the state message that gives the guest the next
decision, both when it reaches the socket and when the table's script has drawn it (the script shows a
finished trick for a while before the next state). Reports median, p95 and max per game against the
goal (median ≤ 2.5 s, as drawn).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from django.conf import settings

from bench.table import percentile, print_table
from tests.live.cluster import (
    Cluster,
    HttpClient,
    SeatBot,
    create_database,
    drop_database,
    run_async,
    spare_redis_url,
)

GOAL_MEDIAN_S = 2.5
MAX_TABLES = 20
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")  # the site's pacing, read below


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench turns")
    parser.add_argument("--games", default="preisjass,schnapsen,preferans,preferanzen,preference_vienna")
    parser.add_argument("--level", default="dora", help="the AI version at every other seat")
    parser.add_argument("--turns", type=int, default=40, help="the guest's cards timed per game")
    args = parser.parse_args(argv)
    args.turns = max(5, min(args.turns, 400))
    games = [g for g in args.games.split(",") if g]
    admin_url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    redis_url = spare_redis_url(os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/15"))
    name = f"kt_bench_turns_{os.getpid()}"
    database_url = create_database(admin_url, name)
    load_before = os.getloadavg()
    try:
        with tempfile.TemporaryDirectory(prefix="bench-turns-") as workdir:
            rows = run_async(_measure(database_url, redis_url, Path(workdir), games, args))
    finally:
        drop_database(admin_url, name)
        import redis

        redis.Redis.from_url(redis_url).flushdb()
    load_after = os.getloadavg()
    print_table(
        f"A guest's card to their next turn at a table of {args.level} (AI_MOVE_DELAY "
        f"{settings.AI_MOVE_DELAY} s, TRICK_PAUSE {settings.TRICK_PAUSE} s; load "
        f"{load_before[0]:.2f} -> {load_after[0]:.2f}, {os.cpu_count()} cores)",
        ["game", "turns", "socket median s", "p95 s", "drawn median s", "p95 s", "max s", "goal median s"],
        rows,
    )


async def _measure(
    database_url: str, redis_url: str, workdir: Path, games: list[str], args: argparse.Namespace
) -> list[list[object]]:
    # The site's pacing, not the tests' zero (tests/live/cluster.py BASE_ENV).
    pacing = {"AI_MOVE_DELAY": str(settings.AI_MOVE_DELAY), "TRICK_PAUSE": str(settings.TRICK_PAUSE)}
    cluster = Cluster(database_url, redis_url, workdir, extra_env=pacing)
    cluster.start()
    try:
        return [await _one_game(cluster, game, args) for game in games]
    finally:
        cluster.stop()


async def _one_game(cluster: Cluster, game: str, args: argparse.Namespace) -> list[object]:
    base = cluster.web_urls[0]
    client = HttpClient(base)
    games = await asyncio.to_thread(client.api_ok, "GET", "/games/")
    players = next(g["players"] for g in games["games"] if g["game"] == game)
    body = {
        "game": game,
        "seats": [{"kind": "human"}] + [{"kind": "ai"}] * (players - 1),
        "ai_version": args.level,
        "name": f"turns-{game}",
    }
    socket: list[float] = []
    drawn: list[float] = []
    for table in range(MAX_TABLES):  # a match that ends early: the next table
        created = await asyncio.to_thread(client.api_ok, "POST", "/matches/", body)
        timer = _Timer(settings.TRICK_PAUSE)  # table.js shows a finished trick as long as the server waits
        bot = SeatBot(
            base,
            int(created["id"]),
            client.cookie_header(),
            "guest",
            seed=table,
            on_message=timer.seen,
            wait_before_act=timer.until_drawn,
        )
        bot.resync_after = 30.0
        play = asyncio.create_task(bot.play(3600))
        while not play.done() and len(drawn) + len(timer.drawn) < args.turns:
            await asyncio.sleep(0.2)
        play.cancel()
        await asyncio.gather(play, return_exceptions=True)
        if bot.errors:
            raise RuntimeError(f"{game}: errors from the server: {bot.errors[:3]}")
        socket += timer.socket
        drawn += timer.drawn
        if len(drawn) >= args.turns:
            break
    return [
        game,
        len(drawn),
        percentile(socket, 50),
        percentile(socket, 95),
        percentile(drawn, 50),
        percentile(drawn, 95),
        max(drawn),
        GOAL_MEDIAN_S,
    ]


class _Timer:
    """Watches the guest's state messages. When the guest sent a card, the wait ends at the first state
    that asks the guest to act again: on the socket when it arrives, and on the screen when the table's
    script (frontend/static/frontend/js/table.js) has drawn it, which draws states one after another and
    shows a state that finished a trick for `pause` seconds first. The guest acts when it is drawn."""

    def __init__(self, pause: float) -> None:
        self.pause = pause
        self.socket: list[float] = []
        self.drawn: list[float] = []
        self.card_seq: int | None = None
        self.drawn_at = 0.0  # when the script is done with the states received so far
        self.last_trick = ""

    def seen(self, bot: SeatBot, message: dict[str, Any]) -> None:
        if message.get("t") != "state":
            return
        now = time.perf_counter()
        seq = int(message["seq"])
        view = message["d"].get("view") or {}
        last_trick = json.dumps(view.get("last_trick") or "")
        finished_trick = last_trick != self.last_trick and view.get("last_trick") and not view.get("trick")
        self.last_trick = last_trick
        start = max(now, self.drawn_at)
        self.drawn_at = start + (self.pause if finished_trick else 0.0)
        legal = view.get("legal") or []
        if not legal:
            return
        if self.card_seq is not None and seq > self.card_seq:
            sent = bot.sent_at[self.card_seq]
            self.socket.append(now - sent)
            self.drawn.append(self.drawn_at - sent)
            self.card_seq = None
        if seq not in bot.sent_at:
            # the bot acts on this message once it is drawn (until_drawn): time it if it plays a card
            self.card_seq = seq if all("card" in a for a in legal) else None

    def until_drawn(self, bot: SeatBot, message: dict[str, Any]) -> float:
        """The guest acts as a person does: once the script has drawn the state asking for it."""
        return max(0.0, self.drawn_at - time.perf_counter())
