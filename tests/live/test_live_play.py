"""Live play across processes: two daphne web processes, a Celery worker and beat on PostgreSQL and
Redis. Humans on different web processes play a whole Preisjass run with Anton seats; the Celery
worker is killed (SIGKILL) mid-match and restarted (once in a Schnapsen match, five times over two
Preisjass runs), and no move is lost or stored twice."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest

from tests.live.checks import PREISJASS_POINTS, check_result, check_stream, stored_events
from tests.live.cluster import (
    Cluster,
    HttpClient,
    SeatBot,
    create_match,
    query,
    registered_client,
    run_async,
)
from tests.waiting import wait_until

pytestmark = pytest.mark.slow
MATCH_TIMEOUT = 240


def _solo_match(cluster: Cluster, web: int, game: str = "preisjass") -> tuple[int, SeatBot]:
    """A match with one human (on web process `web`) and Anton in every other seat."""
    human = registered_client(cluster.web_urls[web], "solo")
    match_id = create_match(human, ["human"] + ["ai"] * (3 if game == "preisjass" else 1), game=game)
    return match_id, SeatBot(cluster.web_urls[web], match_id, human.cookie_header(), f"solo{match_id}")


def _ai_moves_stored(cluster: Cluster, match_ids: list[int]) -> int:
    ((count,),) = query(
        cluster.database_url,
        "SELECT count(*) FROM games_matchevent WHERE match_id = ANY(%s) AND command_id LIKE 'ai:%%'",
        match_ids,
    )
    return int(count)


def _kill_worker_at(
    cluster: Cluster, match_ids: list[int], thresholds: list[int], stop: threading.Event
) -> list[int]:
    """SIGKILL the worker each time the stored AI moves pass the next threshold, then start a new one."""
    killed_at: list[int] = []
    for threshold in thresholds:
        wait_until(
            lambda: stop.is_set() or _ai_moves_stored(cluster, match_ids) >= threshold,  # noqa: B023
            MATCH_TIMEOUT + 60,  # the matches' own timeout sets `stop` before this
            f"{threshold} AI moves stored",
        )
        if stop.is_set():
            break
        cluster.kill_worker()
        killed_at.append(_ai_moves_stored(cluster, match_ids))
        time.sleep(0.5)  # moves due now wait in the broker (or for the watchdog)
        cluster.start_worker()
        cluster.wait_worker_ready()
    return killed_at


async def _play_all(bots: list[SeatBot]) -> list[dict[str, Any]]:
    return list(await asyncio.gather(*(bot.play(MATCH_TIMEOUT) for bot in bots)))


def test_humans_on_two_web_processes_play_a_whole_match(cluster: Cluster) -> None:
    web1, web2 = cluster.web_urls
    anna, ben = registered_client(web1, "anna"), registered_client(web2, "ben")
    match_id = create_match(anna, ["human", "ai", "human", "ai"])
    assert ben.api_ok("POST", f"/matches/{match_id}/join/", {})["seat"] == 2
    bots = [
        SeatBot(web1, match_id, anna.cookie_header(), "anna"),
        SeatBot(web2, match_id, ben.cookie_header(), "ben"),
    ]
    finals = run_async(_play_all(bots))

    seqs = {final["seq"] for final in finals}
    assert len(seqs) == 1
    views = [final["d"]["view"] for final in finals]
    assert [v["to_move"] for v in views] == [None, None]
    assert views[0]["scores"] == views[1]["scores"] and sum(views[0]["scores"]) == PREISJASS_POINTS
    assert views[0]["sheet"] == views[1]["sheet"]

    logs = [
        client.api_ok("GET", f"/matches/{match_id}/events/", base=base)
        for client, base in ((anna, web1), (ben, web2))
    ]
    # The stream and the seed are the same from both processes (the match summary beside them also
    # carries live presence flags, which change as the players' sockets close).
    assert logs[0]["events"] == logs[1]["events"] and logs[0]["seed"] == logs[1]["seed"]
    events = logs[0]["events"]
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1)) and len(events) == seqs.pop()
    result = check_result(events)
    assert result["totals"] == views[0]["scores"]
    assert check_stream(cluster.database_url, match_id) > 100
    for bot in bots:  # both humans really played, each on its own seat, under its own command ids
        mine = [
            c
            for _, _, c in stored_events(cluster.database_url, match_id)
            if c and c.startswith(f"{bot.name}:")
        ]
        assert len(mine) == len(bot.acted_seqs) > 50
        assert not [e for e in bot.errors if e["code"] != "stale_seq"]


def test_a_killed_worker_is_replaced_and_the_match_finishes(cluster: Cluster) -> None:
    match_id, bot = _solo_match(cluster, web=1, game="schnapsen")
    stop = threading.Event()

    async def scenario() -> tuple[dict[str, Any], list[int]]:
        # early in the first deal: a Bummerl against Anton can end after a dozen AI moves
        killer = asyncio.create_task(asyncio.to_thread(_kill_worker_at, cluster, [match_id], [4], stop))
        try:
            final = await bot.play(MATCH_TIMEOUT)
        finally:
            stop.set()
        return final, await killer

    final, killed_at = run_async(scenario())
    assert len(killed_at) == 1
    assert final["d"]["match"]["status"] == "finished"
    assert check_stream(cluster.database_url, match_id) == _ai_moves_stored(cluster, [match_id])
    events = HttpClient(cluster.web_urls[0]).api_ok("GET", f"/matches/{match_id}/events/")["events"]
    assert [e["seq"] for e in events] == list(range(1, final["seq"] + 1))
    check_result(events, "schnapsen")
    cluster.check_alive()


def test_a_killed_worker_loses_nothing_over_500_ai_moves(cluster: Cluster) -> None:
    """Two runs with three Anton seats each (>600 AI moves); the worker is SIGKILLed five times."""
    matches = [_solo_match(cluster, web=0), _solo_match(cluster, web=1)]
    match_ids = [m for m, _ in matches]
    stop = threading.Event()

    async def scenario() -> tuple[list[dict[str, Any]], list[int]]:
        thresholds = [60, 160, 260, 360, 460]
        killer = asyncio.create_task(asyncio.to_thread(_kill_worker_at, cluster, match_ids, thresholds, stop))
        try:
            finals = await _play_all([bot for _, bot in matches])
        finally:
            stop.set()
        return finals, await killer

    finals, killed_at = run_async(scenario())
    assert len(killed_at) == 5, killed_at
    assert all(final["d"]["match"]["status"] == "finished" for final in finals)
    ai_moves = sum(check_stream(cluster.database_url, match_id) for match_id in match_ids)
    assert ai_moves >= 500
    assert ai_moves == _ai_moves_stored(cluster, match_ids)  # no AI command outside an AI seat's turn
    cluster.check_alive()
