"""Ranking a season's table: every scoring mode and every tie-break, on hand-built rows."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from leagues.standings import Row, rank_rows

T0 = dt.datetime(2026, 3, 1, 12, tzinfo=dt.UTC)


def row(uid: int, matches: int, points: int, wins: int = 0, minutes: int = 0) -> Row:
    return Row(uid, f"P{uid}", matches, Decimal(points), wins, T0 + dt.timedelta(minutes=minutes))


def no_h2h(a: int, b: int) -> int:
    return 0


def order(rows: list[Row]) -> list[tuple[int, int]]:
    return [(r.user_id, r.rank) for r in rows]


def test_total_points_rank_first() -> None:
    rows = [row(1, 3, 10), row(2, 3, 30), row(3, 3, 20)]
    assert order(rank_rows(rows, "total", no_h2h)) == [(2, 1), (3, 2), (1, 3)]


def test_average_per_match() -> None:
    rows = [row(1, 4, 40), row(2, 1, 15), row(3, 3, 33)]  # averages 10, 15, 11
    ranked = rank_rows(rows, "average", no_h2h)
    assert order(ranked) == [(2, 1), (3, 2), (1, 3)]
    assert [str(r.average) for r in ranked] == ["15.00", "11.00", "10.00"]


def test_match_wins() -> None:
    rows = [row(1, 5, 100, wins=1), row(2, 5, 10, wins=3), row(3, 5, 50, wins=2)]
    assert order(rank_rows(rows, "wins", no_h2h)) == [(2, 1), (3, 2), (1, 3)]


def test_tie_on_total_broken_by_fewer_matches() -> None:
    rows = [row(1, 5, 20), row(2, 3, 20)]
    assert order(rank_rows(rows, "total", no_h2h)) == [(2, 1), (1, 2)]


def test_tie_on_wins_broken_by_fewer_matches() -> None:
    rows = [row(1, 6, 0, wins=2), row(2, 4, 0, wins=2)]
    assert order(rank_rows(rows, "wins", no_h2h)) == [(2, 1), (1, 2)]


def test_tie_on_average_broken_by_more_matches() -> None:
    rows = [row(1, 2, 20), row(2, 4, 40)]
    assert order(rank_rows(rows, "average", no_h2h)) == [(2, 1), (1, 2)]


def test_then_head_to_head() -> None:
    rows = [row(1, 3, 20, minutes=0), row(2, 3, 20, minutes=5)]
    # Player 2 placed better than player 1 more often, despite the later result.
    net = {(2, 1): 1, (1, 2): -1}
    ranked = rank_rows(rows, "total", lambda a, b: net.get((a, b), 0))
    assert order(ranked) == [(2, 1), (1, 2)]


def test_head_to_head_among_three_tied_players() -> None:
    rows = [row(1, 2, 10), row(2, 2, 10), row(3, 2, 10), row(4, 2, 50)]
    net = {(3, 1): 2, (1, 3): -2, (3, 2): 1, (2, 3): -1, (1, 2): 1, (2, 1): -1}
    ranked = rank_rows(rows, "total", lambda a, b: net.get((a, b), 0))
    assert order(ranked) == [(4, 1), (3, 2), (1, 3), (2, 4)]


def test_then_earliest_result() -> None:
    rows = [row(1, 3, 20, minutes=9), row(2, 3, 20, minutes=1)]
    assert order(rank_rows(rows, "total", no_h2h)) == [(2, 1), (1, 2)]


def test_complete_tie_shares_the_rank() -> None:
    rows = [row(2, 3, 20), row(1, 3, 20), row(3, 1, 5)]
    ranked = rank_rows(rows, "total", no_h2h)
    assert order(ranked) == [(1, 1), (2, 1), (3, 3)]


def test_players_without_matches_rank_last_with_zero_average() -> None:
    rows = [row(1, 0, 0), row(2, 1, 1)]
    ranked = rank_rows(rows, "average", no_h2h)
    assert order(ranked) == [(2, 1), (1, 2)]
    assert str(ranked[1].average) == "0.00"
