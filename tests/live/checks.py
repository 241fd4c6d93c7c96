"""Assertions over a finished match in the cluster's database: the stored stream is contiguous, every
AI move is there exactly once under its command id "ai:<seq>", and the result adds up."""

from __future__ import annotations

from typing import Any

from games.engine import get_rules
from tests.live.cluster import query

PREISJASS_POINTS = 1884


def stored_events(database_url: str, match_id: int) -> list[tuple[int, int | None, str | None]]:
    return [
        (int(seq), seat, command_id)
        for seq, seat, command_id in query(
            database_url,
            "SELECT seq, seat, command_id FROM games_matchevent WHERE match_id = %s ORDER BY seq",
            match_id,
        )
    ]


def match_row(database_url: str, match_id: int) -> tuple[str, int]:
    ((status, version),) = query(
        database_url, "SELECT status, version FROM games_match WHERE id = %s", match_id
    )
    return str(status), int(version)


def ai_seats(database_url: str, match_id: int) -> set[int]:
    rows = query(database_url, "SELECT index FROM games_seat WHERE match_id = %s AND kind = 'ai'", match_id)
    return {int(index) for (index,) in rows}


def check_stream(database_url: str, match_id: int) -> int:
    """The match is finished, its events are 1..N without gap or duplicate, and each AI-seat event was
    stored once by the AI path ("ai:<seq before it>"). Returns the number of AI moves."""
    status, version = match_row(database_url, match_id)
    assert status == "finished", f"match {match_id} is {status} at seq {version}"
    events = stored_events(database_url, match_id)
    assert [seq for seq, _, _ in events] == list(range(1, version + 1))
    commands = [c for _, _, c in events if c is not None]
    assert len(commands) == len(set(commands)), "a command was stored twice"
    robots = ai_seats(database_url, match_id)
    ai_moves = [(seq, c) for seq, seat, c in events if seat in robots]
    assert ai_moves, "no AI move was stored"
    for seq, command_id in ai_moves:
        assert command_id == f"ai:{seq - 1}", f"event {seq} of an AI seat has command id {command_id!r}"
    return len(ai_moves)


def check_result(events: list[dict[str, Any]], game: str = "preisjass") -> dict[str, Any]:
    """Replays the published event log with the engine: the match is over (a Preisjass run has
    1,884 points in all)."""
    result = get_rules(game).replay([e["event"] for e in events]).result()
    assert result["finished"]
    if game == "preisjass":
        assert sum(result["totals"]) == PREISJASS_POINTS
    return result
